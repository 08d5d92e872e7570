"""JSON Schema checks (Draft 2020-12) with diagnostics at the offending node.

Schemas are read once from ``schemas/`` into a registry, so ``$ref`` between files
resolves offline. Each failing keyword becomes one diagnostic; where a keyword
has alternatives (``anyOf``/``oneOf``) only the best-matching branch is shown,
followed by "and N more".

Speed: every item is first checked by ``jsonschema-rs`` (compiled, about 100x
faster); only an item it rejects goes through the Python ``jsonschema`` validator,
whose detailed errors make the diagnostics. Where the two disagree (regular
expression dialects), the stricter verdict stands.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jsonschema_rs

from compiler.frontend.paths import schema_folders, schemas_root
from rules_engine.core import diagnostics
from rules_engine.core.diagnostics import Diagnostic, Location, clipped, error, quoted
from rules_engine.core.source import NodePath, SourceDocument

if TYPE_CHECKING:   # imported where used: content that passes never loads them (~40 ms)
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError
    from referencing import Registry

_JSON_TYPES = {dict: "a mapping", list: "a list", str: "text", bool: "true/false",
               int: "an integer", float: "a number", type(None): "nothing (null)"}
_TYPE_NAMES = {"object": "a mapping", "array": "a list", "string": "text",
               "integer": "an integer", "number": "a number", "boolean": "true/false",
               "null": "null"}


@cache
def _schemas(root: Path) -> dict[str, dict[str, Any]]:
    """Every schema under ``root``, by its path relative to ``root`` (samizdat's own
    folder also brings the schemas of game plug-ins with their own data folder)."""
    schemas: dict[str, dict[str, Any]] = {}
    for folder in schema_folders() if root == schemas_root() else [root]:
        for path in sorted(folder.rglob("*.schema.json")):
            schemas.setdefault(path.relative_to(folder).as_posix(), json.loads(
                path.read_text(encoding="utf-8")))
    return schemas


@cache
def _registry(root: Path) -> tuple[Registry, dict[str, dict[str, Any]]]:
    from referencing import Registry, Resource

    schemas = _schemas(root)
    registry: Registry = Registry()
    for schema in schemas.values():
        registry = registry.with_resource(schema["$id"], Resource.from_contents(schema))
    return registry, schemas


@cache
def validator_for(schema_name: str, root: Path | None = None) -> Draft202012Validator:
    """The compiled validator for ``schemas/<schema_name>.schema.json``."""
    from jsonschema import Draft202012Validator, validators

    registry, schemas = _registry(root or schemas_root())
    schema = schemas[f"{schema_name}.schema.json"]
    strict = Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_whole_number)
    validator = validators.extend(Draft202012Validator,  # type: ignore[no-untyped-call]
                                  type_checker=strict)
    return validator(schema, registry=registry)  # type: ignore[no-any-return]


def _is_whole_number(_: Any, instance: Any) -> bool:
    """JSON Schema's ``integer`` as content means it: ``2.0`` is a number with a
    fraction, not a count (JSON Schema itself would accept it, and a count of 2.0
    copies was then counted as 1 and printed as 2.0)."""
    return isinstance(instance, int) and not isinstance(instance, bool)


def _has_whole_float(instance: Any) -> bool:
    """True if a float with no fraction (``2.0``) lies anywhere in ``instance``: the
    compiled validator takes it for an integer, so the strict one must look."""
    todo = [instance]
    while todo:
        value = todo.pop()
        if isinstance(value, float):
            if value.is_integer():
                return True
        elif isinstance(value, dict):
            todo.extend(value.values())
        elif isinstance(value, list):
            todo.extend(value)
    return False


@cache
def _fast_registry(root: Path) -> Any:
    """Every schema in one ``jsonschema-rs`` registry, shared by the compiled validators
    (building it per validator took most of their compile time)."""
    schemas = _schemas(root)
    return jsonschema_rs.Registry([(s["$id"], s) for s in schemas.values()])


@cache
def _fast_validator(schema_name: str, root: Path | None = None) -> Any:
    root = root or schemas_root()
    schemas = _schemas(root)
    return jsonschema_rs.validator_for(schemas[f"{schema_name}.schema.json"],
                                       registry=_fast_registry(root))


def is_valid(instance: Any, schema_name: str) -> bool:
    """The fast verdict (with the strict look at whole floats that :func:`check` takes;
    used by tests comparing the two validators)."""
    if not _fast_validator(schema_name).is_valid(instance):
        return False
    return not _has_whole_float(instance) or not any(
        validator_for(schema_name).iter_errors(instance))


def schema_names(root: Path | None = None) -> list[str]:
    """Every schema shipped, as ``<game>/<type>`` names."""
    schemas = _schemas(root or schemas_root())
    return sorted(name.removesuffix(".schema.json") for name in schemas)


def check(doc: SourceDocument, path: NodePath, instance: Any, schema_name: str) -> list[Diagnostic]:
    """Validate ``instance`` (found at ``path`` in ``doc``) against a schema."""
    fast = _fast_validator(schema_name)
    suspect = _has_whole_float(instance)
    if not suspect and fast.is_valid(instance):
        return []
    validator = validator_for(schema_name)
    found = [_diagnose(doc, path, err) for err in validator.iter_errors(instance)]
    if not found and suspect and fast.is_valid(instance):
        return []
    if not found:  # only the compiled validator objects (e.g. a regex dialect difference)
        err = next(iter(fast.iter_errors(instance)))
        node = (*path, *err.instance_path)
        found = [error("S300", f"{_where(node)}: {_message(err)}", doc.locate(node))]
    return found


KEY_LIMIT = 60
"""At most this many characters of each key in the path a message starts with."""


def _where(node: NodePath) -> str:
    """The dotted path of a node, for a message (long keys cut)."""
    return ".".join(clipped(str(p), KEY_LIMIT) for p in node)


def _message(err: Any) -> str:
    """A validator's own message, with the value it quotes in full shortened."""
    message = str(err.message)
    if len(message) > 2 * diagnostics.QUOTE_LIMIT and hasattr(err, "instance"):
        short = quoted(err.instance)
        # the Python validator quotes with repr(), the compiled one with JSON
        message = message.replace(repr(err.instance), short)
        if isinstance(err.instance, str):
            message = message.replace(json.dumps(err.instance, ensure_ascii=False), short)
    return message


