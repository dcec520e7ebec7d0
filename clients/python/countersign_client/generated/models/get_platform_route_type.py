from typing import Literal

GetPlatformRouteType = Literal['active', 'all', 'expired']

GET_PLATFORM_ROUTE_TYPE_VALUES: set[GetPlatformRouteType] = { 'active', 'all', 'expired',  }

def check_get_platform_route_type(value: str) -> GetPlatformRouteType:
    if value in GET_PLATFORM_ROUTE_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GET_PLATFORM_ROUTE_TYPE_VALUES!r}")
