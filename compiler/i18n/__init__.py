"""Decks in several languages from one source: the languages a game ships
(:mod:`.languages`), the content's translation catalogues (:mod:`.catalogue`), card
faces and layouts in a language (:mod:`.translate`, :mod:`.localized_layouts`), and
the translators' commands (:mod:`.extract`)."""
