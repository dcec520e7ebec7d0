"""Webhook endpoints and their deliveries."""
