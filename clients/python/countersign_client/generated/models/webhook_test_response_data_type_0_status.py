from typing import Literal

WebhookTestResponseDataType0Status = Literal['failed', 'pending', 'succeeded']

WEBHOOK_TEST_RESPONSE_DATA_TYPE_0_STATUS_VALUES: set[WebhookTestResponseDataType0Status] = { 'failed', 'pending', 'succeeded',  }

def check_webhook_test_response_data_type_0_status(value: str) -> WebhookTestResponseDataType0Status:
    if value in WEBHOOK_TEST_RESPONSE_DATA_TYPE_0_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOK_TEST_RESPONSE_DATA_TYPE_0_STATUS_VALUES!r}")
