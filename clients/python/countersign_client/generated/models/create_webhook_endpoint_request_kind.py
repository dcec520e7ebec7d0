from typing import Literal

CreateWebhookEndpointRequestKind = Literal['events', 'transactions']

CREATE_WEBHOOK_ENDPOINT_REQUEST_KIND_VALUES: set[CreateWebhookEndpointRequestKind] = { 'events', 'transactions',  }

def check_create_webhook_endpoint_request_kind(value: str) -> CreateWebhookEndpointRequestKind:
    if value in CREATE_WEBHOOK_ENDPOINT_REQUEST_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CREATE_WEBHOOK_ENDPOINT_REQUEST_KIND_VALUES!r}")
