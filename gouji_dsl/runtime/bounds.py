"""Bounds a variant's rules put on every game: its length and its scores.

- `max_game_length(rules)`: no game records more actions (`history()`) than this;
- `max_game_steps(rules)`: the same, counting the page steps (`MORE`) of runtime/action_ids.py;
- `utility_bounds(rules)`: (lowest, highest) return of any seat in any game, exact numbers;
- `utility_sum(rules)`: the sum of the returns when every game has the same one, else None.

Frameworks size buffers and value ranges by these (OpenSpiel's max_game_length and
min/max_utility, the perfect-recall tensor of runtime/observe.py), so each bound is safe
and, where it is cheap to be, tight. How each is derived (n = seats):

Length. Before play each deal takes at most n 宣点 actions and n 革命 actions (only seats
whose hand qualifies are asked), and enough revolutionaries redeal: the
MAX_REVOLUTION_REDEALS-th such redeal stops the game with an error (runtime/setup
`check_redeals`), so at most MAX_REVOLUTION_REDEALS (10) deals are played; a real game has one
or two.
In play, every play takes at least one card, so a game has at most (cards dealt - 1) plays:
the game ends with somebody still holding a card (a failed burner's cards and the 3s of a
player 闷ed out of play, [threes] men_out, are never played: fewer plays still). Between two
plays the flow (runtime/flow.py `_advance`) asks each other holder at most once a circle, and
a play stands after `need` circles with no play (lead_return_circles, chaos_circles; 1 for a
级牌 in force); in later circles only seats whose right survived a pass may be asked again:
those [flow] answer_play lets answer after passing (`_after_passing`: none, the opposite, every
other seat), and in 四户乱缠 those [chaos] answer lets.
A final play ([plays] final_play) is offered in a turn of these: to a seat not yet passed in the
round, or to one whose right survived its pass; it is one of the hand's plays.
A 让牌 (one a round, by the opposite of the play) is the deferrer's turn and gives it one
more; once_per_round adds the last chance of the leader's opposite (F5). A lead is never a
pass, and the last play ends the game. Played games meet the actions-between-plays figure.

Pages. A decision with k > 1,024 legal actions takes up to ceil(k / 1023) - 1 page steps,
and `max_game_steps` lets every decision take them all. k is at most the plays of the hand
plus pass and defer. A Gouji play is one rank of naturals (or none), some 2s and some jokers
of each kind, so a hand holding N naturals (3..A), t 2s and j_i jokers of kind i makes at
most (N + 1)(t + 1)∏(j_i + 1) - 1 plays; the bound takes the largest over hands of
cards_per_player cards (plus one per [buy] rank) within the deck (a hand of the deal reaches
it in Zaozhuang and Qingdao). A Shuangkou play (runtime/patterns.py) is counted by family
from the PatternSpec: for each type, length and top, the ways to give each rank its naturals
and the wilds the rest; bombs by naturals and wilds; chains, for each length, by the smaller of
two counts (every choice of naturals in the deck within the hand size; the choices within one
hand, balanced); joker bombs by their SJ/BJ split. Safe and loose where jokers are wild. Both
ignore the cards a tribute adds in a match (a hand of more than cards_per_player cards).

Scores. A Gouji score ([scoring], engine template `score`) is a term of the finish order
plus a term of the opened seats: every finish order and every set of opened seats is scored
by `rules.score` and the extremes of the two terms are added (the sum form is checked on
every opened set for a spread of finishes; where it fails, every pair is scored). The bounds
are the exact extremes of the scoring table, reached by a 串三户 sweep of a team that opened
alone. Under [scoring] outcome = win_draw_loss the scores are the signs of such sums (1, 0,
-1), which have no such form: every pair is scored, until -1, 1 and two different sums are
seen (the whole table where the sum is constant: team sums, whose opposites' scores are each
other's negatives, or one's own place points without open points, a permutation of the same
signs). A Shuangkou score (runtime/results.py) is base × (class score × M + G): the classes
are enumerated exactly; each seat's bombs are any multiset of bombs, chains and joker bombs
that fits in a hand of cards_per_player cards (its joker bombs within the deck's jokers; the
copies per rank, wild jokers and the other seats' cards not counted), whose line counts give
its best merged lines (M) and its bonus (G); safe, possibly loose.
"""
from __future__ import annotations

