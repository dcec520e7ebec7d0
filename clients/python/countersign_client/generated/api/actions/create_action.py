from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.action_response import ActionResponse
from ...models.add_fan_to_list_request import AddFanToListRequest
from ...models.add_media_to_vault_list_request import AddMediaToVaultListRequest
from ...models.bad_request_error import BadRequestError
from ...models.conflict_error import ConflictError
from ...models.create_vault_list_request import CreateVaultListRequest
from ...models.delete_vault_list_request import DeleteVaultListRequest
from ...models.edit_mass_message_request import EditMassMessageRequest
from ...models.forbidden_error import ForbiddenError
from ...models.hide_vault_media_request import HideVaultMediaRequest
from ...models.internal_server_error import InternalServerError
from ...models.like_message_request import LikeMessageRequest
from ...models.mark_chat_read_request import MarkChatReadRequest
from ...models.mark_notifications_read_request import MarkNotificationsReadRequest
from ...models.mark_story_watched_request import MarkStoryWatchedRequest
from ...models.not_found_error import NotFoundError
from ...models.record_profile_view_request import RecordProfileViewRequest
from ...models.record_profile_visit_request import RecordProfileVisitRequest
from ...models.remove_fan_from_list_request import RemoveFanFromListRequest
from ...models.remove_media_from_vault_list_request import RemoveMediaFromVaultListRequest
from ...models.rename_vault_list_request import RenameVaultListRequest
from ...models.report_post_views_request import ReportPostViewsRequest
from ...models.send_mass_message_request import SendMassMessageRequest
from ...models.send_message_request import SendMessageRequest
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.subscribe_to_user_request import SubscribeToUserRequest
from ...models.unauthorized_error import UnauthorizedError
from ...models.unlike_message_request import UnlikeMessageRequest
from ...models.unsend_message_request import UnsendMessageRequest
from ...models.unsubscribe_from_user_request import UnsubscribeFromUserRequest
from ...models.write_limited_error import WriteLimitedError
from typing import cast



