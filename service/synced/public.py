"""What the composition root holds of the synced feature (service/services.py imports a feature
only through its public.py): live reads from the platform, and what the syncer uses."""

from service.synced.live import LiveReads
from service.synced.syncing import SyncDeps

__all__ = ["LiveReads", "SyncDeps"]
