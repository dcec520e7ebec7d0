"""Outgoing webhooks: signing (shared with receivers) and the destination guard."""
