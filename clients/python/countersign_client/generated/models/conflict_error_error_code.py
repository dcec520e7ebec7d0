from typing import Literal

ConflictErrorErrorCode = Literal['account_unavailable', 'action_expired', 'action_not_pending', 'idempotency_conflict', 'last_owner', 'link_not_ready']

CONFLICT_ERROR_ERROR_CODE_VALUES: set[ConflictErrorErrorCode] = { 'account_unavailable', 'action_expired', 'action_not_pending', 'idempotency_conflict', 'last_owner', 'link_not_ready',  }

def check_conflict_error_error_code(value: str) -> ConflictErrorErrorCode:
    if value in CONFLICT_ERROR_ERROR_CODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CONFLICT_ERROR_ERROR_CODE_VALUES!r}")
