from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.add_fan_to_list_params import AddFanToListParams
  from ..models.add_media_to_vault_list_params import AddMediaToVaultListParams
  from ..models.delete_vault_list_params import DeleteVaultListParams
  from ..models.edit_mass_message_params import EditMassMessageParams
  from ..models.hide_vault_media_params import HideVaultMediaParams
  from ..models.like_message_params import LikeMessageParams
  from ..models.mark_chat_read_params import MarkChatReadParams
  from ..models.mark_notifications_read_params import MarkNotificationsReadParams
  from ..models.mark_story_watched_params import MarkStoryWatchedParams
  from ..models.record_profile_view_params import RecordProfileViewParams
  from ..models.record_profile_visit_params import RecordProfileVisitParams
  from ..models.remove_fan_from_list_params import RemoveFanFromListParams
  from ..models.remove_media_from_vault_list_params import RemoveMediaFromVaultListParams
  from ..models.send_mass_message_params import SendMassMessageParams
  from ..models.send_message_params import SendMessageParams
  from ..models.subscribe_to_user_params import SubscribeToUserParams
  from ..models.unlike_message_params import UnlikeMessageParams
  from ..models.unsend_message_params import UnsendMessageParams
  from ..models.unsubscribe_from_user_params import UnsubscribeFromUserParams





T = TypeVar("T", bound="ApproveRequest")



