"""The `countersign` command: console.py parses and dispatches; a module per command group."""
