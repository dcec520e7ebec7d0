"""The README stays a short front door: under 12 KB, every relative link leads to a file, and
its two commands are targets of the Makefile. (The docs site's own links are checked by
`mkdocs build --strict` in `make lint`.)"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"


def test_readme_is_short():
    assert README.stat().st_size < 12 * 1024


def test_every_relative_link_of_the_readme_and_contributing_exists():
    for page in (README, ROOT / "CONTRIBUTING.md"):
        links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", page.read_text())
        local = [link for link in links if "://" not in link]
        assert local, page
        assert [link for link in local if not (ROOT / link).exists()] == [], page


def test_the_two_commands_are_make_targets():
    makefile = (ROOT / "Makefile").read_text()
    for command in ("make demo", "make test"):
        assert command in README.read_text()
        assert re.search(rf"^{command.split()[1]}:", makefile, re.MULTILINE), command


def test_docs_and_conformance_are_phony_targets_and_docs_has_its_own_port():
    """A `docs/` folder exists, so without .PHONY `make docs` would do nothing; and the docs
    site must not take the demo's port."""
    makefile = (ROOT / "Makefile").read_text()
    phony = re.search(r"^\.PHONY:(.*)$", makefile, re.MULTILINE).group(1).split()
    assert {"docs", "conformance", "demo", "test"} <= set(phony)
    demo_port = re.search(r"^PORT \?= (\d+)$", makefile, re.MULTILINE).group(1)
    docs_port = re.search(r"^DOCS_PORT \?= (\d+)$", makefile, re.MULTILINE).group(1)
    assert demo_port != docs_port
    assert re.search(
        r"^docs: .*\n\t.*mkdocs serve --dev-addr 127\.0\.0\.1:\$\(DOCS_PORT\)",
        makefile,
        re.MULTILINE,
    )
    contributing = (ROOT / "CONTRIBUTING.md").read_text()
    assert "make docs" in contributing and "make conformance" in contributing
