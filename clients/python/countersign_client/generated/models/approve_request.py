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
  from ..models.remove_fan_from_list_params import RemoveFanFromListParams
  from ..models.send_mass_message_params import SendMassMessageParams
  from ..models.send_message_params import SendMessageParams
  from ..models.unsend_message_params import UnsendMessageParams





T = TypeVar("T", bound="ApproveRequest")



@_attrs_define
class ApproveRequest:
    """ 
        Attributes:
            note (str | Unset): A note kept with the decision (`decisionNote`).
            params (AddFanToListParams | RemoveFanFromListParams | SendMassMessageParams | SendMessageParams |
                UnsendMessageParams | Unset): Additive. The params edited before approving, complete (as in the
                action's `params`). Only narrower than asked: new `text`, a lower `priceCents`,
                fewer `mediaIds`, an audience with fewer lists or fans or more excluded lists.
                Anything wider is `400 invalid_parameter` naming the field. The edit is normalised
                as at creation, recomputes summary, estimate and warnings, keeps what was asked in
                `requestedParams`, and restarts the quorum (this approval is the first to count).
     """

    note: str | Unset = UNSET
    params: AddFanToListParams | RemoveFanFromListParams | SendMassMessageParams | SendMessageParams | UnsendMessageParams | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.add_fan_to_list_params import AddFanToListParams # noqa: PLC0415
        from ..models.remove_fan_from_list_params import RemoveFanFromListParams # noqa: PLC0415
        from ..models.send_mass_message_params import SendMassMessageParams # noqa: PLC0415
        from ..models.send_message_params import SendMessageParams # noqa: PLC0415
        from ..models.unsend_message_params import UnsendMessageParams # noqa: PLC0415
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
        from ..models.remove_fan_from_list_params import RemoveFanFromListParams # noqa: PLC0415
        from ..models.send_mass_message_params import SendMassMessageParams # noqa: PLC0415
        from ..models.send_message_params import SendMessageParams # noqa: PLC0415
        from ..models.unsend_message_params import UnsendMessageParams # noqa: PLC0415
        d = dict(src_dict)
        note = d.pop("note", UNSET)

        def _parse_params(data: object) -> AddFanToListParams | RemoveFanFromListParams | SendMassMessageParams | SendMessageParams | UnsendMessageParams | Unset:
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
            if not isinstance(data, dict):
                raise TypeError()
            params_type_4 = RemoveFanFromListParams.from_dict(data)



            return params_type_4

        params = _parse_params(d.pop("params", UNSET))


        approve_request = cls(
            note=note,
            params=params,
        )

        return approve_request

