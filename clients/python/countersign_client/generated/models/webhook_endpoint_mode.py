from typing import Literal

WebhookEndpointMode = Literal['live', 'test']

WEBHOOK_ENDPOINT_MODE_VALUES: set[WebhookEndpointMode] = { 'live', 'test',  }

def check_webhook_endpoint_mode(value: str) -> WebhookEndpointMode:
    if value in WEBHOOK_ENDPOINT_MODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOK_ENDPOINT_MODE_VALUES!r}")
