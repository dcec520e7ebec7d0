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
from ...models.decision_request import DecisionRequest
from ...models.forbidden_error import ForbiddenError
from ...models.internal_server_error import InternalServerError
from ...models.not_found_error import NotFoundError
from ...models.rate_limited_error import RateLimitedError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.unauthorized_error import UnauthorizedError
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    action_id: str,
    *,
    body: DecisionRequest | Unset = UNSET,
    x_csrf_token: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_csrf_token, Unset):
        headers["x-csrf-token"] = x_csrf_token



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/actions/{action_id}/cancel".format(action_id=quote(str(action_id), safe=""),),
    }

    
    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    if response.status_code == 200:
        response_200 = ActionResponse.from_dict(response.json())



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
    body: DecisionRequest | Unset = UNSET,
    x_csrf_token: str | Unset = UNSET,

) -> Response[ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ Cancel an action before it runs

     Additive. Ends a `pending` action (before its expiry) or an `approved` one that has
    not started running, so that it never runs: the action becomes `cancelled`, with
    who cancelled it in `decidedBy`, the time in `decidedAt` and the note, if any, in
    `decisionNote`; `action.cancelled` is emitted. A key with the `write` scope that
    reaches the account may cancel, or any member signed in to the dashboard (the
    `cs_session` cookie with the `x-csrf-token` header): stopping a write is always
    the safe direction. A cancel and the executor starting the same approved action
    are one conditional write each: exactly one wins, and a cancel that lost gets
    `409 action_not_pending` while the action runs. Cancelling is not idempotent in
    the response: a second cancel of a `cancelled` action gets `409
    action_not_pending` (read the action to see who cancelled it).

    Args:
        action_id (str):
        x_csrf_token (str | Unset):
        body (DecisionRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        action_id=action_id,
body=body,
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
    body: DecisionRequest | Unset = UNSET,
    x_csrf_token: str | Unset = UNSET,

) -> ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ Cancel an action before it runs

     Additive. Ends a `pending` action (before its expiry) or an `approved` one that has
    not started running, so that it never runs: the action becomes `cancelled`, with
    who cancelled it in `decidedBy`, the time in `decidedAt` and the note, if any, in
    `decisionNote`; `action.cancelled` is emitted. A key with the `write` scope that
    reaches the account may cancel, or any member signed in to the dashboard (the
    `cs_session` cookie with the `x-csrf-token` header): stopping a write is always
    the safe direction. A cancel and the executor starting the same approved action
    are one conditional write each: exactly one wins, and a cancel that lost gets
    `409 action_not_pending` while the action runs. Cancelling is not idempotent in
    the response: a second cancel of a `cancelled` action gets `409
    action_not_pending` (read the action to see who cancelled it).

    Args:
        action_id (str):
        x_csrf_token (str | Unset):
        body (DecisionRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return sync_detailed(
        action_id=action_id,
client=client,
body=body,
x_csrf_token=x_csrf_token,

    ).parsed

async def asyncio_detailed(
    action_id: str,
    *,
    client: AuthenticatedClient,
    body: DecisionRequest | Unset = UNSET,
    x_csrf_token: str | Unset = UNSET,

) -> Response[ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ Cancel an action before it runs

     Additive. Ends a `pending` action (before its expiry) or an `approved` one that has
    not started running, so that it never runs: the action becomes `cancelled`, with
    who cancelled it in `decidedBy`, the time in `decidedAt` and the note, if any, in
    `decisionNote`; `action.cancelled` is emitted. A key with the `write` scope that
    reaches the account may cancel, or any member signed in to the dashboard (the
    `cs_session` cookie with the `x-csrf-token` header): stopping a write is always
    the safe direction. A cancel and the executor starting the same approved action
    are one conditional write each: exactly one wins, and a cancel that lost gets
    `409 action_not_pending` while the action runs. Cancelling is not idempotent in
    the response: a second cancel of a `cancelled` action gets `409
    action_not_pending` (read the action to see who cancelled it).

    Args:
        action_id (str):
        x_csrf_token (str | Unset):
        body (DecisionRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        action_id=action_id,
body=body,
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
    body: DecisionRequest | Unset = UNSET,
    x_csrf_token: str | Unset = UNSET,

) -> ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ Cancel an action before it runs

     Additive. Ends a `pending` action (before its expiry) or an `approved` one that has
    not started running, so that it never runs: the action becomes `cancelled`, with
    who cancelled it in `decidedBy`, the time in `decidedAt` and the note, if any, in
    `decisionNote`; `action.cancelled` is emitted. A key with the `write` scope that
    reaches the account may cancel, or any member signed in to the dashboard (the
    `cs_session` cookie with the `x-csrf-token` header): stopping a write is always
    the safe direction. A cancel and the executor starting the same approved action
    are one conditional write each: exactly one wins, and a cancel that lost gets
    `409 action_not_pending` while the action runs. Cancelling is not idempotent in
    the response: a second cancel of a `cancelled` action gets `409
    action_not_pending` (read the action to see who cancelled it).

    Args:
        action_id (str):
        x_csrf_token (str | Unset):
        body (DecisionRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return (await asyncio_detailed(
        action_id=action_id,
client=client,
body=body,
x_csrf_token=x_csrf_token,

    )).parsed
