from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.bad_gateway_error import BadGatewayError
from ...models.bad_request_error import BadRequestError
from ...models.conflict_error import ConflictError
from ...models.forbidden_error import ForbiddenError
from ...models.get_platform_route_by import check_get_platform_route_by
from ...models.get_platform_route_by import GetPlatformRouteBy
from ...models.get_platform_route_format import check_get_platform_route_format
from ...models.get_platform_route_format import GetPlatformRouteFormat
from ...models.get_platform_route_order import check_get_platform_route_order
from ...models.get_platform_route_order import GetPlatformRouteOrder
from ...models.get_platform_route_skip_users import check_get_platform_route_skip_users
from ...models.get_platform_route_skip_users import GetPlatformRouteSkipUsers
from ...models.get_platform_route_type import check_get_platform_route_type
from ...models.get_platform_route_type import GetPlatformRouteType
from ...models.internal_server_error import InternalServerError
from ...models.not_found_error import NotFoundError
from ...models.platform_response import PlatformResponse
from ...models.rate_limited_error import RateLimitedError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.unauthorized_error import UnauthorizedError
from ...types import UNSET, Unset
from typing import cast
import datetime



def _get_kwargs(
    account_id: str,
    path: str,
    *,
    limit: int | Unset = UNSET,
    offset: int | Unset = UNSET,
    order: GetPlatformRouteOrder | Unset = UNSET,
    query: str | Unset = UNSET,
    type_: GetPlatformRouteType | Unset = UNSET,
    start_date: datetime.date | Unset = UNSET,
    end_date: datetime.date | Unset = UNSET,
    format_: GetPlatformRouteFormat | Unset = UNSET,
    by: GetPlatformRouteBy | Unset = UNSET,
    skip_users: GetPlatformRouteSkipUsers | Unset = UNSET,
    list_: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["offset"] = offset

    json_order: str | Unset = UNSET
    if not isinstance(order, Unset):
        json_order = order

    params["order"] = json_order

    params["query"] = query

    json_type_: str | Unset = UNSET
    if not isinstance(type_, Unset):
        json_type_ = type_

    params["type"] = json_type_

    json_start_date: str | Unset = UNSET
    if not isinstance(start_date, Unset):
        json_start_date = start_date.isoformat()
    params["startDate"] = json_start_date

    json_end_date: str | Unset = UNSET
    if not isinstance(end_date, Unset):
        json_end_date = end_date.isoformat()
    params["endDate"] = json_end_date

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_

    params["format"] = json_format_

    json_by: str | Unset = UNSET
    if not isinstance(by, Unset):
        json_by = by

    params["by"] = json_by

    json_skip_users: str | Unset = UNSET
    if not isinstance(skip_users, Unset):
        json_skip_users = skip_users

    params["skip_users"] = json_skip_users

    params["list"] = list_


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/accounts/{account_id}/platform/{path}".format(account_id=quote(str(account_id), safe=""),path=quote(str(path), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> BadGatewayError | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | PlatformResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    if response.status_code == 200:
        response_200 = PlatformResponse.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = BadRequestError.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = UnauthorizedError.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ForbiddenError.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = NotFoundError.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = ConflictError.from_dict(response.json())



        return response_409

    if response.status_code == 429:
        response_429 = RateLimitedError.from_dict(response.json())



        return response_429

    if response.status_code == 500:
        response_500 = InternalServerError.from_dict(response.json())



        return response_500

    if response.status_code == 502:
        response_502 = BadGatewayError.from_dict(response.json())



        return response_502

    if response.status_code == 503:
        response_503 = ServiceUnavailableError.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[BadGatewayError | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | PlatformResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    account_id: str,
    path: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    offset: int | Unset = UNSET,
    order: GetPlatformRouteOrder | Unset = UNSET,
    query: str | Unset = UNSET,
    type_: GetPlatformRouteType | Unset = UNSET,
    start_date: datetime.date | Unset = UNSET,
    end_date: datetime.date | Unset = UNSET,
    format_: GetPlatformRouteFormat | Unset = UNSET,
    by: GetPlatformRouteBy | Unset = UNSET,
    skip_users: GetPlatformRouteSkipUsers | Unset = UNSET,
    list_: str | Unset = UNSET,

) -> Response[BadGatewayError | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | PlatformResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ Read any catalogued platform route, live

     Runs the platform route of the catalogue whose `GET` path matches `{path}`
    (`:params` filled from the path: `users/4823519/stories/highlights` runs
    `GET /users/:id/stories/highlights` with `id` 4823519) and answers the
    platform's result unchanged in `data`, with `meta.source: live` and
    `meta.asOf` the time of the read. With a test key the sandbox answers,
    from the sandbox creator's data. Needs the `read` scope; key account limits
    apply as for accounts.

    Only the route's own query fields are forwarded, typed and checked (a bad
    value is `400 invalid_parameter` naming it); the others are ignored. A
    path that matches no catalogued read is `404 route_not_found`. Any other
    method is `405 method_not_allowed` with `Allow: GET, HEAD` and a hint naming
    the action type that performs that write, where one exists: changes go
    through actions.

    Each read spends one call of the account's platform budget, shared with
    `fresh=true` reads, MCP's `call_platform` and the syncer
    (`COUNTERSIGN_PLATFORM_BUDGET` calls per `COUNTERSIGN_PLATFORM_BUDGET_WINDOW`
    seconds; default 600 per 60). Over it the answer is `429 rate_limited` with
    `Retry-After`; synced reads keep working.

    Args:
        account_id (str): An account's id, which is the creator's platform user id.
        path (str):
        limit (int | Unset):
        offset (int | Unset):
        order (GetPlatformRouteOrder | Unset):
        query (str | Unset):
        type_ (GetPlatformRouteType | Unset):
        start_date (datetime.date | Unset):
        end_date (datetime.date | Unset):
        format_ (GetPlatformRouteFormat | Unset):
        by (GetPlatformRouteBy | Unset):
        skip_users (GetPlatformRouteSkipUsers | Unset):
        list_ (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadGatewayError | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | PlatformResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        account_id=account_id,
path=path,
limit=limit,
offset=offset,
order=order,
query=query,
type_=type_,
start_date=start_date,
end_date=end_date,
format_=format_,
by=by,
skip_users=skip_users,
list_=list_,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    account_id: str,
    path: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    offset: int | Unset = UNSET,
    order: GetPlatformRouteOrder | Unset = UNSET,
    query: str | Unset = UNSET,
    type_: GetPlatformRouteType | Unset = UNSET,
    start_date: datetime.date | Unset = UNSET,
    end_date: datetime.date | Unset = UNSET,
    format_: GetPlatformRouteFormat | Unset = UNSET,
    by: GetPlatformRouteBy | Unset = UNSET,
    skip_users: GetPlatformRouteSkipUsers | Unset = UNSET,
    list_: str | Unset = UNSET,

) -> BadGatewayError | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | PlatformResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ Read any catalogued platform route, live

     Runs the platform route of the catalogue whose `GET` path matches `{path}`
    (`:params` filled from the path: `users/4823519/stories/highlights` runs
    `GET /users/:id/stories/highlights` with `id` 4823519) and answers the
    platform's result unchanged in `data`, with `meta.source: live` and
    `meta.asOf` the time of the read. With a test key the sandbox answers,
    from the sandbox creator's data. Needs the `read` scope; key account limits
    apply as for accounts.

    Only the route's own query fields are forwarded, typed and checked (a bad
    value is `400 invalid_parameter` naming it); the others are ignored. A
    path that matches no catalogued read is `404 route_not_found`. Any other
    method is `405 method_not_allowed` with `Allow: GET, HEAD` and a hint naming
    the action type that performs that write, where one exists: changes go
    through actions.

    Each read spends one call of the account's platform budget, shared with
    `fresh=true` reads, MCP's `call_platform` and the syncer
    (`COUNTERSIGN_PLATFORM_BUDGET` calls per `COUNTERSIGN_PLATFORM_BUDGET_WINDOW`
    seconds; default 600 per 60). Over it the answer is `429 rate_limited` with
    `Retry-After`; synced reads keep working.

    Args:
        account_id (str): An account's id, which is the creator's platform user id.
        path (str):
        limit (int | Unset):
        offset (int | Unset):
        order (GetPlatformRouteOrder | Unset):
        query (str | Unset):
        type_ (GetPlatformRouteType | Unset):
        start_date (datetime.date | Unset):
        end_date (datetime.date | Unset):
        format_ (GetPlatformRouteFormat | Unset):
        by (GetPlatformRouteBy | Unset):
        skip_users (GetPlatformRouteSkipUsers | Unset):
        list_ (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadGatewayError | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | PlatformResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return sync_detailed(
        account_id=account_id,
path=path,
client=client,
limit=limit,
offset=offset,
order=order,
query=query,
type_=type_,
start_date=start_date,
end_date=end_date,
format_=format_,
by=by,
skip_users=skip_users,
list_=list_,

    ).parsed

async def asyncio_detailed(
    account_id: str,
    path: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    offset: int | Unset = UNSET,
    order: GetPlatformRouteOrder | Unset = UNSET,
    query: str | Unset = UNSET,
    type_: GetPlatformRouteType | Unset = UNSET,
    start_date: datetime.date | Unset = UNSET,
    end_date: datetime.date | Unset = UNSET,
    format_: GetPlatformRouteFormat | Unset = UNSET,
    by: GetPlatformRouteBy | Unset = UNSET,
    skip_users: GetPlatformRouteSkipUsers | Unset = UNSET,
    list_: str | Unset = UNSET,

) -> Response[BadGatewayError | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | PlatformResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ Read any catalogued platform route, live

     Runs the platform route of the catalogue whose `GET` path matches `{path}`
    (`:params` filled from the path: `users/4823519/stories/highlights` runs
    `GET /users/:id/stories/highlights` with `id` 4823519) and answers the
    platform's result unchanged in `data`, with `meta.source: live` and
    `meta.asOf` the time of the read. With a test key the sandbox answers,
    from the sandbox creator's data. Needs the `read` scope; key account limits
    apply as for accounts.

    Only the route's own query fields are forwarded, typed and checked (a bad
    value is `400 invalid_parameter` naming it); the others are ignored. A
    path that matches no catalogued read is `404 route_not_found`. Any other
    method is `405 method_not_allowed` with `Allow: GET, HEAD` and a hint naming
    the action type that performs that write, where one exists: changes go
    through actions.

    Each read spends one call of the account's platform budget, shared with
    `fresh=true` reads, MCP's `call_platform` and the syncer
    (`COUNTERSIGN_PLATFORM_BUDGET` calls per `COUNTERSIGN_PLATFORM_BUDGET_WINDOW`
    seconds; default 600 per 60). Over it the answer is `429 rate_limited` with
    `Retry-After`; synced reads keep working.

    Args:
        account_id (str): An account's id, which is the creator's platform user id.
        path (str):
        limit (int | Unset):
        offset (int | Unset):
        order (GetPlatformRouteOrder | Unset):
        query (str | Unset):
        type_ (GetPlatformRouteType | Unset):
        start_date (datetime.date | Unset):
        end_date (datetime.date | Unset):
        format_ (GetPlatformRouteFormat | Unset):
        by (GetPlatformRouteBy | Unset):
        skip_users (GetPlatformRouteSkipUsers | Unset):
        list_ (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadGatewayError | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | PlatformResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        account_id=account_id,
path=path,
limit=limit,
offset=offset,
order=order,
query=query,
type_=type_,
start_date=start_date,
end_date=end_date,
format_=format_,
by=by,
skip_users=skip_users,
list_=list_,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    account_id: str,
    path: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    offset: int | Unset = UNSET,
    order: GetPlatformRouteOrder | Unset = UNSET,
    query: str | Unset = UNSET,
    type_: GetPlatformRouteType | Unset = UNSET,
    start_date: datetime.date | Unset = UNSET,
    end_date: datetime.date | Unset = UNSET,
    format_: GetPlatformRouteFormat | Unset = UNSET,
    by: GetPlatformRouteBy | Unset = UNSET,
    skip_users: GetPlatformRouteSkipUsers | Unset = UNSET,
    list_: str | Unset = UNSET,

) -> BadGatewayError | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | PlatformResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ Read any catalogued platform route, live

     Runs the platform route of the catalogue whose `GET` path matches `{path}`
    (`:params` filled from the path: `users/4823519/stories/highlights` runs
    `GET /users/:id/stories/highlights` with `id` 4823519) and answers the
    platform's result unchanged in `data`, with `meta.source: live` and
    `meta.asOf` the time of the read. With a test key the sandbox answers,
    from the sandbox creator's data. Needs the `read` scope; key account limits
    apply as for accounts.

    Only the route's own query fields are forwarded, typed and checked (a bad
    value is `400 invalid_parameter` naming it); the others are ignored. A
    path that matches no catalogued read is `404 route_not_found`. Any other
    method is `405 method_not_allowed` with `Allow: GET, HEAD` and a hint naming
    the action type that performs that write, where one exists: changes go
    through actions.

    Each read spends one call of the account's platform budget, shared with
    `fresh=true` reads, MCP's `call_platform` and the syncer
    (`COUNTERSIGN_PLATFORM_BUDGET` calls per `COUNTERSIGN_PLATFORM_BUDGET_WINDOW`
    seconds; default 600 per 60). Over it the answer is `429 rate_limited` with
    `Retry-After`; synced reads keep working.

    Args:
        account_id (str): An account's id, which is the creator's platform user id.
        path (str):
        limit (int | Unset):
        offset (int | Unset):
        order (GetPlatformRouteOrder | Unset):
        query (str | Unset):
        type_ (GetPlatformRouteType | Unset):
        start_date (datetime.date | Unset):
        end_date (datetime.date | Unset):
        format_ (GetPlatformRouteFormat | Unset):
        by (GetPlatformRouteBy | Unset):
        skip_users (GetPlatformRouteSkipUsers | Unset):
        list_ (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadGatewayError | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | PlatformResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return (await asyncio_detailed(
        account_id=account_id,
path=path,
client=client,
limit=limit,
offset=offset,
order=order,
query=query,
type_=type_,
start_date=start_date,
end_date=end_date,
format_=format_,
by=by,
skip_users=skip_users,
list_=list_,

    )).parsed
