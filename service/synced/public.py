"""What the composition root holds of the synced feature (service/services.py imports a feature
only through its public.py): live reads from the platform, and how the syncer records the
revenue rows it reads."""

from service.synced.list_sync import ObserveTransactions
from service.synced.live import LiveReads

__all__ = ["LiveReads", "ObserveTransactions"]
