from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.action_response import ActionResponse
from ...models.approve_request import ApproveRequest
from ...models.bad_request_error import BadRequestError
from ...models.conflict_error import ConflictError
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
    body: ApproveRequest | Unset = UNSET,
    x_csrf_token: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["x-csrf-token"] = x_csrf_token



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/actions/{action_id}/approve".format(action_id=quote(str(action_id), safe=""),),
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
    body: ApproveRequest | Unset = UNSET,
    x_csrf_token: str,

) -> Response[ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ Approve an action

     Approves a pending action; it then runs on the platform (or, in test mode,
    in the sandbox). Only a person signed in to the dashboard can do this:
    API keys and OAuth credentials get `403 dashboard_key_only`. The request
    needs the `cs_session` cookie and the `x-csrf-token` header. Exactly one
    decision wins: a second approve or reject gets `409 action_not_pending`.

    Approval policies (docs/policies.md): when the action needs two
    approvals (`approvalsRequired: 2`), the first is recorded in `approvals` and the
    action stays `pending` (`approvalsNeeded: 1`); a second approval by a different
    person makes it `approved`, with `decidedBy` and `decidedAt` of that approval.
    Nobody approves their own request (`403 missing_permission`, `error.permission`
    `actions.approve_own`) or counts twice (`actions.approve_twice`, nothing changes);
    under `approvers: admins` only admins and owners decide (`actions.decide_restricted`).
    With `params`, the approver edits the action first (only narrower than asked) and
    the quorum starts again from this approval. The writes switch overrides every
    policy: while writes are off, approvals get `403 writes_disabled`.

    Args:
        action_id (str):
        x_csrf_token (str):
        body (ApproveRequest | Unset):

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
    body: ApproveRequest | Unset = UNSET,
    x_csrf_token: str,

) -> ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ Approve an action

     Approves a pending action; it then runs on the platform (or, in test mode,
    in the sandbox). Only a person signed in to the dashboard can do this:
    API keys and OAuth credentials get `403 dashboard_key_only`. The request
    needs the `cs_session` cookie and the `x-csrf-token` header. Exactly one
    decision wins: a second approve or reject gets `409 action_not_pending`.

    Approval policies (docs/policies.md): when the action needs two
    approvals (`approvalsRequired: 2`), the first is recorded in `approvals` and the
    action stays `pending` (`approvalsNeeded: 1`); a second approval by a different
    person makes it `approved`, with `decidedBy` and `decidedAt` of that approval.
    Nobody approves their own request (`403 missing_permission`, `error.permission`
    `actions.approve_own`) or counts twice (`actions.approve_twice`, nothing changes);
    under `approvers: admins` only admins and owners decide (`actions.decide_restricted`).
    With `params`, the approver edits the action first (only narrower than asked) and
    the quorum starts again from this approval. The writes switch overrides every
    policy: while writes are off, approvals get `403 writes_disabled`.

    Args:
        action_id (str):
        x_csrf_token (str):
        body (ApproveRequest | Unset):

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
    body: ApproveRequest | Unset = UNSET,
    x_csrf_token: str,

) -> Response[ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ Approve an action

     Approves a pending action; it then runs on the platform (or, in test mode,
    in the sandbox). Only a person signed in to the dashboard can do this:
    API keys and OAuth credentials get `403 dashboard_key_only`. The request
    needs the `cs_session` cookie and the `x-csrf-token` header. Exactly one
    decision wins: a second approve or reject gets `409 action_not_pending`.

    Approval policies (docs/policies.md): when the action needs two
    approvals (`approvalsRequired: 2`), the first is recorded in `approvals` and the
    action stays `pending` (`approvalsNeeded: 1`); a second approval by a different
    person makes it `approved`, with `decidedBy` and `decidedAt` of that approval.
    Nobody approves their own request (`403 missing_permission`, `error.permission`
    `actions.approve_own`) or counts twice (`actions.approve_twice`, nothing changes);
    under `approvers: admins` only admins and owners decide (`actions.decide_restricted`).
    With `params`, the approver edits the action first (only narrower than asked) and
    the quorum starts again from this approval. The writes switch overrides every
    policy: while writes are off, approvals get `403 writes_disabled`.

    Args:
        action_id (str):
        x_csrf_token (str):
        body (ApproveRequest | Unset):

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
    body: ApproveRequest | Unset = UNSET,
    x_csrf_token: str,

) -> ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ Approve an action

     Approves a pending action; it then runs on the platform (or, in test mode,
    in the sandbox). Only a person signed in to the dashboard can do this:
    API keys and OAuth credentials get `403 dashboard_key_only`. The request
    needs the `cs_session` cookie and the `x-csrf-token` header. Exactly one
    decision wins: a second approve or reject gets `409 action_not_pending`.

    Approval policies (docs/policies.md): when the action needs two
    approvals (`approvalsRequired: 2`), the first is recorded in `approvals` and the
    action stays `pending` (`approvalsNeeded: 1`); a second approval by a different
    person makes it `approved`, with `decidedBy` and `decidedAt` of that approval.
    Nobody approves their own request (`403 missing_permission`, `error.permission`
    `actions.approve_own`) or counts twice (`actions.approve_twice`, nothing changes);
    under `approvers: admins` only admins and owners decide (`actions.decide_restricted`).
    With `params`, the approver edits the action first (only narrower than asked) and
    the quorum starts again from this approval. The writes switch overrides every
    policy: while writes are off, approvals get `403 writes_disabled`.

    Args:
        action_id (str):
        x_csrf_token (str):
        body (ApproveRequest | Unset):

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
