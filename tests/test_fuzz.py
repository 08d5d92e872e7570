"""Random and mutated content: always diagnostics and exit 1, never a traceback.

Hypothesis generates raw bytes, random YAML documents and targeted mutations of
real cards (a required field removed, a value of the wrong type, huge numbers,
deep nesting, alias bombs). The CLI runs with exceptions propagating, so any
traceback fails the test.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.frontend import schema_check
from compiler.frontend.yaml_loader import LoadLimits, load_yaml
from rules_engine.core.diagnostics import has_errors
from tests.conftest import CARDS, SAJ, run_cli

FUZZ = settings(max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

TYRANNY = yaml.safe_load((CARDS / SAJ / "tyranny_cards.yaml").read_text())["tyranny_cards"]

scalars = st.one_of(st.none(), st.booleans(), st.integers(-(2**60), 2**60),
                    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=20))
json_like = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=30)


def validate_campaign_with(ideology_file: bytes) -> dict[str, Any]:
    """Validate a copy of the SAJ campaign whose ideology file is replaced."""
    with tempfile.TemporaryDirectory() as tmp:
        campaign = Path(tmp) / "campaign"
        shutil.copytree(CARDS / SAJ, campaign)
        (campaign / "ideology_cards.yaml").write_bytes(ideology_file)
        result = run_cli("validate", "--format", "json", str(campaign))
        assert result.exit_code == 1, result.stdout
        report: dict[str, Any] = json.loads(result.stdout)
        assert report["diagnostics"], "exit 1 needs at least one diagnostic"
        for d in report["diagnostics"]:
            assert d["code"][0] in "YFSMN" and d["line"] >= 0 and d["column"] >= 0
        return report


@FUZZ
@given(st.binary(max_size=400))
def test_random_bytes_never_raise(raw: bytes) -> None:
    doc, diags = load_yaml(raw, "f.yaml", LoadLimits(max_nodes=1000))
    assert (doc is None) == has_errors(diags)  # a read document may carry warnings (Y120)


@FUZZ
@given(st.binary(max_size=300))
def test_random_bytes_as_a_card_file(raw: bytes) -> None:
    validate_campaign_with(raw)


@FUZZ
@given(json_like)
def test_random_documents_as_a_card_file(data: Any) -> None:
    validate_campaign_with(yaml.safe_dump({"ideology_cards": data}).encode())


@FUZZ
@given(st.data())
def test_truncated_files(data: st.DataObject) -> None:
    original = (CARDS / SAJ / "ideology_cards.yaml").read_bytes()
    cut = data.draw(st.integers(0, len(original) - 50))
    validate_campaign_with(original[:cut])


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def _wrong_type(value: Any) -> Any:
    if isinstance(value, bool | int | float):
        return "many"
    if isinstance(value, str):
        return 12345 if value else ["x"]
    return "text"


def _set(target: Any, path: tuple[Any, ...], value: Any) -> None:
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value


MUTATIONS = ("retype", "huge", "deep", "drop_required", "alias_bomb")


@FUZZ
@given(st.integers(0, len(TYRANNY) - 1), st.sampled_from(MUTATIONS), st.data())
def test_mutated_tyranny_card(index: int, mutation: str, data: st.DataObject) -> None:
    cards = json.loads(json.dumps(TYRANNY))
    card = cards[index]
    if mutation == "drop_required":
        field = data.draw(st.sampled_from(["id", "number", "title", "narrative", "order",
                                           "choices"]))
        del card[field]
        text = yaml.safe_dump({"tyranny_cards": cards}, sort_keys=False)
    elif mutation == "retype":
        path = data.draw(st.sampled_from(_paths(card)))
        _set(card, path, _wrong_type(_get(card, path)))
        text = yaml.safe_dump({"tyranny_cards": cards}, sort_keys=False)
    elif mutation == "huge":
        card["number"] = 10**data.draw(st.integers(16, 400))
        text = yaml.safe_dump({"tyranny_cards": cards}, sort_keys=False)
    elif mutation == "deep":
        depth = data.draw(st.integers(60, 3000))
        text = yaml.safe_dump({"tyranny_cards": cards}) + "extra: " + "[" * depth + "]" * depth
    else:
        text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
            f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 10)}]\n"
            for i in range(7)) + yaml.safe_dump({"tyranny_cards": cards})
    with tempfile.TemporaryDirectory() as tmp:
        campaign = Path(tmp) / "campaign"
        shutil.copytree(CARDS / SAJ, campaign)
        (campaign / "tyranny_cards.yaml").write_text(text, encoding="utf-8")
        result = run_cli("validate", "--format", "json", str(campaign))
    assert result.exit_code == 1
    assert json.loads(result.stdout)["summary"]["errors"] >= 1


def _get(target: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        target = target[part]
    return target


@settings(max_examples=300, deadline=None)
@given(st.integers(0, len(TYRANNY) - 1), st.data())
def test_fast_and_detailed_validators_agree(index: int, data: st.DataObject) -> None:
    card = json.loads(json.dumps(TYRANNY[index]))
    path = data.draw(st.sampled_from(_paths(card)))
    _set(card, path, data.draw(scalars | st.just({}) | st.just([])))
    fast = schema_check.is_valid(card, "azadi/tyranny_card")
    detailed = not list(schema_check.validator_for("azadi/tyranny_card").iter_errors(card))
    assert fast == detailed
