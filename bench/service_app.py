"""uvicorn --factory target: the real service, configured from COUNTERSIGN_* like production."""

from service.app import create_app
from service.settings import Settings


def app():
    return create_app(Settings.from_env())
