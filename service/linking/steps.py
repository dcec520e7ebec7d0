"""The hosted link's own state machine: which step the creator is at and what may come next.

A link row keeps its progress in `status` + `step` (shown to the agency through GET /v1/links)
and in `state` (private to the page): `stage` (which form the creator must fill next),
`challengeId` (the platform's pending 2FA/selfie challenge, sealed with the service's secret
box: service/kit/crypto.py),
`message` (the last thing to tell the creator) and `csrf` (the page's form token). Wrong
attempts are counted in the link's own `attempts` column, by a conditional write before each
platform call (service/linking/flow.py).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.linking.model import Link

MAX_ATTEMPTS = 5
OPEN = ("waiting", "in_progress")

STEP_SIGN_IN = "Waiting for the creator to sign in to the platform."
STEP_SIGNING_IN = "Signing in to the platform."
STEP_2FA = "Waiting for the 2FA code."
STEP_SELFIE = "Waiting for the selfie check."
STEP_CONNECTING = "Signed in. Connecting the account."
STEP_CONNECTED = "Connected."
STEP_FAILED = "Sign-in failed after too many wrong attempts."
STEP_CANCELLED = "The creator cancelled."
STEP_EXPIRED = "The link expired before the creator finished."

STAGE_STEPS = {"password": STEP_SIGN_IN, "2fa": STEP_2FA, "selfie": STEP_SELFIE}


def stage(link: Link) -> str | None:
    """The form the creator must fill next, or None when the link is finished."""
    if link.status not in OPEN:
        return None
    return link.state.get("stage") or "password"


def is_expired(link: Link, now: dt.datetime) -> bool:
    return link.status == "expired" or (link.status in OPEN and link.expires_at <= now)


def require_stage(link: Link, wanted: str, now: dt.datetime) -> None:
    """Refuse (409 link_not_ready) a request that is not for the link's current step."""
    if is_expired(link, now):
        raise ApiError(ErrorCode.LINK_NOT_READY, "This link expired. Ask for a new one.")
    current = stage(link)
    if current is None:
        raise ApiError(ErrorCode.LINK_NOT_READY, f"This link is already {link.status}.")
    if wanted != "any" and current != wanted:
        raise ApiError(
            ErrorCode.LINK_NOT_READY,
            f"This link is not waiting for that step. Now: {STAGE_STEPS[current]}",
        )


def with_state(link: Link, **changes: Any) -> dict[str, Any]:
    """The link's private state with `changes` applied (None removes a key)."""
    state = dict(link.state)
    for key, value in changes.items():
        if value is None:
            state.pop(key, None)
        else:
            state[key] = value
    return state


def attempts_left(link: Link) -> int:
    return MAX_ATTEMPTS - link.attempts
