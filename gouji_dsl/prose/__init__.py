"""The words of the books, below the rules: what a rule's sentences are written with.

- `text.py`      inline text: our templates (trusted) with model values (always escaped), `T`, `plain`, `join`
- `document.py`  the document model: paragraphs, lists, tables, notes, chapters
- `terms.py`     the players' terms, Chinese and English (what `[[级牌]]` in a template names)
- `explain.py`   formulas in words, with a legend
- `errors.py`    `RulebookError`

Nothing here imports the rules, the schema or anything that reads them (`tests/test_import_graph.py`);
`gouji_dsl/docs` assembles and writes the books from these.
"""
