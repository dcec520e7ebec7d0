from typing import Literal

BadRequestErrorErrorCode = Literal['idempotency_key_required', 'invalid_cursor', 'invalid_parameter']

BAD_REQUEST_ERROR_ERROR_CODE_VALUES: set[BadRequestErrorErrorCode] = { 'idempotency_key_required', 'invalid_cursor', 'invalid_parameter',  }

def check_bad_request_error_error_code(value: str) -> BadRequestErrorErrorCode:
    if value in BAD_REQUEST_ERROR_ERROR_CODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {BAD_REQUEST_ERROR_ERROR_CODE_VALUES!r}")
