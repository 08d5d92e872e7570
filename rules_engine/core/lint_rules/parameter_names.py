"""A manifest parameter the game does not have, or one it has left out.

An engine reads the parameters it knows by name and plays a built-in value for one
the manifest does not give, so a misspelt name (``hand_limt``) is read by nothing and
the rule it meant plays its default, a value no line of the content states. The
names are learned from the game's shipped manifest: a parameter it does not name is
a warning at the name, with the closest name it does; a parameter it names that the
manifest lacks is a warning at the manifest's ``parameters``. A game without shipped
content (an outside game) is not judged. A deliberate new parameter (one a plug-in
of your own reads) is kept with ``# samizdat: ignore[L604] reason`` on its line.

Failing (Spring: the hand limit misspelt)::

    hand_limt: {assumed: false, why: "At most 5 cards in hand", value: 5}

Passing::

    hand_limit: {assumed: false, why: "At most 5 cards in hand", value: 5}
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Mapping

from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.lint import LintContext

CODE = "L604"
NAME = "unknown-parameter"
SEVERITY = Severity.WARNING
LOCAL = True      # the manifest on its own


def _names(manifest: object) -> list[str]:
    params = manifest.get("parameters") if hasattr(manifest, "get") else None
    return [str(k) for k in params] if isinstance(params, Mapping) else []


def check(context: LintContext) -> Iterator[Diagnostic]:
    manifest = context.content.manifest
    reference = context.reference
    shipped = reference.manifest if reference is not None else None
    if manifest is None or shipped is None or not isinstance(manifest.get("parameters"),
                                                             Mapping):
        return
    known, given = _names(shipped), _names(manifest)
    for name in given:
        if name in known:
            continue
        close = difflib.get_close_matches(name, known, n=1)
        meant = f"; did you mean {close[0]}?" if close else ""
        yield Diagnostic(CODE, SEVERITY, f"parameters.{name}: {context.game} has no such "
                         f"parameter, so nothing reads it{meant}",
                         manifest.loc("parameters", name),
                         hint=f"the parameters {context.game} reads: {', '.join(known)}")
    missing = [name for name in known if name not in given]
    if missing:
        yield Diagnostic(CODE, SEVERITY, f"parameters lacks {', '.join(missing)}, which "
                         f"{context.game} reads: the engine plays its built-in value for "
                         "each, which no line of the content states", manifest.loc("parameters"))
