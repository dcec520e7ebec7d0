"""An action as its one platform write (the type's registry entry says which), and `result`.

The params are sent as stored: message text was normalised once, at creation
(service/domain/messages.py), so what a person approved is what the platform receives.
"""

from __future__ import annotations

from typing import Any

from service.actions.model import Action
from service.actions.types import type_of
from service.platform.errors import PlatformUnavailable
from service.platform.routes import PlatformRequester

MAX_ID = 255


async def perform(platform: PlatformRequester, session: str, action: Action) -> dict[str, Any]:
    """Run the write on the platform (or the sandbox) and shape its answer as `result`."""
    kind = type_of(action.type)
    call = kind.call(action.params)
    answer = _shaped(
        await platform.request(
            call.route, session=session, path_params=call.path_params, body=call.body
        )
    )
    return kind.result(action.params, _id(answer) if kind.returns_id else None)


def _id(answer: Any) -> str | None:
    """The platform may answer without an id; the result then holds null, not a made-up value.
    An id that is not a short string or number is an answer we do not understand: the write
    fails with `platform_error` rather than record a made-up `result`."""
    value = answer.get("id") if isinstance(answer, dict) else None
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or not 0 < len(value) <= MAX_ID or not value.isprintable():
        raise PlatformUnavailable(
            "The platform answered the write with an id we do not understand.",
            may_have_applied=True,
        )
    return value


def _shaped(answer: Any) -> Any:
    """A write answers a JSON object (or nothing); anything else is not the platform we know."""
    if answer is not None and not isinstance(answer, dict):
        raise PlatformUnavailable(
            "The platform answered the write in a shape we do not understand.",
            may_have_applied=True,
        )
    return answer
