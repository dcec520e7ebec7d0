"""The SQLite database, its WAL and its shared-memory file are readable by their owner only,
whatever the process's umask; a database left readable by others is narrowed when opened."""

from __future__ import annotations

import os
import stat

from service.domain.clock import ManualClock
from storage.sql.store import SqlStore
from tests.factories import build_world


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


async def test_a_new_database_and_its_wal_are_created_0600(tmp_path):
    path = tmp_path / "countersign.db"
    old = os.umask(0o022)  # the usual umask: files world-readable unless made otherwise
    try:
        store = SqlStore.from_url(f"sqlite:///{path}")
        await store.migrate()
        await build_world(store, ManualClock())  # writes: the WAL and -shm files exist
        files = [path, tmp_path / "countersign.db-wal", tmp_path / "countersign.db-shm"]
        assert all(f.exists() for f in files)
        assert {f.name: _mode(f) for f in files} == {f.name: 0o600 for f in files}
        await store.close()
    finally:
        os.umask(old)


async def test_an_existing_readable_database_is_narrowed(tmp_path):
    path = tmp_path / "old.db"
    store = SqlStore.from_url(f"sqlite:///{path}")
    await store.migrate()
    await store.close()
    os.chmod(path, 0o644)
    store = SqlStore.from_url(f"sqlite:///{path}")
    async with store.reading() as uow:
        await uow.workspaces.get("ws_none")
    await store.close()
    assert _mode(path) == 0o600
