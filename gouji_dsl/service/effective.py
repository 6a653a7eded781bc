"""The effective rules: every rule of a variant after inheritance, and where each was set.

What `gouji show VARIANT` lists, as data for the editor: each rule's value as a rule file writes
it (a table by its row count), the variant that set it (or "default") and the file and line.
"""
from __future__ import annotations

from gouji_dsl.docs.show import rules_reference
from gouji_dsl.messages import msg, use_language
from gouji_dsl.service.analysis import Analysis
from gouji_dsl.service.answers import EffectiveRule, EffectiveRules

DEFAULT = "default"  # the `variant` of a rule no file of the lineage states


def effective_rules(analysis: Analysis) -> EffectiveRules | None:
    model = analysis.model
    if model is None:
        return None
    with use_language(analysis.language):
        reference = rules_reference(model)
    rules = []
    for section, about in reference["sections"].items():
        for key, rule in about["rules"].items():
            value = rule.get("value_text")
            if value is None:
                value = msg("model.rows_count", count=len(rule["value"] or ())).text(analysis.language)
            origin = model.origin(f"{section}.{key}")
            location = analysis.location(origin.pos, len(key)) if origin is not None else None
            variant = origin.variant if origin is not None else (DEFAULT if rule["set_in"] == DEFAULT else "")
            rules.append(EffectiveRule(section, key, value, variant, location))
    return EffectiveRules(model.name, tuple(model.lineage), tuple(rules))
