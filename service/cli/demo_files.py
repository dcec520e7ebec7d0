"""What `countersign demo` keeps beside its SQLite file: the fake platform's world and the
demo's keys, each written whole and readable by the user only, and removed together on reset."""

from __future__ import annotations

import contextlib
import json
import os
import threading
from pathlib import Path
from typing import Any

from harness.platform.state import PlatformState
from service.settings import Settings


def world_file(settings: Settings) -> Path:
    """Beside the SQLite file, as the generated secret key is: the two are kept, and reset,
    together."""
    return Path(settings.database_url.split("///", 1)[-1]).parent / "demo-platform.json"


def keep_world(state: PlatformState, path: Path) -> None:
    """Load the world an earlier run left, and write it again after every change."""
    if path.exists():
        try:
            state.import_world(json.loads(path.read_text()))
        except ValueError as exc:
            print(f"{path} is not readable ({exc}): the fake platform starts anew")

    def save() -> None:
        write_private(path, state.export_world())

    state.on_sessions_changed = save
    state.on_change = save
    save()


def keys_file(settings: Settings) -> Path:
    """The demo's keys, beside the SQLite file: readable by the user only (0600)."""
    return Path(settings.database_url.split("///", 1)[-1]).parent / "demo-keys.json"


def read_kept(path: Path) -> dict[str, Any]:
    try:
        kept = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return kept if isinstance(kept, dict) else {}


def write_private(path: Path, content: dict[str, Any]) -> None:
    """Written whole, created 0600 (never readable by others, even for a moment)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{threading.get_ident()}.partial")
    with contextlib.suppress(FileNotFoundError):
        partial.unlink()
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as out:
        json.dump(content, out, indent=2)
    os.replace(partial, path)


def reset_demo(settings: Settings) -> None:
    """`make demo RESET=1`: the demo's database, keys and fake platform, gone together."""
    if not settings.database_url.startswith("sqlite:///"):
        raise SystemExit("--reset deletes only the demo's own SQLite database")
    database = Path(settings.database_url.split("///", 1)[-1])
    for path in (database, world_file(settings), keys_file(settings)):
        for gone in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            with contextlib.suppress(FileNotFoundError):
                gone.unlink()
    print(f"Reset: the demo starts anew ({database}, its keys and its fake platform removed)")
