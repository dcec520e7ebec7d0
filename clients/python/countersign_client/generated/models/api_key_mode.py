from typing import Literal

ApiKeyMode = Literal['live', 'test']

API_KEY_MODE_VALUES: set[ApiKeyMode] = { 'live', 'test',  }

def check_api_key_mode(value: str) -> ApiKeyMode:
    if value in API_KEY_MODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {API_KEY_MODE_VALUES!r}")
