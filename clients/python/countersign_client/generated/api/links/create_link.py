from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.bad_request_error import BadRequestError
from ...models.create_link_request import CreateLinkRequest
from ...models.forbidden_error import ForbiddenError
from ...models.hosted_link_response import HostedLinkResponse
from ...models.internal_server_error import InternalServerError
from ...models.rate_limited_error import RateLimitedError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.unauthorized_error import UnauthorizedError
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: CreateLinkRequest | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/links",
    }

    
    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> BadRequestError | ForbiddenError | HostedLinkResponse | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    if response.status_code == 201:
        response_201 = HostedLinkResponse.from_dict(response.json())



        return response_201

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[BadRequestError | ForbiddenError | HostedLinkResponse | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateLinkRequest | Unset = UNSET,

) -> Response[BadRequestError | ForbiddenError | HostedLinkResponse | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ Create a hosted link

     Creates a hosted link to send to a creator. The link starts `waiting` with
    `accountId: null` and works for 24 hours. Nothing is linked until the
    creator finishes; follow progress with Get link or the events
    `account.connected` and `link.failed`. Needs only the `read` scope: it
    does not write to the platform.

    Args:
        body (CreateLinkRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestError | ForbiddenError | HostedLinkResponse | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    body: CreateLinkRequest | Unset = UNSET,

) -> BadRequestError | ForbiddenError | HostedLinkResponse | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ Create a hosted link

     Creates a hosted link to send to a creator. The link starts `waiting` with
    `accountId: null` and works for 24 hours. Nothing is linked until the
    creator finishes; follow progress with Get link or the events
    `account.connected` and `link.failed`. Needs only the `read` scope: it
    does not write to the platform.

    Args:
        body (CreateLinkRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestError | ForbiddenError | HostedLinkResponse | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateLinkRequest | Unset = UNSET,

) -> Response[BadRequestError | ForbiddenError | HostedLinkResponse | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ Create a hosted link

     Creates a hosted link to send to a creator. The link starts `waiting` with
    `accountId: null` and works for 24 hours. Nothing is linked until the
    creator finishes; follow progress with Get link or the events
    `account.connected` and `link.failed`. Needs only the `read` scope: it
    does not write to the platform.

    Args:
        body (CreateLinkRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestError | ForbiddenError | HostedLinkResponse | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateLinkRequest | Unset = UNSET,

) -> BadRequestError | ForbiddenError | HostedLinkResponse | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ Create a hosted link

     Creates a hosted link to send to a creator. The link starts `waiting` with
    `accountId: null` and works for 24 hours. Nothing is linked until the
    creator finishes; follow progress with Get link or the events
    `account.connected` and `link.failed`. Needs only the `read` scope: it
    does not write to the platform.

    Args:
        body (CreateLinkRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestError | ForbiddenError | HostedLinkResponse | InternalServerError | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
