"""An in-memory Store (service/ports.py) for fast tests of the action lifecycle and the executor.

It holds the aggregates those rules touch (workspaces, accounts, actions, events, the audit log)
and nothing else: any other repository, and the queries of escalation, routing and the sync
loop, raise `NotHeld`, so a test that strays beyond them fails loudly instead of passing against
a fake that does not know what a real driver does. mypy checks it against the same protocols
the SQL store implements (`as_store` in store.py).

It keeps the guarantees the contract suite checks on the two SQL drivers, and that suite runs
against it too (tests/storage/test_memory_store_contract.py), so it cannot drift from them:

- a unit of work commits on a clean exit and rolls back on an exception; transactions run one
  at a time (SQLite's single writer) on a copy of the committed state, and reads see only what
  was committed;
- status moves are conditional writes (from statuses, expiry, revision), claims take the oldest
  approved action that is due, and an idempotency key is used once per workspace;
- values come back as a database gives them: timestamps aware UTC (naive ones refused), JSON
  columns as fresh copies.

Test support code, so it lives in harness/ (import-linter keeps it out of service/ and storage/).
"""

from harness.memory_store.state import NotHeld
from harness.memory_store.store import MemoryStore, MemoryUnit

__all__ = ["MemoryStore", "MemoryUnit", "NotHeld"]
