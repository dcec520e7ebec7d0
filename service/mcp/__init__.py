"""The MCP channel: AI agents create actions and read, over Model Context Protocol.

Agents never approve: only a person in the dashboard runs an action. See docs/mcp.md. Each
feature declares its tools in its tools.py; this package holds the server, the declarations'
machinery, and the assembly of the catalogue tools (what they show is the features').
"""

from service.mcp.gate import McpGate
from service.mcp.server import build_mcp, mcp_asgi_app

__all__ = ["McpGate", "build_mcp", "mcp_asgi_app"]
