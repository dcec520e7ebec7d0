from typing import Literal

GetPlatformRouteSkipUsers = Literal['all']

GET_PLATFORM_ROUTE_SKIP_USERS_VALUES: set[GetPlatformRouteSkipUsers] = { 'all',  }

def check_get_platform_route_skip_users(value: str) -> GetPlatformRouteSkipUsers:
    if value in GET_PLATFORM_ROUTE_SKIP_USERS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GET_PLATFORM_ROUTE_SKIP_USERS_VALUES!r}")
