"""What the composition root holds of the webhooks feature (service/services.py imports a
feature only through its public.py): the sender every part of the service signs and sends
with, and the deliverer's keep-alive connections it may hand in."""

from service.webhooks.pinned import PinnedClients
from service.webhooks.sender import Sender

__all__ = ["PinnedClients", "Sender"]
