from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.account_detail_response import AccountDetailResponse
from ...models.apply_policy_suggestion_body import ApplyPolicySuggestionBody
from ...models.bad_request_error import BadRequestError
from ...models.forbidden_error import ForbiddenError
from ...models.internal_server_error import InternalServerError
from ...models.not_found_error import NotFoundError
from ...models.rate_limited_error import RateLimitedError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.unauthorized_error import UnauthorizedError
from typing import cast



def _get_kwargs(
    account_id: str,
    *,
    body: ApplyPolicySuggestionBody,
    x_csrf_token: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["x-csrf-token"] = x_csrf_token



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/accounts/{account_id}/policy-suggestions/apply".format(account_id=quote(str(account_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AccountDetailResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[AccountDetailResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
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
    body: ApplyPolicySuggestionBody,
    x_csrf_token: str,

) -> Response[AccountDetailResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ Apply the suggestion for one action type

     Writes the type's suggestion (worked out again from the record now) into the
    account's approval policy, as one audited policy change like
    `setAccountPolicy`: `stage: shadow` adds the allowance as a shadow rule (it
    approves nothing and marks what it would have done); `stage: live` turns it on.
    A `two_people` or `daily_limit` suggestion is applied `live` only. The type's
    own allowance (or, for `two_people`, its own one- and two-person rules) is
    replaced; an allowance also takes the type out of unconditional one-approval
    rules it shared, which ask nothing the default does not. A daily limit is
    added only when no limit counts the type yet. An account following the
    workspace default gets its own copy of it with the suggestion in. No
    suggestion for the type is `400 invalid_parameter` (`param: type`). A type
    may have two suggestions (its own and an `admins_above` one): `kind` picks
    one (omitted: the first listed). An `admins_above` rule is added beside the
    type's other rules, replacing only its own earlier one, and is applied `live`
    only.
    Owners and admins only; session-authorised like `setAccountPolicy`.

    Args:
        account_id (str): An account's id, which is the creator's platform user id.
        x_csrf_token (str):
        body (ApplyPolicySuggestionBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AccountDetailResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        account_id=account_id,
body=body,
x_csrf_token=x_csrf_token,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    account_id: str,
    *,
    client: AuthenticatedClient,
    body: ApplyPolicySuggestionBody,
    x_csrf_token: str,

) -> AccountDetailResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ Apply the suggestion for one action type

     Writes the type's suggestion (worked out again from the record now) into the
    account's approval policy, as one audited policy change like
    `setAccountPolicy`: `stage: shadow` adds the allowance as a shadow rule (it
    approves nothing and marks what it would have done); `stage: live` turns it on.
    A `two_people` or `daily_limit` suggestion is applied `live` only. The type's
    own allowance (or, for `two_people`, its own one- and two-person rules) is
    replaced; an allowance also takes the type out of unconditional one-approval
    rules it shared, which ask nothing the default does not. A daily limit is
    added only when no limit counts the type yet. An account following the
    workspace default gets its own copy of it with the suggestion in. No
    suggestion for the type is `400 invalid_parameter` (`param: type`). A type
    may have two suggestions (its own and an `admins_above` one): `kind` picks
    one (omitted: the first listed). An `admins_above` rule is added beside the
    type's other rules, replacing only its own earlier one, and is applied `live`
    only.
    Owners and admins only; session-authorised like `setAccountPolicy`.

    Args:
        account_id (str): An account's id, which is the creator's platform user id.
        x_csrf_token (str):
        body (ApplyPolicySuggestionBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AccountDetailResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return sync_detailed(
        account_id=account_id,
client=client,
body=body,
x_csrf_token=x_csrf_token,

    ).parsed

async def asyncio_detailed(
    account_id: str,
    *,
    client: AuthenticatedClient,
    body: ApplyPolicySuggestionBody,
    x_csrf_token: str,

) -> Response[AccountDetailResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]:
    """ Apply the suggestion for one action type

     Writes the type's suggestion (worked out again from the record now) into the
    account's approval policy, as one audited policy change like
    `setAccountPolicy`: `stage: shadow` adds the allowance as a shadow rule (it
    approves nothing and marks what it would have done); `stage: live` turns it on.
    A `two_people` or `daily_limit` suggestion is applied `live` only. The type's
    own allowance (or, for `two_people`, its own one- and two-person rules) is
    replaced; an allowance also takes the type out of unconditional one-approval
    rules it shared, which ask nothing the default does not. A daily limit is
    added only when no limit counts the type yet. An account following the
    workspace default gets its own copy of it with the suggestion in. No
    suggestion for the type is `400 invalid_parameter` (`param: type`). A type
    may have two suggestions (its own and an `admins_above` one): `kind` picks
    one (omitted: the first listed). An `admins_above` rule is added beside the
    type's other rules, replacing only its own earlier one, and is applied `live`
    only.
    Owners and admins only; session-authorised like `setAccountPolicy`.

    Args:
        account_id (str): An account's id, which is the creator's platform user id.
        x_csrf_token (str):
        body (ApplyPolicySuggestionBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AccountDetailResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError]
     """


    kwargs = _get_kwargs(
        account_id=account_id,
body=body,
x_csrf_token=x_csrf_token,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    account_id: str,
    *,
    client: AuthenticatedClient,
    body: ApplyPolicySuggestionBody,
    x_csrf_token: str,

) -> AccountDetailResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError | None:
    """ Apply the suggestion for one action type

     Writes the type's suggestion (worked out again from the record now) into the
    account's approval policy, as one audited policy change like
    `setAccountPolicy`: `stage: shadow` adds the allowance as a shadow rule (it
    approves nothing and marks what it would have done); `stage: live` turns it on.
    A `two_people` or `daily_limit` suggestion is applied `live` only. The type's
    own allowance (or, for `two_people`, its own one- and two-person rules) is
    replaced; an allowance also takes the type out of unconditional one-approval
    rules it shared, which ask nothing the default does not. A daily limit is
    added only when no limit counts the type yet. An account following the
    workspace default gets its own copy of it with the suggestion in. No
    suggestion for the type is `400 invalid_parameter` (`param: type`). A type
    may have two suggestions (its own and an `admins_above` one): `kind` picks
    one (omitted: the first listed). An `admins_above` rule is added beside the
    type's other rules, replacing only its own earlier one, and is applied `live`
    only.
    Owners and admins only; session-authorised like `setAccountPolicy`.

    Args:
        account_id (str): An account's id, which is the creator's platform user id.
        x_csrf_token (str):
        body (ApplyPolicySuggestionBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AccountDetailResponse | BadRequestError | ForbiddenError | InternalServerError | NotFoundError | RateLimitedError | ServiceUnavailableError | UnauthorizedError
     """


    return (await asyncio_detailed(
        account_id=account_id,
client=client,
body=body,
x_csrf_token=x_csrf_token,

    )).parsed
