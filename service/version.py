"""The package's own version, from its installed metadata (pyproject.toml is the one source)."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version


def package_version() -> str:
    try:
        return version("countersign")
    except PackageNotFoundError:  # a checkout run without `pip install -e .`
        return "0+unknown"
