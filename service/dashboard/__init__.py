"""Server-rendered pages for people: sign-in, approvals, accounts, links, keys, members."""

from __future__ import annotations

from typing import Any

from service.dashboard.sessions import DashboardSessions
from service.dashboard.web import Dashboard, make_templates


def build_dashboard(services: Any) -> Dashboard:
    """Called by create_app; also sets services.sessions for the /v1 approve/reject routes."""
    sessions = DashboardSessions(services.store, services.clock, services.passwords,
                                 secure=not services.settings.development,
                                 limits=services.limits)
    services.sessions = sessions
    return Dashboard(services, sessions, make_templates())
