from typing import Literal

CreateInviteRequestRole = Literal['admin', 'member', 'owner']

CREATE_INVITE_REQUEST_ROLE_VALUES: set[CreateInviteRequestRole] = { 'admin', 'member', 'owner',  }

def check_create_invite_request_role(value: str) -> CreateInviteRequestRole:
    if value in CREATE_INVITE_REQUEST_ROLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CREATE_INVITE_REQUEST_ROLE_VALUES!r}")
