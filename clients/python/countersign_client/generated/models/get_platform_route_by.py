from typing import Literal

GetPlatformRouteBy = Literal['tips']

GET_PLATFORM_ROUTE_BY_VALUES: set[GetPlatformRouteBy] = { 'tips',  }

def check_get_platform_route_by(value: str) -> GetPlatformRouteBy:
    if value in GET_PLATFORM_ROUTE_BY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GET_PLATFORM_ROUTE_BY_VALUES!r}")
