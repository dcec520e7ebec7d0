from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.account_detail_response import AccountDetailResponse
from ...models.bad_request_error import BadRequestError
from ...models.forbidden_error import ForbiddenError
from ...models.internal_server_error import InternalServerError
from ...models.not_found_error import NotFoundError
from ...models.precondition_failed_error import PreconditionFailedError
from ...models.rate_limited_error import RateLimitedError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.set_policy_request import SetPolicyRequest
from ...models.unauthorized_error import UnauthorizedError
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    account_id: str,
    *,
    body: SetPolicyRequest,
    x_csrf_token: str | Unset = UNSET,
    if_match: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_csrf_token, Unset):
        headers["x-csrf-token"] = x_csrf_token

    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/accounts/{account_id}/policy".format(account_id=quote(str(account_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AccountDetailResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    if response.status_code == 200:
        response_200 = AccountDetailResponse.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[AccountDetailResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    account_id: str,
    *,
    client: AuthenticatedClient,
    body: SetPolicyRequest,
    x_csrf_token: str | Unset = UNSET,
    if_match: str | Unset = UNSET,

) -> Response[AccountDetailResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ Set an account's approval policy

     Additive (docs/policies.md). Replaces the account's approval rules, or
    (`rules: null`) makes it follow the workspace default. Only owners and admins
    (`403 missing_permission`, `error.permission` `policies.manage`); the change and its
    audit entry commit together. New actions use the new rules; actions already pending
    keep the requirement captured when they were created. An admin key (the `admin`
    scope; read and write keys get `403 missing_scope`; a test-mode key changes only
    sandbox accounts, else `403 test_key_live_setting`), or a dashboard session (the
    `cs_session` cookie and the `x-csrf-token` header). `If-Match` takes the `ETag` of
    `getAccountPolicy` (`412 precondition_failed` when the setting changed since).

    Args:
        account_id (str): An account's id, which is the creator's platform user id.
        x_csrf_token (str | Unset):
        if_match (str | Unset):
        body (SetPolicyRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AccountDetailResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        account_id=account_id,
body=body,
x_csrf_token=x_csrf_token,
if_match=if_match,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    account_id: str,
    *,
    client: AuthenticatedClient,
    body: SetPolicyRequest,
    x_csrf_token: str | Unset = UNSET,
    if_match: str | Unset = UNSET,

) -> AccountDetailResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ Set an account's approval policy

     Additive (docs/policies.md). Replaces the account's approval rules, or
    (`rules: null`) makes it follow the workspace default. Only owners and admins
    (`403 missing_permission`, `error.permission` `policies.manage`); the change and its
    audit entry commit together. New actions use the new rules; actions already pending
    keep the requirement captured when they were created. An admin key (the `admin`
    scope; read and write keys get `403 missing_scope`; a test-mode key changes only
    sandbox accounts, else `403 test_key_live_setting`), or a dashboard session (the
    `cs_session` cookie and the `x-csrf-token` header). `If-Match` takes the `ETag` of
    `getAccountPolicy` (`412 precondition_failed` when the setting changed since).

    Args:
        account_id (str): An account's id, which is the creator's platform user id.
        x_csrf_token (str | Unset):
        if_match (str | Unset):
        body (SetPolicyRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AccountDetailResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return sync_detailed(
        account_id=account_id,
client=client,
body=body,
x_csrf_token=x_csrf_token,
if_match=if_match,

    ).parsed

async def asyncio_detailed(
    account_id: str,
    *,
    client: AuthenticatedClient,
    body: SetPolicyRequest,
    x_csrf_token: str | Unset = UNSET,
    if_match: str | Unset = UNSET,

) -> Response[AccountDetailResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ Set an account's approval policy

     Additive (docs/policies.md). Replaces the account's approval rules, or
    (`rules: null`) makes it follow the workspace default. Only owners and admins
    (`403 missing_permission`, `error.permission` `policies.manage`); the change and its
    audit entry commit together. New actions use the new rules; actions already pending
    keep the requirement captured when they were created. An admin key (the `admin`
    scope; read and write keys get `403 missing_scope`; a test-mode key changes only
    sandbox accounts, else `403 test_key_live_setting`), or a dashboard session (the
    `cs_session` cookie and the `x-csrf-token` header). `If-Match` takes the `ETag` of
    `getAccountPolicy` (`412 precondition_failed` when the setting changed since).

    Args:
        account_id (str): An account's id, which is the creator's platform user id.
        x_csrf_token (str | Unset):
        if_match (str | Unset):
        body (SetPolicyRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AccountDetailResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        account_id=account_id,
body=body,
x_csrf_token=x_csrf_token,
if_match=if_match,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    account_id: str,
    *,
    client: AuthenticatedClient,
    body: SetPolicyRequest,
    x_csrf_token: str | Unset = UNSET,
    if_match: str | Unset = UNSET,

) -> AccountDetailResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ Set an account's approval policy

     Additive (docs/policies.md). Replaces the account's approval rules, or
    (`rules: null`) makes it follow the workspace default. Only owners and admins
    (`403 missing_permission`, `error.permission` `policies.manage`); the change and its
    audit entry commit together. New actions use the new rules; actions already pending
    keep the requirement captured when they were created. An admin key (the `admin`
    scope; read and write keys get `403 missing_scope`; a test-mode key changes only
    sandbox accounts, else `403 test_key_live_setting`), or a dashboard session (the
    `cs_session` cookie and the `x-csrf-token` header). `If-Match` takes the `ETag` of
    `getAccountPolicy` (`412 precondition_failed` when the setting changed since).

    Args:
        account_id (str): An account's id, which is the creator's platform user id.
        x_csrf_token (str | Unset):
        if_match (str | Unset):
        body (SetPolicyRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AccountDetailResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return (await asyncio_detailed(
        account_id=account_id,
client=client,
body=body,
x_csrf_token=x_csrf_token,
if_match=if_match,

    )).parsed
