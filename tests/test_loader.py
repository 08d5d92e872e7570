"""The YAML loader: data, positions, and an exact diagnostic for every failure mode."""

from __future__ import annotations

import pytest

from compiler.frontend.yaml_loader import LoadLimits, load_yaml


def codes(raw: bytes, limits: LoadLimits | None = None) -> list[tuple[str, int, int]]:
    doc, diags = load_yaml(raw, "f.yaml", limits or LoadLimits())
    assert (doc is None) == bool(diags)
    return [(d.code, d.location.line, d.location.column) for d in diags]


def test_plain_data_and_types() -> None:
    doc, diags = load_yaml(b"a: 1\nb: [x, {c: true, d: ~, e: '2', f: 1.5, g: 0x10}]\n", "f")
    assert not diags and doc is not None
    assert doc.data == {"a": 1, "b": ["x", {"c": True, "d": None, "e": "2", "f": 1.5, "g": 16}]}


def test_every_node_keeps_its_position() -> None:
    doc, _ = load_yaml(b"cards:\n  - id: a\n    cost: {funds: 2}\n", "f.yaml")
    assert doc is not None
    assert str(doc.locate(("cards", 0))) == "f.yaml:2:5"
    assert str(doc.locate(("cards", 0, "cost", "funds"))) == "f.yaml:3:19"
    assert str(doc.locate_key(("cards", 0, "cost"))) == "f.yaml:3:5"
    # a path below a recorded node falls back to its nearest ancestor
    assert str(doc.locate(("cards", 0, "cost", "missing"))) == "f.yaml:3:11"


def test_aliases_expand() -> None:
    doc, diags = load_yaml(b"base: &b {x: 1}\ncopy: *b\n", "f")
    assert not diags and doc is not None
    assert doc.data["copy"] == {"x": 1}


@pytest.mark.parametrize(("raw", "expected"), [
    (b"a: 1\nb: 2\na: 3\n", [("Y105", 3, 1)]),
    (b"a: [1, 2\n", [("Y104", 2, 1)]),
    (b"a: \xff\n", [("Y102", 1, 4)]),
    (b"a:\n\tb: 1\n", [("Y103", 2, 1)]),
    (b"a: !!python/object/apply:os.system ['ls']\n", [("Y108", 1, 4)]),
    (b"a: !custom x\n", [("Y108", 1, 4)]),
    (b"a: 12345678901234567890\n", [("Y109", 1, 4)]),
    (b"a: -.inf\n", [("Y109", 1, 4)]),
    (b"a: 1\n---\nb: 2\n", [("Y110", 2, 1)]),
    (b"? [x]\n: 1\n", [("Y111", 1, 3)]),
    (b"a: *nowhere\n", [("Y112", 1, 4)]),
])
def test_bad_input_gets_an_exact_diagnostic(
    raw: bytes, expected: list[tuple[str, int, int]]
) -> None:
    assert codes(raw) == expected


def test_duplicate_key_points_back_at_the_first() -> None:
    _, diags = load_yaml(b"x:\n  title: A\n  title: B\n", "f.yaml")
    (d,) = diags
    assert d.code == "Y105"
    assert str(d.location) == "f.yaml:3:3"
    assert [str(r.location) for r in d.related] == ["f.yaml:2:3"]


def test_billion_laughs_is_stopped() -> None:
    lines = [b'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 10):
        prev, name = chr(96 + i), chr(97 + i)
        lines.append(f"{name}: &{name} [{', '.join(['*' + prev] * 9)}]".encode())
    assert codes(b"\n".join(lines)) == [("Y106", 6, 8)]


def test_deep_nesting_is_refused_before_recursion() -> None:
    assert codes(b"[" * 200) == [("Y107", 1, 65)]
    assert codes(b"[" * 10_000) == [("Y107", 1, 1001)]
    assert codes(b"a: " + b"{b: " * 100) == [("Y107", 1, 256)]


def test_file_size_limit() -> None:
    assert codes(b"a: 1\n" * 10, LoadLimits(max_file_bytes=20)) == [("Y101", 1, 1)]


def test_empty_file_is_no_data() -> None:
    doc, diags = load_yaml(b"", "f")
    assert not diags and doc is not None and doc.data is None


def test_utf8_bom_and_non_ascii_text() -> None:
    doc, diags = load_yaml("\ufefftitle: Ṣaḥīfa — “quoted”\n".encode(), "f")
    assert not diags and doc is not None
    assert doc.data == {"title": "Ṣaḥīfa — “quoted”"}
