"""Nothing a thief of the database could use is in it in clear: after a realistic flow (keys,
a dashboard sign-in, a creator linking through the hosted link with 2FA, a webhook endpoint)
every table is dumped and searched for API keys, session ids, link tokens, platform sessions,
2FA challenge ids and webhook signing secrets. Also: link tokens never reach the access log."""

from __future__ import annotations

import logging

import sqlalchemy as sa

from service.runtime.access_log import RedactLinkTokens
from service.webhooks import usecases as hooks
from storage.sql.tables import metadata
from tests.dashboard.dashboard_helpers import csrf_of, sign_in
from tests.linking.hosted_link_kit import LUNA, running


async def dump(store) -> str:
    """Every value of every row of every table, as text (bytes decoded leniently)."""
    parts: list[str] = []
    async with store.reading() as uow:
        for table in metadata.sorted_tables:
            for row in await uow.conn.execute(sa.select(table)):
                for value in row:
                    if isinstance(value, bytes | memoryview):
                        value = bytes(value).decode("latin-1")
                    parts.append(str(value))
    return "\n".join(parts)


def leaked(text: str, secrets: dict[str, str]) -> list[str]:
    return [name for name, secret in secrets.items() if secret and secret in text]


async def test_no_secret_is_stored_in_clear(store, clock, settings):
    async with running(store, clock, settings) as env:
        owner, box = env.world.owner, env.services.secrets
        endpoint = await hooks.add_event_endpoint(
            store, clock, owner, "http://127.0.0.1:9/hooks", box=box, allow_loopback=True
        )
        signed_in = await sign_in(env.client)
        cookie = signed_in.cookies["cs_session"]
        csrf = await csrf_of(env.client)
        link = await env.new_link()
        token = link["url"].rsplit("/link/", 1)[1]
        await env.sign_in(link, LUNA)  # the platform asks for a 2FA code now
        [challenge] = list(env.platform.state.challenges)
        secrets = {
            "live key": env.world.live_key,
            "test key": env.world.test_key,
            "read key": env.world.read_key,
            "dashboard session": cookie,
            "dashboard CSRF token": csrf,
            "link token": token,
            "2FA challenge": challenge,
            "webhook secret": hooks.current_secret(endpoint, box),
        }
        assert leaked(await dump(store), secrets) == [], "while waiting for the 2FA code"

        done = await env.post(link, "2fa", code="123456")
        assert "You are connected" in done.text
        sessions = [s.token for s in env.platform.state.sessions.values()]
        secrets.update({f"platform session {n}": s for n, s in enumerate(sessions)})
        _, new = await hooks.roll_secret(store, clock, owner, endpoint.id, box=box)
        secrets["rolled webhook secret"] = new
        everything = await dump(store)
        assert sessions and leaked(everything, secrets) == []
        shown = await env.get_link(link["id"])
        assert shown["url"].endswith(token), "the URL can still be shown"


def test_the_access_log_never_shows_a_link_token():
    record = logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        __file__,
        1,
        '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:5000", "POST", "/link/s3cr3t-t0k3n/2fa?x=1", "1.1", 303),
        None,
    )
    assert RedactLinkTokens().filter(record)
    line = record.getMessage()
    assert "s3cr3t-t0k3n" not in line and "/link/[token]/2fa?x=1" in line
