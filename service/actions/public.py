"""What the composition root holds of the actions feature (service/services.py imports a feature
only through its public.py): the requests and MCP calls waiting for an action's decision."""

from service.actions.waiting import ActionWaiters

__all__ = ["ActionWaiters"]
