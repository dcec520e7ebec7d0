from typing import Literal

MemberRole = Literal['admin', 'member', 'owner']

MEMBER_ROLE_VALUES: set[MemberRole] = { 'admin', 'member', 'owner',  }

def check_member_role(value: str) -> MemberRole:
    if value in MEMBER_ROLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MEMBER_ROLE_VALUES!r}")
