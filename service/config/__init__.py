"""The workspace's whole setup as one file: export it, plan a change, apply it in one go."""
