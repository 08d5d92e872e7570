"""samizdat's rules engine: content models, the effect language and the games' rules.

This package never imports :mod:`compiler`; the compiler drives it.
"""

from rules_engine.native import guard as _guard

_guard()
