"""Game situations: set-ups plus actions, what a game shows at a point, and lockstep walks that look for a rule's effect."""
from __future__ import annotations

import dataclasses
import json
import random
from dataclasses import dataclass

from gouji_dsl.runtime import cards as rt


@dataclass(frozen=True)
class Situation:
    """A game set-up, plus actions: a position (`new_position`) or a deal (`new_game`)."""

    kind: str                      # "position" or "deal"
    hands: tuple = ()              # ((seat, "cards"), ...) for a position
    leader: int = 0
    out: tuple = ()                # ((seat, place), ...)
    opened: tuple = ()
    seed: int | None = None        # for a deal
    previous: tuple = ()           # earlier games of the match (result dicts as JSON text), for a deal
    actions: tuple = ()            # action strings, applied in turn

    def start(self, rules_or_engine):
        """The game at the set-up, before the actions: on an engine (a generated
        module or the reference interpreter: `backends.api.EngineModule`) or a game `Rules`."""
        from gouji_dsl.runtime import game as gm

        match = gm.Match(results=[json.loads(r) for r in self.previous]) if self.previous else None
        out = dict(self.out) or None
        if hasattr(rules_or_engine, "new_game"):
            engine = rules_or_engine
            if self.kind == "position":
                return engine.new_position(dict(self.hands), self.leader, out=out, opened=self.opened)
            return engine.new_game(seed=self.seed, match=match)
        if self.kind == "position":
            return gm.new_position(rules_or_engine, dict(self.hands), self.leader, None, out, self.opened)
        return gm.new_game(rules_or_engine, self.seed, match)

    def run(self, rules_or_engine):
        """The game after every action; raises IllegalAction if one is refused."""
        g = self.start(rules_or_engine)
        for action in self.actions:
            g.apply_action(action)
        return g

    def to_json(self) -> dict:
        if self.kind == "position":
            out = {"kind": "position", "hands": {str(s): c for s, c in self.hands}, "leader": self.leader}
            if self.out:
                out["out"] = {str(s): p for s, p in self.out}
            if self.opened:
                out["opened"] = list(self.opened)
        else:
            out = {"kind": "deal", "seed": self.seed}
            if self.previous:
                out["previous"] = [json.loads(r) for r in self.previous]
        out["actions"] = list(self.actions)
        return out


CORE = ("phase", "player", "actions", "table", "opened", "declared", "places", "returns")


def _core(g) -> dict:
    obs = g.observation(1)
    core = {"phase": g.phase, "player": g.current_player(), "actions": tuple(g.legal_actions()),
            "table": None if obs["table"] is None else (obs["table"]["seat"], obs["table"]["cards"]),
            "opened": tuple(obs["opened"]), "declared": tuple(obs["declared"]),
            "places": tuple(sorted(obs["places"].items()))}
    if g.is_terminal():
        core["returns"] = tuple(g.returns())
    return core


def _seen(g) -> dict:
    out = {}
    for seat in range(1, g.r.players + 1):
        obs = g.observation(seat)
        out[f"seen {seat}"] = tuple(sorted(obs["hands"].items()))
        out[f"counts {seat}"] = tuple(sorted(obs["card_counts"].items()))
    return out


def signature(g) -> dict:
    """What a game shows at this point: phase, who acts, the legal actions,
    the table, opened and declared seats, places, at the end the scores, and
    what each seat sees (its hand, teammates' hands, card counts)."""
    return {**_core(g), **_seen(g)}


def _info(g) -> tuple:
    r = g.r
    return (r.report_at, r.show_team_at, r.watch_after_out, r.teams, r.players)


def differences(g1, g2) -> dict:
    """The components of `signature` on which two games differ: key -> (value 1, value 2).
    What the seats see is compared only when it can differ (hands, places or 报牌 / 看牌 rules)."""
    c1, c2 = _core(g1), _core(g2)
    out = {k: (c1.get(k), c2.get(k)) for k in CORE if c1.get(k) != c2.get(k)}
    if (g1.hands != g2.hands or g1.place_of != g2.place_of or g1.terminal != g2.terminal
            or g1.finish_order != g2.finish_order or _info(g1) != _info(g2)):
        s1, s2 = _seen(g1), _seen(g2)
        out.update({k: (s1[k], s2.get(k)) for k in s1 if s1[k] != s2.get(k)})
    return out


def component_order(key: str) -> tuple:
    order = list(CORE)
    if key in order:
        return (order.index(key), 0)
    kind, seat = key.split()
    return (len(order) + (0 if kind == "seen" else 1), int(seat))


_KINDS = list(range(15))
_KIND_WEIGHTS = (1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3)  # 3..9 rare, high cards, 2s and jokers common
# Position styles: (groups of cards per hand, cards per group, seats already out).
POSITION_STYLES = (((1, 2, 2, 3), (1, 1, 2, 2, 3), (0, 0, 0, 1, 1, 1, 2, 3)),
           ((2, 3, 3, 4), (1, 1, 2, 2, 3), (0, 1, 1, 1, 2)))
# How walks choose: the chance of passing when a pass is allowed (None: like any other action).
PASS_RATES = (None, 0.1, 0.5)


