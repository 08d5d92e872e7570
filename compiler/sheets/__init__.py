"""Spreadsheets both ways: ``samizdat export sheet`` and ``samizdat import sheet``.

One worksheet per kind of item that has ids (a game's ``cards``, AZADI's
``resistance_cards``...), one row per item, one column per field, nested values in
one cell (the column syntax, docs/spreadsheets.md). The modules, each with one job:

* :mod:`~compiler.sheets.kinds`: which kinds of items become sheets, and their fields;
* :mod:`~compiler.sheets.cells`: the column syntax, one value to one cell and back;
* :mod:`~compiler.sheets.places`: where a cell is (``book.xlsx:cards!C7``);
* :mod:`~compiler.sheets.tables`: validated content as tables (export);
* :mod:`~compiler.sheets.write_book`: tables as .xlsx (openpyxl) or .csv bytes, the
  same content always the same bytes;
* :mod:`~compiler.sheets.read_book`: a stranger's .xlsx or .csv read within bounds;
* :mod:`~compiler.sheets.rows`: a read sheet as rows of field values, each bad cell a
  diagnostic;
* :mod:`~compiler.sheets.plan`: rows matched to the content's items by id: what
  changes in which YAML file;
* :mod:`~compiler.sheets.yaml_update`: a YAML file changed with ruamel.yaml, comments,
  order and untouched items kept byte for byte;
* :mod:`~compiler.sheets.relocate`: what validating the changed files found, moved to
  the cells it came from.

The commands themselves are :mod:`compiler.pipeline.sheet_command`.
"""
