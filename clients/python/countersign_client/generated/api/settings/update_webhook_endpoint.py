from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.bad_request_error import BadRequestError
from ...models.forbidden_error import ForbiddenError
from ...models.internal_server_error import InternalServerError
from ...models.not_found_error import NotFoundError
from ...models.precondition_failed_error import PreconditionFailedError
from ...models.rate_limited_error import RateLimitedError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.unauthorized_error import UnauthorizedError
from ...models.update_webhook_endpoint_request import UpdateWebhookEndpointRequest
from ...models.webhook_endpoint_response import WebhookEndpointResponse
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    endpoint_id: str,
    *,
    body: UpdateWebhookEndpointRequest,
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
        "url": "/v1/webhook-endpoints/{endpoint_id}".format(endpoint_id=quote(str(endpoint_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | WebhookEndpointResponse | None:
    if response.status_code == 200:
        response_200 = WebhookEndpointResponse.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | WebhookEndpointResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    endpoint_id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateWebhookEndpointRequest,
    x_csrf_token: str | Unset = UNSET,
    if_match: str | Unset = UNSET,

) -> Response[BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | WebhookEndpointResponse]:
    """ Change a webhook endpoint

     Additive. Changes the URL (checked by the SSRF guard as a new one is), the event types (`null`:
    every type; events endpoints only) or `enabled` (`false` pauses deliveries, which wait; `true`
    resumes them, as the dashboard's re-enable does). Send `If-Match` with the `ETag` read to refuse a
    change made in between (`412 precondition_failed`). Audited. An admin key (the `admin` scope, made
    only by an owner), or a dashboard session (the `cs_session` cookie with the `x-csrf-token` header on
    writes) of an owner or admin. Read and write keys get `403 missing_scope`.

    Args:
        endpoint_id (str):
        x_csrf_token (str | Unset):
        if_match (str | Unset):
        body (UpdateWebhookEndpointRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | WebhookEndpointResponse]
     """


    kwargs = _get_kwargs(
        endpoint_id=endpoint_id,
body=body,
x_csrf_token=x_csrf_token,
if_match=if_match,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    endpoint_id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateWebhookEndpointRequest,
    x_csrf_token: str | Unset = UNSET,
    if_match: str | Unset = UNSET,

) -> BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | WebhookEndpointResponse | None:
    """ Change a webhook endpoint

     Additive. Changes the URL (checked by the SSRF guard as a new one is), the event types (`null`:
    every type; events endpoints only) or `enabled` (`false` pauses deliveries, which wait; `true`
    resumes them, as the dashboard's re-enable does). Send `If-Match` with the `ETag` read to refuse a
    change made in between (`412 precondition_failed`). Audited. An admin key (the `admin` scope, made
    only by an owner), or a dashboard session (the `cs_session` cookie with the `x-csrf-token` header on
    writes) of an owner or admin. Read and write keys get `403 missing_scope`.

    Args:
        endpoint_id (str):
        x_csrf_token (str | Unset):
        if_match (str | Unset):
        body (UpdateWebhookEndpointRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | WebhookEndpointResponse
     """


    return sync_detailed(
        endpoint_id=endpoint_id,
client=client,
body=body,
x_csrf_token=x_csrf_token,
if_match=if_match,

    ).parsed

async def asyncio_detailed(
    endpoint_id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateWebhookEndpointRequest,
    x_csrf_token: str | Unset = UNSET,
    if_match: str | Unset = UNSET,

) -> Response[BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | WebhookEndpointResponse]:
    """ Change a webhook endpoint

     Additive. Changes the URL (checked by the SSRF guard as a new one is), the event types (`null`:
    every type; events endpoints only) or `enabled` (`false` pauses deliveries, which wait; `true`
    resumes them, as the dashboard's re-enable does). Send `If-Match` with the `ETag` read to refuse a
    change made in between (`412 precondition_failed`). Audited. An admin key (the `admin` scope, made
    only by an owner), or a dashboard session (the `cs_session` cookie with the `x-csrf-token` header on
    writes) of an owner or admin. Read and write keys get `403 missing_scope`.

    Args:
        endpoint_id (str):
        x_csrf_token (str | Unset):
        if_match (str | Unset):
        body (UpdateWebhookEndpointRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | WebhookEndpointResponse]
     """


    kwargs = _get_kwargs(
        endpoint_id=endpoint_id,
body=body,
x_csrf_token=x_csrf_token,
if_match=if_match,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    endpoint_id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateWebhookEndpointRequest,
    x_csrf_token: str | Unset = UNSET,
    if_match: str | Unset = UNSET,

) -> BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | WebhookEndpointResponse | None:
    """ Change a webhook endpoint

     Additive. Changes the URL (checked by the SSRF guard as a new one is), the event types (`null`:
    every type; events endpoints only) or `enabled` (`false` pauses deliveries, which wait; `true`
    resumes them, as the dashboard's re-enable does). Send `If-Match` with the `ETag` read to refuse a
    change made in between (`412 precondition_failed`). Audited. An admin key (the `admin` scope, made
    only by an owner), or a dashboard session (the `cs_session` cookie with the `x-csrf-token` header on
    writes) of an owner or admin. Read and write keys get `403 missing_scope`.

    Args:
        endpoint_id (str):
        x_csrf_token (str | Unset):
        if_match (str | Unset):
        body (UpdateWebhookEndpointRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PreconditionFailedError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | WebhookEndpointResponse
     """


    return (await asyncio_detailed(
        endpoint_id=endpoint_id,
client=client,
body=body,
x_csrf_token=x_csrf_token,
if_match=if_match,

    )).parsed
