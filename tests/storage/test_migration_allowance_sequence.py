"""Revision a25allowseq on a database with allowance uses: each allowance's uses on each account
are numbered 1, 2, 3, … in the order they were made, and no two share a number."""

from __future__ import annotations

import datetime as dt

import pytest
import sqlalchemy as sa

from storage.migrate import migrate
from storage.sql.driver.engine import make_engine

NOW = dt.datetime(2026, 11, 20, 12, 0, tzinfo=dt.UTC)
USES = [  # (action, account, allowance, minutes after NOW): written out of order
    ("act_c", "1", "k1", 2),
    ("act_a", "1", "k1", 0),
    ("act_b", "1", "k1", 1),
    ("act_e", "1", "k1", 2),  # the same instant as act_c: the id breaks the tie
    ("act_x", "2", "k1", 0),
    ("act_y", "1", "k2", 5),
]


async def test_upgrade_numbers_existing_uses_in_order(empty_url):
    engine = make_engine(empty_url)
    try:
        await migrate(engine, "a24schedule")
        async with engine.begin() as conn:
            for action, account, allowance, minutes in USES:
                await conn.execute(
                    sa.text(
                        "INSERT INTO allowance_uses (action_id, workspace_id, account_id, "
                        "allowance, created_at) VALUES (:a, 'ws_1', :acc, :k, :at)"
                    ),
                    {
                        "a": action,
                        "acc": account,
                        "k": allowance,
                        "at": NOW + dt.timedelta(minutes=minutes),
                    },
                )
        await migrate(engine)
        async with engine.connect() as conn:
            seqs = dict(
                (await conn.execute(sa.text("SELECT action_id, seq FROM allowance_uses"))).all()
            )
            with pytest.raises(sa.exc.IntegrityError):
                await conn.execute(
                    sa.text(
                        "INSERT INTO allowance_uses (action_id, workspace_id, account_id, "
                        "allowance, created_at, seq) VALUES ('act_z', 'ws_1', '1', 'k1', :at, 4)"
                    ),
                    {"at": NOW},
                )
    finally:
        await engine.dispose()
    assert seqs == {"act_a": 1, "act_b": 2, "act_c": 3, "act_e": 4, "act_x": 1, "act_y": 1}
