"""What a caller reaches: an account their key may see, whether it takes a write now, and an
action as every read shows it.

Creating, deciding and asking again all refuse the same way (an account outside the key's
reach is not found; writes switched off or an unavailable account say so), and the REST reads
of an account's data look the account up here too.
"""

from __future__ import annotations

from service.accounts.model import Account
from service.actions.model import Action
from service.actions.transitions import effective
from service.domain.clock import Clock
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.ports import UnitOfWork


async def visible_account(tx: UnitOfWork, principal: Principal, account_id: str) -> Account:
    return visible(await tx.accounts.get(principal.workspace_id, account_id), principal, account_id)


def visible(account: Account | None, principal: Principal, account_id: str) -> Account:
    """An account outside the key's reach is simply not found (never 403): a key limited to
    some accounts must not learn that the others exist."""
    if account is None or account.mode != principal.mode or not principal.allows(account_id):
        raise ApiError(
            ErrorCode.ACCOUNT_NOT_FOUND,
            f"No account `{account_id}` is linked here.",
            param="accountId",
            hint=_what_this_key_sees(principal),
        )
    return account


def _what_this_key_sees(principal: Principal) -> str:
    """Where to look next, the same whether or not the account exists: it names only the
    caller's own mode (the commonest mix-up: a test key on a live creator)."""
    seen = "the workspace's sandbox creators" if principal.mode == "test" else "live accounts"
    if principal.kind == "api_key":
        return f"A {principal.mode} key sees only {seen}: GET /v1/accounts lists them."
    return f"In {principal.mode} mode only {seen} are shown."


def unavailable(account: Account) -> ApiError:
    return ApiError(
        ErrorCode.ACCOUNT_UNAVAILABLE,
        account.status_reason or f"The platform is not accepting calls for @{account.username}.",
        account_status=account.status,
    )


def writes_off(account: Account) -> ApiError:
    return ApiError(
        ErrorCode.WRITES_DISABLED,
        f"Writes are switched off for @{account.username}. "
        "An owner or admin can switch them back on in the dashboard.",
    )


def present(action: Action, clock: Clock) -> Action:
    """The action as every read shows it (expired once past its expiry)."""
    return effective(action, clock.now())
