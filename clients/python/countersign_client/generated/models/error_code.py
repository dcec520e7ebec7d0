from typing import Literal

ErrorCode = Literal['account_not_found', 'account_unavailable', 'action_expired', 'action_not_found', 'action_not_pending', 'body_timeout', 'body_too_large', 'chat_not_found', 'dashboard_key_only', 'expired_api_key', 'fan_not_found', 'idempotency_conflict', 'idempotency_key_required', 'internal_error', 'invalid_api_key', 'invalid_cursor', 'invalid_parameter', 'last_owner', 'link_not_found', 'link_not_ready', 'method_not_allowed', 'missing_api_key', 'missing_permission', 'missing_scope', 'not_signed_in', 'platform_error', 'platform_timeout', 'precondition_failed', 'rate_limited', 'resource_not_found', 'revoked_api_key', 'route_not_found', 'test_key_live_setting', 'workspace_not_found', 'write_limit_exceeded', 'writes_disabled']

ERROR_CODE_VALUES: set[ErrorCode] = { 'account_not_found', 'account_unavailable', 'action_expired', 'action_not_found', 'action_not_pending', 'body_timeout', 'body_too_large', 'chat_not_found', 'dashboard_key_only', 'expired_api_key', 'fan_not_found', 'idempotency_conflict', 'idempotency_key_required', 'internal_error', 'invalid_api_key', 'invalid_cursor', 'invalid_parameter', 'last_owner', 'link_not_found', 'link_not_ready', 'method_not_allowed', 'missing_api_key', 'missing_permission', 'missing_scope', 'not_signed_in', 'platform_error', 'platform_timeout', 'precondition_failed', 'rate_limited', 'resource_not_found', 'revoked_api_key', 'route_not_found', 'test_key_live_setting', 'workspace_not_found', 'write_limit_exceeded', 'writes_disabled',  }

def check_error_code(value: str) -> ErrorCode:
    if value in ERROR_CODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ERROR_CODE_VALUES!r}")
