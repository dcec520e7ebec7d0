"""clients/python's generated code is what openapi-python-client makes from today's openapi.yaml
with the committed settings: regenerated into a temporary folder, every file must be identical.
On a difference: `make client` (and commit the result)."""

from __future__ import annotations

from pathlib import Path

from openapi_python_client import generate
from openapi_python_client.config import Config, ConfigFile, MetaType

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "clients" / "python"
GENERATED = CLIENT / "countersign_client" / "generated"


def _files(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }


def test_generated_client_matches_openapi_yaml(tmp_path):
    out = tmp_path / "generated"
    config = Config.from_sources(
        ConfigFile.load_from_path(CLIENT / "openapi-python-client.yaml"),
        MetaType.NONE,
        ROOT / "openapi.yaml",
        "utf-8",
        overwrite=False,
        output_path=out,
    )
    problems = [f"{e.level.value} {e.header}: {e.detail}" for e in generate(config=config)]
    assert problems == []
    fresh, committed = _files(out), _files(GENERATED)
    assert sorted(fresh) == sorted(committed), "files added or removed: run `make client`"
    stale = [name for name in fresh if fresh[name] != committed[name]]
    assert stale == [], f"out of date with openapi.yaml: {stale[:5]}; run `make client`"