import itertools
import math
import sys
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar, cast

from gouji_dsl.runtime import patterns as pt
from gouji_dsl.runtime import results as rs
from gouji_dsl.runtime.action_ids import ACTION_IDS, PER_PAGE
from gouji_dsl.runtime.numbers import exact
from gouji_dsl.runtime.setup import MAX_REVOLUTION_REDEALS

if TYPE_CHECKING:
    from gouji_dsl.runtime.state import Rules

__all__ = ["max_game_length", "max_game_steps", "max_legal_actions", "utility_bounds", "utility_sum", "Bounded"]

# (function name, id(rules)) -> (rules, value): Rules holds dicts, so it is not hashable
_cache: dict[tuple[str, int], tuple[Rules, object]] = {}
_T = TypeVar("_T")
Score = int | Fraction  # a score: whole, or an exact fraction under [scoring] scale (runtime/numbers.py)
ScoreFacts = tuple[tuple[Score, Score], Score | None]  # (lowest, highest) score, and the sum of the scores if constant


def _cached(name: str, rules: Rules, compute: Callable[[Rules], _T]) -> _T:
    key = (name, id(rules))
    hit = _cache.get(key)
    if hit is not None and hit[0] is rules:
        return cast(_T, hit[1])  # kept under this name: what compute returned
    value = compute(rules)
    _cache[key] = (rules, value)
    return value


# --- length --------------------------------------------------------------------------------

def _deals(r: Rules) -> int:
    """Most deals of one game: 革命 with redeal_at revolutionaries or more deals again, until
    the MAX_REVOLUTION_REDEALS-th redeal raises (the deal it would start has no actions)."""
    if r.revolution and r.redeal_at <= r.players:
        return MAX_REVOLUTION_REDEALS
    return 1


def _asks_after_play(r: Rules) -> int:
    """Most recorded actions between one play and the next: passes and a defer."""
    n = r.players
    others = n - 1
    extra = 1 if r.defer else 0             # the deferrer's second turn (the defer was its first)
    if r.pass_rule == "once_per_round":
        extra += 1                          # the leader's opposite asked once more (F5)
    rearmed = {"nobody": 0, "the opposite": 1}.get(_after_passing(r.answer_play), others)
    normal = others + (r.lead_return_circles - 1) * rearmed + extra
    if r.chaos_starts_at is None:
        return normal
    # 四户乱缠 begins at chaos_starts_at holders, or once a seat is out beside the revolutionary
    # (at most n - 2 holders), and has no 让牌 and no last chance.
    chaos_others = min(others, r.chaos_starts_at - 1)
    if r.chaos_after_first_out_with_revolution:
        chaos_others = max(chaos_others, n - 3)
    chaos_rearmed = {"nobody": 0, "the opposite": min(1, chaos_others)}.get(_after_passing(r.chaos_answer), chaos_others)
    chaos = chaos_others + (r.chaos_circles - 1) * chaos_rearmed
    return max(normal, chaos)


_PASSED = ("call", "passed", ("var", "answerer"))
_OPPOSITE = ("==", ("var", "answerer"), ("call", "opposite", ("var", "owner")))


def _after_passing(answer: tuple[Any, ...]) -> str:
    """Who the answer rule (a Predicate: model/expr.py) lets answer after passing: "nobody",
    "the opposite" or "anyone" (anything this reading cannot narrow is taken as anyone, so the
    bound stays safe). It reads the rule with passed(answerer) true."""
    rest = _given_passed(answer)
    if rest == ("const", False):
        return "nobody"
    return "the opposite" if rest == _OPPOSITE else "anyone"


def _given_passed(p: tuple[Any, ...]) -> tuple[Any, ...]:
    """`p` with passed(answerer) true, `not`, `and` and `or` of constants worked out."""
    if p == _PASSED:
        return ("const", True)
    op = p[0]
    if op == "not":
        inner = _given_passed(p[1])
        return ("const", not inner[1]) if inner[0] == "const" else ("not", inner)
    if op in ("and", "or"):
        left, right = _given_passed(p[1]), _given_passed(p[2])
        for one, other in ((left, right), (right, left)):
            if one[0] == "const":
                decides = (one[1] is False) if op == "and" else (one[1] is True)
                return one if decides else other
        return (op, left, right)
    return p


