"""The HTTP surface: one Route per path with its methods, so 405s carry a complete Allow header.
Channel machinery (the route table over the features' rest.py handlers), so it stays here."""

from __future__ import annotations

from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from service.accounts import rest as accounts
from service.actions import rest as actions
from service.actions.policies import rest as policy_rest
from service.api import docs, platform
from service.api.endpoint import RestRoute
from service.chat import rest as chat_connections
from service.keys import rest as api_keys
from service.linking import rest as links
from service.operations import rest as operations
from service.people import rest as people
from service.revenue import rest as revenue
from service.synced import rest as synced
from service.synced.families import FAMILIES
from service.webhooks import rest as webhook_endpoints

ACCOUNT = "/v1/accounts/{accountId}"


class _ByMethod:
    """One path's operations in one Route (so a 405's Allow header names them all): the
    request's method picks the pipeline step (HEAD is GET's)."""

    def __init__(self, **steps: RestRoute) -> None:
        self.steps = steps

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        method = "GET" if scope["method"] == "HEAD" else scope["method"]
        await self.steps[method](scope, receive, send)


_by_method = _ByMethod


def settings_routes() -> list[Route]:
    """What the dashboard configures, for an admin key (docs/configuration-as-code.md)."""
    hooks, one_hook = "/v1/webhook-endpoints", "/v1/webhook-endpoints/{endpointId}"
    return [
        Route(
            "/v1/accounts/{accountId}/policy",
            _by_method(GET=policy_rest.get_account, POST=policy_rest.set_account),
            methods=["GET", "POST"],
        ),
        Route(
            "/v1/workspace/policy",
            _by_method(GET=policy_rest.get_workspace, POST=policy_rest.set_workspace),
            methods=["GET", "POST"],
        ),
        Route(
            hooks,
            _by_method(
                GET=webhook_endpoints.list_endpoints, POST=webhook_endpoints.create_endpoint
            ),
            methods=["GET", "POST"],
        ),
        Route(
            one_hook,
            _by_method(
                GET=webhook_endpoints.get_endpoint,
                PATCH=webhook_endpoints.update_endpoint,
                DELETE=webhook_endpoints.delete_endpoint,
            ),
            methods=["GET", "PATCH", "DELETE"],
        ),
        Route(one_hook + "/roll-secret", webhook_endpoints.roll_secret, methods=["POST"]),
        Route(one_hook + "/test", webhook_endpoints.send_test, methods=["POST"]),
        Route("/v1/members", people.list_members, methods=["GET"]),
        Route(
            "/v1/members/{memberId}",
            _by_method(PATCH=people.update_member, DELETE=people.remove_member),
            methods=["PATCH", "DELETE"],
        ),
        Route(
            "/v1/invites",
            _by_method(GET=people.list_invites, POST=people.create_invite),
            methods=["GET", "POST"],
        ),
        Route(
            "/v1/api-keys",
            _by_method(GET=api_keys.list_api_keys, POST=api_keys.create_api_key),
            methods=["GET", "POST"],
        ),
        Route("/v1/api-keys/{keyId}", api_keys.revoke_api_key, methods=["DELETE"]),
        Route("/v1/api-keys/{keyId}/roll", api_keys.roll_api_key, methods=["POST"]),
        Route("/v1/chat/connections", chat_connections.list_connections, methods=["GET"]),
        Route(
            "/v1/chat/connections/{provider}",
            chat_connections.delete_connection,
            methods=["DELETE"],
        ),
        Route(
            "/v1/chat/links",
            _by_method(GET=chat_connections.list_links, POST=chat_connections.create_link),
            methods=["GET", "POST"],
        ),
        Route("/v1/chat/links/{chatLinkId}", chat_connections.delete_link, methods=["DELETE"]),
    ]


def api_routes() -> list[Route]:
    # Starlette tries routes in order: the hot paths first (none of these overlap): actions,
    # and a chat's messages, read before every reply a chatter drafts (bench/synced_reads.py).
    return [
        Route("/v1/accounts/{accountId}/actions", actions.create_action, methods=["POST"]),
        Route("/v1/actions", actions.list_actions, methods=["GET"]),
        Route("/v1/actions/{actionId}", actions.get_action, methods=["GET"]),
        Route(
            "/v1/accounts/{accountId}/chats/{fanId}/messages",
            synced.list_messages,
            methods=["GET"],
        ),
        Route("/v1/actions/{actionId}/approve", actions.approve_action, methods=["POST"]),
        Route("/v1/actions/{actionId}/reject", actions.reject_action, methods=["POST"]),
        Route("/v1/actions/{actionId}/cancel", actions.cancel_action, methods=["POST"]),
        Route("/v1/actions/{actionId}/request-again", actions.request_again, methods=["POST"]),
        Route("/v1/action-types", actions.list_action_types, methods=["GET"]),
        Route("/v1/accounts", accounts.list_accounts, methods=["GET"]),
        Route("/v1/accounts/{accountId}", accounts.get_account, methods=["GET"]),
        Route("/v1/accounts/{accountId}/fans", synced.list_fans, methods=["GET"]),
        *platform.platform_routes(),
        # Synced families (docs/synced-data.md)
        Route("/v1/accounts/{accountId}/fans/{fanId}", synced.get_fan, methods=["GET"]),
        Route("/v1/accounts/{accountId}/chats", synced.list_chats, methods=["GET"]),
        Route("/v1/accounts/{accountId}/posts/{postId}", synced.get_post, methods=["GET"]),
        *(
            Route(ACCOUNT + family.path, synced.LISTS[family.name], methods=["GET"])
            for family in FAMILIES
        ),
        Route("/v1/accounts/{accountId}/earnings", synced.get_earnings, methods=["GET"]),
        Route(
            "/v1/accounts/{accountId}/activity", policy_rest.get_account_activity, methods=["GET"]
        ),
        Route(
            "/v1/accounts/{accountId}/policy-suggestions",
            policy_rest.get_suggestions,
            methods=["GET"],
        ),
        Route(
            "/v1/accounts/{accountId}/policy-suggestions/apply",
            policy_rest.apply,
            methods=["POST"],
        ),
        Route("/v1/links", links.create_link, methods=["POST"]),
        Route("/v1/links/{linkId}", links.get_link, methods=["GET"]),
        Route("/v1/revenue/transactions", revenue.list_revenue_transactions, methods=["GET"]),
        # The settings: rarely called, after every read a chatter's tools make.
        *settings_routes(),
        Route("/openapi.yaml", docs.openapi_document, methods=["GET"]),
        Route("/healthz", operations.healthz, methods=["GET"]),
        Route("/metrics", operations.metrics, methods=["GET"]),
        Route("/docs/errors", docs.errors_page, methods=["GET"]),
        Route("/docs", docs.reference_page, methods=["GET"]),
        Route("/docs/reference.js", docs.reference_script, methods=["GET"]),
        Route("/docs/openapi.json", docs.reference_document, methods=["GET"]),
        Route("/docs/assets/{name}", docs.reference_asset, methods=["GET"]),
    ]
