from typing import Literal

InviteRole = Literal['admin', 'member', 'owner']

INVITE_ROLE_VALUES: set[InviteRole] = { 'admin', 'member', 'owner',  }

def check_invite_role(value: str) -> InviteRole:
    if value in INVITE_ROLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {INVITE_ROLE_VALUES!r}")
