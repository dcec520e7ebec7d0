"""Shared infrastructure no feature owns: crypto, passwords, secrets, windows, outgoing HTTP."""
