"""The API keys feature: usecases.py creates, rolls and revokes keys, checking the permission,
validating scopes, mode and account, and auditing in the same transaction, whichever channel
(dashboard, CLI, tests) calls it. The record is `keys/model.py`'s `ApiKey`; checking a presented key
is edge plumbing (`http/auth.py`)."""
