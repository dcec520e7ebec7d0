from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.action_response import ActionResponse
from ...models.bad_request_error import BadRequestError
from ...models.forbidden_error import ForbiddenError
from ...models.get_action_until import check_get_action_until
from ...models.get_action_until import GetActionUntil
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
    wait: int | Unset = UNSET,
    until: GetActionUntil | Unset = 'decided',

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["wait"] = wait

    json_until: str | Unset = UNSET
    if not isinstance(until, Unset):
        json_until = until

    params["until"] = json_until


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/actions/{action_id}".format(action_id=quote(str(action_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ActionResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ActionResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    action_id: str,
    *,
    client: AuthenticatedClient | Client,
    wait: int | Unset = UNSET,
    until: GetActionUntil | Unset = 'decided',

) -> Response[ActionResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ Get an action

     Returns an action in its current state. Needs the `read` scope.

    **Waiting instead of polling.** With `wait=N` (1 to 60 seconds) the
    request is held until the action is no longer `pending`
    (`until=decided`, the default) or, with `until=finished`, until it is
    `executed`, `failed`, `rejected`, `expired` or `cancelled`; after N seconds it is
    answered anyway. Either way the answer is the usual `200` with the
    action as it stands, so check `status` and call again to keep waiting.
    An action that is already there is answered at once. The service is
    woken by the change itself (in any process of the deployment), not by
    polling the database; a client that disconnects ends its wait. Keep
    your HTTP client's read timeout above N. See docs/waiting.md.

    Args:
        action_id (str):
        wait (int | Unset):
        until (GetActionUntil | Unset):  Default: 'decided'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ActionResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        action_id=action_id,
wait=wait,
until=until,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    action_id: str,
    *,
    client: AuthenticatedClient | Client,
    wait: int | Unset = UNSET,
    until: GetActionUntil | Unset = 'decided',

) -> ActionResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ Get an action

     Returns an action in its current state. Needs the `read` scope.

    **Waiting instead of polling.** With `wait=N` (1 to 60 seconds) the
    request is held until the action is no longer `pending`
    (`until=decided`, the default) or, with `until=finished`, until it is
    `executed`, `failed`, `rejected`, `expired` or `cancelled`; after N seconds it is
    answered anyway. Either way the answer is the usual `200` with the
    action as it stands, so check `status` and call again to keep waiting.
    An action that is already there is answered at once. The service is
    woken by the change itself (in any process of the deployment), not by
    polling the database; a client that disconnects ends its wait. Keep
    your HTTP client's read timeout above N. See docs/waiting.md.

    Args:
        action_id (str):
        wait (int | Unset):
        until (GetActionUntil | Unset):  Default: 'decided'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ActionResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return sync_detailed(
        action_id=action_id,
client=client,
wait=wait,
until=until,

    ).parsed

async def asyncio_detailed(
    action_id: str,
    *,
    client: AuthenticatedClient | Client,
    wait: int | Unset = UNSET,
    until: GetActionUntil | Unset = 'decided',

) -> Response[ActionResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ Get an action

     Returns an action in its current state. Needs the `read` scope.

    **Waiting instead of polling.** With `wait=N` (1 to 60 seconds) the
    request is held until the action is no longer `pending`
    (`until=decided`, the default) or, with `until=finished`, until it is
    `executed`, `failed`, `rejected`, `expired` or `cancelled`; after N seconds it is
    answered anyway. Either way the answer is the usual `200` with the
    action as it stands, so check `status` and call again to keep waiting.
    An action that is already there is answered at once. The service is
    woken by the change itself (in any process of the deployment), not by
    polling the database; a client that disconnects ends its wait. Keep
    your HTTP client's read timeout above N. See docs/waiting.md.

    Args:
        action_id (str):
        wait (int | Unset):
        until (GetActionUntil | Unset):  Default: 'decided'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ActionResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        action_id=action_id,
wait=wait,
until=until,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    action_id: str,
    *,
    client: AuthenticatedClient | Client,
    wait: int | Unset = UNSET,
    until: GetActionUntil | Unset = 'decided',

) -> ActionResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ Get an action

     Returns an action in its current state. Needs the `read` scope.

    **Waiting instead of polling.** With `wait=N` (1 to 60 seconds) the
    request is held until the action is no longer `pending`
    (`until=decided`, the default) or, with `until=finished`, until it is
    `executed`, `failed`, `rejected`, `expired` or `cancelled`; after N seconds it is
    answered anyway. Either way the answer is the usual `200` with the
    action as it stands, so check `status` and call again to keep waiting.
    An action that is already there is answered at once. The service is
    woken by the change itself (in any process of the deployment), not by
    polling the database; a client that disconnects ends its wait. Keep
    your HTTP client's read timeout above N. See docs/waiting.md.

    Args:
        action_id (str):
        wait (int | Unset):
        until (GetActionUntil | Unset):  Default: 'decided'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ActionResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return (await asyncio_detailed(
        action_id=action_id,
client=client,
wait=wait,
until=until,

    )).parsed
