"""The project's text markup (``**bold**``, ``*italic*``, ``:icon:``, ``\\n``) converted
for other back ends: reportlab paragraph XML (with inline icon images) and HTML."""

from __future__ import annotations

import html
import re

_ICON = re.compile(r":([a-z][a-z0-9_]*):")


def _styles(text: str, bold: tuple[str, str], italic: tuple[str, str]) -> str:
    text = re.sub(r"\*\*(.+?)\*\*", lambda m: bold[0] + m.group(1) + bold[1], text)
    return re.sub(r"(?<!\*)\*(?!\*)(.+?)(?<!\*)\*(?!\*)",
                  lambda m: italic[0] + m.group(1) + italic[1], text)


def to_html(markup: str, icon_uri: dict[str, str]) -> str:
    """Escaped HTML; icons become inline images (data URIs) with their name as alt text.
    A name ``icon_uri`` has no image for stays as it is written."""
    text = html.escape(markup, quote=False)
    text = _styles(text, ("<strong>", "</strong>"), ("<em>", "</em>"))

    def icon(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in icon_uri:
            return match.group(0)
        return (f'<img class="icon" src="{icon_uri[name]}" alt="{name}" title="{name}" '
                f'width="14" height="14">')

    return _ICON.sub(icon, text).replace("\n", "<br>")


def to_para(markup: str, icon_path: dict[str, str], size: float) -> str:
    """reportlab Paragraph XML; icons become inline images of the text's size. A name
    ``icon_path`` has no image for stays as it is written."""
    text = html.escape(markup, quote=False)
    text = _styles(text, ("<b>", "</b>"), ("<i>", "</i>"))
    side = size * 1.15

    def icon(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in icon_path:
            return match.group(0)
        return f'<img src="{icon_path[name]}" width="{side:.2f}" height="{side:.2f}" ' \
               f'valign="-{size * 0.22:.2f}"/>'

    return _ICON.sub(icon, text).replace("\n", "<br/>")


def plain(markup: str) -> str:
    """The markup as plain text (icons by name)."""
    text = _styles(markup, ("", ""), ("", ""))
    return _ICON.sub(lambda m: m.group(1), text)
