"""The approval preview renders exactly `params.text`, the HTML the platform will receive.

That text was normalised once at creation (service/domain/messages.py); passing it through the
same allow-list again changes nothing for such text (the sanitiser is idempotent) and keeps the
page safe for any row written before normalisation existed.
"""

from __future__ import annotations

from markupsafe import Markup

from service.domain.messages import sanitise


def message_html(text: str | None) -> Markup:
    return Markup(sanitise(text or ""))  # nosec: the output of the sanitiser, never raw text