@_attrs_define
class ApproveRequest:
    """ 
        Attributes:
            note (str | Unset): A note kept with the decision (`decisionNote`).
            params (AddFanToListParams | AddMediaToVaultListParams | DeleteVaultListParams | EditMassMessageParams |
                HideVaultMediaParams | LikeMessageParams | MarkChatReadParams | MarkNotificationsReadParams |
                MarkStoryWatchedParams | RecordProfileViewParams | RecordProfileVisitParams | RemoveFanFromListParams |
                RemoveMediaFromVaultListParams | SendMassMessageParams | SendMessageParams | SubscribeToUserParams |
                UnlikeMessageParams | UnsendMessageParams | Unset | UnsubscribeFromUserParams): Additive (issue 21). The params
                edited before approving, complete (as in the
                action's `params`). Only narrower than asked: new `text`, a lower `priceCents`,
                fewer `mediaIds`, an audience with fewer lists or fans or more excluded lists.
                Anything wider is `400 invalid_parameter` naming the field. The edit is normalised
                as at creation, recomputes summary, estimate and warnings, keeps what was asked in
                `requestedParams`, and restarts the quorum (this approval is the first to count).
                Types with nothing an approver may change and a name or timestamp to check
                (`create_vault_list`, `rename_vault_list`, `report_post_views`) take no `params`
                here: approve them as asked, or reject and ask again.
     """

    note: str | Unset = UNSET
    params: AddFanToListParams | AddMediaToVaultListParams | DeleteVaultListParams | EditMassMessageParams | HideVaultMediaParams | LikeMessageParams | MarkChatReadParams | MarkNotificationsReadParams | MarkStoryWatchedParams | RecordProfileViewParams | RecordProfileVisitParams | RemoveFanFromListParams | RemoveMediaFromVaultListParams | SendMassMessageParams | SendMessageParams | SubscribeToUserParams | UnlikeMessageParams | UnsendMessageParams | Unset | UnsubscribeFromUserParams = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.add_fan_to_list_params import AddFanToListParams # noqa: PLC0415
        from ..models.add_media_to_vault_list_params import AddMediaToVaultListParams # noqa: PLC0415
        from ..models.delete_vault_list_params import DeleteVaultListParams # noqa: PLC0415
        from ..models.edit_mass_message_params import EditMassMessageParams # noqa: PLC0415
        from ..models.hide_vault_media_params import HideVaultMediaParams # noqa: PLC0415
        from ..models.like_message_params import LikeMessageParams # noqa: PLC0415
        from ..models.mark_chat_read_params import MarkChatReadParams # noqa: PLC0415
        from ..models.mark_notifications_read_params import MarkNotificationsReadParams # noqa: PLC0415
        from ..models.mark_story_watched_params import MarkStoryWatchedParams # noqa: PLC0415
        from ..models.record_profile_view_params import RecordProfileViewParams # noqa: PLC0415
        from ..models.record_profile_visit_params import RecordProfileVisitParams # noqa: PLC0415
        from ..models.remove_fan_from_list_params import RemoveFanFromListParams # noqa: PLC0415
        from ..models.remove_media_from_vault_list_params import RemoveMediaFromVaultListParams # noqa: PLC0415
        from ..models.send_mass_message_params import SendMassMessageParams # noqa: PLC0415
        from ..models.send_message_params import SendMessageParams # noqa: PLC0415
        from ..models.subscribe_to_user_params import SubscribeToUserParams # noqa: PLC0415
        from ..models.unlike_message_params import UnlikeMessageParams # noqa: PLC0415
        from ..models.unsend_message_params import UnsendMessageParams # noqa: PLC0415
        from ..models.unsubscribe_from_user_params import UnsubscribeFromUserParams # noqa: PLC0415
        note = self.note

        params: dict[str, Any] | Unset
        if isinstance(self.params, Unset):
            params = UNSET
        elif isinstance(self.params, SendMessageParams):
            params = self.params.to_dict()
        elif isinstance(self.params, SendMassMessageParams):
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
        elif isinstance(self.params, EditMassMessageParams):
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
        else:
            params = self.params.to_dict()



        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if note is not UNSET:
            field_dict["note"] = note
        if params is not UNSET:
            field_dict["params"] = params

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.add_fan_to_list_params import AddFanToListParams # noqa: PLC0415
        from ..models.add_media_to_vault_list_params import AddMediaToVaultListParams # noqa: PLC0415
        from ..models.delete_vault_list_params import DeleteVaultListParams # noqa: PLC0415
        from ..models.edit_mass_message_params import EditMassMessageParams # noqa: PLC0415
        from ..models.hide_vault_media_params import HideVaultMediaParams # noqa: PLC0415
        from ..models.like_message_params import LikeMessageParams # noqa: PLC0415
        from ..models.mark_chat_read_params import MarkChatReadParams # noqa: PLC0415
        from ..models.mark_notifications_read_params import MarkNotificationsReadParams # noqa: PLC0415
        from ..models.mark_story_watched_params import MarkStoryWatchedParams # noqa: PLC0415
        from ..models.record_profile_view_params import RecordProfileViewParams # noqa: PLC0415
        from ..models.record_profile_visit_params import RecordProfileVisitParams # noqa: PLC0415
        from ..models.remove_fan_from_list_params import RemoveFanFromListParams # noqa: PLC0415
        from ..models.remove_media_from_vault_list_params import RemoveMediaFromVaultListParams # noqa: PLC0415
        from ..models.send_mass_message_params import SendMassMessageParams # noqa: PLC0415
        from ..models.send_message_params import SendMessageParams # noqa: PLC0415
        from ..models.subscribe_to_user_params import SubscribeToUserParams # noqa: PLC0415
        from ..models.unlike_message_params import UnlikeMessageParams # noqa: PLC0415
        from ..models.unsend_message_params import UnsendMessageParams # noqa: PLC0415
        from ..models.unsubscribe_from_user_params import UnsubscribeFromUserParams # noqa: PLC0415
        d = dict(src_dict)
        note = d.pop("note", UNSET)

        def _parse_params(data: object) -> AddFanToListParams | AddMediaToVaultListParams | DeleteVaultListParams | EditMassMessageParams | HideVaultMediaParams | LikeMessageParams | MarkChatReadParams | MarkNotificationsReadParams | MarkStoryWatchedParams | RecordProfileViewParams | RecordProfileVisitParams | RemoveFanFromListParams | RemoveMediaFromVaultListParams | SendMassMessageParams | SendMessageParams | SubscribeToUserParams | UnlikeMessageParams | UnsendMessageParams | Unset | UnsubscribeFromUserParams:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                params_type_0 = SendMessageParams.from_dict(data)



                return params_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                params_type_1 = SendMassMessageParams.from_dict(data)



                return params_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                params_type_2 = UnsendMessageParams.from_dict(data)



                return params_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                params_type_3 = AddFanToListParams.from_dict(data)



                return params_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                params_type_4 = RemoveFanFromListParams.from_dict(data)



                return params_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                params_type_5 = MarkChatReadParams.from_dict(data)



                return params_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                params_type_6 = LikeMessageParams.from_dict(data)



                return params_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                params_type_7 = UnlikeMessageParams.from_dict(data)



                return params_type_7
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                params_type_8 = EditMassMessageParams.from_dict(data)



                return params_type_8
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                params_type_9 = DeleteVaultListParams.from_dict(data)



                return params_type_9
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                params_type_10 = AddMediaToVaultListParams.from_dict(data)



                return params_type_10
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                params_type_11 = RemoveMediaFromVaultListParams.from_dict(data)



                return params_type_11
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                params_type_12 = HideVaultMediaParams.from_dict(data)



                return params_type_12
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                params_type_13 = SubscribeToUserParams.from_dict(data)



                return params_type_13
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                params_type_14 = UnsubscribeFromUserParams.from_dict(data)



                return params_type_14
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                params_type_15 = MarkNotificationsReadParams.from_dict(data)



                return params_type_15
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                params_type_16 = RecordProfileVisitParams.from_dict(data)



                return params_type_16
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                params_type_17 = RecordProfileViewParams.from_dict(data)



                return params_type_17
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            params_type_18 = MarkStoryWatchedParams.from_dict(data)



            return params_type_18

        params = _parse_params(d.pop("params", UNSET))


        approve_request = cls(
            note=note,
            params=params,
        )

        return approve_request

