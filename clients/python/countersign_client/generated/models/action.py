from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.action_approvals_required import ActionApprovalsRequired
from ..models.action_approvals_required import check_action_approvals_required
from ..models.action_approvers import ActionApprovers
from ..models.action_approvers import check_action_approvers
from ..models.action_mode import ActionMode
from ..models.action_mode import check_action_mode
from ..models.action_status import ActionStatus
from ..models.action_status import check_action_status
from ..models.action_type import ActionType
from ..models.action_type import check_action_type
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.action_error import ActionError
  from ..models.action_execution import ActionExecution
  from ..models.action_shadow import ActionShadow
  from ..models.action_warning import ActionWarning
  from ..models.add_fan_to_list_params import AddFanToListParams
  from ..models.add_fan_to_list_result import AddFanToListResult
  from ..models.add_media_to_vault_list_params import AddMediaToVaultListParams
  from ..models.add_media_to_vault_list_result import AddMediaToVaultListResult
  from ..models.approval import Approval
  from ..models.create_vault_list_params import CreateVaultListParams
  from ..models.create_vault_list_result import CreateVaultListResult
  from ..models.decided_by import DecidedBy
  from ..models.delete_vault_list_params import DeleteVaultListParams
  from ..models.delete_vault_list_result import DeleteVaultListResult
  from ..models.edit_mass_message_result import EditMassMessageResult
  from ..models.hide_vault_media_params import HideVaultMediaParams
  from ..models.hide_vault_media_result import HideVaultMediaResult
  from ..models.like_message_params import LikeMessageParams
  from ..models.like_message_result import LikeMessageResult
  from ..models.mark_chat_read_params import MarkChatReadParams
  from ..models.mark_chat_read_result import MarkChatReadResult
  from ..models.mark_notifications_read_params import MarkNotificationsReadParams
  from ..models.mark_notifications_read_result import MarkNotificationsReadResult
  from ..models.mark_story_watched_params import MarkStoryWatchedParams
  from ..models.mark_story_watched_result import MarkStoryWatchedResult
  from ..models.money import Money
  from ..models.record_profile_view_params import RecordProfileViewParams
  from ..models.record_profile_view_result import RecordProfileViewResult
  from ..models.record_profile_visit_params import RecordProfileVisitParams
  from ..models.record_profile_visit_result import RecordProfileVisitResult
  from ..models.remove_fan_from_list_params import RemoveFanFromListParams
  from ..models.remove_fan_from_list_result import RemoveFanFromListResult
  from ..models.remove_media_from_vault_list_params import RemoveMediaFromVaultListParams
  from ..models.remove_media_from_vault_list_result import RemoveMediaFromVaultListResult
  from ..models.rename_vault_list_params import RenameVaultListParams
  from ..models.rename_vault_list_result import RenameVaultListResult
  from ..models.report_post_views_params import ReportPostViewsParams
  from ..models.report_post_views_result import ReportPostViewsResult
  from ..models.requested_by import RequestedBy
  from ..models.send_mass_message_result import SendMassMessageResult
  from ..models.send_message_result import SendMessageResult
  from ..models.sent_edit_mass_message_params import SentEditMassMessageParams
  from ..models.sent_send_mass_message_params import SentSendMassMessageParams
  from ..models.sent_send_message_params import SentSendMessageParams
  from ..models.simulated_result import SimulatedResult
  from ..models.subscribe_to_user_params import SubscribeToUserParams
  from ..models.subscribe_to_user_result import SubscribeToUserResult
  from ..models.unlike_message_params import UnlikeMessageParams
  from ..models.unlike_message_result import UnlikeMessageResult
  from ..models.unsend_mass_message_result import UnsendMassMessageResult
  from ..models.unsend_message_params import UnsendMessageParams
  from ..models.unsend_message_result import UnsendMessageResult
  from ..models.unsubscribe_from_user_params import UnsubscribeFromUserParams
  from ..models.unsubscribe_from_user_result import UnsubscribeFromUserResult





T = TypeVar("T", bound="Action")



