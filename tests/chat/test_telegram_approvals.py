"""Approvals in Telegram end to end, both drivers: a group connected by `/start <code>` sent
through the fake, the action posted with an inline keyboard, every click answered
(answerCallbackQuery), an unlinked click told privately with a link, a linked one executing it
and the message edited; a wrong secret token is 401."""

from __future__ import annotations

import httpx

from service.chat.usecases import link_user, telegram_start_code
from service.domain.clock import SystemClock
from tests.chat.conftest import TG_SECRET
from tests.chat.kit import (
    control,
    create,
    private_to,
    status_of,
    telegram_click,
    telegram_message,
    wait_for,
)
from tests.factories import build_world
from tests.served import served

GROUP, OWNER, STRANGER = -100777, 5001, 5002


async def test_telegram_approvals(store, database_url, fake_chat, telegram_settings):
    fake, chat_url = fake_chat
    clock = SystemClock()
    world = await build_world(store, clock)
    sandbox = world.sandbox_accounts[0]
    code = await telegram_start_code(store, clock, world.owner)
    await link_user(store, clock, world.owner, "owner@agency.test", "telegram", str(OWNER))
    with served(telegram_settings, clock, database_url, run_workers=True) as (base, app):
        fake.deliver_to = base
        creators = app.state.services.platforms.sandbox.creators(world.workspace_id)
        a_fan = next(c for c in creators if c["id"] == sandbox)["fans"][0]["id"]
        started = await control(
            chat_url,
            "/_control/telegram/send",
            {"chatId": GROUP, "userId": OWNER, "text": f"/start {code}"},
        )
        assert started["status"] == 200
        # The bot's first answer waits for aiogram's import (seconds on a busy machine).
        await wait_for(fake, lambda: [m for m in fake.telegram if "Connected" in m["text"]], 30)
        async with httpx.AsyncClient(base_url=base, timeout=30) as api:
            action = await create(api, world, sandbox, "t1", fan=a_fan)
            posted = await wait_for(fake, lambda: telegram_message(fake, action["id"]))
            assert posted["chatId"] == GROUP and "Hi there" in posted["text"]
            assert [b["text"] for b in posted["buttons"]] == ["Approve", "Reject", "Open"]
            assert posted["buttons"][0]["data"] == f"approve:{action['id']}"

            assert await telegram_click(chat_url, posted, "approve", STRANGER) == 200
            answer = await wait_for(fake, lambda: private_to(fake, "telegram", str(STRANGER)))
            assert "/dashboard/chat/link/" in answer["text"] and len(answer["text"]) <= 200
            direct = await wait_for(
                fake, lambda: [m for m in fake.telegram if m["chatId"] == STRANGER]
            )
            assert answer["text"].rsplit(" ", 1)[-1] in direct[0]["text"]  # the same link
            assert await status_of(api, world, action["id"]) == "pending"

            assert await telegram_click(chat_url, posted, "approve", OWNER) == 200
            assert await wait_for(
                fake, lambda: private_to(fake, "telegram", str(OWNER), "approved")
            )
            done = await wait_for(fake, lambda: telegram_message(fake, action["id"], "executed"), 5)
            assert "Approved by Olive Owner" in done["text"] and len(done["buttons"]) == 1

            update = {
                "update_id": 1,
                "callback_query": {
                    "id": "1",
                    "from": {"id": OWNER, "is_bot": False, "first_name": "O"},
                    "chat_instance": "x",
                    "data": f"reject:{action['id']}",
                },
            }
            for secret in ("wrong", None):
                headers = {"X-Telegram-Bot-Api-Secret-Token": secret} if secret else {}
                refused = await api.post("/chat/telegram/updates", json=update, headers=headers)
                assert refused.status_code == 401
            good = await api.post(
                "/chat/telegram/updates",
                json=update,
                headers={"X-Telegram-Bot-Api-Secret-Token": TG_SECRET},
            )
            assert good.status_code == 200  # a click without its message: answered, nothing decided
            assert await status_of(api, world, action["id"]) == "executed"

            # Reject asks for a reason: a question only the clicker is prompted to answer; the
            # reply rejects it with the reason as the decision's note.
            second = await create(api, world, sandbox, "t2", fan=a_fan)
            waiting = await wait_for(fake, lambda: telegram_message(fake, second["id"]))
            assert await telegram_click(chat_url, waiting, "reject", OWNER) == 200
            question = await wait_for(
                fake,
                lambda: [m for m in fake.telegram if f"Why reject {second['id']}?" in m["text"]],
            )
            assert question[0]["forceReply"] and question[0]["mentions"] == [OWNER]
            assert question[0]["replyTo"] == waiting["messageId"]
            assert await status_of(api, world, second["id"]) == "pending"  # not yet
            for who in (STRANGER, OWNER):
                replied = await control(
                    chat_url,
                    "/_control/telegram/send",
                    {
                        "chatId": GROUP,
                        "userId": who,
                        "text": "Too pushy for a first message",
                        "replyTo": question[0]["messageId"],
                    },
                )
                assert replied["status"] == 200
                if who == STRANGER:  # unlinked: nothing decided
                    assert await status_of(api, world, second["id"]) == "pending"
            rejected = await wait_for(
                fake, lambda: telegram_message(fake, second["id"], "Rejected by Olive Owner")
            )
            assert "Too pushy for a first message" in rejected["text"]
