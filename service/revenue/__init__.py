"""Revenue: transactions the syncer observes, recorded with their events, and the pull's rows."""
