"""The secret box survives a key rotation: with COUNTERSIGN_SECRET_KEY_PREVIOUS set, what the
old key sealed still opens, new seals use the new key, and `reseal` moves a value onto it."""

from __future__ import annotations

import pytest
from cryptography.fernet import InvalidToken

from service.kit.crypto import SecretBox, looks_sealed
from service.settings import Settings


def test_rotation_keeps_old_seals_opening():
    old = SecretBox("key-1")
    sealed = old.seal_text("whsec_abc")
    assert looks_sealed(sealed) and not looks_sealed("whsec_abc")
    rotated = SecretBox("key-2", ["key-1"])
    assert rotated.open_text(sealed) == "whsec_abc"
    moved = rotated.reseal(sealed.encode())
    assert SecretBox("key-2").open(moved) == "whsec_abc"
    with pytest.raises(InvalidToken):
        SecretBox("key-2").open_text(sealed)


def test_the_previous_key_is_a_setting():
    settings = Settings.from_env(
        {
            "COUNTERSIGN_SECRET_KEY": "new",
            "COUNTERSIGN_SECRET_KEY_PREVIOUS": "old",
            "COUNTERSIGN_WEBHOOK_TIMEOUT": "2.5",
        }
    )
    assert (settings.secret_key_previous, settings.webhook_timeout) == ("old", 2.5)
