from typing import Literal

ForbiddenErrorErrorCode = Literal['dashboard_key_only', 'missing_permission', 'missing_scope', 'test_key_live_setting', 'writes_disabled']

FORBIDDEN_ERROR_ERROR_CODE_VALUES: set[ForbiddenErrorErrorCode] = { 'dashboard_key_only', 'missing_permission', 'missing_scope', 'test_key_live_setting', 'writes_disabled',  }

def check_forbidden_error_error_code(value: str) -> ForbiddenErrorErrorCode:
    if value in FORBIDDEN_ERROR_ERROR_CODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {FORBIDDEN_ERROR_ERROR_CODE_VALUES!r}")
