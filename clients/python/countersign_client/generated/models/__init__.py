""" Contains all the data models used in inputs/outputs """

from .account import Account
from .account_activity import AccountActivity
from .account_activity_response import AccountActivityResponse
from .account_connected_event import AccountConnectedEvent
from .account_connected_event_data import AccountConnectedEventData
from .account_detail import AccountDetail
from .account_detail_counts import AccountDetailCounts
from .account_detail_response import AccountDetailResponse
from .account_detail_revenue_30d import AccountDetailRevenue30D
from .account_list import AccountList
from .account_policy_response import AccountPolicyResponse
from .account_policy_response_data import AccountPolicyResponseData
from .account_policy_response_data_source import AccountPolicyResponseDataSource
from .account_status import AccountStatus
from .account_status_changed_event import AccountStatusChangedEvent
from .account_status_changed_event_data import AccountStatusChangedEventData
from .action import Action
from .action_approvals_required import ActionApprovalsRequired
from .action_approved_event import ActionApprovedEvent
from .action_approvers import ActionApprovers
from .action_cancelled_event import ActionCancelledEvent
from .action_created_event import ActionCreatedEvent
from .action_error import ActionError
from .action_escalated_event import ActionEscalatedEvent
from .action_executed_event import ActionExecutedEvent
from .action_execution import ActionExecution
from .action_execution_last_error import ActionExecutionLastError
from .action_expired_event import ActionExpiredEvent
from .action_failed_event import ActionFailedEvent
from .action_list import ActionList
from .action_mode import ActionMode
from .action_rejected_event import ActionRejectedEvent
from .action_response import ActionResponse
from .action_shadow import ActionShadow
from .action_status import ActionStatus
from .action_type import ActionType
from .action_type_info import ActionTypeInfo
from .action_type_info_params import ActionTypeInfoParams
from .action_type_info_result import ActionTypeInfoResult
from .action_type_list import ActionTypeList
from .action_warning import ActionWarning
from .action_warning_code import ActionWarningCode
from .activity_counts import ActivityCounts
from .activity_day import ActivityDay
from .add_fan_to_list_params import AddFanToListParams
from .add_fan_to_list_request import AddFanToListRequest
from .add_fan_to_list_result import AddFanToListResult
from .add_media_to_vault_list_params import AddMediaToVaultListParams
from .add_media_to_vault_list_request import AddMediaToVaultListRequest
from .add_media_to_vault_list_result import AddMediaToVaultListResult
from .allowance_paused_event import AllowancePausedEvent
from .allowance_paused_event_data import AllowancePausedEventData
from .allowance_paused_event_data_cause import AllowancePausedEventDataCause
from .api_key import ApiKey
from .api_key_list import ApiKeyList
from .api_key_mode import ApiKeyMode
from .api_key_response import ApiKeyResponse
from .api_key_scopes_item import ApiKeyScopesItem
from .api_key_secret_response import ApiKeySecretResponse
from .api_key_secret_response_data import ApiKeySecretResponseData
from .apply_policy_suggestion_body import ApplyPolicySuggestionBody
from .apply_policy_suggestion_body_kind import ApplyPolicySuggestionBodyKind
from .apply_policy_suggestion_body_stage import ApplyPolicySuggestionBodyStage
from .approval import Approval
from .approve_request import ApproveRequest
from .audience_type_0 import AudienceType0
from .audience_type_1 import AudienceType1
from .bad_gateway_error import BadGatewayError
from .bad_gateway_error_error import BadGatewayErrorError
from .bad_gateway_error_error_code import BadGatewayErrorErrorCode
from .bad_request_error import BadRequestError
from .bad_request_error_error import BadRequestErrorError
from .bad_request_error_error_code import BadRequestErrorErrorCode
from .chat import Chat
from .chat_connection import ChatConnection
from .chat_connection_account_channels import ChatConnectionAccountChannels
from .chat_connection_list import ChatConnectionList
from .chat_connection_provider import ChatConnectionProvider
from .chat_link import ChatLink
from .chat_link_list import ChatLinkList
from .chat_link_provider import ChatLinkProvider
from .chat_link_response import ChatLinkResponse
from .chat_page import ChatPage
from .conflict_error import ConflictError
from .conflict_error_error import ConflictErrorError
from .conflict_error_error_code import ConflictErrorErrorCode
from .create_api_key_request import CreateApiKeyRequest
from .create_api_key_request_mode import CreateApiKeyRequestMode
from .create_api_key_request_scopes_item import CreateApiKeyRequestScopesItem
from .create_invite_request import CreateInviteRequest
from .create_invite_request_role import CreateInviteRequestRole
from .create_link_request import CreateLinkRequest
from .create_vault_list_params import CreateVaultListParams
from .create_vault_list_request import CreateVaultListRequest
from .create_vault_list_result import CreateVaultListResult
from .create_webhook_endpoint_request import CreateWebhookEndpointRequest
from .create_webhook_endpoint_request_event_types_type_0_item import CreateWebhookEndpointRequestEventTypesType0Item
from .create_webhook_endpoint_request_kind import CreateWebhookEndpointRequestKind
from .decided_by import DecidedBy
from .decided_by_kind import DecidedByKind
from .decision_request import DecisionRequest
from .delete_chat_connection_provider import DeleteChatConnectionProvider
from .delete_vault_list_params import DeleteVaultListParams
from .delete_vault_list_request import DeleteVaultListRequest
from .delete_vault_list_result import DeleteVaultListResult
from .deleted_response import DeletedResponse
from .deleted_response_data import DeletedResponseData
from .earnings import Earnings
from .earnings_day import EarningsDay
from .earnings_response import EarningsResponse
from .edit_mass_message_params import EditMassMessageParams
from .edit_mass_message_request import EditMassMessageRequest
from .edit_mass_message_result import EditMassMessageResult
from .error import Error
from .error_code import ErrorCode
from .error_error import ErrorError
from .error_error_account_status import ErrorErrorAccountStatus
from .error_type import ErrorType
from .event_envelope import EventEnvelope
from .event_envelope_mode import EventEnvelopeMode
from .failed_link import FailedLink
from .failed_link_status import FailedLinkStatus
from .fan import Fan
from .fan_detail import FanDetail
from .fan_detail_chat_type_1 import FanDetailChatType1
from .fan_detail_lists_item import FanDetailListsItem
from .fan_detail_response import FanDetailResponse
from .fan_detail_spend import FanDetailSpend
from .fan_list import FanList
from .fan_list_item import FanListItem
from .fan_list_page import FanListPage
from .fan_subscription_status import FanSubscriptionStatus
from .forbidden_error import ForbiddenError
from .forbidden_error_error import ForbiddenErrorError
from .forbidden_error_error_code import ForbiddenErrorErrorCode
from .get_action_until import GetActionUntil
from .get_platform_route_by import GetPlatformRouteBy
from .get_platform_route_format import GetPlatformRouteFormat
from .get_platform_route_order import GetPlatformRouteOrder
from .get_platform_route_skip_users import GetPlatformRouteSkipUsers
from .get_platform_route_type import GetPlatformRouteType
from .hide_vault_media_params import HideVaultMediaParams
from .hide_vault_media_request import HideVaultMediaRequest
from .hide_vault_media_result import HideVaultMediaResult
from .hosted_link import HostedLink
from .hosted_link_response import HostedLinkResponse
from .hosted_link_status import HostedLinkStatus
from .internal_server_error import InternalServerError
from .internal_server_error_error import InternalServerErrorError
from .invite import Invite
from .invite_created_response import InviteCreatedResponse
from .invite_created_response_data import InviteCreatedResponseData
from .invite_list import InviteList
from .invite_role import InviteRole
from .like_message_params import LikeMessageParams
from .like_message_request import LikeMessageRequest
from .like_message_result import LikeMessageResult
from .link_failed_event import LinkFailedEvent
from .list_actions_status import ListActionsStatus
from .mark_chat_read_params import MarkChatReadParams
from .mark_chat_read_request import MarkChatReadRequest
from .mark_chat_read_result import MarkChatReadResult
from .mark_notifications_read_params import MarkNotificationsReadParams
from .mark_notifications_read_request import MarkNotificationsReadRequest
from .mark_notifications_read_result import MarkNotificationsReadResult
from .mark_story_watched_params import MarkStoryWatchedParams
from .mark_story_watched_request import MarkStoryWatchedRequest
from .mark_story_watched_result import MarkStoryWatchedResult
from .member import Member
from .member_list import MemberList
from .member_response import MemberResponse
from .member_role import MemberRole
from .member_shift import MemberShift
from .message import Message
from .message_page import MessagePage
from .meta import Meta
from .meta_source import MetaSource
from .money import Money
from .not_found_error import NotFoundError
from .not_found_error_error import NotFoundErrorError
from .not_found_error_error_code import NotFoundErrorErrorCode
from .platform_response import PlatformResponse
from .platform_response_data import PlatformResponseData
from .policy import Policy
from .policy_limit import PolicyLimit
from .policy_limit_use import PolicyLimitUse
from .policy_rule import PolicyRule
from .policy_rule_approvals import PolicyRuleApprovals
from .policy_rule_approvers import PolicyRuleApprovers
from .policy_rule_paused import PolicyRulePaused
from .policy_source import PolicySource
from .policy_suggestion import PolicySuggestion
from .policy_suggestion_figures import PolicySuggestionFigures
from .policy_suggestion_kind import PolicySuggestionKind
from .policy_suggestion_limit import PolicySuggestionLimit
from .policy_suggestion_state import PolicySuggestionState
from .policy_suggestions_response import PolicySuggestionsResponse
from .post import Post
from .post_page import PostPage
from .post_response import PostResponse
from .post_view_events_item import PostViewEventsItem
from .precondition_failed_error import PreconditionFailedError
from .precondition_failed_error_error import PreconditionFailedErrorError
from .rate_limited_error import RateLimitedError
from .rate_limited_error_error import RateLimitedErrorError
from .record_profile_view_params import RecordProfileViewParams
from .record_profile_view_request import RecordProfileViewRequest
from .record_profile_view_result import RecordProfileViewResult
from .record_profile_visit_params import RecordProfileVisitParams
from .record_profile_visit_request import RecordProfileVisitRequest
from .record_profile_visit_result import RecordProfileVisitResult
from .remove_fan_from_list_params import RemoveFanFromListParams
from .remove_fan_from_list_request import RemoveFanFromListRequest
from .remove_fan_from_list_result import RemoveFanFromListResult
from .remove_media_from_vault_list_params import RemoveMediaFromVaultListParams
from .remove_media_from_vault_list_request import RemoveMediaFromVaultListRequest
from .remove_media_from_vault_list_result import RemoveMediaFromVaultListResult
from .rename_vault_list_params import RenameVaultListParams
from .rename_vault_list_request import RenameVaultListRequest
from .rename_vault_list_result import RenameVaultListResult
from .report_post_views_params import ReportPostViewsParams
from .report_post_views_request import ReportPostViewsRequest
from .report_post_views_result import ReportPostViewsResult
from .requested_by import RequestedBy
from .requested_by_kind import RequestedByKind
from .revenue_transaction_page import RevenueTransactionPage
from .send_mass_message_params import SendMassMessageParams
from .send_mass_message_request import SendMassMessageRequest
from .send_mass_message_result import SendMassMessageResult
from .send_message_params import SendMessageParams
from .send_message_request import SendMessageRequest
from .send_message_result import SendMessageResult
from .sent_edit_mass_message_params import SentEditMassMessageParams
from .sent_send_mass_message_params import SentSendMassMessageParams
from .sent_send_message_params import SentSendMessageParams
from .service_unavailable_error import ServiceUnavailableError
from .service_unavailable_error_error import ServiceUnavailableErrorError
from .set_policy_request import SetPolicyRequest
from .set_workspace_policy_request import SetWorkspacePolicyRequest
from .shadow_counts import ShadowCounts
from .shadow_day import ShadowDay
from .shadow_record import ShadowRecord
from .shadow_record_let_through_item import ShadowRecordLetThroughItem
from .simulated_result import SimulatedResult
from .subscribe_to_user_params import SubscribeToUserParams
from .subscribe_to_user_request import SubscribeToUserRequest
from .subscribe_to_user_result import SubscribeToUserResult
from .test_event import TestEvent
from .test_event_data import TestEventData
from .transaction import Transaction
from .transaction_observed_event import TransactionObservedEvent
from .unauthorized_error import UnauthorizedError
from .unauthorized_error_error import UnauthorizedErrorError
from .unauthorized_error_error_code import UnauthorizedErrorErrorCode
from .unlike_message_params import UnlikeMessageParams
from .unlike_message_request import UnlikeMessageRequest
from .unlike_message_result import UnlikeMessageResult
from .unsend_mass_message_result import UnsendMassMessageResult
from .unsend_message_params import UnsendMessageParams
from .unsend_message_request import UnsendMessageRequest
from .unsend_message_result import UnsendMessageResult
from .unsubscribe_from_user_params import UnsubscribeFromUserParams
from .unsubscribe_from_user_request import UnsubscribeFromUserRequest
from .unsubscribe_from_user_result import UnsubscribeFromUserResult
from .update_member_request import UpdateMemberRequest
from .update_member_request_role import UpdateMemberRequestRole
from .update_webhook_endpoint_request import UpdateWebhookEndpointRequest
from .update_webhook_endpoint_request_event_types_type_0_item import UpdateWebhookEndpointRequestEventTypesType0Item
from .vault_list import VaultList
from .vault_list_page import VaultListPage
from .vault_media import VaultMedia
from .vault_media_page import VaultMediaPage
from .webhook_endpoint import WebhookEndpoint
from .webhook_endpoint_kind import WebhookEndpointKind
from .webhook_endpoint_list import WebhookEndpointList
from .webhook_endpoint_mode import WebhookEndpointMode
from .webhook_endpoint_response import WebhookEndpointResponse
from .webhook_endpoint_secret_response import WebhookEndpointSecretResponse
from .webhook_endpoint_secret_response_data import WebhookEndpointSecretResponseData
from .webhook_test_response import WebhookTestResponse
from .webhook_test_response_data_type_0 import WebhookTestResponseDataType0
from .webhook_test_response_data_type_0_status import WebhookTestResponseDataType0Status
from .workspace_policy_response import WorkspacePolicyResponse
from .workspace_policy_response_data import WorkspacePolicyResponseData
from .write_limited_error import WriteLimitedError
from .write_limited_error_error import WriteLimitedErrorError
from .write_limited_error_error_code import WriteLimitedErrorErrorCode

