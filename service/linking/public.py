"""What the composition root holds of the links feature (service/services.py imports a feature
only through its public.py): the hosted links' tokens, and what finishing a link uses."""

from service.linking.finishing import LinkDeps
from service.linking.tokens import LinkTokens

__all__ = ["LinkDeps", "LinkTokens"]
