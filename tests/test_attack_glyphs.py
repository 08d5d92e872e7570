

def test_mat_text_from_content_is_checked(cards: Path, tmp_path: Path) -> None:
    """A country named in Chinese prints on the Arab Spring board's ring: B613 once, at
    the ring region of the board's layout (board cells do not carry content
    locations), and nothing is written."""
    from compiler.paths import templates_root

    edit(cards / "spring" / "board_and_deck.yaml", "{id: libya, name: Libya,",
         f"{{id: libya, name: {CJK},")
    out = tmp_path / "out"
    before = _tree_digest(tmp_path, out)
    code, report = _build(str(cards / "spring"), "--out", str(out))
    assert code == 1
    board = templates_root() / "spring" / "mats" / "board.yaml"
    assert triples(report, templates_root()) == [
        ("B613", "spring/mats/board.yaml", line_of(board, "kind: ring"), 12)]
    assert not out.exists()
    assert _tree_digest(tmp_path, out) == before
