from typing import Literal

GetPlatformRouteFormat = Literal['infinite']

GET_PLATFORM_ROUTE_FORMAT_VALUES: set[GetPlatformRouteFormat] = { 'infinite',  }

def check_get_platform_route_format(value: str) -> GetPlatformRouteFormat:
    if value in GET_PLATFORM_ROUTE_FORMAT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GET_PLATFORM_ROUTE_FORMAT_VALUES!r}")
