from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.bad_request_error import BadRequestError
from ...models.conflict_error import ConflictError
from ...models.forbidden_error import ForbiddenError
from ...models.internal_server_error import InternalServerError
from ...models.member_response import MemberResponse
from ...models.not_found_error import NotFoundError
from ...models.precondition_failed_error import PreconditionFailedError
from ...models.rate_limited_error import RateLimitedError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.unauthorized_error import UnauthorizedError
from ...models.update_member_request import UpdateMemberRequest
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    member_id: str,
    *,
    body: UpdateMemberRequest,
    x_csrf_token: str | Unset = UNSET,
    if_match: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_csrf_token, Unset):
        headers["x-csrf-token"] = x_csrf_token

    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match



    

    

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/members/{member_id}".format(member_id=quote(str(member_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> BadRequestError | ConflictError | ForbiddenError | InternalServerError | MemberResponse | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    if response.status_code == 200:
        response_200 = MemberResponse.from_dict(response.json())



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

    if response.status_code == 412:
        response_412 = PreconditionFailedError.from_dict(response.json())



        return response_412

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[BadRequestError | ConflictError | ForbiddenError | InternalServerError | MemberResponse | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    member_id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateMemberRequest,
    x_csrf_token: str | Unset = UNSET,
    if_match: str | Unset = UNSET,

) -> Response[BadRequestError | ConflictError | ForbiddenError | InternalServerError | MemberResponse | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ Change a member's role or assigned accounts

     Additive. `role`, `accountIds` (the accounts a `member` sees and decides; null for all), or both.
    Only an owner (or an admin key, which only an owner makes) makes or unmakes owners; the last owner
    cannot be demoted (`409 last_owner`). `If-Match` takes the `ETag` of `listMembers`. Audited. An
    admin key (the `admin` scope, made only by an owner), or a dashboard session (the `cs_session`
    cookie with the `x-csrf-token` header on writes) of an owner or admin. Read and write keys get `403
    missing_scope`.

    Args:
        member_id (str):
        x_csrf_token (str | Unset):
        if_match (str | Unset):
        body (UpdateMemberRequest): `role`, `accountIds` or both; neither is `400
            invalid_parameter`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestError | ConflictError | ForbiddenError | InternalServerError | MemberResponse | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        member_id=member_id,
body=body,
x_csrf_token=x_csrf_token,
if_match=if_match,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    member_id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateMemberRequest,
    x_csrf_token: str | Unset = UNSET,
    if_match: str | Unset = UNSET,

) -> BadRequestError | ConflictError | ForbiddenError | InternalServerError | MemberResponse | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ Change a member's role or assigned accounts

     Additive. `role`, `accountIds` (the accounts a `member` sees and decides; null for all), or both.
    Only an owner (or an admin key, which only an owner makes) makes or unmakes owners; the last owner
    cannot be demoted (`409 last_owner`). `If-Match` takes the `ETag` of `listMembers`. Audited. An
    admin key (the `admin` scope, made only by an owner), or a dashboard session (the `cs_session`
    cookie with the `x-csrf-token` header on writes) of an owner or admin. Read and write keys get `403
    missing_scope`.

    Args:
        member_id (str):
        x_csrf_token (str | Unset):
        if_match (str | Unset):
        body (UpdateMemberRequest): `role`, `accountIds` or both; neither is `400
            invalid_parameter`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestError | ConflictError | ForbiddenError | InternalServerError | MemberResponse | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return sync_detailed(
        member_id=member_id,
client=client,
body=body,
x_csrf_token=x_csrf_token,
if_match=if_match,

    ).parsed

async def asyncio_detailed(
    member_id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateMemberRequest,
    x_csrf_token: str | Unset = UNSET,
    if_match: str | Unset = UNSET,

) -> Response[BadRequestError | ConflictError | ForbiddenError | InternalServerError | MemberResponse | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ Change a member's role or assigned accounts

     Additive. `role`, `accountIds` (the accounts a `member` sees and decides; null for all), or both.
    Only an owner (or an admin key, which only an owner makes) makes or unmakes owners; the last owner
    cannot be demoted (`409 last_owner`). `If-Match` takes the `ETag` of `listMembers`. Audited. An
    admin key (the `admin` scope, made only by an owner), or a dashboard session (the `cs_session`
    cookie with the `x-csrf-token` header on writes) of an owner or admin. Read and write keys get `403
    missing_scope`.

    Args:
        member_id (str):
        x_csrf_token (str | Unset):
        if_match (str | Unset):
        body (UpdateMemberRequest): `role`, `accountIds` or both; neither is `400
            invalid_parameter`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestError | ConflictError | ForbiddenError | InternalServerError | MemberResponse | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        member_id=member_id,
body=body,
x_csrf_token=x_csrf_token,
if_match=if_match,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    member_id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateMemberRequest,
    x_csrf_token: str | Unset = UNSET,
    if_match: str | Unset = UNSET,

) -> BadRequestError | ConflictError | ForbiddenError | InternalServerError | MemberResponse | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ Change a member's role or assigned accounts

     Additive. `role`, `accountIds` (the accounts a `member` sees and decides; null for all), or both.
    Only an owner (or an admin key, which only an owner makes) makes or unmakes owners; the last owner
    cannot be demoted (`409 last_owner`). `If-Match` takes the `ETag` of `listMembers`. Audited. An
    admin key (the `admin` scope, made only by an owner), or a dashboard session (the `cs_session`
    cookie with the `x-csrf-token` header on writes) of an owner or admin. Read and write keys get `403
    missing_scope`.

    Args:
        member_id (str):
        x_csrf_token (str | Unset):
        if_match (str | Unset):
        body (UpdateMemberRequest): `role`, `accountIds` or both; neither is `400
            invalid_parameter`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestError | ConflictError | ForbiddenError | InternalServerError | MemberResponse | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return (await asyncio_detailed(
        member_id=member_id,
client=client,
body=body,
x_csrf_token=x_csrf_token,
if_match=if_match,

    )).parsed
