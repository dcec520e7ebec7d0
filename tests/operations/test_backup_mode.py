"""`countersign backup` writes a copy its owner alone can read, and leaves its directory be."""

from __future__ import annotations

import os
import sqlite3
import stat

from service.cli.backup import backup_sqlite


def test_the_copy_is_readable_by_its_owner_only_whatever_the_umask(tmp_path):
    live = tmp_path / "live.db"
    db = sqlite3.connect(live)
    db.execute("CREATE TABLE secrets (value TEXT)")
    db.execute("INSERT INTO secrets VALUES ('sealed')")
    db.commit()
    db.close()
    out = tmp_path / "out"
    out.mkdir()
    out.chmod(0o755)
    previous = os.umask(0)  # the most permissive umask an operator could run with
    try:
        report = backup_sqlite(live, out / "copy.db")
    finally:
        os.umask(previous)
    assert report.integrity == "ok" and report.rows == {"secrets": 1}
    assert stat.S_IMODE((out / "copy.db").stat().st_mode) == 0o600
    assert stat.S_IMODE(out.stat().st_mode) == 0o755
    assert sorted(p.name for p in out.iterdir()) == ["copy.db"]
