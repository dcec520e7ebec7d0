"""Building blocks for tests: a workspace with people, keys and linked accounts, through the
same use cases the CLI and dashboard call (never by writing rows behind the service's back)."""

from __future__ import annotations

from attrs import define

from service.accounts.model import Account
from service.domain.principal import Principal
from service.keys.usecases import create_key
from service.kit.passwords import Passwords
from service.workspaces.usecases import create_user, create_workspace
from storage.sql.tables import metadata

# argon2's testing profile: the suite hashes members' passwords hundreds of times. Hashes carry
# their parameters, so the service verifies them cheaply whatever its own setting.
PASSWORDS = Passwords("cheapest")

# The rate-limit window of tests that spend a budget and expect the next request refused. The
# limiter's sliding window counter floors the previous window's weighted count, so just after
# a window boundary a spent budget of n lets one more hit through (limits' documented
# approximation). Windows are aligned to multiples of their length, so with a day-long window
# a test only meets a boundary if it runs across midnight UTC; with a minute it did in CI.
TIGHT_WINDOW = 86_400.0


# Every table emptied in one round trip on the store's own connection, in one transaction:
# DELETE beats TRUNCATE on tables this small (no file rewrite per table), and the commit need
# not wait for the WAL flush (a test database is never recovered). It was one DELETE a table
# through a SQLAlchemy engine built per test: 208 ms a test, now 60 ms (wall, loadavg 4.6).
EMPTY_EVERY_TABLE = " ".join(
    [
        "BEGIN; SET LOCAL synchronous_commit = off;",
        *(f'DELETE FROM "{table.name}";' for table in reversed(metadata.sorted_tables)),
        "COMMIT;",
    ]
)


async def empty_every_table(store) -> None:
    """A PostgreSQL test database is shared by a run's tests (each SQLite one is a fresh copy):
    each test starts from empty tables."""
    if store.dialect == "postgresql":
        async with store.driver.single_statement() as conn:
            await conn.raw.execute(EMPTY_EVERY_TABLE)  # no arguments: several statements allowed


@define
class World:
    workspace_id: str
    live_key: str
    test_key: str
    read_key: str
    live_account: str
    sandbox_accounts: list[str]
    owner: Principal

    def auth(self, key: str | None = None) -> dict[str, str]:
        return {"Authorization": f"Bearer {key or self.live_key}"}


def owner_of(
    workspace_id: str, user_id: str = "usr_bench", email: str = "owner@bench.test"
) -> Principal:
    """The workspace's owner as signed in to the dashboard, for set-up that acts as a person
    (adding an endpoint, say) without building a world."""
    return Principal(
        workspace_id=workspace_id,
        mode="live",
        kind="user",
        label="Owner",
        scopes=frozenset({"read", "write"}),
        user_id=user_id,
        email=email,
        role="owner",
    )


async def add_live_account(
    store,
    clock,
    workspace_id: str,
    account_id: str = "40001",
    username: str = "maya.live",
    **overrides,
) -> Account:
    now = clock.now()
    values = {
        "workspace_id": workspace_id,
        "id": account_id,
        "mode": "live",
        "username": username,
        "name": "Maya",
        "avatar_url": None,
        "status": "healthy",
        "status_reason": None,
        "writes_enabled": True,
        "linked_at": now,
        "last_synced_at": now,
        "counts": {"activeFans": 2, "expiredFans": 1, "chats": 2, "posts": 5, "vaultItems": 7},
        "revenue30d": {
            "gross": {"amount": 10000, "currency": "USD"},
            "net": {"amount": 8000, "currency": "USD"},
        },
        "subscription_price": {"amount": 999, "currency": "USD"},
    }
    values.update(overrides)
    account = Account(**values)
    async with store.transaction() as uow:
        await uow.accounts.add(account)
    return account


async def build_world(store, clock) -> World:
    workspace = await create_workspace(store, clock, "Agency")
    user = await create_user(
        store,
        clock,
        Principal.operator(workspace.id),
        "owner@agency.test",
        "Olive Owner",
        "correct horse battery",
        "owner",
        passwords=PASSWORDS,
    )
    await add_live_account(store, clock, workspace.id)
    _, live = await create_key(
        store,
        clock,
        Principal.operator(workspace.id),
        name="backend",
        scopes=["read", "write"],
        mode="live",
    )
    _, test = await create_key(
        store,
        clock,
        Principal.operator(workspace.id),
        name="sandbox",
        scopes=["read", "write"],
        mode="test",
    )
    _, read = await create_key(
        store, clock, Principal.operator(workspace.id), name="reader", scopes=["read"], mode="live"
    )
    async with store.reading() as uow:
        sandbox = [a.id for a in await uow.accounts.list(workspace.id, mode="test")]
    owner = Principal.person(workspace.id, user, "owner")
    return World(workspace.id, live, test, read, "40001", sandbox, owner)


def tampered(cursor: str) -> str:
    """The cursor with its signature's first character changed. Every bit of that character
    counts; the last one of a base64 text also carries padding bits that decoding drops, so
    changing only the end can, now and then, leave the signature as it was."""
    body, _, signature = cursor.rpartition(".")
    return f"{body}.{'B' if signature[0] == 'A' else 'A'}{signature[1:]}"
