"""The HTTP surface: one Route per path with its methods, so 405s carry a complete Allow header."""

from __future__ import annotations

from starlette.routing import Route

from service.api import (
    accounts,
    action_types,
    actions,
    activity,
    chats,
    docs,
    earnings,
    fans,
    health,
    links,
    metrics,
    platform,
    policies,
    post,
    revenue,
    suggestions,
    synced_lists,
)
from service.synced.families import FAMILIES

ACCOUNT = "/v1/accounts/{accountId}"


def api_routes() -> list[Route]:
    # Starlette tries routes in order: the hot paths first (none of these overlap): actions,
    # and a chat's messages, read before every reply a chatter drafts (bench/synced_reads.py).
    return [
        Route("/v1/accounts/{accountId}/actions", actions.create_action, methods=["POST"]),
        Route("/v1/actions", actions.list_actions, methods=["GET"]),
        Route("/v1/actions/{actionId}", actions.get_action, methods=["GET"]),
        Route(
            "/v1/accounts/{accountId}/chats/{fanId}/messages",
            chats.list_messages,
            methods=["GET"],
        ),
        Route("/v1/actions/{actionId}/approve", actions.approve_action, methods=["POST"]),
        Route("/v1/actions/{actionId}/reject", actions.reject_action, methods=["POST"]),
        Route("/v1/actions/{actionId}/cancel", actions.cancel_action, methods=["POST"]),
        Route("/v1/actions/{actionId}/request-again", actions.request_again, methods=["POST"]),
        Route("/v1/action-types", action_types.list_action_types, methods=["GET"]),
        Route("/v1/accounts/{accountId}/policy", policies.set_account, methods=["POST"]),
        Route("/v1/workspace/policy", policies.set_workspace, methods=["POST"]),
        Route("/v1/accounts", accounts.list_accounts, methods=["GET"]),
        Route("/v1/accounts/{accountId}", accounts.get_account, methods=["GET"]),
        Route("/v1/accounts/{accountId}/fans", fans.list_fans, methods=["GET"]),
        *platform.platform_routes(),
        # Synced families (docs/synced-data.md)
        Route("/v1/accounts/{accountId}/fans/{fanId}", fans.get_fan, methods=["GET"]),
        Route("/v1/accounts/{accountId}/chats", chats.list_chats, methods=["GET"]),
        Route("/v1/accounts/{accountId}/posts/{postId}", post.get_post, methods=["GET"]),
        *(
            Route(ACCOUNT + family.path, synced_lists.LISTS[family.name], methods=["GET"])
            for family in FAMILIES
        ),
        Route("/v1/accounts/{accountId}/earnings", earnings.get_earnings, methods=["GET"]),
        Route("/v1/accounts/{accountId}/activity", activity.get_account_activity, methods=["GET"]),
        Route(
            "/v1/accounts/{accountId}/policy-suggestions",
            suggestions.get_suggestions,
            methods=["GET"],
        ),
        Route(
            "/v1/accounts/{accountId}/policy-suggestions/apply",
            suggestions.apply,
            methods=["POST"],
        ),
        Route("/v1/links", links.create_link, methods=["POST"]),
        Route("/v1/links/{linkId}", links.get_link, methods=["GET"]),
        Route("/v1/revenue/transactions", revenue.list_revenue_transactions, methods=["GET"]),
        Route("/openapi.yaml", docs.openapi_document, methods=["GET"]),
        Route("/healthz", health.healthz, methods=["GET"]),
        Route("/metrics", metrics.metrics, methods=["GET"]),
        Route("/docs/errors", docs.errors_page, methods=["GET"]),
        Route("/docs", docs.reference_page, methods=["GET"]),
        Route("/docs/reference.js", docs.reference_script, methods=["GET"]),
        Route("/docs/openapi.json", docs.reference_document, methods=["GET"]),
        Route("/docs/assets/{name}", docs.reference_asset, methods=["GET"]),
    ]
