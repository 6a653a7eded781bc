"""What a rule's module declares its rule with: the small vocabulary at the bottom of the rules.

- `spec.py`       the registry: each rule's five facets (check, engine, interpreter, book, phrase)
                  and the engine's forms of them (`Setting`, `CardFunction`, `NoPlay`, `Unsupported`)
- `checks.py`     `@check`, `type_only`, `@lint` and the position helpers checks use
- `hooks.py`      `@hook` and `ask`: how the reference interpreter's flow asks a rule what it decides
- `sentences.py`  `rule`, `enum_rule`, `bool_rule`, `group`, `absent`: the rulebook's sentences, chapters
- `phrases.py`    `phrase`, `said`, `yes_no`: the diff's phrase of a rule
- `protocols.py`  types for the rules' annotations only (imported under TYPE_CHECKING): the game a
                  hook is handed, what it reads of the reference and the match, `Said`

Each registers into `spec.REGISTRY` as the rule modules are imported; nothing here imports the rules,
the schema or anything above them (`tests/test_import_graph.py`). `model.registry` reads the registry
over the whole schema; `docs`, `diff` and `backends` pull each facet from it.
"""
