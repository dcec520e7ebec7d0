from typing import Literal

NotFoundErrorErrorCode = Literal['account_not_found', 'action_not_found', 'chat_not_found', 'fan_not_found', 'link_not_found', 'resource_not_found', 'route_not_found', 'workspace_not_found']

NOT_FOUND_ERROR_ERROR_CODE_VALUES: set[NotFoundErrorErrorCode] = { 'account_not_found', 'action_not_found', 'chat_not_found', 'fan_not_found', 'link_not_found', 'resource_not_found', 'route_not_found', 'workspace_not_found',  }

def check_not_found_error_error_code(value: str) -> NotFoundErrorErrorCode:
    if value in NOT_FOUND_ERROR_ERROR_CODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {NOT_FOUND_ERROR_ERROR_CODE_VALUES!r}")
