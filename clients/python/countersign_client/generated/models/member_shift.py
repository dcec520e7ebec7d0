from typing import Literal

MemberShift = Literal['off', 'on', 'schedule']

MEMBER_SHIFT_VALUES: set[MemberShift] = { 'off', 'on', 'schedule',  }

def check_member_shift(value: str) -> MemberShift:
    if value in MEMBER_SHIFT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MEMBER_SHIFT_VALUES!r}")
