"""Cross-process wake-ups survive a lost LISTEN connection (PostgreSQL only: SQLite has none)."""

from __future__ import annotations

import asyncio

import pytest
import sqlalchemy as sa


@pytest.mark.parametrize("database_url", ["postgres"], indirect=True)
async def test_a_killed_listener_connection_is_replaced(store):
    woke = asyncio.Event()
    channel = "countersign_test_reconnect"
    async with store.listen(channel, woke.set):
        async with store.engine.connect() as admin:
            listening = (
                (
                    await admin.execute(
                        sa.text(
                            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                            "AND query ILIKE :q"
                        ),
                        {"q": f"%LISTEN%{channel}%"},
                    )
                )
                .scalars()
                .all()
            )
            assert len(listening) == 1, (
                await admin.execute(
                    sa.text(
                        "SELECT pid, query FROM pg_stat_activity WHERE datname = current_database()"
                    )
                )
            ).all()
            woke.clear()
            await admin.execute(sa.text("SELECT pg_terminate_backend(:pid)"), {"pid": listening[0]})
            await admin.commit()
        # The replacement subscribes and calls back once (missed notifications are gone).
        await asyncio.wait_for(woke.wait(), 10)
        woke.clear()
        async with store.transaction() as uow:  # sent with the COMMIT
            await uow.notify(channel)
        await asyncio.wait_for(woke.wait(), 10)
