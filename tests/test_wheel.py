"""The wheel runs: built from this checkout, installed in a fresh venv, started outside the tree.

Package data (openapi.yaml, templates, static files, migrations) that is missing from the wheel
works in the checkout and fails only once installed, so this builds the real wheel and runs
`countersign migrate` and `countersign serve` from it. The dependencies come from the suite's
own environment through a .pth line (no network), which processes none of that environment's
.pth files, so an editable install of the checkout is never on the path.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import httpx
import pytest

from tests.cli.test_cli import free_port, wait_until_serving

ROOT = Path(__file__).resolve().parents[1]
SKIP = shutil.ignore_patterns(
    ".git",
    ".venv",
    ".tox",
    "tests",
    "bench",
    "build",
    "dist",
    "var",
    "*.egg-info",
    "__pycache__",
    ".*_cache",
    "test-artifacts",
)

pytestmark = pytest.mark.packaging


def run(*args: str | Path, **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run(
        [str(a) for a in args], capture_output=True, text=True, timeout=300, check=False, **kwargs
    )
    assert done.returncode == 0, (args, done.stdout[-2000:], done.stderr[-2000:])
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A venv holding only the wheel; returns its bin directory."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"  # a copy: an in-tree build would write build/ into the checkout
    shutil.copytree(ROOT, source, ignore=SKIP, symlinks=True)
    run(
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--no-deps",
        "--no-build-isolation",
        "-q",
        "-w",
        work / "dist",
        source,
    )
    [wheel] = (work / "dist").glob("countersign-*.whl")
    venv = work / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv)
    python = venv / "bin" / "python"
    run(
        sys.executable,
        "-m",
        "pip",
        "--python",
        python,
        "install",
        "--no-deps",
        "--no-index",
        "-q",
        wheel,
    )
    site = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])")
    ours = sysconfig.get_paths()
    Path(site.stdout.strip(), "suite-dependencies.pth").write_text(
        f"{ours['purelib']}\n{ours['platlib']}\n"
    )
    return venv / "bin"


def outside_env(tmp: Path) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("COUNTERSIGN_") and k != "PYTHONPATH"
    }
    env.update(
        COUNTERSIGN_DATABASE_URL=f"sqlite:///{tmp}/countersign.db",
        COUNTERSIGN_PLATFORM_URL="http://127.0.0.1:9",
    )  # never called: no linked account
    return env


def test_the_installed_wheel_migrates_and_serves(installed, tmp_path):
    env = outside_env(tmp_path)
    where = run(
        installed / "python", "-c", "import service; print(service.__file__)", cwd=tmp_path, env=env
    )
    assert where.stdout.startswith(str(installed.parent)), where.stdout  # not the checkout

    assert (
        "latest schema" in run(installed / "countersign", "migrate", cwd=tmp_path, env=env).stdout
    )
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [installed / "countersign", "serve", "--port", str(port)],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_until_serving(server, base)
        document = httpx.get(f"{base}/openapi.yaml")
        assert document.status_code == 200
        assert document.content == (ROOT / "openapi.yaml").read_bytes()
        refused = httpx.get(f"{base}/v1/accounts")
        assert refused.status_code == 401
        assert refused.json()["error"]["code"] == "missing_api_key"
        assert refused.json()["requestId"] == refused.headers["x-request-id"]
        # The rest of the package data: templates, static files, the errors page.
        assert httpx.get(f"{base}/dashboard/sign-in").status_code == 200
        assert httpx.get(f"{base}/dashboard/static/app.css").status_code == 200
        assert "missing_api_key" in httpx.get(f"{base}/docs/errors").text
        assert httpx.get(f"{base}/link/nope").status_code == 404
    finally:
        server.terminate()
        server.communicate(timeout=30)
