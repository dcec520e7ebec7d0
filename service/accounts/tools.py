"""The accounts' MCP tools: each runs one REST operation with the arguments where REST takes
them (service/mcp/declared.py), through the one endpoint pipeline."""

from __future__ import annotations

from service.accounts import rest as accounts
from service.mcp.args import ACCOUNT, FRESH, PAGING
from service.mcp.declared import Declared

LIST_ACCOUNTS = Declared(
    "list_accounts",
    accounts.list_accounts,
    "List the linked accounts this key can see (sandbox creators with a test key).",
    PAGING,
)
GET_ACCOUNT = Declared(
    "get_account",
    accounts.get_account,
    "One account with counts, 30-day revenue and subscription price.",
    (ACCOUNT, FRESH),
)
