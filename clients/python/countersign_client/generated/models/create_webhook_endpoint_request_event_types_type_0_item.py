from typing import Literal

CreateWebhookEndpointRequestEventTypesType0Item = Literal['account.connected', 'account.status_changed', 'action.approved', 'action.cancelled', 'action.created', 'action.escalated', 'action.executed', 'action.expired', 'action.failed', 'action.rejected', 'allowance.paused', 'link.failed']

CREATE_WEBHOOK_ENDPOINT_REQUEST_EVENT_TYPES_TYPE_0_ITEM_VALUES: set[CreateWebhookEndpointRequestEventTypesType0Item] = { 'account.connected', 'account.status_changed', 'action.approved', 'action.cancelled', 'action.created', 'action.escalated', 'action.executed', 'action.expired', 'action.failed', 'action.rejected', 'allowance.paused', 'link.failed',  }

def check_create_webhook_endpoint_request_event_types_type_0_item(value: str) -> CreateWebhookEndpointRequestEventTypesType0Item:
    if value in CREATE_WEBHOOK_ENDPOINT_REQUEST_EVENT_TYPES_TYPE_0_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CREATE_WEBHOOK_ENDPOINT_REQUEST_EVENT_TYPES_TYPE_0_ITEM_VALUES!r}")
