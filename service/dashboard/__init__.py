"""Server-rendered pages for people. What every page shares lives here (the signed-in context,
templates and filters, guards, sign-in, the route table); each feature's pages live in its own
pages.py (service/actions/pages.py: the approvals inbox and the action page)."""

from __future__ import annotations

from service.dashboard.filters import make_templates
from service.dashboard.web import Dashboard
from service.services import Services


def build_dashboard(services: Services) -> Dashboard:
    """Called by create_app; the sign-in sessions are the services' own."""
    return Dashboard(services, services.sessions, make_templates())
