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
