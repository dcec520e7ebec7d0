"""The settings of an app a benchmark drives in process: no workers, no rate limit and no
response validation, so what is measured is the request's own work."""

from __future__ import annotations

from service.settings import Settings


def bench_settings(url: str, secret_key: str = "bench") -> Settings:
    return Settings(
        database_url=url,
        secret_key=secret_key,
        public_url="http://bench.test",
        run_workers=False,
        validate_responses=False,
        rate_limit=10**9,
    )
