"""An action as plain text for the channels that cannot show the dashboard's HTML (mail's
text part, chat messages): a message with its line breaks, a price in words."""

from __future__ import annotations

import html
import re


def text_lines(text_html: str) -> str:
    """The message's text with a line for each paragraph or break, tags gone, entities decoded."""
    text = re.sub(r"<br\s*/?>|</p>", "\n", text_html)
    return html.unescape(re.sub(r"<[^>]+>", "", text)).strip()


def money(value: dict[str, object] | None) -> str:
    """`{"amount": 500, "currency": "USD"}` as "5.00 USD"; "none" when free."""
    if not value:
        return "none"
    amount = value.get("amount")
    return f"{int(amount) / 100:,.2f} {value.get('currency')}" if isinstance(amount, int) else "—"
