"""The embedded default's secret key, kept beside its SQLite file: cursors and dashboard
sessions are signed with it, so they survive a restart without any configuration (with
PostgreSQL every replica must be given the same `COUNTERSIGN_SECRET_KEY` instead)."""

from __future__ import annotations

import secrets
from pathlib import Path


def local_secret_key(database_url: str) -> str:
    """For the embedded default, keep a generated secret beside the SQLite file so cursors and
    sessions survive restarts without any configuration."""
    path = Path(database_url.split("///", 1)[-1]).parent / "secret_key"
    if path.exists():
        return path.read_text().strip()
    path.parent.mkdir(parents=True, exist_ok=True)
    value = secrets.token_urlsafe(32)
    path.write_text(value)
    path.chmod(0o600)
    return value
