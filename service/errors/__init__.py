"""The one error every layer may raise (api_error.py) and the table of its codes (codes.py)."""
