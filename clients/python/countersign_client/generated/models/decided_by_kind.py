from typing import Literal

DecidedByKind = Literal['api_key', 'cli', 'oauth', 'policy', 'user']

DECIDED_BY_KIND_VALUES: set[DecidedByKind] = { 'api_key', 'cli', 'oauth', 'policy', 'user',  }

def check_decided_by_kind(value: str) -> DecidedByKind:
    if value in DECIDED_BY_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DECIDED_BY_KIND_VALUES!r}")
