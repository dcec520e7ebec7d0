from typing import Literal

ChatLinkProvider = Literal['slack', 'telegram']

CHAT_LINK_PROVIDER_VALUES: set[ChatLinkProvider] = { 'slack', 'telegram',  }

def check_chat_link_provider(value: str) -> ChatLinkProvider:
    if value in CHAT_LINK_PROVIDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CHAT_LINK_PROVIDER_VALUES!r}")
