from typing import Literal

GetPlatformRouteOrder = Literal['desc', 'recent']

GET_PLATFORM_ROUTE_ORDER_VALUES: set[GetPlatformRouteOrder] = { 'desc', 'recent',  }

def check_get_platform_route_order(value: str) -> GetPlatformRouteOrder:
    if value in GET_PLATFORM_ROUTE_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GET_PLATFORM_ROUTE_ORDER_VALUES!r}")