def _leaves(err: Any) -> int:
    if not err.context:
        return 1
    return sum(_leaves(e) for e in err.context)


def _descend(err: Any) -> tuple[ValidationError, int]:
    """The most relevant concrete error under ``err`` and how many others it hides."""
    from jsonschema.exceptions import best_match, relevance

    total = _leaves(err)
    current = err
    while current.context:
        merged = _merge_type_alternatives(current)
        if merged is not None:
            return merged, 0
        # a branch that failed only because the value has another type is the least
        # helpful explanation when some branch accepted the type and failed deeper
        typed = [e for e in current.context if e.validator != "type"]
        current = best_match(typed or current.context, key=relevance)
    return current, total - 1


def _merge_type_alternatives(err: Any) -> ValidationError | None:
    """For anyOf/oneOf whose branches all fail on type at this node, one message."""
    from jsonschema.exceptions import ValidationError

    ctx = [e for e in err.context or () if not e.relative_path]
    if not ctx or len(ctx) != len(err.context or ()) or \
            any(e.validator not in ("type", "const", "enum") for e in ctx):
        return None
    wanted: list[str] = []
    for e in ctx:
        if e.validator == "type":
            wanted.extend(_type_names(e.validator_value))
        elif e.validator == "const":
            wanted.append(repr(e.validator_value))
        else:
            wanted.extend(repr(v) for v in e.validator_value)
    merged = ValidationError(
        f"expected {' or '.join(dict.fromkeys(wanted))}, got {_describe(err.instance)}",
        validator="type", path=err.path, instance=err.instance)
    return merged


