from typing import Literal

DeleteChatConnectionProvider = Literal['slack', 'telegram']

DELETE_CHAT_CONNECTION_PROVIDER_VALUES: set[DeleteChatConnectionProvider] = { 'slack', 'telegram',  }

def check_delete_chat_connection_provider(value: str) -> DeleteChatConnectionProvider:
    if value in DELETE_CHAT_CONNECTION_PROVIDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DELETE_CHAT_CONNECTION_PROVIDER_VALUES!r}")