@_attrs_define
class Action:
    """ An approval-gated write to the platform.

        Attributes:
            id (str): Action id.
            type_ (ActionType): Every type, as `GET /v1/action-types` lists them with their routes and schemas.
            status (ActionStatus): `pending` until a person decides (or 24 hours pass: `expired`). `approved`
                actions run: `executing`, then `executed` (with `result`) or `failed` (with
                `error`). `rejected` actions never run. `cancelled` (additive, spelled as hosted
                links spell it) ends a `pending` action, or an `approved` one that had not started,
                through `POST /v1/actions/{actionId}/cancel`: it never runs. Clients should treat
                an unknown status as final and read `decidedBy`.
            mode (ActionMode): `test` actions never reach the platform.
            account_id (str): An account's id, which is the creator's platform user id.
            summary (str): One plain sentence describing the action, written when it is created (or edited): fans as "Name
                (@username)", fan lists and vault lists by name, other creators by username, from synced data; the id where the
                last sync has no name.
            params (AddFanToListParams | AddMediaToVaultListParams | CreateVaultListParams | DeleteVaultListParams |
                HideVaultMediaParams | LikeMessageParams | MarkChatReadParams | MarkNotificationsReadParams |
                MarkStoryWatchedParams | RecordProfileViewParams | RecordProfileVisitParams | RemoveFanFromListParams |
                RemoveMediaFromVaultListParams | RenameVaultListParams | ReportPostViewsParams | SentEditMassMessageParams |
                SentSendMassMessageParams | SentSendMessageParams | SubscribeToUserParams | UnlikeMessageParams |
                UnsendMessageParams | UnsubscribeFromUserParams): The params of an action, as sent (the params sent, after
                validation); the shape depends on `type`. Message `text` is the normalised
                HTML the platform receives, not the request's text.
            estimated_recipients (int | None): How many fans it reaches; an estimate for a mass message.
            price (Money | None): The price of a paid message.
            approval_url (str): Dashboard page where a person approves or rejects the action.
            requested_by (RequestedBy): Who asked for the action.
            decided_by (DecidedBy | None):
            decision_note (None | str): The note the person left.
            created_at (datetime.datetime): ISO 8601 / RFC 3339 instant, in UTC.
            expires_at (datetime.datetime): ISO 8601 / RFC 3339 instant, in UTC.
            decided_at (datetime.datetime | None): When approved, rejected or cancelled.
            executed_at (datetime.datetime | None): When it ran on the platform.
            result (AddFanToListResult | AddMediaToVaultListResult | CreateVaultListResult | DeleteVaultListResult |
                EditMassMessageResult | HideVaultMediaResult | LikeMessageResult | MarkChatReadResult |
                MarkNotificationsReadResult | MarkStoryWatchedResult | None | RecordProfileViewResult | RecordProfileVisitResult
                | RemoveFanFromListResult | RemoveMediaFromVaultListResult | RenameVaultListResult | ReportPostViewsResult |
                SendMassMessageResult | SendMessageResult | SimulatedResult | SubscribeToUserResult | UnlikeMessageResult |
                UnsendMassMessageResult | UnsendMessageResult | UnsubscribeFromUserResult): Set once the action ran; the shape
                depends on `type` (simulated in test mode).
            error (ActionError | None): Why it failed; set when `status` is `failed`.
            warnings (list[ActionWarning]): Additive field. What the params look like against the
                account's synced data when the action was created: reasons it may fail once
                approved. Empty when all is well. Warnings never block creation (synced data
                can be stale); the approval page shows them above the Approve button.
            approvals (list[Approval]): Additive field. The approvals counted toward the action's quorum, oldest
                first, by different people. An approver's edit of `params` restarts the quorum:
                approvals given before it are no longer listed.
            approvals_required (ActionApprovalsRequired): Additive field. How many different people must approve, from the
                account's approval policy as it was when the action was created (a later policy
                change never changes an action already waiting).
            approvals_needed (int): Additive field. Approvals still needed before the action is `approved`
                (`approvalsRequired` minus `approvals`); 0 once it is no longer pending.
            approvers (ActionApprovers): Additive field. Who may decide it: any member, or only admins and
                owners (others get `403 missing_permission`, `error.permission`
                `actions.decide_restricted`).
            requested_params (AddFanToListParams | AddMediaToVaultListParams | CreateVaultListParams | DeleteVaultListParams
                | HideVaultMediaParams | LikeMessageParams | MarkChatReadParams | MarkNotificationsReadParams |
                MarkStoryWatchedParams | None | RecordProfileViewParams | RecordProfileVisitParams | RemoveFanFromListParams |
                RemoveMediaFromVaultListParams | RenameVaultListParams | ReportPostViewsParams | SentEditMassMessageParams |
                SentSendMassMessageParams | SentSendMessageParams | SubscribeToUserParams | UnlikeMessageParams |
                UnsendMessageParams | UnsubscribeFromUserParams): Additive field. What was asked, when an approver edited
                `params` before
                approving (`params` is then what runs); null when never edited.
            edited_by (DecidedBy | None): Additive field. The approver who last edited `params`.
            edited_at (datetime.datetime | None): Additive field. When `params` were last edited.
            replaces (None | str): Additive field. The expired or rejected action this one asks for again
                (`POST /v1/actions/{actionId}/request-again`).
            replaced_by (None | str): Additive field. The action that asked for this one again.
            execution (ActionExecution | None): Additive field. Null until the platform refused a send of this
                action before reading it (connection refused, HTTP 429 or 503), so nothing
                was sent; then the retry schedule: the action stays `approved` and is sent
                again at `nextAttemptAt`, with growing delays (capped at 60 seconds, longer
                when the platform's `Retry-After` asks), for up to an hour
                (`COUNTERSIGN_EXECUTION_PATIENCE`) from the first refusal, then it fails
                saying nothing was sent. Always present in responses from this version on;
                older clients may ignore it.
            run_at (datetime.datetime | None): Additive field. When a scheduled action runs (the `runAt` it was created
                with), or null for one that runs as soon as it is approved. A scheduled
                action is open for approval until then (`expiresAt` equals `runAt`), waits
                `approved` after approval, and runs at `runAt`; one still pending then
                expires. Cancel an approved one before then with
                `POST /v1/actions/{actionId}/cancel`.
            escalated_at (datetime.datetime | None): Additive field. When the action was escalated: a policy rule it matched
                says
                `escalateAfterMinutes`, and it was still pending that long after `createdAt`,
                so the workspace's owners and admins were told (mail, and the
                `action.escalated` event). Null when it never was; an action is escalated at
                most once.
            shadow (ActionShadow | None): Additive field (null when no shadow rule matched); older clients may ignore
                it. What a shadow allowance (a policy rule with `approvals: 0` and `shadow:
                true`) would have done with this action were it live: a shadow rule approves
                nothing, so the action waits for people exactly as without it.
                `wouldApprove` is false when another rule the action matches asks for a person,
                or when the rule would already have approved its `maxPerDay` in the last 24
                hours. The Activity page and `GET /v1/accounts/{accountId}/activity` (`shadow`)
                count these verdicts against what people then decided.
     """

    id: str
    type_: ActionType
    status: ActionStatus
    mode: ActionMode
    account_id: str
    summary: str
    params: AddFanToListParams | AddMediaToVaultListParams | CreateVaultListParams | DeleteVaultListParams | HideVaultMediaParams | LikeMessageParams | MarkChatReadParams | MarkNotificationsReadParams | MarkStoryWatchedParams | RecordProfileViewParams | RecordProfileVisitParams | RemoveFanFromListParams | RemoveMediaFromVaultListParams | RenameVaultListParams | ReportPostViewsParams | SentEditMassMessageParams | SentSendMassMessageParams | SentSendMessageParams | SubscribeToUserParams | UnlikeMessageParams | UnsendMessageParams | UnsubscribeFromUserParams
    estimated_recipients: int | None
    price: Money | None
    approval_url: str
    requested_by: RequestedBy
    decided_by: DecidedBy | None
    decision_note: None | str
    created_at: datetime.datetime
    expires_at: datetime.datetime
    decided_at: datetime.datetime | None
    executed_at: datetime.datetime | None
    result: AddFanToListResult | AddMediaToVaultListResult | CreateVaultListResult | DeleteVaultListResult | EditMassMessageResult | HideVaultMediaResult | LikeMessageResult | MarkChatReadResult | MarkNotificationsReadResult | MarkStoryWatchedResult | None | RecordProfileViewResult | RecordProfileVisitResult | RemoveFanFromListResult | RemoveMediaFromVaultListResult | RenameVaultListResult | ReportPostViewsResult | SendMassMessageResult | SendMessageResult | SimulatedResult | SubscribeToUserResult | UnlikeMessageResult | UnsendMassMessageResult | UnsendMessageResult | UnsubscribeFromUserResult
    error: ActionError | None
    warnings: list[ActionWarning]
    approvals: list[Approval]
    approvals_required: ActionApprovalsRequired
    approvals_needed: int
    approvers: ActionApprovers
    requested_params: AddFanToListParams | AddMediaToVaultListParams | CreateVaultListParams | DeleteVaultListParams | HideVaultMediaParams | LikeMessageParams | MarkChatReadParams | MarkNotificationsReadParams | MarkStoryWatchedParams | None | RecordProfileViewParams | RecordProfileVisitParams | RemoveFanFromListParams | RemoveMediaFromVaultListParams | RenameVaultListParams | ReportPostViewsParams | SentEditMassMessageParams | SentSendMassMessageParams | SentSendMessageParams | SubscribeToUserParams | UnlikeMessageParams | UnsendMessageParams | UnsubscribeFromUserParams
    edited_by: DecidedBy | None
    edited_at: datetime.datetime | None
    replaces: None | str
    replaced_by: None | str
    execution: ActionExecution | None
    run_at: datetime.datetime | None
    escalated_at: datetime.datetime | None
    shadow: ActionShadow | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.action_error import ActionError # noqa: PLC0415
        from ..models.action_execution import ActionExecution # noqa: PLC0415
        from ..models.action_shadow import ActionShadow # noqa: PLC0415
        from ..models.action_warning import ActionWarning # noqa: PLC0415
        from ..models.add_fan_to_list_params import AddFanToListParams # noqa: PLC0415
        from ..models.add_fan_to_list_result import AddFanToListResult # noqa: PLC0415
        from ..models.add_media_to_vault_list_params import AddMediaToVaultListParams # noqa: PLC0415
        from ..models.add_media_to_vault_list_result import AddMediaToVaultListResult # noqa: PLC0415
        from ..models.approval import Approval # noqa: PLC0415
        from ..models.create_vault_list_params import CreateVaultListParams # noqa: PLC0415
        from ..models.create_vault_list_result import CreateVaultListResult # noqa: PLC0415
        from ..models.decided_by import DecidedBy # noqa: PLC0415
        from ..models.delete_vault_list_params import DeleteVaultListParams # noqa: PLC0415
        from ..models.delete_vault_list_result import DeleteVaultListResult # noqa: PLC0415
        from ..models.edit_mass_message_result import EditMassMessageResult # noqa: PLC0415
        from ..models.hide_vault_media_params import HideVaultMediaParams # noqa: PLC0415
        from ..models.hide_vault_media_result import HideVaultMediaResult # noqa: PLC0415
        from ..models.like_message_params import LikeMessageParams # noqa: PLC0415
        from ..models.like_message_result import LikeMessageResult # noqa: PLC0415
        from ..models.mark_chat_read_params import MarkChatReadParams # noqa: PLC0415
        from ..models.mark_chat_read_result import MarkChatReadResult # noqa: PLC0415
        from ..models.mark_notifications_read_params import MarkNotificationsReadParams # noqa: PLC0415
        from ..models.mark_notifications_read_result import MarkNotificationsReadResult # noqa: PLC0415
        from ..models.mark_story_watched_params import MarkStoryWatchedParams # noqa: PLC0415
        from ..models.mark_story_watched_result import MarkStoryWatchedResult # noqa: PLC0415
        from ..models.money import Money # noqa: PLC0415
        from ..models.record_profile_view_params import RecordProfileViewParams # noqa: PLC0415
        from ..models.record_profile_view_result import RecordProfileViewResult # noqa: PLC0415
        from ..models.record_profile_visit_params import RecordProfileVisitParams # noqa: PLC0415
        from ..models.record_profile_visit_result import RecordProfileVisitResult # noqa: PLC0415
        from ..models.remove_fan_from_list_params import RemoveFanFromListParams # noqa: PLC0415
        from ..models.remove_fan_from_list_result import RemoveFanFromListResult # noqa: PLC0415
        from ..models.remove_media_from_vault_list_params import RemoveMediaFromVaultListParams # noqa: PLC0415
        from ..models.remove_media_from_vault_list_result import RemoveMediaFromVaultListResult # noqa: PLC0415
        from ..models.rename_vault_list_params import RenameVaultListParams # noqa: PLC0415
        from ..models.rename_vault_list_result import RenameVaultListResult # noqa: PLC0415
        from ..models.report_post_views_params import ReportPostViewsParams # noqa: PLC0415
        from ..models.report_post_views_result import ReportPostViewsResult # noqa: PLC0415
        from ..models.requested_by import RequestedBy # noqa: PLC0415
        from ..models.send_mass_message_result import SendMassMessageResult # noqa: PLC0415
        from ..models.send_message_result import SendMessageResult # noqa: PLC0415
        from ..models.sent_edit_mass_message_params import SentEditMassMessageParams # noqa: PLC0415
        from ..models.sent_send_mass_message_params import SentSendMassMessageParams # noqa: PLC0415
        from ..models.sent_send_message_params import SentSendMessageParams # noqa: PLC0415
        from ..models.simulated_result import SimulatedResult # noqa: PLC0415
        from ..models.subscribe_to_user_params import SubscribeToUserParams # noqa: PLC0415
        from ..models.subscribe_to_user_result import SubscribeToUserResult # noqa: PLC0415
        from ..models.unlike_message_params import UnlikeMessageParams # noqa: PLC0415
        from ..models.unlike_message_result import UnlikeMessageResult # noqa: PLC0415
        from ..models.unsend_mass_message_result import UnsendMassMessageResult # noqa: PLC0415
        from ..models.unsend_message_params import UnsendMessageParams # noqa: PLC0415
        from ..models.unsend_message_result import UnsendMessageResult # noqa: PLC0415
        from ..models.unsubscribe_from_user_params import UnsubscribeFromUserParams # noqa: PLC0415
        from ..models.unsubscribe_from_user_result import UnsubscribeFromUserResult # noqa: PLC0415
        id = self.id

        type_: str = self.type_

        status: str = self.status

        mode: str = self.mode

        account_id = self.account_id

        summary = self.summary

        params: dict[str, Any]
        if isinstance(self.params, SentSendMessageParams):
            params = self.params.to_dict()
        elif isinstance(self.params, SentSendMassMessageParams):
            params = self.params.to_dict()
        elif isinstance(self.params, UnsendMessageParams):
            params = self.params.to_dict()
        elif isinstance(self.params, AddFanToListParams):
            params = self.params.to_dict()
        elif isinstance(self.params, RemoveFanFromListParams):
            params = self.params.to_dict()
        elif isinstance(self.params, MarkChatReadParams):
            params = self.params.to_dict()
        elif isinstance(self.params, LikeMessageParams):
            params = self.params.to_dict()
        elif isinstance(self.params, UnlikeMessageParams):
            params = self.params.to_dict()
        elif isinstance(self.params, SentEditMassMessageParams):
            params = self.params.to_dict()
        elif isinstance(self.params, CreateVaultListParams):
            params = self.params.to_dict()
        elif isinstance(self.params, RenameVaultListParams):
            params = self.params.to_dict()
        elif isinstance(self.params, DeleteVaultListParams):
            params = self.params.to_dict()
        elif isinstance(self.params, AddMediaToVaultListParams):
            params = self.params.to_dict()
        elif isinstance(self.params, RemoveMediaFromVaultListParams):
            params = self.params.to_dict()
        elif isinstance(self.params, HideVaultMediaParams):
            params = self.params.to_dict()
        elif isinstance(self.params, SubscribeToUserParams):
            params = self.params.to_dict()
        elif isinstance(self.params, UnsubscribeFromUserParams):
            params = self.params.to_dict()
        elif isinstance(self.params, MarkNotificationsReadParams):
            params = self.params.to_dict()
        elif isinstance(self.params, RecordProfileVisitParams):
            params = self.params.to_dict()
        elif isinstance(self.params, RecordProfileViewParams):
            params = self.params.to_dict()
        elif isinstance(self.params, ReportPostViewsParams):
            params = self.params.to_dict()
        else:
            params = self.params.to_dict()


        estimated_recipients: int | None
        estimated_recipients = self.estimated_recipients

        price: dict[str, Any] | None
        if isinstance(self.price, Money):
            price = self.price.to_dict()
        else:
            price = self.price

        approval_url = self.approval_url

        requested_by = self.requested_by.to_dict()

        decided_by: dict[str, Any] | None
        if isinstance(self.decided_by, DecidedBy):
            decided_by = self.decided_by.to_dict()
        else:
            decided_by = self.decided_by

        decision_note: None | str
        decision_note = self.decision_note

        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()

        decided_at: None | str
        if isinstance(self.decided_at, datetime.datetime):
            decided_at = self.decided_at.isoformat()
        else:
            decided_at = self.decided_at

        executed_at: None | str
        if isinstance(self.executed_at, datetime.datetime):
            executed_at = self.executed_at.isoformat()
        else:
            executed_at = self.executed_at

        result: dict[str, Any] | None
        if isinstance(self.result, SendMessageResult):
            result = self.result.to_dict()
        elif isinstance(self.result, SendMassMessageResult):
            result = self.result.to_dict()
        elif isinstance(self.result, UnsendMessageResult):
            result = self.result.to_dict()
        elif isinstance(self.result, UnsendMassMessageResult):
            result = self.result.to_dict()
        elif isinstance(self.result, AddFanToListResult):
            result = self.result.to_dict()
        elif isinstance(self.result, RemoveFanFromListResult):
            result = self.result.to_dict()
        elif isinstance(self.result, MarkChatReadResult):
            result = self.result.to_dict()
        elif isinstance(self.result, LikeMessageResult):
            result = self.result.to_dict()
        elif isinstance(self.result, UnlikeMessageResult):
            result = self.result.to_dict()
        elif isinstance(self.result, EditMassMessageResult):
            result = self.result.to_dict()
        elif isinstance(self.result, CreateVaultListResult):
            result = self.result.to_dict()
        elif isinstance(self.result, RenameVaultListResult):
            result = self.result.to_dict()
        elif isinstance(self.result, DeleteVaultListResult):
            result = self.result.to_dict()
        elif isinstance(self.result, AddMediaToVaultListResult):
            result = self.result.to_dict()
        elif isinstance(self.result, RemoveMediaFromVaultListResult):
            result = self.result.to_dict()
        elif isinstance(self.result, HideVaultMediaResult):
            result = self.result.to_dict()
        elif isinstance(self.result, SubscribeToUserResult):
            result = self.result.to_dict()
        elif isinstance(self.result, UnsubscribeFromUserResult):
            result = self.result.to_dict()
        elif isinstance(self.result, MarkNotificationsReadResult):
            result = self.result.to_dict()
        elif isinstance(self.result, RecordProfileVisitResult):
            result = self.result.to_dict()
        elif isinstance(self.result, RecordProfileViewResult):
            result = self.result.to_dict()
        elif isinstance(self.result, ReportPostViewsResult):
            result = self.result.to_dict()
        elif isinstance(self.result, MarkStoryWatchedResult):
            result = self.result.to_dict()
        elif isinstance(self.result, SimulatedResult):
            result = self.result.to_dict()
        else:
            result = self.result

        error: dict[str, Any] | None
        if isinstance(self.error, ActionError):
            error = self.error.to_dict()
        else:
            error = self.error

        warnings = []
        for warnings_item_data in self.warnings:
            warnings_item = warnings_item_data.to_dict()
            warnings.append(warnings_item)



        approvals = []
        for approvals_item_data in self.approvals:
            approvals_item = approvals_item_data.to_dict()
            approvals.append(approvals_item)



        approvals_required: int = self.approvals_required

        approvals_needed = self.approvals_needed

        approvers: str = self.approvers

        requested_params: dict[str, Any] | None
        if isinstance(self.requested_params, SentSendMessageParams):
            requested_params = self.requested_params.to_dict()
        elif isinstance(self.requested_params, SentSendMassMessageParams):
            requested_params = self.requested_params.to_dict()
        elif isinstance(self.requested_params, UnsendMessageParams):
            requested_params = self.requested_params.to_dict()
        elif isinstance(self.requested_params, AddFanToListParams):
            requested_params = self.requested_params.to_dict()
        elif isinstance(self.requested_params, RemoveFanFromListParams):
            requested_params = self.requested_params.to_dict()
        elif isinstance(self.requested_params, MarkChatReadParams):
            requested_params = self.requested_params.to_dict()
        elif isinstance(self.requested_params, LikeMessageParams):
            requested_params = self.requested_params.to_dict()
        elif isinstance(self.requested_params, UnlikeMessageParams):
            requested_params = self.requested_params.to_dict()
        elif isinstance(self.requested_params, SentEditMassMessageParams):
            requested_params = self.requested_params.to_dict()
        elif isinstance(self.requested_params, CreateVaultListParams):
            requested_params = self.requested_params.to_dict()
        elif isinstance(self.requested_params, RenameVaultListParams):
            requested_params = self.requested_params.to_dict()
        elif isinstance(self.requested_params, DeleteVaultListParams):
            requested_params = self.requested_params.to_dict()
        elif isinstance(self.requested_params, AddMediaToVaultListParams):
            requested_params = self.requested_params.to_dict()
        elif isinstance(self.requested_params, RemoveMediaFromVaultListParams):
            requested_params = self.requested_params.to_dict()
        elif isinstance(self.requested_params, HideVaultMediaParams):
            requested_params = self.requested_params.to_dict()
        elif isinstance(self.requested_params, SubscribeToUserParams):
            requested_params = self.requested_params.to_dict()
        elif isinstance(self.requested_params, UnsubscribeFromUserParams):
            requested_params = self.requested_params.to_dict()
        elif isinstance(self.requested_params, MarkNotificationsReadParams):
            requested_params = self.requested_params.to_dict()
        elif isinstance(self.requested_params, RecordProfileVisitParams):
            requested_params = self.requested_params.to_dict()
        elif isinstance(self.requested_params, RecordProfileViewParams):
            requested_params = self.requested_params.to_dict()
        elif isinstance(self.requested_params, ReportPostViewsParams):
            requested_params = self.requested_params.to_dict()
        elif isinstance(self.requested_params, MarkStoryWatchedParams):
            requested_params = self.requested_params.to_dict()
        else:
            requested_params = self.requested_params

        edited_by: dict[str, Any] | None
        if isinstance(self.edited_by, DecidedBy):
            edited_by = self.edited_by.to_dict()
        else:
            edited_by = self.edited_by

        edited_at: None | str
        if isinstance(self.edited_at, datetime.datetime):
            edited_at = self.edited_at.isoformat()
        else:
            edited_at = self.edited_at

        replaces: None | str
        replaces = self.replaces

        replaced_by: None | str
        replaced_by = self.replaced_by

        execution: dict[str, Any] | None
        if isinstance(self.execution, ActionExecution):
            execution = self.execution.to_dict()
        else:
            execution = self.execution

        run_at: None | str
        if isinstance(self.run_at, datetime.datetime):
            run_at = self.run_at.isoformat()
        else:
            run_at = self.run_at

        escalated_at: None | str
        if isinstance(self.escalated_at, datetime.datetime):
            escalated_at = self.escalated_at.isoformat()
        else:
            escalated_at = self.escalated_at

        shadow: dict[str, Any] | None
        if isinstance(self.shadow, ActionShadow):
            shadow = self.shadow.to_dict()
        else:
            shadow = self.shadow


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "type": type_,
            "status": status,
            "mode": mode,
            "accountId": account_id,
            "summary": summary,
            "params": params,
            "estimatedRecipients": estimated_recipients,
            "price": price,
            "approvalUrl": approval_url,
            "requestedBy": requested_by,
            "decidedBy": decided_by,
            "decisionNote": decision_note,
            "createdAt": created_at,
            "expiresAt": expires_at,
            "decidedAt": decided_at,
            "executedAt": executed_at,
            "result": result,
            "error": error,
            "warnings": warnings,
            "approvals": approvals,
            "approvalsRequired": approvals_required,
            "approvalsNeeded": approvals_needed,
            "approvers": approvers,
            "requestedParams": requested_params,
            "editedBy": edited_by,
            "editedAt": edited_at,
            "replaces": replaces,
            "replacedBy": replaced_by,
            "execution": execution,
            "runAt": run_at,
            "escalatedAt": escalated_at,
            "shadow": shadow,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.action_error import ActionError # noqa: PLC0415
        from ..models.action_execution import ActionExecution # noqa: PLC0415
        from ..models.action_shadow import ActionShadow # noqa: PLC0415
        from ..models.action_warning import ActionWarning # noqa: PLC0415
        from ..models.add_fan_to_list_params import AddFanToListParams # noqa: PLC0415
        from ..models.add_fan_to_list_result import AddFanToListResult # noqa: PLC0415
        from ..models.add_media_to_vault_list_params import AddMediaToVaultListParams # noqa: PLC0415
        from ..models.add_media_to_vault_list_result import AddMediaToVaultListResult # noqa: PLC0415
        from ..models.approval import Approval # noqa: PLC0415
        from ..models.create_vault_list_params import CreateVaultListParams # noqa: PLC0415
        from ..models.create_vault_list_result import CreateVaultListResult # noqa: PLC0415
        from ..models.decided_by import DecidedBy # noqa: PLC0415
        from ..models.delete_vault_list_params import DeleteVaultListParams # noqa: PLC0415
        from ..models.delete_vault_list_result import DeleteVaultListResult # noqa: PLC0415
        from ..models.edit_mass_message_result import EditMassMessageResult # noqa: PLC0415
        from ..models.hide_vault_media_params import HideVaultMediaParams # noqa: PLC0415
        from ..models.hide_vault_media_result import HideVaultMediaResult # noqa: PLC0415
        from ..models.like_message_params import LikeMessageParams # noqa: PLC0415
        from ..models.like_message_result import LikeMessageResult # noqa: PLC0415
        from ..models.mark_chat_read_params import MarkChatReadParams # noqa: PLC0415
        from ..models.mark_chat_read_result import MarkChatReadResult # noqa: PLC0415
        from ..models.mark_notifications_read_params import MarkNotificationsReadParams # noqa: PLC0415
        from ..models.mark_notifications_read_result import MarkNotificationsReadResult # noqa: PLC0415
        from ..models.mark_story_watched_params import MarkStoryWatchedParams # noqa: PLC0415
        from ..models.mark_story_watched_result import MarkStoryWatchedResult # noqa: PLC0415
        from ..models.money import Money # noqa: PLC0415
        from ..models.record_profile_view_params import RecordProfileViewParams # noqa: PLC0415
        from ..models.record_profile_view_result import RecordProfileViewResult # noqa: PLC0415
        from ..models.record_profile_visit_params import RecordProfileVisitParams # noqa: PLC0415
        from ..models.record_profile_visit_result import RecordProfileVisitResult # noqa: PLC0415
        from ..models.remove_fan_from_list_params import RemoveFanFromListParams # noqa: PLC0415
        from ..models.remove_fan_from_list_result import RemoveFanFromListResult # noqa: PLC0415
        from ..models.remove_media_from_vault_list_params import RemoveMediaFromVaultListParams # noqa: PLC0415
        from ..models.remove_media_from_vault_list_result import RemoveMediaFromVaultListResult # noqa: PLC0415
        from ..models.rename_vault_list_params import RenameVaultListParams # noqa: PLC0415
        from ..models.rename_vault_list_result import RenameVaultListResult # noqa: PLC0415
        from ..models.report_post_views_params import ReportPostViewsParams # noqa: PLC0415
        from ..models.report_post_views_result import ReportPostViewsResult # noqa: PLC0415
        from ..models.requested_by import RequestedBy # noqa: PLC0415
        from ..models.send_mass_message_result import SendMassMessageResult # noqa: PLC0415
        from ..models.send_message_result import SendMessageResult # noqa: PLC0415
        from ..models.sent_edit_mass_message_params import SentEditMassMessageParams # noqa: PLC0415
        from ..models.sent_send_mass_message_params import SentSendMassMessageParams # noqa: PLC0415
        from ..models.sent_send_message_params import SentSendMessageParams # noqa: PLC0415
        from ..models.simulated_result import SimulatedResult # noqa: PLC0415
        from ..models.subscribe_to_user_params import SubscribeToUserParams # noqa: PLC0415
        from ..models.subscribe_to_user_result import SubscribeToUserResult # noqa: PLC0415
        from ..models.unlike_message_params import UnlikeMessageParams # noqa: PLC0415
        from ..models.unlike_message_result import UnlikeMessageResult # noqa: PLC0415
        from ..models.unsend_mass_message_result import UnsendMassMessageResult # noqa: PLC0415
        from ..models.unsend_message_params import UnsendMessageParams # noqa: PLC0415
        from ..models.unsend_message_result import UnsendMessageResult # noqa: PLC0415
        from ..models.unsubscribe_from_user_params import UnsubscribeFromUserParams # noqa: PLC0415
        from ..models.unsubscribe_from_user_result import UnsubscribeFromUserResult # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        type_ = check_action_type(d.pop("type"))




        status = check_action_status(d.pop("status"))




        mode = check_action_mode(d.pop("mode"))




        account_id = d.pop("accountId")

        summary = d.pop("summary")

        def _parse_params(data: object) -> AddFanToListParams | AddMediaToVaultListParams | CreateVaultListParams | DeleteVaultListParams | HideVaultMediaParams | LikeMessageParams | MarkChatReadParams | MarkNotificationsReadParams | MarkStoryWatchedParams | RecordProfileViewParams | RecordProfileVisitParams | RemoveFanFromListParams | RemoveMediaFromVaultListParams | RenameVaultListParams | ReportPostViewsParams | SentEditMassMessageParams | SentSendMassMessageParams | SentSendMessageParams | SubscribeToUserParams | UnlikeMessageParams | UnsendMessageParams | UnsubscribeFromUserParams:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_0 = SentSendMessageParams.from_dict(data)



                return componentsschemas_action_params_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_1 = SentSendMassMessageParams.from_dict(data)



                return componentsschemas_action_params_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_2 = UnsendMessageParams.from_dict(data)



                return componentsschemas_action_params_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_3 = AddFanToListParams.from_dict(data)



                return componentsschemas_action_params_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_4 = RemoveFanFromListParams.from_dict(data)



                return componentsschemas_action_params_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_5 = MarkChatReadParams.from_dict(data)



                return componentsschemas_action_params_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_6 = LikeMessageParams.from_dict(data)



                return componentsschemas_action_params_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_7 = UnlikeMessageParams.from_dict(data)



                return componentsschemas_action_params_type_7
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_8 = SentEditMassMessageParams.from_dict(data)



                return componentsschemas_action_params_type_8
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_9 = CreateVaultListParams.from_dict(data)



                return componentsschemas_action_params_type_9
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_10 = RenameVaultListParams.from_dict(data)



                return componentsschemas_action_params_type_10
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_11 = DeleteVaultListParams.from_dict(data)



                return componentsschemas_action_params_type_11
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_12 = AddMediaToVaultListParams.from_dict(data)



                return componentsschemas_action_params_type_12
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_13 = RemoveMediaFromVaultListParams.from_dict(data)



                return componentsschemas_action_params_type_13
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_14 = HideVaultMediaParams.from_dict(data)



                return componentsschemas_action_params_type_14
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_15 = SubscribeToUserParams.from_dict(data)



                return componentsschemas_action_params_type_15
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_16 = UnsubscribeFromUserParams.from_dict(data)



                return componentsschemas_action_params_type_16
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_17 = MarkNotificationsReadParams.from_dict(data)



                return componentsschemas_action_params_type_17
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_18 = RecordProfileVisitParams.from_dict(data)



                return componentsschemas_action_params_type_18
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_19 = RecordProfileViewParams.from_dict(data)



                return componentsschemas_action_params_type_19
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_20 = ReportPostViewsParams.from_dict(data)



                return componentsschemas_action_params_type_20
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_action_params_type_21 = MarkStoryWatchedParams.from_dict(data)



            return componentsschemas_action_params_type_21

        params = _parse_params(d.pop("params"))


        def _parse_estimated_recipients(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        estimated_recipients = _parse_estimated_recipients(d.pop("estimatedRecipients"))


        def _parse_price(data: object) -> Money | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                price_type_0 = Money.from_dict(data)



                return price_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Money | None, data)

        price = _parse_price(d.pop("price"))


        approval_url = d.pop("approvalUrl")

        requested_by = RequestedBy.from_dict(d.pop("requestedBy"))




        def _parse_decided_by(data: object) -> DecidedBy | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                decided_by_type_0 = DecidedBy.from_dict(data)



                return decided_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DecidedBy | None, data)

        decided_by = _parse_decided_by(d.pop("decidedBy"))


        def _parse_decision_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        decision_note = _parse_decision_note(d.pop("decisionNote"))


        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))




        def _parse_decided_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                decided_at_type_0 = datetime.datetime.fromisoformat(data)



                return decided_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        decided_at = _parse_decided_at(d.pop("decidedAt"))


        def _parse_executed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                executed_at_type_0 = datetime.datetime.fromisoformat(data)



                return executed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        executed_at = _parse_executed_at(d.pop("executedAt"))


        def _parse_result(data: object) -> AddFanToListResult | AddMediaToVaultListResult | CreateVaultListResult | DeleteVaultListResult | EditMassMessageResult | HideVaultMediaResult | LikeMessageResult | MarkChatReadResult | MarkNotificationsReadResult | MarkStoryWatchedResult | None | RecordProfileViewResult | RecordProfileVisitResult | RemoveFanFromListResult | RemoveMediaFromVaultListResult | RenameVaultListResult | ReportPostViewsResult | SendMassMessageResult | SendMessageResult | SimulatedResult | SubscribeToUserResult | UnlikeMessageResult | UnsendMassMessageResult | UnsendMessageResult | UnsubscribeFromUserResult:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_result_type_0 = SendMessageResult.from_dict(data)



                return componentsschemas_action_result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_result_type_1 = SendMassMessageResult.from_dict(data)



                return componentsschemas_action_result_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_result_type_2 = UnsendMessageResult.from_dict(data)



                return componentsschemas_action_result_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_result_type_3 = UnsendMassMessageResult.from_dict(data)



                return componentsschemas_action_result_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_result_type_4 = AddFanToListResult.from_dict(data)



                return componentsschemas_action_result_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_result_type_5 = RemoveFanFromListResult.from_dict(data)



                return componentsschemas_action_result_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_result_type_6 = MarkChatReadResult.from_dict(data)



                return componentsschemas_action_result_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_result_type_7 = LikeMessageResult.from_dict(data)



                return componentsschemas_action_result_type_7
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_result_type_8 = UnlikeMessageResult.from_dict(data)



                return componentsschemas_action_result_type_8
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_result_type_9 = EditMassMessageResult.from_dict(data)



                return componentsschemas_action_result_type_9
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_result_type_10 = CreateVaultListResult.from_dict(data)



                return componentsschemas_action_result_type_10
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_result_type_11 = RenameVaultListResult.from_dict(data)



                return componentsschemas_action_result_type_11
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_result_type_12 = DeleteVaultListResult.from_dict(data)



                return componentsschemas_action_result_type_12
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_result_type_13 = AddMediaToVaultListResult.from_dict(data)



                return componentsschemas_action_result_type_13
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_result_type_14 = RemoveMediaFromVaultListResult.from_dict(data)



                return componentsschemas_action_result_type_14
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_result_type_15 = HideVaultMediaResult.from_dict(data)



                return componentsschemas_action_result_type_15
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_result_type_16 = SubscribeToUserResult.from_dict(data)



                return componentsschemas_action_result_type_16
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_result_type_17 = UnsubscribeFromUserResult.from_dict(data)



                return componentsschemas_action_result_type_17
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_result_type_18 = MarkNotificationsReadResult.from_dict(data)



                return componentsschemas_action_result_type_18
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_result_type_19 = RecordProfileVisitResult.from_dict(data)



                return componentsschemas_action_result_type_19
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_result_type_20 = RecordProfileViewResult.from_dict(data)



                return componentsschemas_action_result_type_20
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_result_type_21 = ReportPostViewsResult.from_dict(data)



                return componentsschemas_action_result_type_21
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_result_type_22 = MarkStoryWatchedResult.from_dict(data)



                return componentsschemas_action_result_type_22
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_result_type_23 = SimulatedResult.from_dict(data)



                return componentsschemas_action_result_type_23
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AddFanToListResult | AddMediaToVaultListResult | CreateVaultListResult | DeleteVaultListResult | EditMassMessageResult | HideVaultMediaResult | LikeMessageResult | MarkChatReadResult | MarkNotificationsReadResult | MarkStoryWatchedResult | None | RecordProfileViewResult | RecordProfileVisitResult | RemoveFanFromListResult | RemoveMediaFromVaultListResult | RenameVaultListResult | ReportPostViewsResult | SendMassMessageResult | SendMessageResult | SimulatedResult | SubscribeToUserResult | UnlikeMessageResult | UnsendMassMessageResult | UnsendMessageResult | UnsubscribeFromUserResult, data)

        result = _parse_result(d.pop("result"))


        def _parse_error(data: object) -> ActionError | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = ActionError.from_dict(data)



                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ActionError | None, data)

        error = _parse_error(d.pop("error"))


        warnings = []
        _warnings = d.pop("warnings")
        for warnings_item_data in (_warnings):
            warnings_item = ActionWarning.from_dict(warnings_item_data)



            warnings.append(warnings_item)


        approvals = []
        _approvals = d.pop("approvals")
        for approvals_item_data in (_approvals):
            approvals_item = Approval.from_dict(approvals_item_data)



            approvals.append(approvals_item)


        approvals_required = check_action_approvals_required(d.pop("approvalsRequired"))




        approvals_needed = d.pop("approvalsNeeded")

        approvers = check_action_approvers(d.pop("approvers"))




        def _parse_requested_params(data: object) -> AddFanToListParams | AddMediaToVaultListParams | CreateVaultListParams | DeleteVaultListParams | HideVaultMediaParams | LikeMessageParams | MarkChatReadParams | MarkNotificationsReadParams | MarkStoryWatchedParams | None | RecordProfileViewParams | RecordProfileVisitParams | RemoveFanFromListParams | RemoveMediaFromVaultListParams | RenameVaultListParams | ReportPostViewsParams | SentEditMassMessageParams | SentSendMassMessageParams | SentSendMessageParams | SubscribeToUserParams | UnlikeMessageParams | UnsendMessageParams | UnsubscribeFromUserParams:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_0 = SentSendMessageParams.from_dict(data)



                return componentsschemas_action_params_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_1 = SentSendMassMessageParams.from_dict(data)



                return componentsschemas_action_params_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_2 = UnsendMessageParams.from_dict(data)



                return componentsschemas_action_params_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_3 = AddFanToListParams.from_dict(data)



                return componentsschemas_action_params_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_4 = RemoveFanFromListParams.from_dict(data)



                return componentsschemas_action_params_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_5 = MarkChatReadParams.from_dict(data)



                return componentsschemas_action_params_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_6 = LikeMessageParams.from_dict(data)



                return componentsschemas_action_params_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_7 = UnlikeMessageParams.from_dict(data)



                return componentsschemas_action_params_type_7
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_8 = SentEditMassMessageParams.from_dict(data)



                return componentsschemas_action_params_type_8
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_9 = CreateVaultListParams.from_dict(data)



                return componentsschemas_action_params_type_9
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_10 = RenameVaultListParams.from_dict(data)



                return componentsschemas_action_params_type_10
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_11 = DeleteVaultListParams.from_dict(data)



                return componentsschemas_action_params_type_11
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_12 = AddMediaToVaultListParams.from_dict(data)



                return componentsschemas_action_params_type_12
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_13 = RemoveMediaFromVaultListParams.from_dict(data)



                return componentsschemas_action_params_type_13
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_14 = HideVaultMediaParams.from_dict(data)



                return componentsschemas_action_params_type_14
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_15 = SubscribeToUserParams.from_dict(data)



                return componentsschemas_action_params_type_15
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_16 = UnsubscribeFromUserParams.from_dict(data)



                return componentsschemas_action_params_type_16
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_17 = MarkNotificationsReadParams.from_dict(data)



                return componentsschemas_action_params_type_17
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_18 = RecordProfileVisitParams.from_dict(data)



                return componentsschemas_action_params_type_18
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_19 = RecordProfileViewParams.from_dict(data)



                return componentsschemas_action_params_type_19
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_20 = ReportPostViewsParams.from_dict(data)



                return componentsschemas_action_params_type_20
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_params_type_21 = MarkStoryWatchedParams.from_dict(data)



                return componentsschemas_action_params_type_21
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AddFanToListParams | AddMediaToVaultListParams | CreateVaultListParams | DeleteVaultListParams | HideVaultMediaParams | LikeMessageParams | MarkChatReadParams | MarkNotificationsReadParams | MarkStoryWatchedParams | None | RecordProfileViewParams | RecordProfileVisitParams | RemoveFanFromListParams | RemoveMediaFromVaultListParams | RenameVaultListParams | ReportPostViewsParams | SentEditMassMessageParams | SentSendMassMessageParams | SentSendMessageParams | SubscribeToUserParams | UnlikeMessageParams | UnsendMessageParams | UnsubscribeFromUserParams, data)

        requested_params = _parse_requested_params(d.pop("requestedParams"))


        def _parse_edited_by(data: object) -> DecidedBy | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                edited_by_type_0 = DecidedBy.from_dict(data)



                return edited_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DecidedBy | None, data)

        edited_by = _parse_edited_by(d.pop("editedBy"))


        def _parse_edited_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                edited_at_type_0 = datetime.datetime.fromisoformat(data)



                return edited_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        edited_at = _parse_edited_at(d.pop("editedAt"))


        def _parse_replaces(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        replaces = _parse_replaces(d.pop("replaces"))


        def _parse_replaced_by(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        replaced_by = _parse_replaced_by(d.pop("replacedBy"))


        def _parse_execution(data: object) -> ActionExecution | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                execution_type_0 = ActionExecution.from_dict(data)



                return execution_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ActionExecution | None, data)

        execution = _parse_execution(d.pop("execution"))


        def _parse_run_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                run_at_type_0 = datetime.datetime.fromisoformat(data)



                return run_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        run_at = _parse_run_at(d.pop("runAt"))


        def _parse_escalated_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                escalated_at_type_0 = datetime.datetime.fromisoformat(data)



                return escalated_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        escalated_at = _parse_escalated_at(d.pop("escalatedAt"))


        def _parse_shadow(data: object) -> ActionShadow | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                shadow_type_0 = ActionShadow.from_dict(data)



                return shadow_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ActionShadow | None, data)

        shadow = _parse_shadow(d.pop("shadow"))


        action = cls(
            id=id,
            type_=type_,
            status=status,
            mode=mode,
            account_id=account_id,
            summary=summary,
            params=params,
            estimated_recipients=estimated_recipients,
            price=price,
            approval_url=approval_url,
            requested_by=requested_by,
            decided_by=decided_by,
            decision_note=decision_note,
            created_at=created_at,
            expires_at=expires_at,
            decided_at=decided_at,
            executed_at=executed_at,
            result=result,
            error=error,
            warnings=warnings,
            approvals=approvals,
            approvals_required=approvals_required,
            approvals_needed=approvals_needed,
            approvers=approvers,
            requested_params=requested_params,
            edited_by=edited_by,
            edited_at=edited_at,
            replaces=replaces,
            replaced_by=replaced_by,
            execution=execution,
            run_at=run_at,
            escalated_at=escalated_at,
            shadow=shadow,
        )


        action.additional_properties = d
        return action

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
