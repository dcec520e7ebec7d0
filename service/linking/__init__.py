"""The hosted link page a creator opens to connect a platform account (SPEC 2.8, 3.3)."""

from service.linking.pages import linking_routes

__all__ = ["linking_routes"]
