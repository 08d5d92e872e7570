"""Quantity sheets: how many copies of each card design a vendor upload must print.

A print-ready PDF and the PNG export hold one face per design (a vendor prints each
design as many times as ordered), so beside them the build writes a CSV that names,
for each design, its files or pages and its copies: the list a publisher enters in the
vendor's upload form, and that a check compares with the content's ``copies``.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from compiler.pdf.sheets import PrintCard


def print_ready_sheet(cards: Sequence[PrintCard],
                      names: Sequence[tuple[str, str]] = ()) -> bytes:
    """Per design: the pages of its front and back in the print-ready PDF (1-based),
    the image files of its faces when the vendor takes images (``names``, in the
    cards' order), and its copies."""
    if names:
        return _csv(("card", "front_page", "back_page", "front", "back", "copies"),
                    [(card.card_id, 2 * n + 1, 2 * n + 2, front, back, card.copies)
                     for n, (card, (front, back)) in enumerate(zip(cards, names,
                                                                  strict=True))])
    return _csv(("card", "front_page", "back_page", "copies"),
                [(card.card_id, 2 * n + 1, 2 * n + 2, card.copies)
                 for n, card in enumerate(cards)])


def png_sheet(cards: Sequence[PrintCard], names: Sequence[tuple[str, str]]) -> bytes:
    """Per design: its front and back image files (``names``, in the cards' order)
    and its copies."""
    return _csv(("card", "front", "back", "copies"),
                [(card.card_id, front, back, card.copies)
                 for card, (front, back) in zip(cards, names, strict=True)])


def _csv(header: tuple[str, ...], rows: list[tuple[object, ...]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue().encode("utf-8")
