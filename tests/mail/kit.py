"""What the mail tests do over and over: create an action over HTTP, and run one round of the
dispatcher (which writes the mail rows) and the mailer."""

from __future__ import annotations

from service.mail.mailer import Mailer
from service.mail.notifications import queue_mails
from service.webhooks.dispatch import dispatch_all

MESSAGE = {"type": "send_message", "params": {"fanId": "123456", "text": "Hi <b>there</b>"}}


async def create(client, world, key: str, body=MESSAGE, token=None, account=None) -> dict:
    response = await client.post(
        f"/v1/accounts/{account or world.live_account}/actions",
        json=body,
        headers={**world.auth(token), "Idempotency-Key": key},
    )
    assert response.status_code == 202, response.text
    return response.json()["data"]


async def send_round(store, clock, mail_settings) -> int:
    await dispatch_all(store, clock, also=[queue_mails])
    return await Mailer(store, clock, mail_settings).run_once()
