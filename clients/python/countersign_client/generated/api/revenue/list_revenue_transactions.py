from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.bad_request_error import BadRequestError
from ...models.forbidden_error import ForbiddenError
from ...models.internal_server_error import InternalServerError
from ...models.rate_limited_error import RateLimitedError
from ...models.revenue_transaction_page import RevenueTransactionPage
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.unauthorized_error import UnauthorizedError
from ...types import UNSET, Unset
from typing import cast
import datetime



def _get_kwargs(
    *,
    since: datetime.datetime | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 500,
    account: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_since: str | Unset = UNSET
    if not isinstance(since, Unset):
        json_since = since.isoformat()
    params["since"] = json_since

    params["cursor"] = cursor

    params["limit"] = limit

    params["account"] = account


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/revenue/transactions",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> BadRequestError | ForbiddenError | InternalServerError | RateLimitedError | RevenueTransactionPage | ServiceUnavailableError | UnauthorizedError | None:
    if response.status_code == 200:
        response_200 = RevenueTransactionPage.from_dict(response.json())



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

    if response.status_code == 429:
        response_429 = RateLimitedError.from_dict(response.json())



        return response_429

    if response.status_code == 500:
        response_500 = InternalServerError.from_dict(response.json())



        return response_500

    if response.status_code == 503:
        response_503 = ServiceUnavailableError.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[BadRequestError | ForbiddenError | InternalServerError | RateLimitedError | RevenueTransactionPage | ServiceUnavailableError | UnauthorizedError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    since: datetime.datetime | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 500,
    account: str | Unset = UNSET,

) -> Response[BadRequestError | ForbiddenError | InternalServerError | RateLimitedError | RevenueTransactionPage | ServiceUnavailableError | UnauthorizedError]:
    """ Pull revenue transactions

     Returns transaction rows ordered by `observedAt`, oldest first. A
    transaction appears again, with the same `id`, each time its status or
    amounts change or it is deleted; the latest row for an id is current.

    To poll: make the first call with `since` (or nothing, for the last 24
    hours), store `nextCursor`, and pass it back as `cursor` on the next call.
    When `hasMore` is false you are caught up; keep the last `nextCursor` and
    call again later. `since` and `cursor` are never combined.

    Authenticates with `x-service-api-key` only. The body is not the `/v1`
    envelope. A key that cannot list its accounts must name one with
    `account`.

    Args:
        since (datetime.datetime | Unset):
        cursor (str | Unset):
        limit (int | Unset):  Default: 500.
        account (str | Unset): An account's id, which is the creator's platform user id.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestError | ForbiddenError | InternalServerError | RateLimitedError | RevenueTransactionPage | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        since=since,
cursor=cursor,
limit=limit,
account=account,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    since: datetime.datetime | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 500,
    account: str | Unset = UNSET,

) -> BadRequestError | ForbiddenError | InternalServerError | RateLimitedError | RevenueTransactionPage | ServiceUnavailableError | UnauthorizedError | None:
    """ Pull revenue transactions

     Returns transaction rows ordered by `observedAt`, oldest first. A
    transaction appears again, with the same `id`, each time its status or
    amounts change or it is deleted; the latest row for an id is current.

    To poll: make the first call with `since` (or nothing, for the last 24
    hours), store `nextCursor`, and pass it back as `cursor` on the next call.
    When `hasMore` is false you are caught up; keep the last `nextCursor` and
    call again later. `since` and `cursor` are never combined.

    Authenticates with `x-service-api-key` only. The body is not the `/v1`
    envelope. A key that cannot list its accounts must name one with
    `account`.

    Args:
        since (datetime.datetime | Unset):
        cursor (str | Unset):
        limit (int | Unset):  Default: 500.
        account (str | Unset): An account's id, which is the creator's platform user id.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestError | ForbiddenError | InternalServerError | RateLimitedError | RevenueTransactionPage | ServiceUnavailableError | UnauthorizedError
     """


    return sync_detailed(
        client=client,
since=since,
cursor=cursor,
limit=limit,
account=account,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    since: datetime.datetime | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 500,
    account: str | Unset = UNSET,

) -> Response[BadRequestError | ForbiddenError | InternalServerError | RateLimitedError | RevenueTransactionPage | ServiceUnavailableError | UnauthorizedError]:
    """ Pull revenue transactions

     Returns transaction rows ordered by `observedAt`, oldest first. A
    transaction appears again, with the same `id`, each time its status or
    amounts change or it is deleted; the latest row for an id is current.

    To poll: make the first call with `since` (or nothing, for the last 24
    hours), store `nextCursor`, and pass it back as `cursor` on the next call.
    When `hasMore` is false you are caught up; keep the last `nextCursor` and
    call again later. `since` and `cursor` are never combined.

    Authenticates with `x-service-api-key` only. The body is not the `/v1`
    envelope. A key that cannot list its accounts must name one with
    `account`.

    Args:
        since (datetime.datetime | Unset):
        cursor (str | Unset):
        limit (int | Unset):  Default: 500.
        account (str | Unset): An account's id, which is the creator's platform user id.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestError | ForbiddenError | InternalServerError | RateLimitedError | RevenueTransactionPage | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        since=since,
cursor=cursor,
limit=limit,
account=account,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    since: datetime.datetime | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 500,
    account: str | Unset = UNSET,

) -> BadRequestError | ForbiddenError | InternalServerError | RateLimitedError | RevenueTransactionPage | ServiceUnavailableError | UnauthorizedError | None:
    """ Pull revenue transactions

     Returns transaction rows ordered by `observedAt`, oldest first. A
    transaction appears again, with the same `id`, each time its status or
    amounts change or it is deleted; the latest row for an id is current.

    To poll: make the first call with `since` (or nothing, for the last 24
    hours), store `nextCursor`, and pass it back as `cursor` on the next call.
    When `hasMore` is false you are caught up; keep the last `nextCursor` and
    call again later. `since` and `cursor` are never combined.

    Authenticates with `x-service-api-key` only. The body is not the `/v1`
    envelope. A key that cannot list its accounts must name one with
    `account`.

    Args:
        since (datetime.datetime | Unset):
        cursor (str | Unset):
        limit (int | Unset):  Default: 500.
        account (str | Unset): An account's id, which is the creator's platform user id.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestError | ForbiddenError | InternalServerError | RateLimitedError | RevenueTransactionPage | ServiceUnavailableError | UnauthorizedError
     """


    return (await asyncio_detailed(
        client=client,
since=since,
cursor=cursor,
limit=limit,
account=account,

    )).parsed
