"""A message as the fan will see it: the platform renders HTML, so we show HTML, but only a
small allow-list survives (nh3, Rust's ammonia): no scripts, no handlers, no styles, no frames."""

from __future__ import annotations

import nh3
from markupsafe import Markup

TAGS = {"p", "br", "b", "strong", "i", "em", "u", "s", "a", "ul", "ol", "li", "span",
        "blockquote"}
ATTRIBUTES = {"a": {"href", "title"}}


def message_html(text: str | None) -> Markup:
    """Sanitised HTML, safe to insert; plain text stays text (nh3 escapes what it keeps)."""
    cleaned = nh3.clean(text or "", tags=TAGS, attributes=ATTRIBUTES,
                        url_schemes={"https", "http", "mailto"}, link_rel="noopener noreferrer nofollow")
    return Markup(cleaned)  # nosec: the output of the sanitiser, never the raw text
