"""The SQLite database is readable by its owner only, as the secret key file is.

sqlite3 creates a missing database with the process's umask (usually 0644: world-readable),
and its `-wal` and `-shm` files with the database's own permissions. So the file is created
here first, mode 0600, before SQLite opens it; a file left readable by others is narrowed.
Its directory is created too when missing (the default `var/countersign.db` in a fresh
directory), as SQLite creates the file: whichever command runs first (`migrate`, `serve`,
`keys list`) finds a database to open.
"""

from __future__ import annotations

import contextlib
import os
import stat

MODE = 0o600


def make_private(path: str) -> None:
    """Create `path` empty with mode 0600 if missing, else drop group and other bits (and of
    its `-wal` and `-shm` files). `:memory:` and other non-files are left alone."""
    if not path or path == ":memory:" or path.startswith("file:"):
        return
    with contextlib.suppress(OSError):  # not ours to create: SQLite's own error says why
        os.makedirs(os.path.dirname(path) or ".", mode=0o700, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, MODE))
    for name in (path, f"{path}-wal", f"{path}-shm"):
        with contextlib.suppress(OSError):  # gone, or someone else's: nothing to narrow
            mode = stat.S_IMODE(os.stat(name).st_mode)
            if mode & 0o077:
                os.chmod(name, mode & 0o700)
