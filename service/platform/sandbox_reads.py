"""The sandbox's answer to every catalogued GET route, in the platform's wire shapes.

Shapes follow harness/platform/views.py (our platform wire design); tests/platform/
test_sandbox_contract.py reads every GET route from both and compares keys and value types.
Answers come from the sandbox creator's synced data (fans, lists, revenue rows, counts) and
its content (service/platform/sandbox_content.py), so a test-mode sync and a test-mode read
agree. Unknown ids fail as the platform would (`NotFoundUpstream` with the platform's kind).

Each platform family answers its routes in its own module (sandbox_people.py, sandbox_money.py,
sandbox_media.py); this one is the catalogue the sandbox looks a route up in.
"""

from __future__ import annotations

from .sandbox_media import (
    highlights,
    media,
    media_types,
    post,
    post_chart,
    posts,
    scheduled,
    stories,
    story_chart,
    story_map,
    top_posts,
    top_stories,
    vault_lists,
)
from .sandbox_money import (
    balances,
    campaign_chart,
    campaigns,
    chargebacks,
    earnings,
    payout_requests,
    payout_stats,
    referrals,
    transactions,
    trial_chart,
    trial_stats,
    trials,
)
from .sandbox_people import (
    blocked,
    chats,
    counts,
    history,
    lists,
    me,
    messages,
    notification_count,
    notifications,
    overview,
    queue,
    search,
    settings,
    subscribers,
    subscribes,
    user,
)
from .sandbox_views import Read

READS: dict[str, Read] = {
    "GET /chats": chats,
    "GET /chats/:id/messages": messages,
    "GET /chats/:id/messages/search": search,
    "GET /messages/queue": queue,
    "GET /subscriptions/subscribers": subscribers,
    "GET /subscriptions/subscribes": subscribes,
    "GET /subscriptions/count/all": counts,
    "GET /subscriptions/:id/history": history,
    "GET /trials": trials,
    "GET /trials/stats": trial_stats,
    "GET /trials/chart": trial_chart,
    "GET /earnings/chart": earnings,
    "GET /payouts/stats": payout_stats,
    "GET /payouts/requests": payout_requests,
    "GET /payouts/balances": balances,
    "GET /payouts/chargebacks": chargebacks,
    "GET /payouts/transactions": transactions,
    "GET /payments/referrals/balance": referrals,
    "GET /campaigns": campaigns,
    "GET /campaigns/chart": campaign_chart,
    "GET /users/me": me,
    "GET /users/:id": user,
    "GET /users/me/stats/overview": overview,
    "GET /users/notifications": notifications,
    "GET /users/notifications/count": notification_count,
    "GET /users/me/settings": settings,
    "GET /users/blocked": blocked,
    "GET /posts": posts,
    "GET /posts/:id": post,
    "GET /posts/chart": post_chart,
    "GET /posts/top": top_posts,
    "GET /schedules/later/post": scheduled,
    "GET /vault/lists": vault_lists,
    "GET /vault/media/types": media_types,
    "GET /vault/media": media,
    "GET /stories/items": stories,
    "GET /users/:id/stories/highlights": highlights,
    "GET /stories/chart": story_chart,
    "GET /stories/top": top_stories,
    "GET /stories/map": story_map,
    "GET /lists": lists,
}
