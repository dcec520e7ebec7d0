"""The accounts feature: status.py is the only writer of an account's status; usecases.py is the
writes switch (per account, or every account at once), checked, audited and the same for the
dashboard and the CLI.

The rest of the feature (live reads, linking, the syncer) asks them; nothing is imported here, so
callers at any layer above storage load only what they use.
"""
