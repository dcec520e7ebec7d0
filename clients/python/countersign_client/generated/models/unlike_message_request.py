from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.unlike_message_params import UnlikeMessageParams





T = TypeVar("T", bound="UnlikeMessageRequest")



@_attrs_define
class UnlikeMessageRequest:
    """ 
        Attributes:
            type_ (Literal['unlike_message']):
            params (UnlikeMessageParams): `unlike_message`.
            run_at (str | Unset): Optional: run the action at this time instead of as soon as it is approved
                (an RFC 3339 `date-time` exactly: a calendar date, `T`, a fraction only after `.`,
                an offset of `Z` or `±hh:mm`, no surrounding spaces; no ISO 8601 week dates or
                `+0530` offsets), in the future and at most 30 days ahead,
                else `400 invalid_parameter` with `param: runAt`; the service checks the form
                itself, so every create request keeps the fast schema check). Part of the request an
                Idempotency-Key stands for. The action is open for approval until then
                (`expiresAt` is `runAt`); approved, it waits and runs at `runAt`; still
                pending then, it expires.
     """

    type_: Literal['unlike_message']
    params: UnlikeMessageParams
    run_at: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.unlike_message_params import UnlikeMessageParams # noqa: PLC0415
        type_ = self.type_

        params = self.params.to_dict()

        run_at = self.run_at


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "params": params,
        })
        if run_at is not UNSET:
            field_dict["runAt"] = run_at

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.unlike_message_params import UnlikeMessageParams # noqa: PLC0415
        d = dict(src_dict)
        type_ = cast(Literal['unlike_message'] , d.pop("type"))
        if type_ != 'unlike_message':
            raise ValueError(f"type must match const 'unlike_message', got '{type_}'")

        params = UnlikeMessageParams.from_dict(d.pop("params"))




        run_at = d.pop("runAt", UNSET)

        unlike_message_request = cls(
            type_=type_,
            params=params,
            run_at=run_at,
        )

        return unlike_message_request

