from typing import Literal

ChatConnectionProvider = Literal['slack', 'telegram']

CHAT_CONNECTION_PROVIDER_VALUES: set[ChatConnectionProvider] = { 'slack', 'telegram',  }

def check_chat_connection_provider(value: str) -> ChatConnectionProvider:
    if value in CHAT_CONNECTION_PROVIDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CHAT_CONNECTION_PROVIDER_VALUES!r}")
