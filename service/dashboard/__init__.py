"""Server-rendered pages for people: sign-in, approvals, accounts, links, keys, members."""

from __future__ import annotations

from service.dashboard.filters import make_templates
from service.dashboard.web import Dashboard
from service.services import Services


def build_dashboard(services: Services) -> Dashboard:
    """Called by create_app; the sign-in sessions are the services' own."""
    return Dashboard(services, services.sessions, make_templates())
