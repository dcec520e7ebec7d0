"""Creator sign-in: password, then a 2FA code and/or a selfie check when the account asks.

Our design (the platform does not document its sign-in): `POST /auth/login`, `/auth/2fa` and
`/auth/selfie`, each answering `{"status": "ok", "session": {...}}` or the next step with a
`challengeId`. The hosted link page of the service walks a creator through these.
"""

from __future__ import annotations

from typing import Any

from .http import ApiError, Call, bad_request
from .models import Challenge
from .views import iso


def _ok(call: Call, user_id: str) -> dict[str, Any]:
    session = call.state.create_session(user_id)
    return {
        "status": "ok",
        "session": {
            "token": session.token,
            "userId": session.user_id,
            "expiresAt": iso(session.expires_at),
        },
    }


def _step(call: Call, user_id: str, stage: str) -> dict[str, Any]:
    challenge = call.state.open_challenge(user_id, stage)
    return {
        "status": f"{stage}_required",
        "challengeId": challenge.id,
        "expiresAt": iso(challenge.expires_at),
    }


def _challenge(call: Call, stage: str) -> Challenge:
    challenge_id = call.body.get("challengeId")
    if not isinstance(challenge_id, str) or not challenge_id:
        raise bad_request("challengeId is required.")
    challenge = call.state.live_challenge(challenge_id, stage)
    if challenge is None:
        raise ApiError(
            400,
            "invalid_challenge",
            "This sign-in step has expired or is not the current one. Start again.",
        )
    return challenge


def login(call: Call) -> dict[str, Any]:
    email, password = call.body.get("email"), call.body.get("password")
    if not isinstance(email, str) or not isinstance(password, str):
        raise bad_request("email and password are required.")
    creator = call.state.creator_by_email(email)
    if creator is None or creator.password != password:
        raise ApiError(401, "invalid_credentials", "Wrong email or password.")
    if creator.requires_2fa:
        return _step(call, creator.user_id, "2fa")
    if creator.requires_selfie:
        return _step(call, creator.user_id, "selfie")
    return _ok(call, creator.user_id)


def two_factor(call: Call) -> dict[str, Any]:
    challenge = _challenge(call, "2fa")
    code = str(call.body.get("code", "")).strip()
    creator = call.state.creator(challenge.user_id)
    if code != creator.two_factor_code:
        raise ApiError(401, "invalid_code", "That code is not right. Try again.")
    del call.state.challenges[challenge.id]
    if creator.requires_selfie:
        return _step(call, creator.user_id, "selfie")
    return _ok(call, creator.user_id)


def selfie(call: Call) -> dict[str, Any]:
    challenge = _challenge(call, "selfie")
    image = call.body.get("image")
    if not isinstance(image, str) or not image.strip():
        raise bad_request("image is required (a data URL or any non-empty string here).")
    del call.state.challenges[challenge.id]
    return _ok(call, challenge.user_id)


ROUTES = [
    ("POST /auth/login", login),
    ("POST /auth/2fa", two_factor),
    ("POST /auth/selfie", selfie),
]
