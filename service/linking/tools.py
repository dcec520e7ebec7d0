"""The hosted links' MCP tools: each runs one REST operation with the arguments where REST
takes them (service/mcp/declared.py), through the one endpoint pipeline. A link is sent to a
creator, who links their account on its hosted page (service/linking/pages.py)."""

from __future__ import annotations

from service.linking import rest as links
from service.mcp.args import string
from service.mcp.declared import Arg, Declared

CREATE_LINK = Declared(
    "create_link",
    links.create_link,
    "A hosted link to send to a creator so they can link their account.",
    (
        Arg(
            "note", "body", string("Shown in the dashboard next to the link, up to 200 characters.")
        ),
    ),
    writes=True,
)
GET_LINK = Declared(
    "get_link",
    links.get_link,
    "A hosted link's status; `accountId` is set once connected.",
    (Arg("linkId", "path", string("The link's id (link_...)."), required=True),),
)
