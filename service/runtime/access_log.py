"""uvicorn's access log without hosted-link tokens.

The token in `/link/{token}` is the creator's only credential, and the access log prints every
path: a filter on the access handler replaces the token segment before the line is written.
`log_config()` is uvicorn's own logging set-up with that filter installed; every `uvicorn.run`
in the service passes it.
"""

from __future__ import annotations

import copy
import logging
import re
from typing import Any

_LINK_TOKEN = re.compile(r"(/link/)[^/?#\s]+")
REDACTED = "[token]"


def redact(text: str) -> str:
    return _LINK_TOKEN.sub(rf"\g<1>{REDACTED}", text)


class RedactLinkTokens(logging.Filter):
    """Rewrites the path argument of uvicorn's access records (and the message, for others)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.msg, str):
            record.msg = redact(record.msg)
        return True


def log_config() -> dict[str, Any]:
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["link_tokens"] = {"()": RedactLinkTokens}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("link_tokens")
    return config
