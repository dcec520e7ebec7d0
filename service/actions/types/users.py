"""The creator as a platform user: `subscribe_to_user`, `unsubscribe_from_user`,
`mark_notifications_read`, `record_profile_visit` and `record_profile_view`. Synced data holds
none of what these touch (other creators, notifications, profile statistics), so they carry no
warnings beyond the account's and their approval pages show the description and summary."""

from __future__ import annotations

from service.actions.types.registry import (
    ActionType,
    PlatformCall,
    no_synced_context,
    performs,
    register,
)

register(
    ActionType(
        name="subscribe_to_user",
        label="Subscribe to a creator",
        params_schema="SubscribeToUserParams",
        result_schemas=("SubscribeToUserResult",),
        summary=lambda p, at, _, n: f"Subscribe {at} to {n.creator(p['userId'])}.",
        call=lambda p: PlatformCall("POST /users/:id/subscribe", {"id": p["userId"]}),
        result=lambda p, made: {"userId": p["userId"], "subscribed": True},
        description=(
            "Subscribes the creator to another creator (agencies do it for a shout-out or a "
            "promotion swap); a paid subscription is charged to the creator's card."
        ),
        performs=(performs("POST /users/:id/subscribe", ("userId", "path id")),),
        approval=no_synced_context,
    )
)

register(
    ActionType(
        name="unsubscribe_from_user",
        label="Unsubscribe from a creator",
        params_schema="UnsubscribeFromUserParams",
        result_schemas=("UnsubscribeFromUserResult",),
        summary=lambda p, at, _, n: f"Unsubscribe {at} from {n.creator(p['userId'])}.",
        call=lambda p: PlatformCall("DELETE /users/:id/subscribe", {"id": p["userId"]}),
        result=lambda p, made: {"userId": p["userId"], "subscribed": False},
        description="Ends the creator's subscription to another creator.",
        performs=(performs("DELETE /users/:id/subscribe", ("userId", "path id")),),
        approval=no_synced_context,
    )
)

register(
    ActionType(
        name="mark_notifications_read",
        label="Mark notifications as read",
        params_schema="MarkNotificationsReadParams",
        result_schemas=("MarkNotificationsReadResult",),
        summary=lambda p, at, _, n: f"Mark every notification of {at} as read.",
        call=lambda p: PlatformCall("POST /users/notifications/read"),
        result=lambda p, made: {"read": True},
        description="Marks every notification of the creator read; the unread count drops to 0.",
        performs=(performs("POST /users/notifications/read"),),
        approval=no_synced_context,
    )
)

register(
    ActionType(
        name="record_profile_visit",
        label="Record a profile visit",
        params_schema="RecordProfileVisitParams",
        result_schemas=("RecordProfileVisitResult",),
        summary=lambda p, at, _, n: (
            f"Record a visit to {at}'s profile in the platform's statistics."
        ),
        call=lambda p: PlatformCall("POST /users/profile/visit"),
        result=lambda p, made: {"visited": True},
        description=(
            "Records one visit to the creator's profile, as the platform's app does when "
            "someone opens it: the visit counts in the creator's profile statistics "
            "(`profileVisits` of GET /users/me/stats/overview)."
        ),
        performs=(performs("POST /users/profile/visit"),),
        approval=no_synced_context,
    )
)

register(
    ActionType(
        name="record_profile_view",
        label="Record a profile view",
        params_schema="RecordProfileViewParams",
        result_schemas=("RecordProfileViewResult",),
        summary=lambda p, at, _, n: (
            f"Record a view of {at}'s profile in the platform's statistics."
        ),
        call=lambda p: PlatformCall("POST /users/profile/view"),
        result=lambda p, made: {"viewed": True},
        description=(
            "Records one view of the creator's profile page, as the platform's app does each "
            "time it shows the page (a visit is an arrival, counted once; a view is each "
            "showing): it counts in the same profile statistics."
        ),
        performs=(performs("POST /users/profile/view"),),
        approval=no_synced_context,
    )
)
