"""docs/mcp.md's tool table is the server's own tool list (harness/mcp_doc.py writes it), and
the page's agent example uses only the MCP SDK's public modules."""

from __future__ import annotations

from harness.mcp_doc import PAGE, main, page_with_table, render_table
from tests.mcp.test_mcp_channel import TOOLS


def test_the_tool_table_is_the_servers_tool_list():
    page = PAGE.read_text()
    assert page_with_table(page, render_table()) == page, "run: python -m harness.mcp_doc"
    assert main(["--check"]) == 0
    for tool in TOOLS:
        assert f"| `{tool}` |" in page


def test_a_stale_table_is_caught(tmp_path):
    stale = tmp_path / "mcp.md"
    stale.write_text(PAGE.read_text().replace("| `get_link` |", "| `get_a_link` |"))
    assert main(["--page", str(stale), "--check"]) == 1


def test_writing_the_table_mends_a_stale_page(tmp_path):
    stale = tmp_path / "mcp.md"
    stale.write_text(PAGE.read_text().replace("| `get_link` |", "| `get_a_link` |"))
    assert main(["--page", str(stale)]) == 0
    assert stale.read_text() == PAGE.read_text()
    assert main(["--page", str(stale), "--check"]) == 0


def test_the_example_imports_no_private_sdk_module():
    page = PAGE.read_text()
    assert "mcp.shared._" not in page and "import _" not in page
