"""Approvals in the team's chat (Slack, Telegram): the outbox, the poster and the clicks."""
