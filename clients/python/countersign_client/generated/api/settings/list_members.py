from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.forbidden_error import ForbiddenError
from ...models.internal_server_error import InternalServerError
from ...models.member_list import MemberList
from ...models.rate_limited_error import RateLimitedError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.unauthorized_error import UnauthorizedError
from typing import cast



def _get_kwargs(
    
) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/members",
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ForbiddenError | InternalServerError | MemberList | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    if response.status_code == 200:
        response_200 = MemberList.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ForbiddenError | InternalServerError | MemberList | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,

) -> Response[ForbiddenError | InternalServerError | MemberList | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ List the workspace's members

     Additive. Who signs in to the workspace, with their role, the accounts each is assigned to
    (`accountIds`), whether new actions reach them (`shift`), and the list's `ETag` (a role or
    assignment change or a removal may send it in `If-Match`; shifts do not change it). An admin key
    (the `admin` scope, made only by an owner), or a dashboard session (the `cs_session` cookie with the
    `x-csrf-token` header on writes) of an owner or admin. Read and write keys get `403 missing_scope`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ForbiddenError | InternalServerError | MemberList | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,

) -> ForbiddenError | InternalServerError | MemberList | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ List the workspace's members

     Additive. Who signs in to the workspace, with their role, the accounts each is assigned to
    (`accountIds`), whether new actions reach them (`shift`), and the list's `ETag` (a role or
    assignment change or a removal may send it in `If-Match`; shifts do not change it). An admin key
    (the `admin` scope, made only by an owner), or a dashboard session (the `cs_session` cookie with the
    `x-csrf-token` header on writes) of an owner or admin. Read and write keys get `403 missing_scope`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ForbiddenError | InternalServerError | MemberList | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return sync_detailed(
        client=client,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,

) -> Response[ForbiddenError | InternalServerError | MemberList | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ List the workspace's members

     Additive. Who signs in to the workspace, with their role, the accounts each is assigned to
    (`accountIds`), whether new actions reach them (`shift`), and the list's `ETag` (a role or
    assignment change or a removal may send it in `If-Match`; shifts do not change it). An admin key
    (the `admin` scope, made only by an owner), or a dashboard session (the `cs_session` cookie with the
    `x-csrf-token` header on writes) of an owner or admin. Read and write keys get `403 missing_scope`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ForbiddenError | InternalServerError | MemberList | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        
    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,

) -> ForbiddenError | InternalServerError | MemberList | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ List the workspace's members

     Additive. Who signs in to the workspace, with their role, the accounts each is assigned to
    (`accountIds`), whether new actions reach them (`shift`), and the list's `ETag` (a role or
    assignment change or a removal may send it in `If-Match`; shifts do not change it). An admin key
    (the `admin` scope, made only by an owner), or a dashboard session (the `cs_session` cookie with the
    `x-csrf-token` header on writes) of an owner or admin. Read and write keys get `403 missing_scope`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ForbiddenError | InternalServerError | MemberList | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed
