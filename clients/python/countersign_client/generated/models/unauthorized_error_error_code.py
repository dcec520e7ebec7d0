from typing import Literal

UnauthorizedErrorErrorCode = Literal['expired_api_key', 'invalid_api_key', 'missing_api_key', 'not_signed_in', 'revoked_api_key']

UNAUTHORIZED_ERROR_ERROR_CODE_VALUES: set[UnauthorizedErrorErrorCode] = { 'expired_api_key', 'invalid_api_key', 'missing_api_key', 'not_signed_in', 'revoked_api_key',  }

def check_unauthorized_error_error_code(value: str) -> UnauthorizedErrorErrorCode:
    if value in UNAUTHORIZED_ERROR_ERROR_CODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {UNAUTHORIZED_ERROR_ERROR_CODE_VALUES!r}")
