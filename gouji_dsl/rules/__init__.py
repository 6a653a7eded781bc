"""The rules, one module per section of a rule file.

Each module holds everything about its rules: the section's dataclass (each
field one rule: value type, Chinese and English names), the checks, how the
generated engine and the reference interpreter realise each rule, its
rulebook sentences and its diff phrase. `gouji_dsl.facets.spec` keeps the
registry; `tests/test_rule_completeness.py` fails when a rule lacks any part.
"""
