from typing import Literal

UpdateMemberRequestRole = Literal['admin', 'member', 'owner']

UPDATE_MEMBER_REQUEST_ROLE_VALUES: set[UpdateMemberRequestRole] = { 'admin', 'member', 'owner',  }

def check_update_member_request_role(value: str) -> UpdateMemberRequestRole:
    if value in UPDATE_MEMBER_REQUEST_ROLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {UPDATE_MEMBER_REQUEST_ROLE_VALUES!r}")
