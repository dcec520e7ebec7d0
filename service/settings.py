"""All configuration, read once from COUNTERSIGN_* environment variables and validated at start."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from attrs import fields, frozen


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
    rate_limit: int = 100
    rate_window: float = 10.0
    max_body_bytes: int = 1_048_576
    development: bool = False
    validate_responses: bool = False
    validator: str = "compiled"
    run_workers: bool = True
    sync_interval: float = 300.0
    platform_name: str = "the creator platform"  # named to creators on the hosted link page

    @property
    def revenue_base(self) -> str:
        return self.revenue_url or self.public_url

    @property
    def embedded(self) -> bool:
        return self.database_url.startswith("sqlite")

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None, **overrides) -> Settings:
        env = dict(os.environ if env is None else env)

        def get(name: str, default=None):
            return env.get(f"COUNTERSIGN_{name}", default)

        def flag(name: str, default: bool) -> bool:
            value = get(name)
            if value is None:
                return default
            if value.lower() in {"1", "true", "yes", "on"}:
                return True
            if value.lower() in {"0", "false", "no", "off"}:
                return False
            raise SettingsError(f"COUNTERSIGN_{name} must be true or false, not {value!r}")

        def number(name: str, default, kind=int):
            value = get(name)
            try:
                return default if value is None else kind(value)
            except ValueError:
                raise SettingsError(f"COUNTERSIGN_{name} must be a number, not {value!r}") from None

        development = flag("DEVELOPMENT", False)
        values = {
            "database_url": get("DATABASE_URL", fields(cls).database_url.default),
            "public_url": get("PUBLIC_URL", fields(cls).public_url.default).rstrip("/"),
            "revenue_url": get("REVENUE_URL"),
            "platform_url": get("PLATFORM_URL"),
            "platform_timeout": number("PLATFORM_TIMEOUT", 10.0, float),
            "secret_key": get("SECRET_KEY", ""),
            "rate_limit": number("RATE_LIMIT", 100),
            "rate_window": number("RATE_WINDOW", 10.0, float),
            "max_body_bytes": number("MAX_BODY_BYTES", 1_048_576),
            "development": development,
            "validate_responses": flag("VALIDATE_RESPONSES", development),
            "validator": get("VALIDATOR", "compiled"),
            "run_workers": flag("RUN_WORKERS", True),
            "sync_interval": number("SYNC_INTERVAL", 300.0, float),
            "platform_name": get("PLATFORM_NAME", fields(cls).platform_name.default),
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
        if self.sync_interval <= 0:
            raise SettingsError("COUNTERSIGN_SYNC_INTERVAL must be a positive number of seconds")
        if not self.embedded and not self.secret_key:
            raise SettingsError(
                "COUNTERSIGN_SECRET_KEY is required with PostgreSQL: every replica must share it")


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
