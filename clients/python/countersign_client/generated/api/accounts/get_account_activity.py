from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.account_activity_response import AccountActivityResponse
from ...models.bad_request_error import BadRequestError
from ...models.forbidden_error import ForbiddenError
from ...models.internal_server_error import InternalServerError
from ...models.not_found_error import NotFoundError
from ...models.rate_limited_error import RateLimitedError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.unauthorized_error import UnauthorizedError
from ...types import UNSET, Unset
from typing import cast
import datetime



def _get_kwargs(
    account_id: str,
    *,
    from_: datetime.date | Unset = UNSET,
    to: datetime.date | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_from_: str | Unset = UNSET
    if not isinstance(from_, Unset):
        json_from_ = from_.isoformat()
    params["from"] = json_from_

    json_to: str | Unset = UNSET
    if not isinstance(to, Unset):
        json_to = to.isoformat()
    params["to"] = json_to


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/accounts/{account_id}/activity".format(account_id=quote(str(account_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AccountActivityResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    if response.status_code == 200:
        response_200 = AccountActivityResponse.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[AccountActivityResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    account_id: str,
    *,
    client: AuthenticatedClient | Client,
    from_: datetime.date | Unset = UNSET,
    to: datetime.date | Unset = UNSET,

) -> Response[AccountActivityResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ Get what the account's actions became, per day

     The account's actions (of the key's mode) counted per UTC day of creation by
    where their decision stands now: approved by a person, approved by an allowance
    of the approval policy (`decidedBy.kind: policy`), rejected, expired, cancelled,
    or still pending; each action counts once, so these add up to `created`.
    `failed` is the part of the approved ones whose platform call failed.
    `medianDecisionSeconds` is the median time from creation to approval or
    rejection (allowance approvals count as instant); `null` on a day without one.
    Every day of the range is listed, oldest first, with zeros where nothing was
    created. Dates are `YYYY-MM-DD` (UTC days), both ends included. A range covers
    30 days unless both ends are given: without either it ends today, with only `to`
    it ends there, with only `from` it starts there. A bad date (`param: from` or
    `to`), `from` after `to` (`param: from`) or a range over 90 days (`param: to`)
    is `400 invalid_parameter`. The dashboard's Activity page draws the same figures.
    Needs the `read` scope.

    Args:
        account_id (str): An account's id, which is the creator's platform user id.
        from_ (datetime.date | Unset):
        to (datetime.date | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AccountActivityResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        account_id=account_id,
from_=from_,
to=to,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    account_id: str,
    *,
    client: AuthenticatedClient | Client,
    from_: datetime.date | Unset = UNSET,
    to: datetime.date | Unset = UNSET,

) -> AccountActivityResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ Get what the account's actions became, per day

     The account's actions (of the key's mode) counted per UTC day of creation by
    where their decision stands now: approved by a person, approved by an allowance
    of the approval policy (`decidedBy.kind: policy`), rejected, expired, cancelled,
    or still pending; each action counts once, so these add up to `created`.
    `failed` is the part of the approved ones whose platform call failed.
    `medianDecisionSeconds` is the median time from creation to approval or
    rejection (allowance approvals count as instant); `null` on a day without one.
    Every day of the range is listed, oldest first, with zeros where nothing was
    created. Dates are `YYYY-MM-DD` (UTC days), both ends included. A range covers
    30 days unless both ends are given: without either it ends today, with only `to`
    it ends there, with only `from` it starts there. A bad date (`param: from` or
    `to`), `from` after `to` (`param: from`) or a range over 90 days (`param: to`)
    is `400 invalid_parameter`. The dashboard's Activity page draws the same figures.
    Needs the `read` scope.

    Args:
        account_id (str): An account's id, which is the creator's platform user id.
        from_ (datetime.date | Unset):
        to (datetime.date | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AccountActivityResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return sync_detailed(
        account_id=account_id,
client=client,
from_=from_,
to=to,

    ).parsed

async def asyncio_detailed(
    account_id: str,
    *,
    client: AuthenticatedClient | Client,
    from_: datetime.date | Unset = UNSET,
    to: datetime.date | Unset = UNSET,

) -> Response[AccountActivityResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ Get what the account's actions became, per day

     The account's actions (of the key's mode) counted per UTC day of creation by
    where their decision stands now: approved by a person, approved by an allowance
    of the approval policy (`decidedBy.kind: policy`), rejected, expired, cancelled,
    or still pending; each action counts once, so these add up to `created`.
    `failed` is the part of the approved ones whose platform call failed.
    `medianDecisionSeconds` is the median time from creation to approval or
    rejection (allowance approvals count as instant); `null` on a day without one.
    Every day of the range is listed, oldest first, with zeros where nothing was
    created. Dates are `YYYY-MM-DD` (UTC days), both ends included. A range covers
    30 days unless both ends are given: without either it ends today, with only `to`
    it ends there, with only `from` it starts there. A bad date (`param: from` or
    `to`), `from` after `to` (`param: from`) or a range over 90 days (`param: to`)
    is `400 invalid_parameter`. The dashboard's Activity page draws the same figures.
    Needs the `read` scope.

    Args:
        account_id (str): An account's id, which is the creator's platform user id.
        from_ (datetime.date | Unset):
        to (datetime.date | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AccountActivityResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        account_id=account_id,
from_=from_,
to=to,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    account_id: str,
    *,
    client: AuthenticatedClient | Client,
    from_: datetime.date | Unset = UNSET,
    to: datetime.date | Unset = UNSET,

) -> AccountActivityResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ Get what the account's actions became, per day

     The account's actions (of the key's mode) counted per UTC day of creation by
    where their decision stands now: approved by a person, approved by an allowance
    of the approval policy (`decidedBy.kind: policy`), rejected, expired, cancelled,
    or still pending; each action counts once, so these add up to `created`.
    `failed` is the part of the approved ones whose platform call failed.
    `medianDecisionSeconds` is the median time from creation to approval or
    rejection (allowance approvals count as instant); `null` on a day without one.
    Every day of the range is listed, oldest first, with zeros where nothing was
    created. Dates are `YYYY-MM-DD` (UTC days), both ends included. A range covers
    30 days unless both ends are given: without either it ends today, with only `to`
    it ends there, with only `from` it starts there. A bad date (`param: from` or
    `to`), `from` after `to` (`param: from`) or a range over 90 days (`param: to`)
    is `400 invalid_parameter`. The dashboard's Activity page draws the same figures.
    Needs the `read` scope.

    Args:
        account_id (str): An account's id, which is the creator's platform user id.
        from_ (datetime.date | Unset):
        to (datetime.date | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AccountActivityResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return (await asyncio_detailed(
        account_id=account_id,
client=client,
from_=from_,
to=to,

    )).parsed
