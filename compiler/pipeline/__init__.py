"""Pipelines: validate, build, lint, simulate and new, each a short chain of steps over the
front end and the back ends; the caches and output folders they keep.
"""
