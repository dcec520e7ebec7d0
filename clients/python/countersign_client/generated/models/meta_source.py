from typing import Literal

MetaSource = Literal['live', 'service', 'synced']

META_SOURCE_VALUES: set[MetaSource] = { 'live', 'service', 'synced',  }

def check_meta_source(value: str) -> MetaSource:
    if value in META_SOURCE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {META_SOURCE_VALUES!r}")
