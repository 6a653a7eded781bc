"""The built-in players: every bot plays any variant from its rules, never from per-variant code.

A bot is made for one seat of one game (`make_bot(spec, seed)`) and answers `act(game)` with
one of `game.legal_actions()` when that seat is to act. A bot sees only what its seat may see:
its own hand, the table and what the rules make public (`game.observe(seat)`); the search bot
deals the hidden hands anew (`resample_from_infostate`) instead of looking at them.

| name | plays |
|---|---|
| `random` | a uniformly random legal action |
| `greedy` | its smallest play, never burns or defers |
| `heuristic` | like a careful player who knows the rules (heuristic.py) |
| `search` | determinized Monte-Carlo search over the engine, heuristic rollouts (search.py) |

A spec is a name, optionally with a budget for the search bot: `search:200` (rollouts a move;
`search` alone: search.DEFAULT_BUDGET).
"""
from __future__ import annotations

from gouji_dsl.bots.basic import GreedyBot, RandomBot
from gouji_dsl.bots.heuristic import HeuristicBot
from gouji_dsl.bots.search import SearchBot
from gouji_dsl.messages import msg

BOTS: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot, "heuristic": HeuristicBot, "search": SearchBot}


class BotSpecError(ValueError):
    """An unknown bot name or a bad budget: the message names it and the bots there are."""


def parse_spec(spec: str) -> tuple[str, int | None]:
    """`name` or `name:budget` -> (name, budget or None); BotSpecError when neither."""
    name, _, budget = spec.strip().partition(":")
    if name not in BOTS:
        raise BotSpecError(msg("commands.bots.unknown", name=name, bots=", ".join(BOTS)))
    if not budget:
        return name, None
    if not getattr(BOTS[name], "takes_budget", False):
        raise BotSpecError(msg("commands.bots.no_budget", name=name, budget=budget,
                               budgeted=", ".join(n for n, c in BOTS.items() if getattr(c, "takes_budget", False))))
    if not (budget.isascii() and budget.isdigit()) or int(budget) < 1:
        raise BotSpecError(msg("commands.bots.bad_budget", spec=spec))
    return name, int(budget)


def make_bot(spec: str, seed=None):
    """A bot for one seat: `spec` as in parse_spec, seeded."""
    name, budget = parse_spec(spec)
    cls = BOTS[name]
    return cls(seed=seed) if budget is None else cls(seed=seed, budget=budget)
