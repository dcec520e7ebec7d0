from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.account_policy_response import AccountPolicyResponse
from ...models.forbidden_error import ForbiddenError
from ...models.internal_server_error import InternalServerError
from ...models.not_found_error import NotFoundError
from ...models.rate_limited_error import RateLimitedError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.unauthorized_error import UnauthorizedError
from typing import cast



def _get_kwargs(
    account_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/accounts/{account_id}/policy".format(account_id=quote(str(account_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AccountPolicyResponse | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    if response.status_code == 200:
        response_200 = AccountPolicyResponse.from_dict(response.json())



        return response_200

    if response.status_code == 401:
        response_401 = UnauthorizedError.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ForbiddenError.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = NotFoundError.from_dict(response.json())



        return response_404

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[AccountPolicyResponse | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
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

) -> Response[AccountPolicyResponse | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ Read an account's approval policy and limits

     Additive. The rules for the account's new actions and its daily limits (each with `used`), with
    `source`: the account's own (`account`) or the workspace default it follows (`workspace`). The
    `ETag` is of the account's own setting; `setAccountPolicy` takes it in `If-Match`. An admin key (the
    `admin` scope, made only by an owner), or a dashboard session (the `cs_session` cookie with the
    `x-csrf-token` header on writes) of an owner or admin. Read and write keys get `403 missing_scope`.

    Args:
        account_id (str): An account's id, which is the creator's platform user id.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AccountPolicyResponse | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        account_id=account_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    account_id: str,
    *,
    client: AuthenticatedClient,

) -> AccountPolicyResponse | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ Read an account's approval policy and limits

     Additive. The rules for the account's new actions and its daily limits (each with `used`), with
    `source`: the account's own (`account`) or the workspace default it follows (`workspace`). The
    `ETag` is of the account's own setting; `setAccountPolicy` takes it in `If-Match`. An admin key (the
    `admin` scope, made only by an owner), or a dashboard session (the `cs_session` cookie with the
    `x-csrf-token` header on writes) of an owner or admin. Read and write keys get `403 missing_scope`.

    Args:
        account_id (str): An account's id, which is the creator's platform user id.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AccountPolicyResponse | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return sync_detailed(
        account_id=account_id,
client=client,

    ).parsed

async def asyncio_detailed(
    account_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[AccountPolicyResponse | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ Read an account's approval policy and limits

     Additive. The rules for the account's new actions and its daily limits (each with `used`), with
    `source`: the account's own (`account`) or the workspace default it follows (`workspace`). The
    `ETag` is of the account's own setting; `setAccountPolicy` takes it in `If-Match`. An admin key (the
    `admin` scope, made only by an owner), or a dashboard session (the `cs_session` cookie with the
    `x-csrf-token` header on writes) of an owner or admin. Read and write keys get `403 missing_scope`.

    Args:
        account_id (str): An account's id, which is the creator's platform user id.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AccountPolicyResponse | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        account_id=account_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    account_id: str,
    *,
    client: AuthenticatedClient,

) -> AccountPolicyResponse | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ Read an account's approval policy and limits

     Additive. The rules for the account's new actions and its daily limits (each with `used`), with
    `source`: the account's own (`account`) or the workspace default it follows (`workspace`). The
    `ETag` is of the account's own setting; `setAccountPolicy` takes it in `If-Match`. An admin key (the
    `admin` scope, made only by an owner), or a dashboard session (the `cs_session` cookie with the
    `x-csrf-token` header on writes) of an owner or admin. Read and write keys get `403 missing_scope`.

    Args:
        account_id (str): An account's id, which is the creator's platform user id.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AccountPolicyResponse | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return (await asyncio_detailed(
        account_id=account_id,
client=client,

    )).parsed
