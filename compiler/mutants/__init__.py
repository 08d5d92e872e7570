"""Mutation testing of content: how much of what a designer could get wrong the lint finds."""
