"""Every operation of openapi.yaml validated both ways, built once for the fast path's tests
(tests/test_fast_schema*.py): with the fast path (`FAST`) and with jsonschema alone (`SLOW`),
and the request bodies and parameters they check."""

from __future__ import annotations

from service.http.spec import load_document
from service.http.validation import OperationValidator

DOCUMENT = load_document()
FAST = {op: OperationValidator(DOCUMENT, op) for op in DOCUMENT.operations}
SLOW = {op: OperationValidator(DOCUMENT, op, fast=False) for op in DOCUMENT.operations}
BODIES = [(op, choice) for op, v in FAST.items() for choice in v.body_checks]
PARAMETERS = [(op, i) for op, v in FAST.items() for i in range(len(v.parameters))]
