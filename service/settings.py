"""All configuration, read once from COUNTERSIGN_* environment variables and validated at start.

Each setting is declared once below (name, type, default, description); reading the environment
and the documentation table (docs/configuration.md, `python -m service.settings_docs`) both come
from these declarations. A new setting is one `setting(...)` line.
"""

from __future__ import annotations

import ipaddress
import os
import re
from collections.abc import Mapping
from typing import Any

from attrs import frozen

from service.kit.passwords import PROFILES
from service.settings_loading import (
    DATABASE_SCHEMES,
    SMTP_SCHEMES,
    SettingsError,
    comma_list,
    setting,
    unless_empty,
    values_from_env,
    without_trailing_slash,
)

__all__ = ["Settings", "SettingsError"]


@frozen
class Settings:
    database_url: str = setting(
        "sqlite:///var/countersign.db",
        "`sqlite:///path` (the embedded default) or `postgresql://user@host/db`. `countersign "
        "migrate` creates or upgrades it; `serve` and `worker` refuse one that is not migrated.",
    )
    secret_key: str = setting(
        "",
        "Signs cursors and sessions, encrypts platform sessions, webhook secrets and 2FA "
        "challenges, derives link tokens. Required (and shared by every replica) on PostgreSQL.",
        shown="generated into `var/secret_key` for SQLite",
    )
    secret_key_previous: str = setting(
        "",
        "The key before a rotation: what it sealed still opens, and the links it made still "
        "show their URL.",
        shown="unset",
    )
    webhook_timeout: float = setting(
        10.0,
        "Seconds for a whole webhook delivery attempt, connect to last byte (at most 60).",
    )
    webhook_disable_after_days: float = setting(
        5.0,
        "Days after which a webhook endpoint whose every delivery attempt has failed is "
        "disabled (an endpoint answering 410 Gone is disabled at once); owners and admins "
        "enable it again on the Webhooks page.",
    )
    public_url: str = setting(
        "http://127.0.0.1:8000",
        "Base of `approvalUrl`, link URLs and `docsUrl`.",
        parse=without_trailing_slash,
    )
    platform_url: str | None = setting(
        None,
        "The platform's base URL.",
        shown="unset: `serve` and `worker` refuse to start (`demo` and `--fake-platform` run "
        "the fake)",
    )
    platform_timeout: float = setting(10.0, "Seconds per platform call.")
    rate_limit: int = setting(100, "Requests per key per window.")
    rate_window: float = setting(10.0, "Length of the rate-limit window, in seconds.")
    platform_budget: int = setting(
        600,
        "Platform calls per account per budget window, shared by live reads (`fresh=true`, "
        "`/platform/...`, MCP `call_platform`) and the syncer, across replicas with Redis "
        "limits storage. Over it, live reads answer `429 rate_limited` and sync rounds defer "
        "the account.",
    )
    platform_budget_window: float = setting(
        60.0, "Length of the platform budget's window, in seconds."
    )
    platform_budget_sync_share: float = setting(
        0.8,
        "Share of each account's platform budget the syncer may spend per window (more than 0, "
        "at most 1). At it a sync waits for the window to free room, then goes on, so the rest "
        "stays for live reads; it stops waiting, counted only, when a wait would outrun its "
        "lease (`COUNTERSIGN_SYNC_INTERVAL`).",
    )
    limits_storage: str = setting(
        "memory://",
        "Where rate limits and sign-in failures are counted (the `limits` library): "
        "`memory://` (this process only; entries expire with their window) or "
        "`redis://host:6379/0`, shared by every replica.",
    )
    limits_prefix: str = setting(
        "countersign",
        "Prefix of the counters' keys in Redis, for several deployments on one Redis.",
    )
    forwarded_allow_ips: tuple[str, ...] = setting(
        (),
        "Comma-separated proxy addresses or networks (or `*`) whose `X-Forwarded-For` gives "
        "the client's address for the sign-in throttle.",
        shown="none",
        parse=comma_list,
    )
    max_body_bytes: int = setting(
        1_048_576,
        "Request body limit of `/v1` and `/mcp/` (the dashboard's and the hosted link's forms "
        "have limits of their own, sized to their largest form). Over it: `413`.",
    )
    body_timeout: float = setting(
        60.0,
        "Seconds a request's body has, from the request's start, to arrive whole (a hosted "
        "link's selfie on a slow phone connection included). Then `408 body_timeout` and the "
        "connection is closed.",
    )
    sync_interval: float = setting(300.0, "Seconds between sync rounds.")
    sync_concurrency: int = setting(
        4,
        "Accounts a worker syncs at once in a round: a sync waiting for its platform budget "
        "holds one place while the others go on.",
    )
    # Windows of the synced families (docs/synced-data.md).
    sync_chats: int = setting(2000, "Chats kept per account, the most recently active.")
    sync_messages_per_chat: int = setting(100, "Messages kept per chat, the newest.")
    sync_items: int = setting(
        500, "Posts, vault media, vault lists and fan lists kept per account, each."
    )
    sync_earnings_days: int = setting(90, "Days of earnings kept per account (1 to 366).")
    sync_full_interval: float = setting(
        21600.0,
        "Seconds between full reconciliations: fans, revenue rows, posts and vault media are "
        "read in full again (writing only what changed), catching what the quick pass of "
        "every sync cannot see (expiries, renewals and edits deep in a list).",
    )
    sync_max_pages: int = setting(
        1000,
        "Pages (of 100) one sync reads of one platform list (active fans, expired fans, "
        "revenue rows). A longer list goes on from where it stopped next round, counted in "
        "`/metrics` as `countersign_sync_lists_continuing`.",
    )
    platform_name: str = setting(
        "the creator platform", "How the hosted link page names the platform to creators."
    )
    run_workers: bool = setting(
        True, "Run the executor, expirer, syncer and webhook workers inside `serve`."
    )
    development: bool = setting(
        False,
        "Development settings: loopback webhook URLs allowed, cookies without `Secure`, "
        "responses validated against `openapi.yaml`.",
    )
    validate_responses: bool = setting(
        False,
        "Validate every response against `openapi.yaml` (tests turn it on).",
        default_from="development",
    )
    password_hashing: str = setting(
        "default",
        "`default` (argon2-cffi's defaults) or `cheapest` (argon2's testing profile; the test "
        "suite uses it, never use it in production).",
    )
    # Mail to the people who decide (docs/notifications.md).
    smtp_url: str | None = setting(
        None,
        "Where mail is sent: `smtp://host:25`, `smtp+starttls://user:password@host:587` or "
        "`smtps://user:password@host:465` (user and password URL-encoded). Unset: no mail is "
        "sent and the dashboard says so.",
        shown="unset",
        parse=unless_empty,
    )
    mail_from: str = setting(
        "Countersign <countersign@localhost>", "The From address of the mails the service sends."
    )
    mail_timeout: float = setting(
        10.0, "Seconds for one mail's whole SMTP conversation before it is retried later."
    )
    # Approvals in chat (docs/chat.md).
    slack_api_url: str = setting(
        "https://slack.com/api/",
        "Base of Slack's Web API (the fake chat's `/slack/api/` in tests and the demo).",
        parse=lambda value: value.rstrip("/") + "/",
    )
    slack_signing_secret: str | None = setting(
        None,
        "The Slack app's signing secret: interactions at `/chat/slack/interactions` must be "
        "signed with it.",
        shown="unset: Slack clicks answer 401",
        parse=unless_empty,
    )
    slack_client_id: str | None = setting(
        None,
        'The Slack app\'s client id, for "Add to Slack".',
        shown='unset: the Chat page offers no "Add to Slack"',
        parse=unless_empty,
    )
    slack_client_secret: str | None = setting(
        None,
        'The Slack app\'s client secret, for "Add to Slack".',
        shown="unset",
        parse=unless_empty,
    )
    telegram_api_url: str = setting(
        "https://api.telegram.org",
        "Base of Telegram's Bot API (the fake chat's `/telegram` in tests and the demo).",
        parse=without_trailing_slash,
    )
    telegram_bot_token: str | None = setting(
        None,
        "The Telegram bot's token (from @BotFather).",
        shown="unset: nothing is posted to Telegram",
        parse=unless_empty,
    )
    telegram_secret: str | None = setting(
        None,
        "The secret token given to Telegram's `setWebhook`: updates at `/chat/telegram/updates` "
        "must carry it in `X-Telegram-Bot-Api-Secret-Token`.",
        shown="unset: Telegram updates answer 401",
        parse=unless_empty,
    )
    # Operations (docs/operations.md).
    retention_deliveries_days: int = setting(
        30,
        "Days a finished webhook delivery and its attempts are kept (0: pruned as soon as "
        "finished).",
    )
    retention_events_days: int = setting(
        30,
        "Days an event is kept after it was dispatched (fanned out to its deliveries, within a "
        "second of its creation while a worker runs); it is also kept while any delivery still "
        "refers to it (0: as soon as its deliveries are gone).",
    )
    execution_patience: float = setting(
        3600.0,
        "Seconds an approved action keeps being retried while the platform surely receives none "
        "of it (connection refused, 429/503), counted from the first refusal; then it fails "
        "saying nothing was sent.",
    )
    stop_grace: float = setting(
        30.0,
        "Seconds a stopping process (SIGTERM) lets sends already in flight finish before it exits; "
        "`serve` and `demo` also give open HTTP requests this long (uvicorn's graceful "
        "shutdown), then cancel them.",
    )
    prune_interval: float = setting(
        3600.0, "Seconds between the worker's prune rounds (`countersign prune` runs one now)."
    )
    metrics_token: str | None = setting(
        None,
        "Bearer token a scraper sends to `GET /metrics`.",
        shown="unset: `/metrics` answers 404",
        parse=unless_empty,
    )
    workers_expected: int = setting(
        1,
        "Processes running the background loops (`serve` with workers, `worker`) that must be "
        "alive for `/healthz` to answer 200 (0: none expected).",
    )

    @property
    def slack_authorize_url(self) -> str:
        """Where "Add to Slack" sends an admin: beside the Web API (slack.com/oauth/v2/…)."""
        return self.slack_api_url.removesuffix("api/") + "oauth/v2/authorize"

    @property
    def chat_enabled(self) -> bool:
        """Chat is set up: new actions wake the dispatcher at once to post them."""
        return bool(self.slack_signing_secret or self.telegram_bot_token)

    @property
    def embedded(self) -> bool:
        return self.database_url.startswith("sqlite")

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides: Any) -> Settings:
        """Read from `env` (the process's environment by default), `overrides` first; checked."""
        settings = cls(**values_from_env(cls, os.environ if env is None else env, overrides))
        settings.check()
        return settings

    def check(self) -> None:
        scheme = self.database_url.split(":", 1)[0].lower()
        if scheme not in DATABASE_SCHEMES:
            shown = (
                f"a {scheme}:// URL"
                if "://" in self.database_url
                else "a URL without a scheme (a file is sqlite:///path)"
            )
            raise SettingsError(
                "COUNTERSIGN_DATABASE_URL must be sqlite:///path (the embedded default) or "
                f"postgresql://user@host/db, not {shown}"
            )
        if self.rate_limit < 1 or self.rate_window <= 0:
            raise SettingsError("COUNTERSIGN_RATE_LIMIT and _RATE_WINDOW must be positive")
        if self.platform_budget < 1 or self.platform_budget_window <= 0:
            raise SettingsError(
                "COUNTERSIGN_PLATFORM_BUDGET and _PLATFORM_BUDGET_WINDOW must be positive"
            )
        if not 0 < self.platform_budget_sync_share <= 1:
            raise SettingsError(
                "COUNTERSIGN_PLATFORM_BUDGET_SYNC_SHARE must be more than 0 and at most 1"
            )
        if not 0 < self.webhook_timeout <= 60:
            raise SettingsError("COUNTERSIGN_WEBHOOK_TIMEOUT must be from 0 to 60 seconds")
        if self.webhook_disable_after_days <= 0:
            raise SettingsError("COUNTERSIGN_WEBHOOK_DISABLE_AFTER_DAYS must be a positive number")
        if self.password_hashing not in PROFILES:
            raise SettingsError("COUNTERSIGN_PASSWORD_HASHING must be `default` or `cheapest`")
        if self.sync_interval <= 0:
            raise SettingsError("COUNTERSIGN_SYNC_INTERVAL must be a positive number of seconds")
        if self.sync_concurrency < 1:
            raise SettingsError("COUNTERSIGN_SYNC_CONCURRENCY must be at least 1")
        if self.retention_deliveries_days < 0 or self.retention_events_days < 0:
            raise SettingsError(
                "COUNTERSIGN_RETENTION_DELIVERIES_DAYS and _EVENTS_DAYS must be 0 or more days"
            )
        if self.execution_patience < 0 or self.stop_grace < 0:
            raise SettingsError(
                "COUNTERSIGN_EXECUTION_PATIENCE and COUNTERSIGN_STOP_GRACE must be 0 or more seconds"
            )
        if self.prune_interval <= 0:
            raise SettingsError("COUNTERSIGN_PRUNE_INTERVAL must be a positive number of seconds")
        if self.smtp_url is not None:
            from urllib.parse import urlsplit

            try:
                url = urlsplit(self.smtp_url)
                url.port  # noqa: B018 (raises on a bad port)
            except ValueError:
                url = None
            if url is None or url.scheme not in SMTP_SCHEMES or not url.hostname:
                raise SettingsError(
                    "COUNTERSIGN_SMTP_URL must look like smtp://host:25, "
                    "smtp+starttls://user:password@host:587 or smtps://user:password@host:465"
                )
        if not 0 < self.mail_timeout <= 120:
            raise SettingsError("COUNTERSIGN_MAIL_TIMEOUT must be from 0 to 120 seconds")
        if self.telegram_secret is not None and not re.fullmatch(
            r"[A-Za-z0-9_-]{1,256}", self.telegram_secret
        ):
            raise SettingsError(
                "COUNTERSIGN_TELEGRAM_SECRET must be 1 to 256 letters, digits, _ or - "
                "(what Telegram's setWebhook accepts as secret_token)"
            )
        if self.workers_expected < 0:
            raise SettingsError("COUNTERSIGN_WORKERS_EXPECTED must be 0 or more")
        windows = (self.sync_chats, self.sync_messages_per_chat, self.sync_items)
        if min(windows) < 1 or not 1 <= self.sync_earnings_days <= 366:
            raise SettingsError(
                "COUNTERSIGN_SYNC_CHATS, _MESSAGES_PER_CHAT and _ITEMS must be at least 1, "
                "and _SYNC_EARNINGS_DAYS from 1 to 366"
            )
        if self.sync_max_pages < 1:
            raise SettingsError("COUNTERSIGN_SYNC_MAX_PAGES must be at least 1")
        if self.sync_full_interval <= 0:
            raise SettingsError(
                "COUNTERSIGN_SYNC_FULL_INTERVAL must be a positive number of seconds"
            )
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
