"""The accounts feature's status: status.py is the only writer of an account's status.

The rest of the feature (the writes switch, live reads, linking, the syncer) asks it; nothing is
imported here, so callers at any layer above storage load only what they use.
"""
