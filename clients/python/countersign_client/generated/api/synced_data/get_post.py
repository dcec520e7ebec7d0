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
from ...models.internal_server_error import InternalServerError
from ...models.not_found_error import NotFoundError
from ...models.post_response import PostResponse
from ...models.rate_limited_error import RateLimitedError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.unauthorized_error import UnauthorizedError
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    account_id: str,
    post_id: str,
    *,
    fresh: bool | Unset = False,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["fresh"] = fresh


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/accounts/{account_id}/posts/{post_id}".format(account_id=quote(str(account_id), safe=""),post_id=quote(str(post_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> BadGatewayError | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | PostResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    if response.status_code == 200:
        response_200 = PostResponse.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[BadGatewayError | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | PostResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    account_id: str,
    post_id: str,
    *,
    client: AuthenticatedClient | Client,
    fresh: bool | Unset = False,

) -> Response[BadGatewayError | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | PostResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ Get one post

     One post. An id not in the synced posts (or, with `fresh=true`, unknown to the
    platform) is `404 resource_not_found`. Needs the `read` scope.

    Args:
        account_id (str): An account's id, which is the creator's platform user id.
        post_id (str): An id on the platform (fan, fan list, message, vault media). Never holds a
            C0 or C1
            control character, U+2028 or U+2029, or a bidirectional formatting character
            (U+202A to U+202E, U+2066 to U+2069): it ends up in paths, summaries, logs and mail
            subjects, where those would break lines or reorder what a reader sees. Such an id
            is `400 invalid_parameter` naming the param. Never `.` or `..` either (a path that
            normalises would read those as another route).
        fresh (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadGatewayError | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | PostResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        account_id=account_id,
post_id=post_id,
fresh=fresh,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    account_id: str,
    post_id: str,
    *,
    client: AuthenticatedClient | Client,
    fresh: bool | Unset = False,

) -> BadGatewayError | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | PostResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ Get one post

     One post. An id not in the synced posts (or, with `fresh=true`, unknown to the
    platform) is `404 resource_not_found`. Needs the `read` scope.

    Args:
        account_id (str): An account's id, which is the creator's platform user id.
        post_id (str): An id on the platform (fan, fan list, message, vault media). Never holds a
            C0 or C1
            control character, U+2028 or U+2029, or a bidirectional formatting character
            (U+202A to U+202E, U+2066 to U+2069): it ends up in paths, summaries, logs and mail
            subjects, where those would break lines or reorder what a reader sees. Such an id
            is `400 invalid_parameter` naming the param. Never `.` or `..` either (a path that
            normalises would read those as another route).
        fresh (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadGatewayError | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | PostResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return sync_detailed(
        account_id=account_id,
post_id=post_id,
client=client,
fresh=fresh,

    ).parsed

async def asyncio_detailed(
    account_id: str,
    post_id: str,
    *,
    client: AuthenticatedClient | Client,
    fresh: bool | Unset = False,

) -> Response[BadGatewayError | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | PostResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ Get one post

     One post. An id not in the synced posts (or, with `fresh=true`, unknown to the
    platform) is `404 resource_not_found`. Needs the `read` scope.

    Args:
        account_id (str): An account's id, which is the creator's platform user id.
        post_id (str): An id on the platform (fan, fan list, message, vault media). Never holds a
            C0 or C1
            control character, U+2028 or U+2029, or a bidirectional formatting character
            (U+202A to U+202E, U+2066 to U+2069): it ends up in paths, summaries, logs and mail
            subjects, where those would break lines or reorder what a reader sees. Such an id
            is `400 invalid_parameter` naming the param. Never `.` or `..` either (a path that
            normalises would read those as another route).
        fresh (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadGatewayError | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | PostResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        account_id=account_id,
post_id=post_id,
fresh=fresh,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    account_id: str,
    post_id: str,
    *,
    client: AuthenticatedClient | Client,
    fresh: bool | Unset = False,

) -> BadGatewayError | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | PostResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ Get one post

     One post. An id not in the synced posts (or, with `fresh=true`, unknown to the
    platform) is `404 resource_not_found`. Needs the `read` scope.

    Args:
        account_id (str): An account's id, which is the creator's platform user id.
        post_id (str): An id on the platform (fan, fan list, message, vault media). Never holds a
            C0 or C1
            control character, U+2028 or U+2029, or a bidirectional formatting character
            (U+202A to U+202E, U+2066 to U+2069): it ends up in paths, summaries, logs and mail
            subjects, where those would break lines or reorder what a reader sees. Such an id
            is `400 invalid_parameter` naming the param. Never `.` or `..` either (a path that
            normalises would read those as another route).
        fresh (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadGatewayError | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | PostResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return (await asyncio_detailed(
        account_id=account_id,
post_id=post_id,
client=client,
fresh=fresh,

    )).parsed