def _pre_play_actions(r: Rules) -> int:
    per_deal = (r.players if r.declare else 0) + (r.players if r.revolution else 0)
    return _deals(r) * per_deal


def max_game_length(rules: Rules) -> int:
    """A bound on the number of actions (`history()`) of any game of the variant."""
    return _cached("length", rules, _max_game_length)


def _max_game_length(r: Rules) -> int:
    plays = r.players * r.cards_per_player - 1
    return _pre_play_actions(r) + plays + (plays - 1) * _asks_after_play(r)


# --- page steps ----------------------------------------------------------------------------

def _max_hand(r: Rules) -> int:
    """Most cards a hand holds in a game without tribute: the deal and one card per [buy] rank."""
    return r.cards_per_player + len(r.buy_ranks)


def _gouji_max_plays(r: Rules, hand: int) -> int:
    """Most one-rank plays of a hand of `hand` cards: max (N+1)(t+1)∏(j+1) - 1."""
    deck = r.deck_counts
    naturals_in_deck = sum(deck[:12])
    joker_caps = [min(c, hand) for c in deck[13:]]
    best = 0
    for jokers in itertools.product(*(range(c + 1) for c in joker_caps)):
        held = sum(jokers)
        if held > hand:
            continue
        j = math.prod(x + 1 for x in jokers)
        for twos in range(min(deck[12], hand - held) + 1):
            naturals = min(naturals_in_deck, hand - held - twos)
            best = max(best, j * (twos + 1) * (naturals + 1) - 1)
    return best


def _splits(small: int, big: int, wilds: int) -> int:
    """(SJ, BJ) pairs that make `wilds` wild cards out of at most small SJ and big BJ."""
    return max(0, min(wilds, small) - max(0, wilds - big) + 1)


def _pattern_max_plays(spec: pt.PatternSpec, hand: int) -> int:
    """A bound on the distinct plays of any hand of `hand` cards (see the module docstring)."""
    t = pt._Tables(spec)
    small = spec.copies[pt.SMALL] if t.wild_small else 0
    big = spec.copies[pt.BIG] if t.wild_big else 0
    wild = min(small + big, hand)
    split = [_splits(small, big, w) for w in range(wild + 1)]
    total = 0
    for _kind, width in t.length_one:
        per_rank = sum(split[width - used] for used in range(1, width + 1) if width - used <= wild)
        total += pt.RANKS * per_rank + 2  # and a joker kind played as itself
    ranks = t.high - t.low + 1
    for kind, width, shortest, longest in t.runs:
        for length in range(shortest, longest + 1):
            if not t.owns[kind][length] or width * length > hand:
                continue
            tops = ranks - length + 1
            ways = sum(n * split[w] for w, n in enumerate(_deficits(length, width, wild)))
            total += tops * ways
    for r in range(pt.RANKS):
        for used in range(1, min(spec.copies[r], hand) + 1):
            for need in range(max(0, spec.bomb_min - used), min(wild, hand - used) + 1):
                total += split[need]
    if t.chains:
        total += _chain_count(spec, hand, wild, split)
    for _name, jokers, _lines in spec.joker_bombs:
        if jokers <= hand:
            total += jokers + 1
    return total


def _deficits(length: int, width: int, wild: int) -> list[int]:
    """ways[w]: the ways to leave d_1..d_length wild slots (each 0..width) summing to w <= wild."""
    ways = [1] + [0] * wild
    for _rank in range(length):
        ways = [sum(ways[w - d] for d in range(min(width, w) + 1)) for w in range(wild + 1)]
    return ways


def _chain_count(spec: pt.PatternSpec, hand: int, wild: int, split: list[int]) -> int:
    """Chains of a hand of at most `hand` cards: for each length, the smaller of two counts
    (`_chains_in_deck`, `_chains_in_hand`) times the tops, each naturals choice taken with
    every number of wilds spent, its line counts and its SJ/BJ splits."""
    t = pt._Tables(spec)
    count = 0
    for length in range(2, t.max_bombs + 1):
        lines = len({spec.chain_lines[size][length] for size in range(len(spec.chain_lines))} - {0})
        if not lines:
            continue
        tops = t.high - t.low + 1 - length + 1
        # equal bombs have one size; unequal ones a size more for each wild spent at most
        per_naturals = sum((min(lines, spent + 1) if spec.chain_unequal else 1) * split[spent]
                           for spent in range(wild + 1))
        in_deck = _chains_in_deck(spec, hand, wild, split, length, lines)
        count += tops * min(in_deck, _chains_in_hand(spec, hand, wild, length) * per_naturals)
    return count


