"""The one error every layer may raise (api_error.py), the table of its codes (codes.py) and
what each code says (wording.py)."""
