from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.action_response import ActionResponse
from ...models.bad_request_error import BadRequestError
from ...models.conflict_error import ConflictError
from ...models.forbidden_error import ForbiddenError
from ...models.internal_server_error import InternalServerError
from ...models.not_found_error import NotFoundError
from ...models.rate_limited_error import RateLimitedError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.unauthorized_error import UnauthorizedError
from typing import cast



def _get_kwargs(
    action_id: str,
    *,
    x_csrf_token: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["x-csrf-token"] = x_csrf_token



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/actions/{action_id}/request-again".format(action_id=quote(str(action_id), safe=""),),
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    if response.status_code == 200:
        response_200 = ActionResponse.from_dict(response.json())



        return response_200

    if response.status_code == 201:
        response_201 = ActionResponse.from_dict(response.json())



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

    if response.status_code == 503:
        response_503 = ServiceUnavailableError.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    action_id: str,
    *,
    client: AuthenticatedClient,
    x_csrf_token: str,

) -> Response[ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ Ask again for an expired or rejected action

     Additive. Creates a new `pending` action with the same `params` as an
    `expired` or `rejected` one, asked by the signed-in person (`requestedBy.kind`
    `user`, so that person cannot approve it) and naming the original in `replaces`;
    the original names the new one in `replacedBy`. The account's approval policy as it
    is now applies to the new action, its daily limits included (`429
    write_limit_exceeded` with `Retry-After` when one more would pass a limit, as at
    creation). Asking again for the same action twice returns the
    same new action (200). Session-authorised like approve: the `cs_session` cookie and
    the `x-csrf-token` header; API keys get `403 dashboard_key_only`.

    Args:
        action_id (str):
        x_csrf_token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        action_id=action_id,
x_csrf_token=x_csrf_token,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    action_id: str,
    *,
    client: AuthenticatedClient,
    x_csrf_token: str,

) -> ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ Ask again for an expired or rejected action

     Additive. Creates a new `pending` action with the same `params` as an
    `expired` or `rejected` one, asked by the signed-in person (`requestedBy.kind`
    `user`, so that person cannot approve it) and naming the original in `replaces`;
    the original names the new one in `replacedBy`. The account's approval policy as it
    is now applies to the new action, its daily limits included (`429
    write_limit_exceeded` with `Retry-After` when one more would pass a limit, as at
    creation). Asking again for the same action twice returns the
    same new action (200). Session-authorised like approve: the `cs_session` cookie and
    the `x-csrf-token` header; API keys get `403 dashboard_key_only`.

    Args:
        action_id (str):
        x_csrf_token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return sync_detailed(
        action_id=action_id,
client=client,
x_csrf_token=x_csrf_token,

    ).parsed

async def asyncio_detailed(
    action_id: str,
    *,
    client: AuthenticatedClient,
    x_csrf_token: str,

) -> Response[ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ Ask again for an expired or rejected action

     Additive. Creates a new `pending` action with the same `params` as an
    `expired` or `rejected` one, asked by the signed-in person (`requestedBy.kind`
    `user`, so that person cannot approve it) and naming the original in `replaces`;
    the original names the new one in `replacedBy`. The account's approval policy as it
    is now applies to the new action, its daily limits included (`429
    write_limit_exceeded` with `Retry-After` when one more would pass a limit, as at
    creation). Asking again for the same action twice returns the
    same new action (200). Session-authorised like approve: the `cs_session` cookie and
    the `x-csrf-token` header; API keys get `403 dashboard_key_only`.

    Args:
        action_id (str):
        x_csrf_token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        action_id=action_id,
x_csrf_token=x_csrf_token,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    action_id: str,
    *,
    client: AuthenticatedClient,
    x_csrf_token: str,

) -> ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ Ask again for an expired or rejected action

     Additive. Creates a new `pending` action with the same `params` as an
    `expired` or `rejected` one, asked by the signed-in person (`requestedBy.kind`
    `user`, so that person cannot approve it) and naming the original in `replaces`;
    the original names the new one in `replacedBy`. The account's approval policy as it
    is now applies to the new action, its daily limits included (`429
    write_limit_exceeded` with `Retry-After` when one more would pass a limit, as at
    creation). Asking again for the same action twice returns the
    same new action (200). Session-authorised like approve: the `cs_session` cookie and
    the `x-csrf-token` header; API keys get `403 dashboard_key_only`.

    Args:
        action_id (str):
        x_csrf_token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return (await asyncio_detailed(
        action_id=action_id,
client=client,
x_csrf_token=x_csrf_token,

    )).parsed