def _get_kwargs(
    account_id: str,
    *,
    body: AddFanToListRequest | AddMediaToVaultListRequest | CreateVaultListRequest | DeleteVaultListRequest | EditMassMessageRequest | HideVaultMediaRequest | LikeMessageRequest | MarkChatReadRequest | MarkNotificationsReadRequest | MarkStoryWatchedRequest | RecordProfileViewRequest | RecordProfileVisitRequest | RemoveFanFromListRequest | RemoveMediaFromVaultListRequest | RenameVaultListRequest | ReportPostViewsRequest | SendMassMessageRequest | SendMessageRequest | SubscribeToUserRequest | UnlikeMessageRequest | UnsendMessageRequest | UnsubscribeFromUserRequest,
    idempotency_key: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/accounts/{account_id}/actions".format(account_id=quote(str(account_id), safe=""),),
    }

    
    if isinstance(body, SendMessageRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SendMassMessageRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, UnsendMessageRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, AddFanToListRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, RemoveFanFromListRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, MarkChatReadRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, LikeMessageRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, UnlikeMessageRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, EditMassMessageRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CreateVaultListRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, RenameVaultListRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, DeleteVaultListRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, AddMediaToVaultListRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, RemoveMediaFromVaultListRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, HideVaultMediaRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SubscribeToUserRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, UnsubscribeFromUserRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, MarkNotificationsReadRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, RecordProfileVisitRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, RecordProfileViewRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, ReportPostViewsRequest):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()


    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | ServiceUnavailableError | UnauthorizedError | WriteLimitedError | None:
    if response.status_code == 202:
        response_202 = ActionResponse.from_dict(response.json())



        return response_202

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
        response_429 = WriteLimitedError.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | ServiceUnavailableError | UnauthorizedError | WriteLimitedError]:
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
    body: AddFanToListRequest | AddMediaToVaultListRequest | CreateVaultListRequest | DeleteVaultListRequest | EditMassMessageRequest | HideVaultMediaRequest | LikeMessageRequest | MarkChatReadRequest | MarkNotificationsReadRequest | MarkStoryWatchedRequest | RecordProfileViewRequest | RecordProfileVisitRequest | RemoveFanFromListRequest | RemoveMediaFromVaultListRequest | RenameVaultListRequest | ReportPostViewsRequest | SendMassMessageRequest | SendMessageRequest | SubscribeToUserRequest | UnlikeMessageRequest | UnsendMessageRequest | UnsubscribeFromUserRequest,
    idempotency_key: str,

) -> Response[ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | ServiceUnavailableError | UnauthorizedError | WriteLimitedError]:
    """ Create an action

     Asks for a write to the platform. The action is stored as `pending` with
    an `approvalUrl` where a person approves or rejects it; it runs only after
    approval, and expires after 24 hours without a decision. Poll it with Get
    action or listen for `action.executed`, `action.rejected`,
    `action.failed` and `action.expired`.

    The account's policy may govern it: under an allowance (a rule with
    `approvals: 0`) it is answered `approved` already (`approvalsRequired: 0`,
    `decidedBy.kind: policy`) and runs without a person; one more than a daily
    limit (`limits`) is `429 write_limit_exceeded` with `Retry-After`.

    Needs the `write` scope, writes switched on for the account, and an
    `Idempotency-Key` header. The same key with the same request returns the
    original action (202, in its current state); the same key with a different
    account, mode, type or params gives `409 idempotency_conflict`. A replay
    carries the header `Idempotent-Replayed: true`.

    `params` is validated against the schema of its `type` (`SendMessageParams`
    for `send_message`, and so on for each type `GET /v1/action-types` lists);
    unknown fields, wrong types, an empty `mediaIds` or a vault list `name` over
    100 characters are refused with `400 invalid_parameter`, and `error.param`
    names the field, e.g. `params.audience.fanIds`.

    Args:
        account_id (str): An account's id, which is the creator's platform user id.
        idempotency_key (str):
        body (AddFanToListRequest | AddMediaToVaultListRequest | CreateVaultListRequest |
            DeleteVaultListRequest | EditMassMessageRequest | HideVaultMediaRequest |
            LikeMessageRequest | MarkChatReadRequest | MarkNotificationsReadRequest |
            MarkStoryWatchedRequest | RecordProfileViewRequest | RecordProfileVisitRequest |
            RemoveFanFromListRequest | RemoveMediaFromVaultListRequest | RenameVaultListRequest |
            ReportPostViewsRequest | SendMassMessageRequest | SendMessageRequest |
            SubscribeToUserRequest | UnlikeMessageRequest | UnsendMessageRequest |
            UnsubscribeFromUserRequest): An action to create. `params` depends on `type`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | ServiceUnavailableError | UnauthorizedError | WriteLimitedError]
     """


    kwargs = _get_kwargs(
        account_id=account_id,
body=body,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    account_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: AddFanToListRequest | AddMediaToVaultListRequest | CreateVaultListRequest | DeleteVaultListRequest | EditMassMessageRequest | HideVaultMediaRequest | LikeMessageRequest | MarkChatReadRequest | MarkNotificationsReadRequest | MarkStoryWatchedRequest | RecordProfileViewRequest | RecordProfileVisitRequest | RemoveFanFromListRequest | RemoveMediaFromVaultListRequest | RenameVaultListRequest | ReportPostViewsRequest | SendMassMessageRequest | SendMessageRequest | SubscribeToUserRequest | UnlikeMessageRequest | UnsendMessageRequest | UnsubscribeFromUserRequest,
    idempotency_key: str,

) -> ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | ServiceUnavailableError | UnauthorizedError | WriteLimitedError | None:
    """ Create an action

     Asks for a write to the platform. The action is stored as `pending` with
    an `approvalUrl` where a person approves or rejects it; it runs only after
    approval, and expires after 24 hours without a decision. Poll it with Get
    action or listen for `action.executed`, `action.rejected`,
    `action.failed` and `action.expired`.

    The account's policy may govern it: under an allowance (a rule with
    `approvals: 0`) it is answered `approved` already (`approvalsRequired: 0`,
    `decidedBy.kind: policy`) and runs without a person; one more than a daily
    limit (`limits`) is `429 write_limit_exceeded` with `Retry-After`.

    Needs the `write` scope, writes switched on for the account, and an
    `Idempotency-Key` header. The same key with the same request returns the
    original action (202, in its current state); the same key with a different
    account, mode, type or params gives `409 idempotency_conflict`. A replay
    carries the header `Idempotent-Replayed: true`.

    `params` is validated against the schema of its `type` (`SendMessageParams`
    for `send_message`, and so on for each type `GET /v1/action-types` lists);
    unknown fields, wrong types, an empty `mediaIds` or a vault list `name` over
    100 characters are refused with `400 invalid_parameter`, and `error.param`
    names the field, e.g. `params.audience.fanIds`.

    Args:
        account_id (str): An account's id, which is the creator's platform user id.
        idempotency_key (str):
        body (AddFanToListRequest | AddMediaToVaultListRequest | CreateVaultListRequest |
            DeleteVaultListRequest | EditMassMessageRequest | HideVaultMediaRequest |
            LikeMessageRequest | MarkChatReadRequest | MarkNotificationsReadRequest |
            MarkStoryWatchedRequest | RecordProfileViewRequest | RecordProfileVisitRequest |
            RemoveFanFromListRequest | RemoveMediaFromVaultListRequest | RenameVaultListRequest |
            ReportPostViewsRequest | SendMassMessageRequest | SendMessageRequest |
            SubscribeToUserRequest | UnlikeMessageRequest | UnsendMessageRequest |
            UnsubscribeFromUserRequest): An action to create. `params` depends on `type`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | ServiceUnavailableError | UnauthorizedError | WriteLimitedError
     """


    return sync_detailed(
        account_id=account_id,
client=client,
body=body,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    account_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: AddFanToListRequest | AddMediaToVaultListRequest | CreateVaultListRequest | DeleteVaultListRequest | EditMassMessageRequest | HideVaultMediaRequest | LikeMessageRequest | MarkChatReadRequest | MarkNotificationsReadRequest | MarkStoryWatchedRequest | RecordProfileViewRequest | RecordProfileVisitRequest | RemoveFanFromListRequest | RemoveMediaFromVaultListRequest | RenameVaultListRequest | ReportPostViewsRequest | SendMassMessageRequest | SendMessageRequest | SubscribeToUserRequest | UnlikeMessageRequest | UnsendMessageRequest | UnsubscribeFromUserRequest,
    idempotency_key: str,

) -> Response[ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | ServiceUnavailableError | UnauthorizedError | WriteLimitedError]:
    """ Create an action

     Asks for a write to the platform. The action is stored as `pending` with
    an `approvalUrl` where a person approves or rejects it; it runs only after
    approval, and expires after 24 hours without a decision. Poll it with Get
    action or listen for `action.executed`, `action.rejected`,
    `action.failed` and `action.expired`.

    The account's policy may govern it: under an allowance (a rule with
    `approvals: 0`) it is answered `approved` already (`approvalsRequired: 0`,
    `decidedBy.kind: policy`) and runs without a person; one more than a daily
    limit (`limits`) is `429 write_limit_exceeded` with `Retry-After`.

    Needs the `write` scope, writes switched on for the account, and an
    `Idempotency-Key` header. The same key with the same request returns the
    original action (202, in its current state); the same key with a different
    account, mode, type or params gives `409 idempotency_conflict`. A replay
    carries the header `Idempotent-Replayed: true`.

    `params` is validated against the schema of its `type` (`SendMessageParams`
    for `send_message`, and so on for each type `GET /v1/action-types` lists);
    unknown fields, wrong types, an empty `mediaIds` or a vault list `name` over
    100 characters are refused with `400 invalid_parameter`, and `error.param`
    names the field, e.g. `params.audience.fanIds`.

    Args:
        account_id (str): An account's id, which is the creator's platform user id.
        idempotency_key (str):
        body (AddFanToListRequest | AddMediaToVaultListRequest | CreateVaultListRequest |
            DeleteVaultListRequest | EditMassMessageRequest | HideVaultMediaRequest |
            LikeMessageRequest | MarkChatReadRequest | MarkNotificationsReadRequest |
            MarkStoryWatchedRequest | RecordProfileViewRequest | RecordProfileVisitRequest |
            RemoveFanFromListRequest | RemoveMediaFromVaultListRequest | RenameVaultListRequest |
            ReportPostViewsRequest | SendMassMessageRequest | SendMessageRequest |
            SubscribeToUserRequest | UnlikeMessageRequest | UnsendMessageRequest |
            UnsubscribeFromUserRequest): An action to create. `params` depends on `type`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | ServiceUnavailableError | UnauthorizedError | WriteLimitedError]
     """


    kwargs = _get_kwargs(
        account_id=account_id,
body=body,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    account_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: AddFanToListRequest | AddMediaToVaultListRequest | CreateVaultListRequest | DeleteVaultListRequest | EditMassMessageRequest | HideVaultMediaRequest | LikeMessageRequest | MarkChatReadRequest | MarkNotificationsReadRequest | MarkStoryWatchedRequest | RecordProfileViewRequest | RecordProfileVisitRequest | RemoveFanFromListRequest | RemoveMediaFromVaultListRequest | RenameVaultListRequest | ReportPostViewsRequest | SendMassMessageRequest | SendMessageRequest | SubscribeToUserRequest | UnlikeMessageRequest | UnsendMessageRequest | UnsubscribeFromUserRequest,
    idempotency_key: str,

) -> ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | ServiceUnavailableError | UnauthorizedError | WriteLimitedError | None:
    """ Create an action

     Asks for a write to the platform. The action is stored as `pending` with
    an `approvalUrl` where a person approves or rejects it; it runs only after
    approval, and expires after 24 hours without a decision. Poll it with Get
    action or listen for `action.executed`, `action.rejected`,
    `action.failed` and `action.expired`.

    The account's policy may govern it: under an allowance (a rule with
    `approvals: 0`) it is answered `approved` already (`approvalsRequired: 0`,
    `decidedBy.kind: policy`) and runs without a person; one more than a daily
    limit (`limits`) is `429 write_limit_exceeded` with `Retry-After`.

    Needs the `write` scope, writes switched on for the account, and an
    `Idempotency-Key` header. The same key with the same request returns the
    original action (202, in its current state); the same key with a different
    account, mode, type or params gives `409 idempotency_conflict`. A replay
    carries the header `Idempotent-Replayed: true`.

    `params` is validated against the schema of its `type` (`SendMessageParams`
    for `send_message`, and so on for each type `GET /v1/action-types` lists);
    unknown fields, wrong types, an empty `mediaIds` or a vault list `name` over
    100 characters are refused with `400 invalid_parameter`, and `error.param`
    names the field, e.g. `params.audience.fanIds`.

    Args:
        account_id (str): An account's id, which is the creator's platform user id.
        idempotency_key (str):
        body (AddFanToListRequest | AddMediaToVaultListRequest | CreateVaultListRequest |
            DeleteVaultListRequest | EditMassMessageRequest | HideVaultMediaRequest |
            LikeMessageRequest | MarkChatReadRequest | MarkNotificationsReadRequest |
            MarkStoryWatchedRequest | RecordProfileViewRequest | RecordProfileVisitRequest |
            RemoveFanFromListRequest | RemoveMediaFromVaultListRequest | RenameVaultListRequest |
            ReportPostViewsRequest | SendMassMessageRequest | SendMessageRequest |
            SubscribeToUserRequest | UnlikeMessageRequest | UnsendMessageRequest |
            UnsubscribeFromUserRequest): An action to create. `params` depends on `type`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ActionResponse | BadRequestError | ConflictError | ForbiddenError | InternalServerError | NotFoundError | ServiceUnavailableError | UnauthorizedError | WriteLimitedError
     """


    return (await asyncio_detailed(
        account_id=account_id,
client=client,
body=body,
idempotency_key=idempotency_key,

    )).parsed
