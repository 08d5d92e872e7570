"""samizdat's rules engine: content models, the effect language and the games' rules.

This package never imports :mod:`compiler`; the compiler drives it.
"""
