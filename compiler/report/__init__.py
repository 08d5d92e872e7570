"""Reporting: diagnostics in every format, their source lines, caps, progress lines and the
documentation of every code.
"""
