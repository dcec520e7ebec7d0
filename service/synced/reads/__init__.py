"""The synced families' REST reads share one machinery (rest.py): the account check, the page
and its cursor, the meta; a channel adapter like the feature's own rest.py."""
