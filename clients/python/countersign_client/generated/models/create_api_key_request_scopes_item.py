from typing import Literal

CreateApiKeyRequestScopesItem = Literal['admin', 'read', 'write']

CREATE_API_KEY_REQUEST_SCOPES_ITEM_VALUES: set[CreateApiKeyRequestScopesItem] = { 'admin', 'read', 'write',  }

def check_create_api_key_request_scopes_item(value: str) -> CreateApiKeyRequestScopesItem:
    if value in CREATE_API_KEY_REQUEST_SCOPES_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CREATE_API_KEY_REQUEST_SCOPES_ITEM_VALUES!r}")
