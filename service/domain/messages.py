"""A message's text as the platform will receive it: made into safe HTML once, at creation.

The platform renders message text as HTML. What a person approves must be exactly
what is sent, so the text is normalised once, stored as `params.text`, shown by the approval
page and sent by the executor unchanged. HTML keeps only a small allow-list (nh3, Rust's
ammonia): no scripts, handlers, styles, frames or `javascript:` links. Plain text (anything nh3
does not see as HTML, such as "1 < 2 & 3") is escaped and wrapped in one paragraph.
"""

from __future__ import annotations

import functools
import html
import re

import nh3

TAGS = frozenset(
    {"p", "br", "b", "strong", "i", "em", "u", "s", "a", "ul", "ol", "li", "span", "blockquote"}
)
ATTRIBUTES = {"a": {"href", "title"}}
URL_SCHEMES = frozenset({"https", "http", "mailto"})
LINK_REL = "noopener noreferrer nofollow"
ENTITY = re.compile(r"&(#[0-9]+|#x[0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);")
BREAKS = re.compile(r"<(br|/p|/li|/blockquote)\b[^>]*>", re.IGNORECASE)


# Built once: nh3.clean() builds its cleaner on every call, which cost 4x the cleaning.
_ALLOW_LIST = nh3.Cleaner(
    tags=set(TAGS), attributes=ATTRIBUTES, url_schemes=set(URL_SCHEMES), link_rel=LINK_REL
)
_TEXT_ONLY = nh3.Cleaner(tags=set(), clean_content_tags={"script", "style"})


def sanitise(markup: str) -> str:
    """The allow-list. Idempotent: sanitising its own output changes nothing."""
    return _ALLOW_LIST.clean(markup)


def platform_html(text: str) -> str:
    """The one normalisation: the exact HTML the platform will receive for `text`."""
    if nh3.is_html(text) or ENTITY.search(text):
        cleaned = sanitise(text)
        # Only text survived (say, "<script>…</script>hi"): wrap it as plain text is wrapped.
        return cleaned if nh3.is_html(cleaned) else f"<p>{cleaned}</p>"
    lines = html.escape(text, quote=False).split("\n")
    return sanitise("<p>" + "<br>".join(lines) + "</p>")


@functools.lru_cache(maxsize=64)
def visible_text(markup: str) -> str:
    """What a fan reads: tags (and script/style content) removed, entities decoded, spaces
    collapsed. Used for summaries, never for sending. Creation asks twice for the same text
    (is anything left? and the summary): the second answer comes from the cache."""
    spaced = BREAKS.sub(lambda m: m.group(0) + " ", markup)
    stripped = _TEXT_ONLY.clean(spaced)
    return re.sub(r"\s+", " ", html.unescape(stripped)).strip()
