"""`gouji diff --emit-cases`: counterexamples as cross-variant conformance cases (docs/conformance.md)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from gouji_dsl.files import write_atomic

if TYPE_CHECKING:
    from gouji_dsl.diff.counterexample import Counterexample


def write_cases(path: Path | str, examples: Iterable[Counterexample], refs: dict[str, str] | None = None) -> int:
    """Write the card and result counterexamples as a cross-variant .jsonl case
    file (docs/conformance.md), each rule's cases after a `#` comment naming the
    rule and its citations. Atomic. Returns the number of cases written.

    `refs` names a user's variant by its rule file, relative to the case file's
    folder (docs/conformance.md), so the cases run wherever the two files are kept."""
    refs = refs or {}
    examples = [e for e in examples if e.is_case]
    names = []
    for e in examples:
        for n in (e.a, e.b):
            if n not in names:
                names.append(n)
    lines = ["# Cross-variant conformance cases written by `gouji diff --emit-cases` (format: docs/conformance.md).",
             "# Each case is a situation on which the variants' engines disagree, found by search and verified.",
             f"# Variants: {', '.join(names) if names else '(none)'}."]
    by_rule: dict[str, list[Counterexample]] = {}
    for e in examples:
        by_rule.setdefault(e.rule, []).append(e)
    for rule, group in by_rule.items():
        e = group[0]
        lines.append("")
        cites = f"{e.a} {' '.join(e.a_cites) or '(no citation)'}; {e.b} {' '.join(e.b_cites) or '(no citation)'}"
        lines.append(f"# {' + '.join(e.rules)} ({e.zh}): {cites}")  # e.rules[0] is the rule
        for ex in group:
            case = ex.to_case()
            case["expect"] = {refs.get(name, name): value for name, value in case["expect"].items()}
            lines.append(json.dumps(case, ensure_ascii=False))
    write_atomic(path, "\n".join(lines) + "\n")
    return len(examples)

