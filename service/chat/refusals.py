"""What a chat's API answered when it did not take a message: try again (when), or never."""

from __future__ import annotations


class ChatRefused(Exception):
    """`final`: no retry can change it (a wrong token, a channel the bot is not in). Else it
    is tried again, no sooner than `retry_after` seconds when the chat said so (429)."""

    def __init__(self, message: str, *, final: bool, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.final = final
        self.retry_after = retry_after


def from_status(status: int, error: str, retry_after: float | None = None) -> ChatRefused:
    """A 429 or 5xx answer (or no answer) may pass; any other refusal stays."""
    passing = status == 429 or status >= 500 or status == 0
    return ChatRefused(f"{status} {error}".strip(), final=not passing, retry_after=retry_after)