def _type_names(value: Any) -> list[str]:
    types = value if isinstance(value, list) else [value]
    return [_TYPE_NAMES.get(str(t), str(t)) for t in types]


def _describe(value: Any) -> str:
    kind = _JSON_TYPES.get(type(value), type(value).__name__)
    if isinstance(value, str | int | float | bool):
        return f"{kind} {quoted(value, 40)}"
    return kind


def _diagnose(doc: SourceDocument, base: NodePath, top: Any) -> Diagnostic:
    err, hidden = _descend(top)
    node = (*base, *err.absolute_path)
    code, message, location, hint = _explain(doc, node, err)
    if hidden:
        message += f" (and {hidden} more)"
    return error(code, message, location, hint=hint)


def _explain(doc: SourceDocument, node: NodePath, err: Any
             ) -> tuple[str, str, Location, str | None]:
    v = err.validator
    where = _where(node) or "document"
    if v == "required":
        missing = [k for k in err.validator_value if k not in (err.instance or {})]
        return "S301", f"{where}: missing required field {missing[0]!r}", doc.locate(node), None
    if v in ("additionalProperties", "unevaluatedProperties"):
        allowed = sorted((err.schema.get("properties") or {}).keys())
        extras = [k for k in err.instance if k not in allowed]
        key = extras[0] if extras else "?"
        close = difflib.get_close_matches(key, allowed, n=1)
        hint = f"did you mean {close[0]!r}?" if close else (
            f"allowed fields: {', '.join(allowed)}" if allowed else None)
        return "S304", f"{where}: unknown field {quoted(key)}", doc.locate_key((*node, key)), hint
    if v == "propertyNames":
        return ("S303", f"{where}: key {quoted(err.instance)} is not allowed; {_allowed(err)}",
                doc.locate_key((*node, str(err.instance))), None)
    if v == "type":
        if err.message.startswith("expected "):
            return "S302", f"{where}: {_message(err)}", doc.locate(node), None
        wanted = " or ".join(_type_names(err.validator_value))
        message = f"{where}: expected {wanted}, got {_describe(err.instance)}"
        return "S302", message, doc.locate(node), None
    if v in ("enum", "const"):
        options = err.validator_value if v == "enum" else [err.validator_value]
        close = difflib.get_close_matches(str(err.instance), [str(o) for o in options], n=1)
        hint = f"did you mean {close[0]!r}?" if close else None
        shown = ", ".join(repr(o) for o in options)
        return ("S303", f"{where}: expected one of {shown}; got {_describe(err.instance)}",
                doc.locate(node), hint)
    if v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        bound = {"minimum": "at least", "maximum": "at most",
                 "exclusiveMinimum": "more than", "exclusiveMaximum": "less than"}[v]
        return ("S305", f"{where}: expected {bound} {err.validator_value}, "
                f"got {quoted(err.instance)}", doc.locate(node), None)
    if v in ("minLength", "maxLength"):
        bound = "at least" if v == "minLength" else "at most"
        return ("S305", f"{where}: text must be {bound} {err.validator_value} characters long, "
                f"it has {len(err.instance)}", doc.locate(node), None)
    if v in ("minItems", "maxItems", "minProperties", "maxProperties"):
        bound = "at least" if v.startswith("min") else "at most"
        what = "items" if v.endswith("Items") else "fields"
        return ("S305", f"{where}: expected {bound} {err.validator_value} {what}, "
                f"got {len(err.instance)}", doc.locate(node), None)
    if v in ("pattern", "format"):
        desc = err.schema.get("description")
        return ("S306", f"{where}: {quoted(err.instance)} is not {desc or 'of the required form'}",
                doc.locate(node), None)
    return "S300", f"{where}: {_message(err)}", doc.locate(node), None


def _allowed(err: Any) -> str:
    for sub in _iter_context(err):
        if sub.validator == "enum":
            return "allowed: " + ", ".join(str(v) for v in sub.validator_value)
    return "see the schema"


def _iter_context(err: Any) -> Iterator[Any]:
    for e in err.context or ():
        yield e
        yield from _iter_context(e)
