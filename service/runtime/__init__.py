"""Running the service: the server, the loops' runner, and what the process logs and measures."""
