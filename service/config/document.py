"""countersign.yaml read with the line of every value, and checked against its JSON Schema.

Every problem found is kept with its line, so an invalid file is refused whole with all of
them at once. The schema (schema.json, published as docs/config-schema.json) checks the shape;
the settings' own rules (approval rules, limits, URLs) are checked by the features that own
them (plan.py)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from functools import cache
from importlib import resources
from typing import Any

import jsonschema_rs
import yaml
from attrs import evolve, frozen

Path = tuple[str | int, ...]


@frozen(order=True)
class Problem:
    line: int
    where: str
    message: str

    def __str__(self) -> str:
        where = f" {self.where}:" if self.where else ""
        return f"line {self.line}:{where} {self.message}"


@frozen
class Document:
    """The file's settings as plain values, and where each was written."""

    data: dict[str, Any]
    lines: Mapping[Path, int]
    flawed: frozenset[Path] = frozenset()
    """Where the shape is wrong: the settings there are not planned (their problems are)."""

    def sound(self, path: Iterable[str | int]) -> bool:
        """Nothing at, around or inside `path` breaks the schema."""
        wanted = tuple(path)
        return not any(
            bad[: len(wanted)] == wanted or wanted[: len(bad)] == bad for bad in self.flawed
        )

    def line(self, path: Iterable[str | int]) -> int:
        """The line of `path`, else of the nearest thing around it that has one."""
        wanted = tuple(path)
        while wanted and wanted not in self.lines:
            wanted = wanted[:-1]
        return self.lines.get(wanted, 1)

    def problem(self, path: Iterable[str | int], message: str) -> Problem:
        path = self.keyed(path)
        return Problem(self.line(path), dotted(path), message)

    def keyed(self, path: Iterable[str | int]) -> Path:
        """The path with a mapping's keys as text (a validator may give `40001` as a number)."""
        keyed: list[str | int] = []
        node: Any = self.data
        for part in path:
            if isinstance(node, dict):
                part = str(part)
                node = node.get(part)
            elif isinstance(node, list) and isinstance(part, int) and part < len(node):
                node = node[part]
            keyed.append(part)
        return tuple(keyed)


def dotted(path: Iterable[str | int]) -> str:
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        elif not part.isidentifier():
            text += f'["{part}"]'
        else:
            text += f".{part}" if text else part
    return text


@cache
def schema() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(
        resources.files("service.config").joinpath("schema.json").read_text()
    )
    return loaded


def parse(text: str) -> tuple[Document | None, list[Problem]]:
    """The document (None when it is not a YAML mapping) and its shape's problems."""
    loader = yaml.SafeLoader(text)
    lines: dict[Path, int] = {}
    try:
        root = loader.get_single_node()
        data = _value(loader, root, (), lines) if root is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else 1
        return None, [Problem(line, "", f"not valid YAML: {exc.problem or exc}")]
    finally:
        loader.dispose()
    if not isinstance(data, dict):
        return None, [Problem(1, "", "the file is a mapping starting with `version: 1`")]
    document = Document(data, lines)
    validator = jsonschema_rs.validator_for(schema())
    errors = list(validator.iter_errors(data))
    problems = [document.problem(e.instance_path, _plain(e.message)) for e in errors]
    flawed = frozenset(document.keyed(e.instance_path) for e in errors)
    return evolve(document, flawed=flawed), sorted(set(problems))


def _plain(message: str) -> str:
    return re.sub(r"\s+", " ", message)


def _value(loader: yaml.SafeLoader, node: yaml.Node, path: Path, lines: dict[Path, int]) -> Any:
    lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = str(loader.construct_object(key_node, deep=True))
            lines[(*path, key)] = key_node.start_mark.line + 1
            result[key] = _value(loader, value_node, (*path, key), lines)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_value(loader, item, (*path, i), lines) for i, item in enumerate(node.value)]
    return loader.construct_object(node, deep=True)
