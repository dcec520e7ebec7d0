from typing import Literal

ApiKeyScopesItem = Literal['admin', 'read', 'write']

API_KEY_SCOPES_ITEM_VALUES: set[ApiKeyScopesItem] = { 'admin', 'read', 'write',  }

def check_api_key_scopes_item(value: str) -> ApiKeyScopesItem:
    if value in API_KEY_SCOPES_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {API_KEY_SCOPES_ITEM_VALUES!r}")
