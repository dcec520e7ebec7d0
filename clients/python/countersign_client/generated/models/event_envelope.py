from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.event_envelope_mode import check_event_envelope_mode
from ..models.event_envelope_mode import EventEnvelopeMode
from typing import cast
import datetime






T = TypeVar("T", bound="EventEnvelope")



@_attrs_define
class EventEnvelope:
    """ The body of every webhook. The event's type is also in the `x-svc-event`
    header.

    **Modes.** Endpoints belong to one mode, like Stripe's test-mode endpoints:
    test-mode activity (actions of test keys, test links, sandbox creators'
    transactions) is delivered only to the workspace's test endpoints, live
    activity only to its live ones, and `mode` says which the event is. The
    dashboard's test-mode switch shows and manages the test endpoints.

    **Delivery.** Respond with any 2xx within 10 seconds: one deadline for the
    whole attempt, from connecting to the last byte of your answer (an answer
    still arriving at the deadline is a failure). At most 64 KiB of the answer
    is read; the rest is dropped, and 2,000 characters are kept in the log. The
    connection goes to the address checked against the rules below (never to a
    second DNS answer). Anything else is retried
    four more times, waiting 5 minutes, 30 minutes, 1 hour and 1.5 hours between
    attempts (about three hours in all); then the delivery is marked failed, and
    the endpoint shows as failing in the dashboard until a delivery succeeds
    again. Each attempt is logged separately. Deliveries are at least once: the
    `x-svc-delivery` id is the same on every retry of one event to one endpoint,
    so drop duplicates by it.

    **Auto-disable.** An endpoint whose every delivery attempt has failed for
    `COUNTERSIGN_WEBHOOK_DISABLE_AFTER_DAYS` (5 days by default), or that answers
    `410 Gone`, is disabled: nothing more is sent to it, its pending deliveries
    and later events are logged as failed, and the Webhooks page shows it as
    disabled with the reason. An owner or admin enables it again there and may
    resend every delivery that failed since a chosen time (same delivery ids,
    a fresh schedule). Test sends never disable an endpoint.

    **Ordering.** Each delivery keeps its own retry schedule, so an event never
    waits behind another event's retries, and events can arrive in any order (a
    retried event arrives after later ones). Order them by `sequence`: of two
    events about the same resource, the one with the larger `sequence` describes
    the newer state; ignore an event older than one you already applied.

    **Signature.** Verify `x-svc-signature` (`t=<unix>,v1=<hex>[,v1=<hex>…]`):
    compute HMAC-SHA256 of `<t>.<raw body>` with your signing secret, compare in
    constant time with each `v1`, and refuse a `t` more than 300 seconds from
    now. After a secret roll the old secret keeps signing too, for 24 hours, so
    a request then carries two `v1` values.

    **Standard Webhooks.** Every delivery also carries `webhook-id` (the delivery
    id, equal to `x-svc-delivery` and stable across retries), `webhook-timestamp`
    (unix seconds, equal to `t`) and `webhook-signature` (`v1,<base64>`, one entry
    per signing secret, separated by spaces), so the `standardwebhooks` libraries
    (`Webhook(secret).verify(body, headers)`) verify it with the endpoint's secret
    as shown. Secrets are `whsec_` + base64 of 32 random bytes. A secret made before
    this support (`whsec_` + URL-safe base64) keeps signing both headers; the
    dashboard shows its standard form (the same 32 bytes in standard base64) for the
    library, or roll it for a new one.

    **Registration.** An agency owner or admin registers endpoints on the
    dashboard's Webhooks page (there is no API for it). Per mode a workspace has
    one transactions endpoint, which receives `transaction.observed`, and any number
    of event endpoints, each receiving all of `action.created`, `action.executed`,
    `action.approved`, `action.rejected`, `action.failed`, `action.expired`, `action.cancelled`,
    `action.escalated`, `account.connected`, `account.status_changed` and `link.failed` and `allowance.paused` or a
    chosen subset. A URL must be public `https`: its host is resolved and private,
    loopback, link-local and other non-public addresses are refused, when the URL
    is saved and again before each send. Redirects are not followed. Each
    endpoint has its own signing secret (`whsec_…`), shown on the page; the page
    also shows each delivery with its attempts (status code, response excerpt,
    duration, error), whether the endpoint is failing, a test send (`test` event)
    and manual redelivery, which sends a delivery again with the same
    `x-svc-delivery` id and a fresh schedule.

    **Shape.** Every event is this envelope plus its own `type` (the event name,
    as in `x-svc-event`) and `data`, both required; they are declared in each
    event's schema only, so code generators give each event a literal `type`
    and a typed `data`.

        Attributes:
            id (str): Event id.
            created_at (datetime.datetime): ISO 8601 / RFC 3339 instant, in UTC.
            sequence (int): The event's number: it increases in the order events are written (with
                gaps, and shared by every endpoint the event goes to), so a receiver can
                order events that arrive out of order. For one resource (an action, an
                account, a link, a transaction id) a larger `sequence` is a later state.
                Do not use it to detect missed events: numbers are not contiguous.
            mode (EventEnvelopeMode): `test` for test-mode activity, delivered only to test-mode endpoints; a
                `test` send carries the mode of the endpoint it goes to.
     """

    id: str
    created_at: datetime.datetime
    sequence: int
    mode: EventEnvelopeMode
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        created_at = self.created_at.isoformat()

        sequence = self.sequence

        mode: str = self.mode


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "createdAt": created_at,
            "sequence": sequence,
            "mode": mode,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        sequence = d.pop("sequence")

        mode = check_event_envelope_mode(d.pop("mode"))




        event_envelope = cls(
            id=id,
            created_at=created_at,
            sequence=sequence,
            mode=mode,
        )


        event_envelope.additional_properties = d
        return event_envelope

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
