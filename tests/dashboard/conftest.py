"""The browser-test fixtures: one Chromium per module, and the live service per test (it needs
the module's own `world` fixture, which seeds the database first)."""

from __future__ import annotations

import pytest
from playwright.sync_api import sync_playwright

from harness.local_servers import chromium
from harness.platform import run_platform_in_thread
from tests.dashboard.live_service import live_service

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser(sqlite_template, postgres_url):
    """Module-wide; the databases' session fixtures run first (they need a free event loop)."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def service(database_url, clock, world):
    with (
        run_platform_in_thread() as platform,
        live_service(database_url, clock, platform.base_url) as running,
    ):
        yield running