def _chains_in_deck(spec: pt.PatternSpec, hand: int, wild: int, split: list[int], length: int, lines: int) -> int:
    """Chains of one top and length anywhere in the deck with at most `hand` cards."""
    # ways[(naturals, deficit)]: naturals chosen for the ranks so far
    ways = {(0, 0): 1}
    for _rank in range(length):
        nxt: dict[tuple[int, int], int] = {}
        for (naturals, deficit), n in ways.items():
            for u in range(min(max(spec.copies[:pt.RANKS]), hand - naturals) + 1):
                d = deficit + max(0, spec.bomb_min - u)
                if d <= wild:
                    nxt[(naturals + u, d)] = nxt.get((naturals + u, d), 0) + n
        ways = nxt
    count = 0
    for (naturals, deficit), n in ways.items():
        for spent in range(deficit, min(wild, hand - naturals) + 1):
            count += n * (min(lines, spent + 1) if spec.chain_unequal else 1) * split[spent]
    return count


def _chains_in_hand(spec: pt.PatternSpec, hand: int, wild: int, length: int) -> int:
    """Naturals choices of one top and length within ONE hand of at most `hand` cards: k ranks
    short of a bomb take their deficits (C(wild, k) ways, their naturals fixed by them); each
    other rank holding h cards gives h - bomb_min + 1 choices, a product largest when balanced."""
    most = max(spec.copies[:pt.RANKS]) - spec.bomb_min + 1
    count = 0
    for short in range(min(length, wild) + 1):
        full = length - short
        budget = hand - (spec.bomb_min - 1) * full  # sum of the choices of the full ranks
        if budget < full:
            continue
        q, extra = divmod(budget, full) if full else (0, 0)
        product = 1
        for i in range(full):
            product *= min(most, q + (1 if i < extra else 0))
        count += math.comb(length, short) * math.comb(wild, short) * product
    return count


def max_legal_actions(rules: Rules) -> int:
    """A bound on the legal actions of any decision of a game without tribute."""
    return _cached("legal", rules, _max_legal_actions)


def _max_legal_actions(r: Rules) -> int:
    hand = _max_hand(r)
    if r.pattern_plays:
        if TYPE_CHECKING:  # pattern plays: the rules have their notation
            assert r.notation is not None
        return 1 + _pattern_max_plays(r.notation.spec, hand)  # pass, or a play
    return 2 + _gouji_max_plays(r, hand)  # pass, defer, or a play (a burn replaces it)


def max_game_steps(rules: Rules) -> int:
    """`max_game_length` plus the page steps (`MORE`) any of its decisions can take."""
    return _cached("steps", rules, _max_game_steps)


def _max_game_steps(r: Rules) -> int:
    k = max_legal_actions(r)
    pages = 1 if k <= ACTION_IDS else math.ceil(k / PER_PAGE)
    return max_game_length(r) * pages


# --- scores --------------------------------------------------------------------------------

def utility_bounds(rules: Rules) -> tuple[Score, Score]:
    """(lowest, highest) return of any seat in any game: ints, or Fractions under [scoring] scale."""
    return _cached("bounds", rules, lambda r: _score_facts(r)[0])


def utility_sum(rules: Rules) -> Score | None:
    """The sum of the returns of every game if it is always the same (0: zero-sum), else None."""
    return _cached("sum", rules, lambda r: _score_facts(r)[1])


def _score_facts(r: Rules) -> ScoreFacts:
    return _cached("facts", r, _pattern_score_facts if r.pattern_plays else _gouji_score_facts)


