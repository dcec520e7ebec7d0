from typing import Literal

WebhookEndpointKind = Literal['events', 'transactions']

WEBHOOK_ENDPOINT_KIND_VALUES: set[WebhookEndpointKind] = { 'events', 'transactions',  }

def check_webhook_endpoint_kind(value: str) -> WebhookEndpointKind:
    if value in WEBHOOK_ENDPOINT_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOK_ENDPOINT_KIND_VALUES!r}")
