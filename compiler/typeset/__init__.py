"""Typesetting: fonts, the characters they draw, and fitting card text into regions.
"""
