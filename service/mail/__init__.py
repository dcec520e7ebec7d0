"""Mail to the people who decide: preferences, the mail outbox rows, SMTP."""