__all__ = (
    "Account",
    "AccountActivity",
    "AccountActivityResponse",
    "AccountConnectedEvent",
    "AccountConnectedEventData",
    "AccountDetail",
    "AccountDetailCounts",
    "AccountDetailResponse",
    "AccountDetailRevenue30D",
    "AccountList",
    "AccountPolicyResponse",
    "AccountPolicyResponseData",
    "AccountPolicyResponseDataSource",
    "AccountStatus",
    "AccountStatusChangedEvent",
    "AccountStatusChangedEventData",
    "Action",
    "ActionApprovalsRequired",
    "ActionApprovedEvent",
    "ActionApprovers",
    "ActionCancelledEvent",
    "ActionCreatedEvent",
    "ActionError",
    "ActionEscalatedEvent",
    "ActionExecutedEvent",
    "ActionExecution",
    "ActionExecutionLastError",
    "ActionExpiredEvent",
    "ActionFailedEvent",
    "ActionList",
    "ActionMode",
    "ActionRejectedEvent",
    "ActionResponse",
    "ActionShadow",
    "ActionStatus",
    "ActionType",
    "ActionTypeInfo",
    "ActionTypeInfoParams",
    "ActionTypeInfoResult",
    "ActionTypeList",
    "ActionWarning",
    "ActionWarningCode",
    "ActivityCounts",
    "ActivityDay",
    "AddFanToListParams",
    "AddFanToListRequest",
    "AddFanToListResult",
    "AddMediaToVaultListParams",
    "AddMediaToVaultListRequest",
    "AddMediaToVaultListResult",
    "AllowancePausedEvent",
    "AllowancePausedEventData",
    "AllowancePausedEventDataCause",
    "ApiKey",
    "ApiKeyList",
    "ApiKeyMode",
    "ApiKeyResponse",
    "ApiKeyScopesItem",
    "ApiKeySecretResponse",
    "ApiKeySecretResponseData",
    "ApplyPolicySuggestionBody",
    "ApplyPolicySuggestionBodyKind",
    "ApplyPolicySuggestionBodyStage",
    "Approval",
    "ApproveRequest",
    "AudienceType0",
    "AudienceType1",
    "BadGatewayError",
    "BadGatewayErrorError",
    "BadGatewayErrorErrorCode",
    "BadRequestError",
    "BadRequestErrorError",
    "BadRequestErrorErrorCode",
    "Chat",
    "ChatConnection",
    "ChatConnectionAccountChannels",
    "ChatConnectionList",
    "ChatConnectionProvider",
    "ChatLink",
    "ChatLinkList",
    "ChatLinkProvider",
    "ChatLinkResponse",
    "ChatPage",
    "ConflictError",
    "ConflictErrorError",
    "ConflictErrorErrorCode",
    "CreateApiKeyRequest",
    "CreateApiKeyRequestMode",
    "CreateApiKeyRequestScopesItem",
    "CreateInviteRequest",
    "CreateInviteRequestRole",
    "CreateLinkRequest",
    "CreateVaultListParams",
    "CreateVaultListRequest",
    "CreateVaultListResult",
    "CreateWebhookEndpointRequest",
    "CreateWebhookEndpointRequestEventTypesType0Item",
    "CreateWebhookEndpointRequestKind",
    "DecidedBy",
    "DecidedByKind",
    "DecisionRequest",
    "DeleteChatConnectionProvider",
    "DeletedResponse",
    "DeletedResponseData",
    "DeleteVaultListParams",
    "DeleteVaultListRequest",
    "DeleteVaultListResult",
    "Earnings",
    "EarningsDay",
    "EarningsResponse",
    "EditMassMessageParams",
    "EditMassMessageRequest",
    "EditMassMessageResult",
    "Error",
    "ErrorCode",
    "ErrorError",
    "ErrorErrorAccountStatus",
    "ErrorType",
    "EventEnvelope",
    "EventEnvelopeMode",
    "FailedLink",
    "FailedLinkStatus",
    "Fan",
    "FanDetail",
    "FanDetailChatType1",
    "FanDetailListsItem",
    "FanDetailResponse",
    "FanDetailSpend",
    "FanList",
    "FanListItem",
    "FanListPage",
    "FanSubscriptionStatus",
    "ForbiddenError",
    "ForbiddenErrorError",
    "ForbiddenErrorErrorCode",
    "GetActionUntil",
    "GetPlatformRouteBy",
    "GetPlatformRouteFormat",
    "GetPlatformRouteOrder",
    "GetPlatformRouteSkipUsers",
    "GetPlatformRouteType",
    "HideVaultMediaParams",
    "HideVaultMediaRequest",
    "HideVaultMediaResult",
    "HostedLink",
    "HostedLinkResponse",
    "HostedLinkStatus",
    "InternalServerError",
    "InternalServerErrorError",
    "Invite",
    "InviteCreatedResponse",
    "InviteCreatedResponseData",
    "InviteList",
    "InviteRole",
    "LikeMessageParams",
    "LikeMessageRequest",
    "LikeMessageResult",
    "LinkFailedEvent",
    "ListActionsStatus",
    "MarkChatReadParams",
    "MarkChatReadRequest",
    "MarkChatReadResult",
    "MarkNotificationsReadParams",
    "MarkNotificationsReadRequest",
    "MarkNotificationsReadResult",
    "MarkStoryWatchedParams",
    "MarkStoryWatchedRequest",
    "MarkStoryWatchedResult",
    "Member",
    "MemberList",
    "MemberResponse",
    "MemberRole",
    "MemberShift",
    "Message",
    "MessagePage",
    "Meta",
    "MetaSource",
    "Money",
    "NotFoundError",
    "NotFoundErrorError",
    "NotFoundErrorErrorCode",
    "PlatformResponse",
    "PlatformResponseData",
    "Policy",
    "PolicyLimit",
    "PolicyLimitUse",
    "PolicyRule",
    "PolicyRuleApprovals",
    "PolicyRuleApprovers",
    "PolicyRulePaused",
    "PolicySource",
    "PolicySuggestion",
    "PolicySuggestionFigures",
    "PolicySuggestionKind",
    "PolicySuggestionLimit",
    "PolicySuggestionsResponse",
    "PolicySuggestionState",
    "Post",
    "PostPage",
    "PostResponse",
    "PostViewEventsItem",
    "PreconditionFailedError",
    "PreconditionFailedErrorError",
    "RateLimitedError",
    "RateLimitedErrorError",
    "RecordProfileViewParams",
    "RecordProfileViewRequest",
    "RecordProfileViewResult",
    "RecordProfileVisitParams",
    "RecordProfileVisitRequest",
    "RecordProfileVisitResult",
    "RemoveFanFromListParams",
    "RemoveFanFromListRequest",
    "RemoveFanFromListResult",
    "RemoveMediaFromVaultListParams",
    "RemoveMediaFromVaultListRequest",
    "RemoveMediaFromVaultListResult",
    "RenameVaultListParams",
    "RenameVaultListRequest",
    "RenameVaultListResult",
    "ReportPostViewsParams",
    "ReportPostViewsRequest",
    "ReportPostViewsResult",
    "RequestedBy",
    "RequestedByKind",
    "RevenueTransactionPage",
    "SendMassMessageParams",
    "SendMassMessageRequest",
    "SendMassMessageResult",
    "SendMessageParams",
    "SendMessageRequest",
    "SendMessageResult",
    "SentEditMassMessageParams",
    "SentSendMassMessageParams",
    "SentSendMessageParams",
    "ServiceUnavailableError",
    "ServiceUnavailableErrorError",
    "SetPolicyRequest",
    "SetWorkspacePolicyRequest",
    "ShadowCounts",
    "ShadowDay",
    "ShadowRecord",
    "ShadowRecordLetThroughItem",
    "SimulatedResult",
    "SubscribeToUserParams",
    "SubscribeToUserRequest",
    "SubscribeToUserResult",
    "TestEvent",
    "TestEventData",
    "Transaction",
    "TransactionObservedEvent",
    "UnauthorizedError",
    "UnauthorizedErrorError",
    "UnauthorizedErrorErrorCode",
    "UnlikeMessageParams",
    "UnlikeMessageRequest",
    "UnlikeMessageResult",
    "UnsendMassMessageResult",
    "UnsendMessageParams",
    "UnsendMessageRequest",
    "UnsendMessageResult",
    "UnsubscribeFromUserParams",
    "UnsubscribeFromUserRequest",
    "UnsubscribeFromUserResult",
    "UpdateMemberRequest",
    "UpdateMemberRequestRole",
    "UpdateWebhookEndpointRequest",
    "UpdateWebhookEndpointRequestEventTypesType0Item",
    "VaultList",
    "VaultListPage",
    "VaultMedia",
    "VaultMediaPage",
    "WebhookEndpoint",
    "WebhookEndpointKind",
    "WebhookEndpointList",
    "WebhookEndpointMode",
    "WebhookEndpointResponse",
    "WebhookEndpointSecretResponse",
    "WebhookEndpointSecretResponseData",
    "WebhookTestResponse",
    "WebhookTestResponseDataType0",
    "WebhookTestResponseDataType0Status",
    "WorkspacePolicyResponse",
    "WorkspacePolicyResponseData",
    "WriteLimitedError",
    "WriteLimitedErrorError",
    "WriteLimitedErrorErrorCode",
)
