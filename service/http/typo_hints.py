"""Hints for a misspelt value or field: the closest allowed one, named, so a caller fixes a
typo without reading the reference."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any


def did_you_mean(sent: Any, allowed: Iterable[Any], prefix: str = "") -> str:
    """` (did you mean `x`?)` for a string close to one allowed value (a typo), else nothing:
    names only what we allow, never more of what was sent. `prefix` goes before the name
    (a field's path, `params.`)."""
    if not isinstance(sent, str):
        return ""
    close = difflib.get_close_matches(sent, [str(v) for v in allowed], n=1, cutoff=0.75)
    return f" (did you mean `{prefix}{close[0]}`?)" if close else ""


def known_field_hint(param: str, known: Iterable[str]) -> str:
    """` (did you mean `params.fanId`?)` for a field sent in the wrong case or with a typo."""
    head, _, field = param.rpartition(".")
    prefix = f"{head}." if head else ""
    by_case = [name for name in known if name.lower() == field.lower()]
    if by_case:
        return f" (did you mean `{prefix}{by_case[0]}`?)"
    return did_you_mean(field, known, prefix)
