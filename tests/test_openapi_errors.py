"""openapi.yaml's error model and the error code table against the documented error codes."""

from __future__ import annotations

from service.errors.codes import ERROR_CODES, ErrorCode, ErrorType
from tests.openapi_kit import response_codes, response_status_of, schema_validator

# The error codes the API promises (each listed on the service's /docs/errors page), row by
# row: code -> (status, type, dashboard only).
SPEC_CODES: dict[str, tuple[int, str, bool]] = {
    "invalid_parameter": (400, "invalid_request", False),
    "invalid_cursor": (400, "invalid_request", False),
    "idempotency_key_required": (400, "invalid_request", False),
    "method_not_allowed": (405, "invalid_request", False),
    "missing_api_key": (401, "authentication", False),
    "invalid_api_key": (401, "authentication", False),
    "revoked_api_key": (401, "authentication", False),
    "expired_api_key": (401, "authentication", False),
    "not_signed_in": (401, "authentication", True),
    "missing_scope": (403, "permission", False),
    "writes_disabled": (403, "permission", False),
    "missing_permission": (403, "permission", False),
    "dashboard_key_only": (403, "permission", False),
    # Additive: a test-mode admin key and a live setting (docs/configuration-as-code.md).
    "test_key_live_setting": (403, "permission", False),
    "account_not_found": (404, "not_found", False),
    "fan_not_found": (404, "not_found", False),
    "chat_not_found": (404, "not_found", False),
    "action_not_found": (404, "not_found", False),
    "link_not_found": (404, "not_found", False),
    "route_not_found": (404, "not_found", False),
    "workspace_not_found": (404, "not_found", True),
    "resource_not_found": (404, "not_found", False),
    "idempotency_conflict": (409, "conflict", False),
    "action_not_pending": (409, "conflict", False),
    "action_expired": (409, "conflict", False),
    "link_not_ready": (409, "conflict", True),
    "last_owner": (409, "conflict", False),
    # Additive: a stale If-Match on a setting's write.
    "precondition_failed": (412, "conflict", False),
    "account_unavailable": (409, "account_unavailable", False),
    "rate_limited": (429, "rate_limited", False),
    # Additive: an account's daily limit of a policy (docs/governing-writes.md).
    "write_limit_exceeded": (429, "rate_limited", False),
    "platform_error": (502, "upstream", False),
    "platform_timeout": (502, "upstream", False),
    "internal_error": (500, "internal", False),
}

# Beyond those: a body refused before it is read (docs/decisions.md says why each exists).
EXTRA_CODES: dict[str, tuple[int, str, bool]] = {
    "body_too_large": (413, "invalid_request", False),
    "body_timeout": (408, "invalid_request", False),
}

SPEC_TYPES = {
    "invalid_request",
    "authentication",
    "permission",
    "not_found",
    "conflict",
    "account_unavailable",
    "rate_limited",
    "upstream",
    "internal",
}

# --- error codes ----------------------------------------------------------------


def test_every_spec_error_code_is_in_the_error_code_enum(spec):
    enum = spec["components"]["schemas"]["ErrorCode"]["enum"]
    assert set(SPEC_CODES) <= set(enum)


def test_error_code_enum_equals_the_error_code_table(spec):
    enum = spec["components"]["schemas"]["ErrorCode"]["enum"]
    assert enum == [code.value for code in ERROR_CODES]
    assert len(enum) == len(set(enum))
    assert set(ERROR_CODES) == set(ErrorCode)


def test_error_type_enum_matches_spec_and_table(spec):
    assert set(spec["components"]["schemas"]["ErrorType"]["enum"]) == SPEC_TYPES
    assert {t.value for t in ErrorType} == SPEC_TYPES


def test_error_code_table_matches_spec(spec):
    assert set(ERROR_CODES) == set(SPEC_CODES) | set(EXTRA_CODES)
    for code, (status, type_, dashboard_only) in {**SPEC_CODES, **EXTRA_CODES}.items():
        info = ERROR_CODES[ErrorCode(code)]
        assert info.code == code
        assert (info.status, info.type.value, info.dashboard_only) == (
            status,
            type_,
            dashboard_only,
        ), code
        assert info.message and info.hint, code
    assert ERROR_CODES[ErrorCode.INTERNAL_ERROR].status_for(test_mode=True) == 503
    assert ERROR_CODES[ErrorCode.INTERNAL_ERROR].status_for(test_mode=False) == 500
    assert ERROR_CODES[ErrorCode.ACCOUNT_NOT_FOUND].status_for(test_mode=True) == 404
    assert ERROR_CODES[ErrorCode.RATE_LIMITED].docs_url("https://cs.example/") == (
        "https://cs.example/docs/errors#rate_limited"
    )


def test_error_responses_allow_only_codes_of_their_status(spec):
    responses = spec["components"]["responses"]
    expected = {
        "BadRequest": 400,
        "Unauthorized": 401,
        "Forbidden": 403,
        "NotFound": 404,
        "Conflict": 409,
        "PreconditionFailed": 412,
        "RateLimited": 429,
        "WriteLimited": 429,
        "InternalError": 500,
        "ServiceUnavailable": 503,
        "BadGateway": 502,
    }
    covered: set[str] = set()
    for name, status in expected.items():
        codes = response_codes(spec, responses[name])
        assert codes, name
        for code in codes:
            assert response_status_of(str(status), code), (name, code)
            assert f"`{code}`" in responses[name]["description"], (name, code)
        covered |= codes
    # 405 is the answer to any method a path does not list, so no operation lists it: the
    # document's introduction describes it instead of an unused response.
    assert covered == set(SPEC_CODES) - {"method_not_allowed"}
    assert "`405 method_not_allowed` with an `Allow` header" in spec["info"]["description"]
    # Any request may get these two before its body is read: the introduction says so.
    for code, (status, _, _) in EXTRA_CODES.items():
        assert f"`{status} {code}`" in spec["info"]["description"], code
    assert "Retry-After" in responses["RateLimited"]["headers"]


def test_error_body_schema(spec):
    error = spec["components"]["schemas"]["Error"]
    assert set(error["required"]) == {"error", "requestId"}
    detail = error["properties"]["error"]
    assert set(detail["required"]) == {"type", "code", "message", "docsUrl"}
    assert set(detail["properties"]) == {
        "type",
        "code",
        "message",
        "hint",
        "param",
        "permission",
        "accountStatus",
        "docsUrl",
    }
    assert set(detail["properties"]["accountStatus"]["enum"]) == {
        "needs_relink",
        "awaiting_2fa",
        "awaiting_selfie",
        "restricted",
        "disconnected",
    }

    conflict = schema_validator(spec, "ConflictError")
    body = {
        "error": {
            "type": "account_unavailable",
            "code": "account_unavailable",
            "message": "m",
            "accountStatus": "needs_relink",
            "docsUrl": "https://cs.example/docs/errors#account_unavailable",
        },
        "requestId": "req_1",
    }
    assert conflict.is_valid(body)
    assert not conflict.is_valid({**body, "error": {**body["error"], "type": "conflict"}})
    del body["error"]["accountStatus"]
    assert not conflict.is_valid(body)
