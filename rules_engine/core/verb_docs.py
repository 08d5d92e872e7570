"""The verb reference in ``docs/content-format.md``, written from the verb tables.

Every game keeps its verb table as ``rules_engine/<game>/verbs.py:TABLE``; this module
renders them all as Markdown between two marker lines of the content-format guide,
so the guide lists exactly the verbs and parameters the engines run. A test checks
the file is current; ``python -m rules_engine.core.verb_docs`` rewrites it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from rules_engine.core.plugin import named
from rules_engine.core.verbs import Param, VerbTable
from rules_engine.games import SHIPPED, plugin

BEGIN = "<!-- verb reference: generated from the verb tables; do not edit by hand -->"
END = "<!-- end of the verb reference -->"
GUIDE = Path(__file__).resolve().parents[2] / "docs" / "content-format.md"


def tables() -> list[VerbTable]:
    """Every shipped game's verb table, in the registry's order, as its plug-in names
    it (the guide documents samizdat's own games)."""
    found = []
    for game in SHIPPED:
        declared = plugin(game)
        if declared is not None and declared.verbs:
            table: VerbTable = named(declared.verbs)
            found.append(table)
    return found


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _param(param: Param) -> str:
    parts = [f"`{param.name}` ({param.kind}): {param.doc}"]
    if param.values is not None:
        values = [f"`{_shown(v)}`" for v in param.values]
        if param.runs is not None:
            values = [v + ("" if param.values[n] in param.runs else " (M405)")
                      for n, v in enumerate(values)]
        parts.append("values " + ", ".join(values))
    elif param.runs is not None:
        parts.append("runs only " + ", ".join(f"`{_shown(v)}`" for v in param.runs))
    if param.default is not None:
        parts.append(f"default `{_shown(param.default)}`")
    if param.applies_with is not None:
        other, allowed = param.applies_with
        parts.append(f"only with `{other}: {', '.join(_shown(v) for v in allowed)}`")
    for value, needs in sorted(param.contexts.items(), key=lambda kv: str(kv[0])):
        parts.append(f"`{_shown(value)}` needs {needs}")
    if param.inert:
        parts.append(param.inert)
    return "; ".join(parts)


def reference() -> str:
    """The generated Markdown: per game, each verb with its parameters."""
    lines = [BEGIN, ""]
    for table in tables():
        lines += [f"### Verbs of {table.game}", ""]
        for name, verb in table.verbs.items():
            needs = f" Needs: {', '.join(sorted(verb.needs))}." if verb.needs else ""
            lines.append(f"* **`{name}`** — {verb.doc.rstrip('.')}.{needs}")
            for param in verb.params:
                required = " **(required)**" if param.name in verb.required else ""
                lines.append(f"  * {_param(param)}{required}")
        lines.append("")
    lines.append(END)
    return "\n".join(lines)


def current(text: str) -> str:
    """``text`` (the guide) with its verb reference replaced by the generated one."""
    start, stop = text.index(BEGIN), text.index(END) + len(END)
    return text[:start] + reference() + text[stop:]


def main() -> int:
    text = GUIDE.read_text(encoding="utf-8")
    GUIDE.write_text(current(text), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
