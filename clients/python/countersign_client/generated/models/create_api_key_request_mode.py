from typing import Literal

CreateApiKeyRequestMode = Literal['live', 'test']

CREATE_API_KEY_REQUEST_MODE_VALUES: set[CreateApiKeyRequestMode] = { 'live', 'test',  }

def check_create_api_key_request_mode(value: str) -> CreateApiKeyRequestMode:
    if value in CREATE_API_KEY_REQUEST_MODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CREATE_API_KEY_REQUEST_MODE_VALUES!r}")
