from typing import Literal

WriteLimitedErrorErrorCode = Literal['rate_limited', 'write_limit_exceeded']

WRITE_LIMITED_ERROR_ERROR_CODE_VALUES: set[WriteLimitedErrorErrorCode] = { 'rate_limited', 'write_limit_exceeded',  }

def check_write_limited_error_error_code(value: str) -> WriteLimitedErrorErrorCode:
    if value in WRITE_LIMITED_ERROR_ERROR_CODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WRITE_LIMITED_ERROR_ERROR_CODE_VALUES!r}")
