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
from ...models.policy_suggestions_response import PolicySuggestionsResponse
from ...models.rate_limited_error import RateLimitedError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.unauthorized_error import UnauthorizedError
from typing import cast



def _get_kwargs(
    account_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/accounts/{account_id}/policy-suggestions".format(account_id=quote(str(account_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PolicySuggestionsResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    if response.status_code == 200:
        response_200 = PolicySuggestionsResponse.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PolicySuggestionsResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
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

) -> Response[BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PolicySuggestionsResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ Get the approval rules the account's record suggests

     For each action type with enough history on the account (at least 100 actions
    of the type decided by people in the last 30 days, of the key's mode), the rule
    that record suggests, with the figures it rests on (`because`):

    - `allowance` (`approvals: 0`, `maxPerDay` the busiest day seen plus a quarter)
      when people rejected or edited at most 2% of them;
    - `two_people` (`approvals: 2`) when they rejected or edited 10% or more;
    - `daily_limit` alone in between.

    Each also suggests a daily `limit` at the busiest day seen plus a half.
    `state` says whether the account's policy already has it: `new`, `shadow` (the
    allowance runs in shadow) or `applied`. Apply one on the dashboard (Activity or
    Accounts page) or with `POST …/policy-suggestions/apply`: an allowance first in
    shadow, then live. Counted from an index over the account's actions, so an
    account with 100,000 decided actions answers well under a second. Types without
    enough history are left out. Needs the `read` scope.

    Args:
        account_id (str): An account's id, which is the creator's platform user id.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PolicySuggestionsResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
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
    client: AuthenticatedClient | Client,

) -> BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PolicySuggestionsResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ Get the approval rules the account's record suggests

     For each action type with enough history on the account (at least 100 actions
    of the type decided by people in the last 30 days, of the key's mode), the rule
    that record suggests, with the figures it rests on (`because`):

    - `allowance` (`approvals: 0`, `maxPerDay` the busiest day seen plus a quarter)
      when people rejected or edited at most 2% of them;
    - `two_people` (`approvals: 2`) when they rejected or edited 10% or more;
    - `daily_limit` alone in between.

    Each also suggests a daily `limit` at the busiest day seen plus a half.
    `state` says whether the account's policy already has it: `new`, `shadow` (the
    allowance runs in shadow) or `applied`. Apply one on the dashboard (Activity or
    Accounts page) or with `POST …/policy-suggestions/apply`: an allowance first in
    shadow, then live. Counted from an index over the account's actions, so an
    account with 100,000 decided actions answers well under a second. Types without
    enough history are left out. Needs the `read` scope.

    Args:
        account_id (str): An account's id, which is the creator's platform user id.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PolicySuggestionsResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return sync_detailed(
        account_id=account_id,
client=client,

    ).parsed

async def asyncio_detailed(
    account_id: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PolicySuggestionsResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ Get the approval rules the account's record suggests

     For each action type with enough history on the account (at least 100 actions
    of the type decided by people in the last 30 days, of the key's mode), the rule
    that record suggests, with the figures it rests on (`because`):

    - `allowance` (`approvals: 0`, `maxPerDay` the busiest day seen plus a quarter)
      when people rejected or edited at most 2% of them;
    - `two_people` (`approvals: 2`) when they rejected or edited 10% or more;
    - `daily_limit` alone in between.

    Each also suggests a daily `limit` at the busiest day seen plus a half.
    `state` says whether the account's policy already has it: `new`, `shadow` (the
    allowance runs in shadow) or `applied`. Apply one on the dashboard (Activity or
    Accounts page) or with `POST …/policy-suggestions/apply`: an allowance first in
    shadow, then live. Counted from an index over the account's actions, so an
    account with 100,000 decided actions answers well under a second. Types without
    enough history are left out. Needs the `read` scope.

    Args:
        account_id (str): An account's id, which is the creator's platform user id.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PolicySuggestionsResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
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
    client: AuthenticatedClient | Client,

) -> BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PolicySuggestionsResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ Get the approval rules the account's record suggests

     For each action type with enough history on the account (at least 100 actions
    of the type decided by people in the last 30 days, of the key's mode), the rule
    that record suggests, with the figures it rests on (`because`):

    - `allowance` (`approvals: 0`, `maxPerDay` the busiest day seen plus a quarter)
      when people rejected or edited at most 2% of them;
    - `two_people` (`approvals: 2`) when they rejected or edited 10% or more;
    - `daily_limit` alone in between.

    Each also suggests a daily `limit` at the busiest day seen plus a half.
    `state` says whether the account's policy already has it: `new`, `shadow` (the
    allowance runs in shadow) or `applied`. Apply one on the dashboard (Activity or
    Accounts page) or with `POST …/policy-suggestions/apply`: an allowance first in
    shadow, then live. Counted from an index over the account's actions, so an
    account with 100,000 decided actions answers well under a second. Types without
    enough history are left out. Needs the `read` scope.

    Args:
        account_id (str): An account's id, which is the creator's platform user id.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestError | ForbiddenError | InternalServerError | NotFoundError | PolicySuggestionsResponse | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return (await asyncio_detailed(
        account_id=account_id,
client=client,

    )).parsed