def random_position(rng: random.Random, players: int, teams: dict, style: int) -> Situation:
    groups, sizes, outs = POSITION_STYLES[style % len(POSITION_STYLES)]
    seats = list(range(1, players + 1))
    while True:
        out_seats = rng.sample(seats, rng.choice(outs))
        holders = [s for s in seats if s not in out_seats]
        if len({teams[s] for s in holders}) == 2:
            break
    hands = []
    for s in holders:
        counts = [0] * 15
        for _ in range(rng.choice(groups)):
            kind = rng.choices(_KINDS, _KIND_WEIGHTS)[0]
            counts[kind] += rng.choice((1, 1, 2)) if kind >= 13 else rng.choice(sizes)
        hands.append((s, rt.format_cards(counts)))
    out = tuple((s, i + 1) for i, s in enumerate(out_seats))
    return Situation("position", tuple(hands), rng.choice(holders), tuple(sorted(out)))


PREVIOUS_RESULTS = (
    {"finish": [1, 2, 3, 4, 5, 6], "opened": [1, 2, 3, 5, 6], "declared": [], "burns": [], "men": []},
    {"finish": [1, 3, 5, 2, 4, 6], "opened": [1, 2, 3, 4, 5, 6], "declared": [], "burns": [], "men": []},
    {"finish": [2, 1, 4, 3, 6, 5], "opened": [2, 3, 4, 6], "declared": [], "burns": [], "men": []},
)

# Settings of game.Rules that act only while dealing and between games (set-up,
# 宣点, 买3, 革命, tribute): positions cannot show them, dealt games can.
DEAL_SETTINGS = {"decks", "cards_per_player", "deck_counts", "buy_ranks", "buy_sellers", "buy_price", "buy_no_price",
                 "buy_seller_min", "buy_order", "first_leader", "first_seat",
                  "revolution", "redeal_at", "revolution_place", "auto_open", "declare",
                  "returned", "mutual_dian_returned", "return_not_above_received",
                  "return_from_dealt", "no_single_return",
                  "chaos_after_first_out_with_revolution", "place_names"}
RESULT_SECTIONS = {"tribute", "scoring"}


@dataclass(frozen=True)
class Hit:
    situation: Situation
    components: tuple[str, ...]
    isolated: bool

    def size(self) -> tuple:
        cards = sum(len(c.split()) for _s, c in self.situation.hands)
        return (len(self.situation.actions), cards)


def separation(games, touched: list | None = None) -> tuple[tuple[str, ...], bool] | None:
    """Where the rule shows: components on which the hybrid differs from the base
    and the other variant differs from the base too. Isolated when on some of
    them the hybrid looks exactly like the other variant (the rule alone
    explains the difference there); then only those are kept."""
    base, hyb, other = games
    changed = differences(base, hyb)
    if not changed:
        return None
    if touched is not None:
        touched.append(True)
    against = differences(base, other)
    relevant = [k for k in changed if k in against]
    if not relevant:
        return None
    exact = [k for k in relevant if changed[k][1] == against[k][1]]
    keys = exact or relevant
    return tuple(sorted(keys, key=component_order)), bool(exact)


def choose(rng: random.Random, actions: list, pass_rate):
    """A random action; with a pass rate, pass with that chance when passing is allowed."""
    if pass_rate is not None and len(actions) > 1 and actions[0].kind == "pass":
        return actions[0] if rng.random() < pass_rate else rng.choice(actions[1:])
    return rng.choice(actions)


def walk(situation: Situation, steps: int, rng: random.Random, rules, touched: list | None = None,
          pass_rate=None) -> Hit | None:
    """Play the situation in lockstep on the base, hybrid and other rules (only
    actions all three allow) until the rule shows; None if it does not."""
    from gouji_dsl.runtime.game import IllegalAction

    try:
        games = [situation.start(r) for r in rules]
    except (ValueError, IllegalAction):
        return None
    actions = []
    for _ in range(steps + 1):
        found = separation(games, touched)
        if found is not None:
            return Hit(dataclasses.replace(situation, actions=tuple(actions)), *found)
        if any(g.is_terminal() for g in games) or len({g.current_player() for g in games}) != 1:
            return None
        legal = [set(g.legal_actions()) for g in games[1:]]
        common = [a for a in games[0].legal_actions() if all(a in s for s in legal)]
        if not common:
            return None
        action = choose(rng, common, pass_rate)
        try:
            for g in games:
                g.apply_action(action)
        except IllegalAction:
            return None
        actions.append(str(action))
    return None


def replay_separation(situation: Situation, rules):
    from gouji_dsl.runtime.game import IllegalAction

    try:
        games = [situation.run(r) for r in rules]
    except (ValueError, IllegalAction):
        return None
    return separation(games)


def shrink(hit: Hit, rules) -> Hit:
    """Fewer cards: drop single cards while the situation still shows the rule as well."""
    situation = hit.situation
    if situation.kind != "position":
        return hit
    changed = True
    while changed:
        changed = False
        for i, (seat, cards) in enumerate(situation.hands):
            tokens = cards.split()
            if len(tokens) <= 1:
                continue
            for j in range(len(tokens)):
                hands = situation.hands[:i] + ((seat, " ".join(tokens[:j] + tokens[j + 1:])),) + situation.hands[i + 1:]
                trial = dataclasses.replace(situation, hands=hands)
                found = replay_separation(trial, rules)
                if found is not None and found[1] >= hit.isolated:
                    situation, hit = trial, Hit(trial, *found)
                    changed = True
                    break
            if changed:
                break
    return hit

