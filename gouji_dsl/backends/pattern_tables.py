"""A checked Shuangkou model -> the `PatternSpec` the play runtime reads.

`pattern_spec(v)` evaluates the rule file's formulas (`bomb_lines`,
`chain_lines`) once into tables and turns card names into kind indices;
`spec_source(spec)` writes the spec as a Python expression, so a generated
engine rebuilds it without the compiler (`gouji_dsl.runtime.patterns`).
"""
from __future__ import annotations

from gouji_dsl.model.expr import evaluate
from gouji_dsl.rules.table import kind_copies
from gouji_dsl.runtime.cards import CARDS, INDEX
from gouji_dsl.runtime.patterns import RANKS, PatternSpec

# The plain functions a formula of numbers may call (the others need cards).
_FUNCTIONS = {"min": min, "max": max}


def pattern_spec(v) -> PatternSpec:
    """The play tables of a checked variant model with `[plays] shape = patterns`."""
    p = v.patterns
    if tuple(v.cards.order) != CARDS or v.cards.extra:
        raise ValueError("Shuangkou plays need the standard 15 card kinds in the standard order")
    counts = kind_copies(v.table.decks, v.table.copies)
    copies = tuple(counts[card] for card in CARDS)
    wilds = tuple(sorted(INDEX[card] for card in p.wilds))
    run_low, run_high = INDEX[p.run_ranks[0]], INDEX[p.run_ranks[1]]
    max_size = max(copies[:RANKS]) + sum(copies[w] for w in wilds)
    bomb_lines = tuple(_lines(p.bomb_lines, {"cards": size}, "bomb_lines") if size >= p.bomb_min else 0
                       for size in range(max_size + 1))
    max_bombs = run_high - run_low + 1
    chain_rules = tuple((r.smallest_bomb, r.largest_bomb, r.min_bombs) for r in p.chain_rules or ())

    def chain_cell(size: int, bombs: int) -> int:
        legal = (p.chains and bombs >= 2 and size >= p.bomb_min
                 and any(low <= size <= high and bombs >= least for low, high, least in chain_rules))
        if not legal:
            return 0
        return _lines(p.chain_lines, {"smallest": bomb_lines[size], "bombs": bombs}, "chain_lines")

    chain_lines = tuple(tuple(chain_cell(size, bombs) for bombs in range(max_bombs + 1)) for size in range(max_size + 1))
    return PatternSpec(
        types=tuple((t.name, t.width, t.min_length, t.max_length) for t in p.types),
        run_low=run_low,
        run_high=run_high,
        bomb_min=p.bomb_min,
        bomb_lines=bomb_lines,
        joker_bombs=tuple((b.name, b.jokers, b.lines) for b in p.joker_bombs),
        chains=bool(p.chains),
        chain_rules=chain_rules,
        chain_lines=chain_lines,
        chain_unequal=bool(p.chain_unequal),
        bomb_ties=tuple(p.bomb_ties),
        wilds=wilds,
        copies=copies,
    )


def _lines(formula, variables: dict, rule: str) -> int:
    """A formula's line count; a bomb of no lines would beat nothing, so it is an error."""
    value = evaluate(formula, variables, _FUNCTIONS)
    if not isinstance(value, int) or value < 1:
        shown = ", ".join(f"{k} = {n}" for k, n in variables.items())
        raise ValueError(f"patterns.{rule} = {formula.text} gives {value} lines for {shown}: a bomb needs at least 1")
    return value


_FIELDS = ("types", "run_low", "run_high", "bomb_min", "bomb_lines", "joker_bombs", "chains", "chain_rules",
           "chain_lines", "chain_unequal", "bomb_ties", "wilds", "copies")


def spec_source(spec: PatternSpec) -> str:
    """A deterministic Python expression (plain literals, one field a line) that
    rebuilds `spec`, given `PatternSpec` in scope."""
    lines = []
    for name in _FIELDS:
        value = getattr(spec, name)
        if name == "chain_lines":  # a table: one row (smallest bomb size) a line
            rows = "".join(f"        {row!r},\n" for row in value)
            lines.append(f"    {name}=(\n{rows}    ),")
        else:
            lines.append(f"    {name}={value!r},")
    return "PatternSpec(\n" + "\n".join(lines) + "\n)"
