"""One exception for every error the service reports; every layer may raise it.

The HTTP edge renders it (service/http/responses.py); MCP renders the same body as a tool error.
"""

from __future__ import annotations

from typing import Any

from service.errors.codes import ERROR_CODES, ErrorCode


class ApiError(Exception):
    """Raise anywhere below the edge; the error handler turns it into the error envelope."""

    def __init__(
        self,
        code: ErrorCode,
        message: str | None = None,
        *,
        param: str | None = None,
        permission: str | None = None,
        account_status: str | None = None,
        hint: str | None = None,
        headers: dict[str, str] | None = None,
        status: int | None = None,
    ) -> None:
        self.info = ERROR_CODES[code]
        self.code = self.info.code.value
        self.message = message or self.info.message
        super().__init__(self.message)
        self.param = param
        self.permission = permission
        self.account_status = account_status
        self.hint = hint
        self.headers = headers or {}
        self.fixed_status = status

    def status(self, *, test_mode: bool = False) -> int:
        if self.fixed_status is not None:
            return self.fixed_status
        return self.info.status_for(test_mode=test_mode)

    def body(self, public_url: str, request_id: str) -> dict[str, Any]:
        error: dict[str, Any] = {
            "type": self.info.type.value,
            "code": self.code,
            "message": self.message,
        }
        optional = {
            "hint": self.hint,
            "param": self.param,
            "permission": self.permission,
            "accountStatus": self.account_status,
        }
        error.update({k: v for k, v in optional.items() if v is not None})
        error["docsUrl"] = self.info.docs_url(public_url)
        return {"error": error, "requestId": request_id}
