from typing import Literal

RequestedByKind = Literal['api_key', 'oauth', 'user']

REQUESTED_BY_KIND_VALUES: set[RequestedByKind] = { 'api_key', 'oauth', 'user',  }

def check_requested_by_kind(value: str) -> RequestedByKind:
    if value in REQUESTED_BY_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {REQUESTED_BY_KIND_VALUES!r}")
