"""Importing the service builds nothing, and create_app opens no HTTP client (the lifespan does).

Counted in a fresh interpreter, where every `service` module is imported for the first time."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import importlib, json, pkgutil, sys, tempfile
import aiohttp, httpx, jinja2
made = {"jinja": 0, "httpx": 0, "aiohttp": 0}
def counting(cls, key):
    original = cls.__init__
    def init(self, *args, **kwargs):
        made[key] += 1
        original(self, *args, **kwargs)
    cls.__init__ = init
counting(jinja2.Environment, "jinja"); counting(httpx.AsyncClient, "httpx")
counting(aiohttp.ClientSession, "aiohttp")
import service
for module in pkgutil.walk_packages(service.__path__, "service."):
    importlib.import_module(module.name)
at_import = dict(made)
from service.app import create_app
from service.settings import Settings
folder = tempfile.mkdtemp()
create_app(Settings(database_url=f"sqlite:///{folder}/x.db", secret_key="s"))
print(json.dumps({"import": at_import, "create_app": made}))
"""


def test_import_builds_nothing_and_create_app_opens_no_http_client():
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    counts = json.loads(done.stdout.strip().splitlines()[-1])
    assert counts["import"] == {"jinja": 0, "httpx": 0, "aiohttp": 0}
    assert counts["create_app"]["httpx"] == counts["create_app"]["aiohttp"] == 0
    assert counts["create_app"]["jinja"] >= 2
