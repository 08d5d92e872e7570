"""Text: what each card, table and mat prints, in the project's markup, from the content
model and the games' phrases.
"""
