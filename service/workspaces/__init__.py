"""Workspaces and the people in them: creating users and workspaces, members, roles, invites."""