def _gouji_score_facts(r: Rules) -> ScoreFacts:
    seats = list(range(1, r.players + 1))
    finishes = [list(f) for f in itertools.permutations(seats)]
    if r.open_method == "none":
        opened_sets: list[list[int]] = [[]]
    else:
        opened_sets = [[s for s in seats if mask >> (s - 1) & 1] for mask in range(1 << r.players)]

    def score(finish: list[int], opened: list[int]) -> list[Score]:
        return r.score({"finish": finish, "opened": opened, "declared": [], "burns": [], "men": [], "previous": []})

    if r.win_draw_loss:  # signs of scores: the sign of a sum is no sum of signs, so every pair is scored
        return _every_score_facts(score, finishes, opened_sets, widest=(-1, 1))
    # The template scores the finish, then adds a term of the opened seats alone: with A(finish)
    # and B(opened) the extremes are per seat min A + min B, max A + max B (15,000 times fewer
    # calls than every pair). Checked on every opened set for a spread of finishes first.
    by_finish = [score(f, []) for f in finishes]
    by_opened = [[x - y for x, y in zip(score(finishes[0], o), by_finish[0])] for o in opened_sets]
    additive = all(score(finishes[i], o) == [a + b for a, b in zip(by_finish[i], by_opened[j])]
                   for i in range(0, len(finishes), max(1, len(finishes) // 20)) for j, o in enumerate(opened_sets))
    if not additive:
        return _every_score_facts(score, finishes, opened_sets)
    lo = min(min(a[s] for a in by_finish) + min(b[s] for b in by_opened) for s in range(r.players))
    hi = max(max(a[s] for a in by_finish) + max(b[s] for b in by_opened) for s in range(r.players))
    finish_sums = {sum(a) for a in by_finish}
    opened_sums = {sum(b) for b in by_opened}
    total = exact(finish_sums.pop() + opened_sums.pop()) if len(finish_sums) == len(opened_sums) == 1 else None
    return (exact(lo), exact(hi)), total  # whole numbers as ints, as the scores are


def _every_score_facts(score: Callable[[list[int], list[int]], list[Score]], finishes: list[list[int]],
                       opened_sets: list[list[int]], widest: tuple[Score, Score] | None = None) -> ScoreFacts:
    """The extremes and the constant sum over every (finish, opened) pair; where no score can be
    outside `widest`, done as soon as both its ends are reached and two sums differ."""
    low: Score | None = None
    high: Score | None = None
    sums: set[Score] = set()
    for finish in finishes:
        for opened in opened_sets:
            scores = score(finish, opened)
            low = min(scores) if low is None else min(low, *scores)
            high = max(scores) if high is None else max(high, *scores)
            sums.add(sum(scores))
            if len(sums) > 1 and (low, high) == widest:
                return widest, None
    assert low is not None and high is not None, "a table has at least one finish and one opened set"
    return (exact(low), exact(high)), (exact(sums.pop()) if len(sums) == 1 else None)


def _result_spec(r: Rules) -> rs.ResultSpec:
    module = sys.modules.get(getattr(r.score, "__module__", "") or "")
    spec = getattr(module, "RESULTS", None)
    if not isinstance(spec, rs.ResultSpec):
        raise ValueError(f"the engine of {r.name} has no [results] spec (RESULTS) to bound its scores by")
    return spec


def _bomb_items(spec: pt.PatternSpec, hand: int) -> list[tuple[int, int, int]]:
    """(lines, cards, jokers): for each line count, the fewest cards of a bomb or chain with
    it, and of a joker bomb with it (those take jokers as themselves, and the deck has few)."""
    fewest: dict[tuple[int, bool], tuple[int, int]] = {}

    def add(lines: int, cards: int, jokers: int) -> None:
        key = (lines, jokers > 0)
        if lines and cards <= hand and cards < fewest.get(key, (hand + 1,))[0]:
            fewest[key] = (cards, jokers)

    for size in range(spec.bomb_min, len(spec.bomb_lines)):
        add(spec.bomb_lines[size], size, 0)
    for size, row in enumerate(spec.chain_lines):
        for length, lines in enumerate(row):
            add(lines, size * length, 0)
    for _name, jokers, lines in spec.joker_bombs:
        add(lines, jokers, jokers)
    return sorted((lines, cards, jokers) for (lines, _j), (cards, jokers) in fewest.items())


def _seat_options(result_spec: rs.ResultSpec, play_spec: pt.PatternSpec, hand: int) -> dict[int, tuple[int, int]]:
    """best merged lines -> (least, most) bonus a seat's bombs can collect from `hand` cards."""
    items = _bomb_items(play_spec, hand)
    jokers_in_deck = play_spec.copies[pt.SMALL] + play_spec.copies[pt.BIG]
    options: dict[int, tuple[int, int]] = {}

    def visit(start: int, cards: int, jokers: int, chosen: list[int]) -> None:
        best = rs.best_lines(result_spec, chosen)
        bonus = sum(rs.bonus_each(result_spec, lines) for lines in chosen)
        low, high = options.get(best, (bonus, bonus))
        options[best] = (min(low, bonus), max(high, bonus))
        for i in range(start, len(items)):
            lines, need, uses = items[i]
            if cards + need <= hand and jokers + uses <= jokers_in_deck:
                visit(i, cards + need, jokers + uses, chosen + [lines])

    visit(0, 0, 0, [])
    return options


def _pattern_score_facts(r: Rules) -> ScoreFacts:
    if TYPE_CHECKING:  # pattern plays: the rules have their notation
        assert r.notation is not None
    return _pattern_bounds(_result_spec(r), r.notation.spec, _max_hand(r), r.name)


def _pattern_bounds(spec: rs.ResultSpec, play_spec: pt.PatternSpec, hand: int, name: str) -> ScoreFacts:
    options = _seat_options(spec, play_spec, hand)
    paid_most = max(high for _low, high in options.values())
    others = spec.players - 1

    def mult(best: int) -> int:
        return 1 if spec.no_doubling else rs.multiplier(spec, best)

    if any(len(team) != 2 for team in spec.teams):
        raise ValueError(f"{name}: score bounds are derived for teams of two, not {list(spec.teams)}")
    opponents = spec.players - 2
    tops: list[int] = []
    bottoms: list[int] = []
    class_sums: set[int] = set()
    for finish in itertools.permutations(range(1, spec.players + 1)):
        try:
            _name, _winners, by_place = rs.result_class(spec, list(finish))
        except rs.ResultError:
            continue  # not a finished game
        class_sums.add(sum(by_place))
        where = rs.places(spec, list(finish))
        winners = rs.team_of(spec, finish[0])
        for seat in range(1, spec.players + 1):
            cs = by_place[where[seat] - 1]
            if seat in winners:
                # M from the seat's and its mate's bombs; the opponents' bombs only cost the seat.
                for (b1, (l1, h1)), (b2, (l2, h2)) in itertools.product(options.items(), repeat=2):
                    m = mult(max(b1, b2))
                    tops.append(cs * m + others * h1 - l2)
                    bottoms.append(cs * m + others * l1 - h2 - opponents * paid_most)
            else:
                # M from the two winners' bombs, which cost the seat; its mate's only cost it.
                for (b1, (l1, h1)), (b2, (l2, h2)) in itertools.product(options.items(), repeat=2):
                    m = mult(max(b1, b2))
                    tops.append(cs * m - l1 - l2 + others * paid_most)
                    bottoms.append(cs * m - h1 - h2 - paid_most)
    base = spec.base
    bounds = (base * min(bottoms), base * max(tops))
    # Bonuses always sum to 0; the class scores times M sum to base × M × (row sum).
    total: int | None = None
    if len(class_sums) == 1:
        row_sum = class_sums.pop()
        if row_sum == 0:
            total = 0
        elif spec.no_doubling:
            total = base * row_sum
    return bounds, total


class Bounded:
    """The bounds of a Game's variant (a mixin of runtime.flow.Game)."""

    r: Rules  # the Game's

    def max_game_length(self) -> int:
        """A bound on the actions (`history()`) of any game of this variant."""
        return max_game_length(self.r)

    def max_game_steps(self) -> int:
        """`max_game_length` plus the page steps (`MORE`) of action ids."""
        return max_game_steps(self.r)

    def utility_bounds(self) -> tuple[Score, Score]:
        """(lowest, highest) return of any seat in any game of this variant."""
        return utility_bounds(self.r)

    def utility_sum(self) -> Score | None:
        """The sum of returns of every game of this variant, or None when it varies."""
        return utility_sum(self.r)
