"""Edge plumbing every channel shares: keys and sessions, rate limits, cursors, the compiled
openapi.yaml validators and the error envelope. It knows no channel and no use case."""
