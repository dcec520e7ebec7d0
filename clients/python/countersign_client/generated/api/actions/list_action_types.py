from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.action_type_list import ActionTypeList
from ...models.forbidden_error import ForbiddenError
from ...models.internal_server_error import InternalServerError
from ...models.rate_limited_error import RateLimitedError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.unauthorized_error import UnauthorizedError
from typing import cast



def _get_kwargs(
    
) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/action-types",
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ActionTypeList | ForbiddenError | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    if response.status_code == 200:
        response_200 = ActionTypeList.from_dict(response.json())



        return response_200

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ActionTypeList | ForbiddenError | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[ActionTypeList | ForbiddenError | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ List action types

     Every action type, generated from the service's registry of types: its
    `type`, what it does on the platform, the platform `routes` it performs
    (written like `POST /chats/:id/mark-as-read`), and its `params` and live-mode
    `result` as JSON Schema with every reference inlined. In test mode every
    type's `result` is `{"simulated": true}`. Every platform write of the
    catalogue is performed by exactly one type. The list is short and
    complete: `hasMore` is always false (`cursor` and `limit` are not taken).
    Needs the `read` scope.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ActionTypeList | ForbiddenError | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,

) -> ActionTypeList | ForbiddenError | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ List action types

     Every action type, generated from the service's registry of types: its
    `type`, what it does on the platform, the platform `routes` it performs
    (written like `POST /chats/:id/mark-as-read`), and its `params` and live-mode
    `result` as JSON Schema with every reference inlined. In test mode every
    type's `result` is `{"simulated": true}`. Every platform write of the
    catalogue is performed by exactly one type. The list is short and
    complete: `hasMore` is always false (`cursor` and `limit` are not taken).
    Needs the `read` scope.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ActionTypeList | ForbiddenError | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return sync_detailed(
        client=client,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[ActionTypeList | ForbiddenError | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ List action types

     Every action type, generated from the service's registry of types: its
    `type`, what it does on the platform, the platform `routes` it performs
    (written like `POST /chats/:id/mark-as-read`), and its `params` and live-mode
    `result` as JSON Schema with every reference inlined. In test mode every
    type's `result` is `{"simulated": true}`. Every platform write of the
    catalogue is performed by exactly one type. The list is short and
    complete: `hasMore` is always false (`cursor` and `limit` are not taken).
    Needs the `read` scope.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ActionTypeList | ForbiddenError | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        
    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,

) -> ActionTypeList | ForbiddenError | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ List action types

     Every action type, generated from the service's registry of types: its
    `type`, what it does on the platform, the platform `routes` it performs
    (written like `POST /chats/:id/mark-as-read`), and its `params` and live-mode
    `result` as JSON Schema with every reference inlined. In test mode every
    type's `result` is `{"simulated": true}`. Every platform write of the
    catalogue is performed by exactly one type. The list is short and
    complete: `hasMore` is always false (`cursor` and `limit` are not taken).
    Needs the `read` scope.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ActionTypeList | ForbiddenError | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed
