from typing import Literal

BadGatewayErrorErrorCode = Literal['platform_error', 'platform_timeout']

BAD_GATEWAY_ERROR_ERROR_CODE_VALUES: set[BadGatewayErrorErrorCode] = { 'platform_error', 'platform_timeout',  }

def check_bad_gateway_error_error_code(value: str) -> BadGatewayErrorErrorCode:
    if value in BAD_GATEWAY_ERROR_ERROR_CODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {BAD_GATEWAY_ERROR_ERROR_CODE_VALUES!r}")
