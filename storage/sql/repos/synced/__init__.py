"""Synced copies of platform data: fans, chats, messages and the other families."""
