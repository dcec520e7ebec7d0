from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.action_list import ActionList
from ...models.bad_request_error import BadRequestError
from ...models.forbidden_error import ForbiddenError
from ...models.internal_server_error import InternalServerError
from ...models.list_actions_status import check_list_actions_status
from ...models.list_actions_status import ListActionsStatus
from ...models.rate_limited_error import RateLimitedError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.unauthorized_error import UnauthorizedError
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    status: ListActionsStatus | Unset = 'all',
    account_id: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 25,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    params["accountId"] = account_id

    params["cursor"] = cursor

    params["limit"] = limit


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/actions",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ActionList | BadRequestError | ForbiddenError | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    if response.status_code == 200:
        response_200 = ActionList.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ActionList | BadRequestError | ForbiddenError | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    status: ListActionsStatus | Unset = 'all',
    account_id: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 25,

) -> Response[ActionList | BadRequestError | ForbiddenError | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ List actions

     Lists the workspace's actions, newest first. A key limited to some
    accounts sees only their actions; a filter on an account the key cannot
    see gives an empty list. Needs the `read` scope.

    Args:
        status (ListActionsStatus | Unset):  Default: 'all'.
        account_id (str | Unset): An account's id, which is the creator's platform user id.
        cursor (str | Unset):
        limit (int | Unset):  Default: 25.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ActionList | BadRequestError | ForbiddenError | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        status=status,
account_id=account_id,
cursor=cursor,
limit=limit,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    status: ListActionsStatus | Unset = 'all',
    account_id: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 25,

) -> ActionList | BadRequestError | ForbiddenError | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ List actions

     Lists the workspace's actions, newest first. A key limited to some
    accounts sees only their actions; a filter on an account the key cannot
    see gives an empty list. Needs the `read` scope.

    Args:
        status (ListActionsStatus | Unset):  Default: 'all'.
        account_id (str | Unset): An account's id, which is the creator's platform user id.
        cursor (str | Unset):
        limit (int | Unset):  Default: 25.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ActionList | BadRequestError | ForbiddenError | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return sync_detailed(
        client=client,
status=status,
account_id=account_id,
cursor=cursor,
limit=limit,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    status: ListActionsStatus | Unset = 'all',
    account_id: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 25,

) -> Response[ActionList | BadRequestError | ForbiddenError | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ List actions

     Lists the workspace's actions, newest first. A key limited to some
    accounts sees only their actions; a filter on an account the key cannot
    see gives an empty list. Needs the `read` scope.

    Args:
        status (ListActionsStatus | Unset):  Default: 'all'.
        account_id (str | Unset): An account's id, which is the creator's platform user id.
        cursor (str | Unset):
        limit (int | Unset):  Default: 25.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ActionList | BadRequestError | ForbiddenError | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        status=status,
account_id=account_id,
cursor=cursor,
limit=limit,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    status: ListActionsStatus | Unset = 'all',
    account_id: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 25,

) -> ActionList | BadRequestError | ForbiddenError | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ List actions

     Lists the workspace's actions, newest first. A key limited to some
    accounts sees only their actions; a filter on an account the key cannot
    see gives an empty list. Needs the `read` scope.

    Args:
        status (ListActionsStatus | Unset):  Default: 'all'.
        account_id (str | Unset): An account's id, which is the creator's platform user id.
        cursor (str | Unset):
        limit (int | Unset):  Default: 25.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ActionList | BadRequestError | ForbiddenError | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return (await asyncio_detailed(
        client=client,
status=status,
account_id=account_id,
cursor=cursor,
limit=limit,

    )).parsed
