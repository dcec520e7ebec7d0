"""Packed text for the columns of actions, which are kept for ever: SQLite only.

An action's row is mostly words the product writes itself: the summary ("Send a message from
@… to fan …"), warnings ("Fan … is not among @…'s fans in the last sync."), the JSON keys of its
params, `requestedBy` and result. Deflate with a preset dictionary of those words stores them in
about half the bytes (bench/growth.py: 352 → 171 bytes a `send_message` action), which decides
how many rows fit a page of the file, for ever.

The stored form is a BLOB: one format byte (`FORMAT`), then raw deflate (window 512 bytes) with
the column's dictionary. Text is kept as text when packing would not make it shorter, and text
rows (written before revision 0017, or not shorter packed) read back as they are: a reader tells
them apart by type (str or bytes). Packing and unpacking are exact: the same bytes come back.

THE DICTIONARIES ARE FROZEN: every packed row needs the one it was packed with. A better one
means a new format byte beside this one, never an edit of these bytes.
"""

from __future__ import annotations

import zlib

FORMAT = 1
_WBITS = -9  # raw deflate, a 512-byte window: the dictionaries below fit it
_LEVEL = 9
_MEM_LEVEL = 1  # small state: packing a column costs about 4 µs, unpacking about 1 µs

_MESSAGE = b'"fanId":"","text":"<p></p>","mediaIds":[],"priceCents":'
DICTIONARIES: dict[str, bytes] = {
    # Params of every action type: keys and the shape of a message.
    "params": (
        b'{"messageId":"","listId":"","audience":{"fanIds":[],"listIds":[],"excludeListIds":[]},'
        b'"priceCents":,"mediaIds":[],{"fanId":"","text":"<p></p>","priceCents":'
        b'{"fanId":"123","text":"<p>'
    ),
    # The summaries of service/actions/types/.
    "summary": (
        b"Unsend every copy of mass message  from .Unsend message  from 's chat with fan ."
        b"Add fan  to 's list .Remove fan  from 's list . with 1 media item media items"
        b' for $ a paid mass message from @ to about  fans: "'
        b'Send a paid message for $Send a message from @ to fan : "'
    ),
    # The warnings of service/actions/warnings.py, the commonest last.
    "warnings": (
        b'[{"code":"account_unhealthy","message":"@ is restricted needs_relink'
        b' The action may fail when it runs.","param":null},'
        b'{"code":"price_below_platform_minimum","message":"$ is under the platform\'s minimum'
        b' of $3.00 for a paid message; the platform will refuse it.","param":"priceCents"},'
        b'{"code":"media_not_found","message":"Media  is not in @\'s vault in the last sync.",'
        b'"param":"mediaIds[0]"},{"code":"list_not_found","message":"List  is not one of @\'s'
        b' fan lists in the last sync.","param":"listId"},{"code":"fan_not_subscribed",'
        b'"message":"\'s subscription to @ has expired; the platform may refuse the message.",'
        b'"param":"fanId"},{"code":"fan_not_found","message":"Fan  is not among @\'s fans in'
        b' the last sync.","param":"fanId"}]'
    ),
    # Who asked, who decided, who approved: {kind, label, client, tool} and {kind, id, name, email}.
    "people": (
        b'[{"kind":"api_key","id":"key_","name":"","email":"","at":""}]'
        b'{"kind":"user","id":"usr_","name":"","email":"@"}'
        b'{"kind":"user","label":"","client":"","tool":""}{"kind":"api_key","label":"'
    ),
    # Results and errors of execution.
    "outcome": (
        b'{"code":"platform_error","message":"","retryable":false,"details":{}}'
        b'{"messageId":"","fanId":"","listId":"","inList":true,"unsent":true}{"messageId":"'
    ),
}


def _packer(dictionary: bytes) -> zlib._Compress:
    return zlib.compressobj(
        _LEVEL, zlib.DEFLATED, _WBITS, _MEM_LEVEL, zlib.Z_DEFAULT_STRATEGY, dictionary
    )


# A fresh (de)compressor per column is a copy of one primed with the column's dictionary: the
# same state, bytes for bytes, without loading the dictionary again on every row (a quarter of
# packing's time, two thirds of unpacking's).
_PACKERS = {name: _packer(words) for name, words in DICTIONARIES.items()}
_SHORTEST = 4
"""Packed bytes are at least 3 (the format byte and an empty deflate block): shorter text stays."""
_UNPACKERS = {name: zlib.decompressobj(_WBITS, words) for name, words in DICTIONARIES.items()}


def pack(text: str, dictionary: str) -> str | bytes:
    """The column's stored form: packed bytes when they are shorter than the text, else the text."""
    raw = text.encode()
    if len(raw) < _SHORTEST:
        return text  # never shorter packed (an empty list's `[]`)
    packer = _PACKERS[dictionary].copy()
    packed = bytes([FORMAT]) + packer.compress(raw) + packer.flush()
    return packed if len(packed) < len(raw) else text


def unpack(stored: str | bytes, dictionary: str) -> str:
    """The text again, from either stored form."""
    if isinstance(stored, str):
        return stored
    if not stored or stored[0] != FORMAT:
        raise ValueError(f"packed column in an unknown format ({stored[:1]!r})")
    unpacker = _UNPACKERS[dictionary].copy()
    raw = unpacker.decompress(stored[1:]) + unpacker.flush()
    return raw.decode()
