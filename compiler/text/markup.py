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


def to_html(markup: str, icon_uri: dict[str, str], classes: bool = False) -> str:
    """Escaped HTML; icons become inline images (data URIs) with their name as alt text,
    or with ``classes`` a ``<span class="icon i-NAME">`` whose picture a page's style
    sheet gives once (:func:`icon_css`). A name ``icon_uri`` has no image for stays as
    it is written."""
    text = html.escape(markup, quote=False)
    text = _styles(text, ("<strong>", "</strong>"), ("<em>", "</em>"))

    def icon(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in icon_uri:
            return match.group(0)
        if classes:
            return f'<span class="icon i-{name}" role="img" aria-label="{name}" ' \
                   f'title="{name}"></span>'
        return (f'<img class="icon" src="{icon_uri[name]}" alt="{name}" title="{name}" '
                f'width="14" height="14">')

    return _ICON.sub(icon, text).replace("\n", "<br>")


_ICON_CLASS = re.compile(r'class="icon i-([a-z][a-z0-9_]*)"')


def icon_css(page: str, icon_uri: dict[str, str]) -> str:
    """The style rules that draw every icon ``page`` shows as a ``<span>`` (see
    :func:`to_html`): each picture once, however often it is shown."""
    used = sorted(set(_ICON_CLASS.findall(page)) & set(icon_uri))
    rules = [".icon { display: inline-block; width: 14px; height: 14px; "
             "background: no-repeat center / contain; vertical-align: -0.22em; }"]
    rules += [f".i-{name} {{ background-image: url({icon_uri[name]}); }}" for name in used]
    return "\n".join(rules)


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
