"""All configuration, read once from COUNTERSIGN_* environment variables and validated at start."""

from __future__ import annotations

import ipaddress
import os
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

from attrs import fields, frozen

from service.passwords import PROFILES


class SettingsError(ValueError):
    pass


@frozen
class Settings:
    database_url: str = "sqlite:///var/countersign.db"
    public_url: str = "http://127.0.0.1:8000"
    revenue_url: str | None = None
    platform_url: str | None = None
    platform_timeout: float = 10.0
    secret_key: str = ""
    secret_key_previous: str = ""  # still opens what it sealed, so the key can be rotated
    rate_limit: int = 100
    rate_window: float = 10.0
    max_body_bytes: int = 1_048_576
    development: bool = False
    validate_responses: bool = False
    validator: str = "compiled"
    run_workers: bool = True
    sync_interval: float = 300.0
    webhook_timeout: float = 10.0  # one deadline per delivery attempt, connect to last byte
    password_hashing: str = "default"
    limits_storage: str = "memory://"
    limits_prefix: str = "countersign"
    forwarded_allow_ips: tuple[str, ...] = ()
    platform_name: str = "the creator platform"  # named to creators on the hosted link page

    @property
    def revenue_base(self) -> str:
        return self.revenue_url or self.public_url

    @property
    def embedded(self) -> bool:
        return self.database_url.startswith("sqlite")

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None, **overrides: Any) -> Settings:
        env = dict(os.environ if env is None else env)

        def get(name: str) -> str | None:
            return env.get(f"COUNTERSIGN_{name}")

        def text(name: str, default: str) -> str:
            value = get(name)
            return default if value is None else value

        def flag(name: str, default: bool) -> bool:
            value = get(name)
            if value is None:
                return default
            if value.lower() in {"1", "true", "yes", "on"}:
                return True
            if value.lower() in {"0", "false", "no", "off"}:
                return False
            raise SettingsError(f"COUNTERSIGN_{name} must be true or false, not {value!r}")

        def number(name: str, default: Any, kind: Callable[[str], Any] = int) -> Any:
            value = get(name)
            try:
                return default if value is None else kind(value)
            except ValueError:
                raise SettingsError(f"COUNTERSIGN_{name} must be a number, not {value!r}") from None

        development = flag("DEVELOPMENT", False)
        values = {
            "database_url": text("DATABASE_URL", fields(cls).database_url.default),
            "public_url": text("PUBLIC_URL", fields(cls).public_url.default).rstrip("/"),
            "revenue_url": get("REVENUE_URL"),
            "platform_url": get("PLATFORM_URL"),
            "platform_timeout": number("PLATFORM_TIMEOUT", 10.0, float),
            "secret_key": text("SECRET_KEY", ""),
            "secret_key_previous": text("SECRET_KEY_PREVIOUS", ""),
            "rate_limit": number("RATE_LIMIT", 100),
            "rate_window": number("RATE_WINDOW", 10.0, float),
            "max_body_bytes": number("MAX_BODY_BYTES", 1_048_576),
            "development": development,
            "validate_responses": flag("VALIDATE_RESPONSES", development),
            "validator": text("VALIDATOR", "compiled"),
            "run_workers": flag("RUN_WORKERS", True),
            "sync_interval": number("SYNC_INTERVAL", 300.0, float),
            "webhook_timeout": number("WEBHOOK_TIMEOUT", 10.0, float),
            "password_hashing": text("PASSWORD_HASHING", "default"),
            "limits_storage": text("LIMITS_STORAGE", "memory://"),
            "limits_prefix": text("LIMITS_PREFIX", "countersign"),
            "forwarded_allow_ips": tuple(
                part.strip() for part in text("FORWARDED_ALLOW_IPS", "").split(",") if part.strip()
            ),
            "platform_name": text("PLATFORM_NAME", fields(cls).platform_name.default),
        }
        values.update(overrides)
        settings = cls(**values)
        settings.check()
        return settings

    def check(self) -> None:
        if self.validator not in {"compiled", "openapi-core"}:
            raise SettingsError("COUNTERSIGN_VALIDATOR must be `compiled` or `openapi-core`")
        if self.rate_limit < 1 or self.rate_window <= 0:
            raise SettingsError("COUNTERSIGN_RATE_LIMIT and _RATE_WINDOW must be positive")
        if not 0 < self.webhook_timeout <= 60:
            raise SettingsError("COUNTERSIGN_WEBHOOK_TIMEOUT must be from 0 to 60 seconds")
        if self.password_hashing not in PROFILES:
            raise SettingsError("COUNTERSIGN_PASSWORD_HASHING must be `default` or `cheapest`")
        if self.sync_interval <= 0:
            raise SettingsError("COUNTERSIGN_SYNC_INTERVAL must be a positive number of seconds")
        if not self.limits_storage.startswith(("memory://", "redis://", "rediss://")):
            raise SettingsError(
                "COUNTERSIGN_LIMITS_STORAGE must start with memory://, redis:// or rediss://"
            )
        for network in self.forwarded_allow_ips:
            try:
                if network == "*":
                    continue
                ipaddress.ip_network(network, strict=False)
            except ValueError:
                raise SettingsError(
                    "COUNTERSIGN_FORWARDED_ALLOW_IPS must list IP addresses or "
                    f"networks, not {network!r}"
                ) from None
        if not self.embedded and not self.secret_key:
            raise SettingsError(
                "COUNTERSIGN_SECRET_KEY is required with PostgreSQL: every replica must share it"
            )


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
