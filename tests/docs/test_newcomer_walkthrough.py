"""A newcomer's five minutes, done by a test using only what the docs say: `make demo`'s
command, the `curl` it prints, the credentials and the steps of docs/getting-started.md, a
person pressing Approve in Chromium, then the page's own `curl` showing the action executed.
If the docs drift from what the service does, this fails."""

from __future__ import annotations

import json
import os
import re
import shlex
import socket
import subprocess
import time
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import expect, sync_playwright

from harness.local_servers import chromium, debian_tool
from tests.dashboard.conftest import CHROMIUM_ARGS

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
GUIDE = (ROOT / "docs" / "getting-started.md").read_text()


def demo_command(port: int) -> list[str]:
    """What `make demo PORT=…` runs, read from the Makefile."""
    recipe = re.search(r"^demo: .*\n\t(.+)$", (ROOT / "Makefile").read_text(), re.MULTILINE).group(
        1
    )
    words = recipe.replace("$(VENV)", str(ROOT / ".venv")).replace("$(PORT)", str(port))
    # Options make adds only when asked (RESET=1): a newcomer's plain `make demo` has none.
    words = re.sub(r"\$\(if [^()]*(?:\([^()]*\)[^()]*)*\)", "", words)
    return shlex.split(words)


def code_blocks() -> list[str]:
    return [
        re.sub(r"^ {4}", "", block, flags=re.MULTILINE)
        for block in re.findall(r"```sh\n(.*?)```", GUIDE, re.DOTALL)
    ]


def shell(command: str, **variables: str) -> dict:
    debian_tool("/usr/bin/curl", "curl")
    done = subprocess.run(
        ["bash", "-c", command],
        env={**os.environ, **variables},
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    return json.loads(done.stdout)


def wait_until_serving(process: subprocess.Popen, base: str, timeout: float = 60.0) -> None:
    """Poll /openapi.yaml until it answers: a readiness condition, not a fixed sleep."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert process.poll() is None, "the demo exited early"
        try:
            if httpx.get(f"{base}/openapi.yaml", timeout=1.0).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.05)
    raise AssertionError(f"the demo did not answer within {timeout} s")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_from_make_demo_to_an_executed_action_with_the_docs_only(tmp_path):
    owner, password = re.search(r"owner `(\S+)` / `(\S+)`", GUIDE).groups()
    [read_action] = [b for b in code_blocks() if "/v1/actions/$ACTION" in b]
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("COUNTERSIGN_")}
    env |= {"PYTHONUNBUFFERED": "1", "COUNTERSIGN_PASSWORD_HASHING": "cheapest"}
    demo = subprocess.Popen(
        demo_command(port),
        cwd=tmp_path,  # its SQLite database and state go to ./var there
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        banner = []
        for line in demo.stdout:  # the banner is printed before the service serves
            banner.append(line)
            if line.startswith("Then open its approvalUrl"):
                break
        printed = "".join(banner)
        key = re.search(r"live key\s+(sk_live_\S+)", printed).group(1)
        paste = printed[printed.index("curl -s -X POST") : printed.index("Then open")]

        wait_until_serving(demo, f"http://127.0.0.1:{port}")

        # Step 2: the printed curl, pasted into a shell.
        created = shell(paste)["data"]
        assert created["status"] == "pending"

        # The README's "One call", pasted with the account and key the demo printed: a fan and
        # a list the demo's creator has, so it executes once approved.
        readme = (ROOT / "README.md").read_text()
        one_call = re.search(r"## One call\n\n```sh\n(.*?)```", readme, re.DOTALL).group(1)
        one_call = one_call.replace("127.0.0.1:8000", f"127.0.0.1:{port}")
        added = shell(one_call, KEY=key, ACCOUNT=created["accountId"])["data"]
        assert (added["status"], added["warnings"]) == ("pending", [])

        # Step 3: open the approvalUrl, sign in with the documented credentials, press Approve.
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
            try:
                page = browser.new_page()
                page.goto(created["approvalUrl"])
                page.fill("input[name=email]", owner)
                page.fill("input[name=password]", password)
                page.click("button[type=submit]")
                # The mail the owner got, caught by the demo's own SMTP server: its
                # one link is the approval page.
                page.goto(f"http://127.0.0.1:{port}/dashboard/demo/mails")
                # It names the fan by the name synced from the platform, as the summary does.
                named = created["summary"].split(": ", 1)[0]
                assert created["params"]["fanId"] not in named and "(@" in named, named
                mail = page.locator("[data-mail]", has_text=named).first
                expect(mail).to_be_visible(timeout=30_000)
                mail.locator(".mail-link").click()
                expect(page).to_have_url(created["approvalUrl"])
                page.get_by_role("button", name="Approve").click()
                expect(page.locator("#action-status")).to_have_text("executed", timeout=30_000)
                page.goto(added["approvalUrl"])
                page.get_by_role("button", name="Approve").click()
                expect(page.locator("#action-status")).to_have_text("executed", timeout=30_000)
            finally:
                browser.close()

        # Step 4: the guide's own curl (on the port the demo was given, as `PORT=` says).
        mine = read_action.replace("127.0.0.1:8000", f"127.0.0.1:{port}")
        read = shell(mine, KEY=key, ACTION=created["id"])["data"]
    finally:
        demo.terminate()
        demo.wait(timeout=30)
        demo.stdout.close()
    assert read["id"] == created["id"]
    assert read["status"] == "executed"
    assert read["result"] is not None
