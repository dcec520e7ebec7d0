"""Keeping the service healthy: heartbeats and backlogs for health and metrics, and the pruner."""
