"""The product speaks for itself: code, openapi.yaml and the docs state each rule where it
applies, never by an issue number or a section of the specification. Users have neither the
tracker nor the specification, so such a citation tells them nothing. This checks everything
shipped, and the tests, harness and benchmarks a contributor reads."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = tuple(
    ROOT / name
    for name in (
        "service",
        "storage",
        "docs",
        "openapi.yaml",
        "mkdocs.yml",
        "README.md",
        "clients/python",
        "examples",
        "harness",
        "tests",
        "bench",
        "CONTRIBUTING.md",
    )
)
NOT_PROSE = (Path(__file__), ROOT / "bench" / "results")
"""This file's samples of what the pattern finds, and benchmark output recorded as it ran."""
CITATION = re.compile(r"\b[Ii]ssue \d+|\bSPEC\b|§ ?\d")
ARCHITECTURE_WORDS = 900


def shipped_text_files() -> list[Path]:
    files: list[Path] = []
    for top in SHIPPED:
        for path in [top] if top.is_file() else sorted(top.rglob("*")):
            if not path.is_file() or "__pycache__" in path.parts:
                continue
            if any(path == skip or skip in path.parents for skip in NOT_PROSE):
                continue
            data = path.read_bytes()
            if b"\0" in data:
                continue  # images and other binaries
            files.append(path)
    return files


def citations(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if CITATION.search(line)]


@pytest.mark.parametrize(
    ("line", "cited"),
    [
        ("Additive field (issue 21).", True),
        ("## Issue 22: `action.expired`", True),
        ("SPEC 6.2 allows public https URLs only.", True),
        ("the codes of SPEC 7", True),
        ("Decisions where SPEC is silent", True),
        ("see § 4.6", True),
        ("Additive field.", False),
        ("Webhook URLs must be public https URLs.", False),
        ("a key issued 2 days ago; the spec file; an issue tracker", False),
        ("`tissue 3` and `SPECIAL 7`", False),
    ],
)
def test_the_pattern_finds_citations_and_nothing_else(line: str, cited: bool) -> None:
    assert bool(citations(line)) is cited


def test_nothing_shipped_cites_an_issue_or_the_specification() -> None:
    found = [
        f"{path.relative_to(ROOT)}: {line}"
        for path in shipped_text_files()
        for line in citations(path.read_text(encoding="utf-8", errors="replace"))
    ]
    assert len(shipped_text_files()) > 100  # the walk reached the code, not an empty folder
    assert found == [], "state the rule or link the docs page instead:\n" + "\n".join(found)


def test_the_architecture_map_reads_in_two_minutes() -> None:
    words = len((ROOT / "docs" / "architecture.md").read_text().split())
    assert words < ARCHITECTURE_WORDS


USER_PAGES = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md", ROOT / "CONTRIBUTING.md"]
WORK_ITEM = re.compile(
    r"bench/results|\bissue\d+|\b(?:the|this|that|an|each|every|its|our|one)\s+issues?\b(?!d)",
    re.IGNORECASE,
)
"""How the work was organised (an issue, a results folder): nothing a reader can open."""


@pytest.mark.parametrize(
    ("line", "found"),
    [
        ("raw output in `bench/results/issue22/growth.md`", True),
        ("accepted because the issue's check is the file", True),
        ("as this issue asked", True),
        ("never issues an id twice", False),
        ("the ids it has issued", False),
    ],
)
def test_the_work_item_pattern(line: str, found: bool) -> None:
    assert bool(WORK_ITEM.search(line)) is found


def test_no_user_page_names_a_results_folder_or_an_issue() -> None:
    found = [
        f"{page.relative_to(ROOT)}: {line.strip()}"
        for page in USER_PAGES
        for line in page.read_text().splitlines()
        if WORK_ITEM.search(line)
    ]
    assert len(USER_PAGES) > 20
    assert found == [], "say what the reader needs instead:\n" + "\n".join(found)
