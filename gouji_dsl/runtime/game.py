"""The game state machine: a whole Gouji game, and matches of games with tribute.

The API follows OpenSpiel's: `new_game(rules, seed=..., match=...)`,
`current_player()`, `legal_actions()`, `apply_action()`, `is_terminal()`,
`places()`, `returns()`, `clone()`, `history()`, `observation(seat)`.

One flow serves every variant: what differs comes from a `Rules` object,
built once either by a generated module (constants and its fast, specialised
card functions) or by the reference interpreter (functions evaluated from
the rule model). The flow itself reads only those fields, bound at
construction; it never consults the rule model.

Readings of the rules that the seeds leave open are marked `Reading:`; the
rulebook states them too.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, NamedTuple

from gouji_dsl.runtime import cards as rt

PLAY, PASS, DEFER, BURN, DECLARE, REVOLT = "play", "pass", "defer", "burn", "declare", "revolt"
KIND_ORDER = {PASS: 0, DEFER: 1, DECLARE: 2, REVOLT: 3, BURN: 4, PLAY: 5}


class Action(NamedTuple):
    kind: str
    play: tuple | None = None

    def __str__(self) -> str:
        return action_to_string(self)


PASS_ACTION = Action(PASS)
DEFER_ACTION = Action(DEFER)
DECLARE_ACTION = Action(DECLARE)
REVOLT_ACTION = Action(REVOLT)
_SIMPLE_ACTIONS = {PASS: PASS_ACTION, DEFER: DEFER_ACTION, DECLARE: DECLARE_ACTION, REVOLT: REVOLT_ACTION}
_PLAY_ACTIONS: dict[tuple, Action] = {}
_BURN_ACTIONS: dict[tuple, Action] = {}
# The ids of the shared Action objects above. Each was checked when it was made
# and they live as long as the module, so `apply_action` can trust an action it
# finds here by identity (every action from `legal_actions()` is one) and
# validate everything else: the hot path costs one set lookup.
_KNOWN: set[int] = {id(a) for a in _SIMPLE_ACTIONS.values()}
_SHARED_MOST = 64      # plays with more of one card are never shared (no real deck has that many)
MAX_ACTION_TEXT = 4000  # characters of an action string; a real one is a few dozen
_DISPLAY_DECKS = 256    # str() of an unshared action shows at most this many decks' worth of a card


def play_action(play: tuple) -> Action:
    try:
        action = _PLAY_ACTIONS.get(play)
    except TypeError:  # unhashable, so malformed: _shared says why
        action = None
    if action is None:
        action = _shared(_PLAY_ACTIONS, PLAY, play)
    return action


def burn_action(play: tuple) -> Action:
    try:
        action = _BURN_ACTIONS.get(play)
    except TypeError:  # unhashable, so malformed: _shared says why
        action = None
    if action is None:
        action = _shared(_BURN_ACTIONS, BURN, play)
    return action


def _shared(table: dict, kind: str, play) -> Action:
    """A new Action for `play`, shared (and known) when it is a canonical play of a real size."""
    problem = _play_problem(play, _SHARED_MOST, _SHARED_MOST)
    if problem is None:
        action = table[play] = Action(kind, play)
        _KNOWN.add(id(action))
        return action
    if _play_problem(play, None, None) is None:
        return Action(kind, play)  # well formed but huge: checked against the deck when applied
    raise IllegalAction(f"{describe(play)}: {problem}")


def action_key(action: Action):
    return (KIND_ORDER[action.kind], action.play or ())


def action_to_string(action: Action) -> str:
    if id(action) not in _KNOWN and normal_action(action, _DISPLAY_DECKS) is None:
        return describe(action)  # a forged action: never format its (maybe astronomic) counts
    if action.play is None:
        return action.kind
    return f"{action.kind} {rt.format_cards(action.play)}"


class IllegalAction(ValueError):
    """An action the rules do not allow now; the state is left unchanged."""


# --- actions from outside: validated before anything reads them ----------------------------------


def describe(value, depth: int = 0) -> str:
    """A short, safe description of any value for an error message. It never calls
    the value's own __repr__ or __str__ (which could raise, loop or be huge) and
    never formats a huge int (Python refuses ints of more than 4,300 digits)."""
    kind = type(value)
    if value is None or kind in (bool, float):
        return repr(value)
    if kind is int:
        return repr(value) if -10**12 < value < 10**12 else "a huge int"
    if kind is str:
        return repr(value[:40]) + ("..." if len(value) > 40 else "")
    if kind in (tuple, list, Action):
        items = tuple.__iter__(value) if kind is not list else list.__iter__(value)
        shown = [describe(v, depth + 1) if depth < 2 else "..." for v, _ in zip(items, range(6))]
        more = ", ..." if len(value) > 6 else ""
        left, right = ("[", "]") if kind is list else ("(", ",)" if len(value) == 1 else ")")
        return left + ", ".join(shown) + more + right
    return f"a {kind.__name__[:40]} object"


def check_seat(seat, players: int, error: type = ValueError) -> int:
    """`seat` if it is one of the seats 1..players; else raises `error` saying so."""
    if type(seat) is not int or not 1 <= seat <= players:
        raise error(f"{describe(seat)} is not a seat: the seats are 1 to {players}")
    return seat


def _play_problem(play, most: int | None, most_jokers: int | None) -> str | None:
    """Why `play` is not a canonical play tuple (rank, natural, fillers, small, big)
    with at most `most` of a rank or of 2s and `most_jokers` of each joker; None if it is."""
    if type(play) is not tuple or len(play) != 5:
        return "a play is a tuple (rank, natural, fillers, small, big)"
    if any(type(n) is not int for n in play):
        return "a play's rank and counts are ints"
    rank, natural, fillers, small, big = play
    if not -1 <= rank <= 12:
        return "its rank is not -1 (jokers only), 0 (3) ... 11 (A) or 12 (2s only)"
    if min(natural, fillers, small, big) < 0:
        return "it has a negative card count"
    if most is not None and (natural > most or fillers > most or small > most_jokers or big > most_jokers):
        return "it holds more of a card than the decks have"
    if (0 <= rank <= 11) != (natural > 0) or (rank == 12 and not fillers) or (rank == -1 and (fillers or not small + big)):
        return "it is not the canonical tuple of any cards (see runtime.cards_of)"
    return None


def normal_action(action, decks: int | None) -> Action | None:
    """`action` (an Action, or a plain (kind, play) tuple or list) as a well-formed Action
    (the shared one when there is one), or None when it is malformed. With `decks`,
    no play may hold more of a card than that many decks have."""
    kind_of = type(action)
    if kind_of not in (Action, tuple, list):
        return None
    items = tuple(list.__iter__(action)) if kind_of is list else tuple(tuple.__iter__(action))
    if len(items) != 2 or type(items[0]) is not str:
        return None
    kind, play = items
    if kind in _SIMPLE_ACTIONS:
        return _SIMPLE_ACTIONS[kind] if play is None else None
    if kind not in (PLAY, BURN):
        return None
    if type(play) is list:
        play = tuple(list.__iter__(play))
    most = None if decks is None else 4 * decks
    if _play_problem(play, most, decks) is not None:
        return None
    table = _PLAY_ACTIONS if kind == PLAY else _BURN_ACTIONS
    return table.get(play) or Action(PLAY if kind == PLAY else BURN, play)


def read_action(action, decks: int) -> Action:
    """Any value offered to `apply_action` as a well-formed Action, or IllegalAction saying
    briefly why not. Checks only the form; whether the rules allow it is the game's business."""
    if isinstance(action, str):
        action = string_to_action(action)
        if action.play is not None and _play_problem(action.play, 4 * decks, decks) is not None:
            raise IllegalAction(f"'{action.kind} ...' holds more of a card than {decks} deck(s) have")
        return action
    normal = normal_action(action, decks)
    if normal is None:
        _refuse(action, decks)
    return normal


def _refuse(action, decks: int) -> None:
    """Raise IllegalAction naming what is wrong with a malformed action."""
    shown = describe(action)
    if type(action) not in (Action, tuple, list):
        raise IllegalAction(f"{shown} is not an action: use a game.Action or a string like 'play 7 7 7' or 'pass'")
    items = tuple(action) if type(action) is list else tuple(tuple.__iter__(action))
    if len(items) != 2:
        raise IllegalAction(f"{shown} is not an action: an action is (kind, play), e.g. Action('play', (4, 3, 0, 0, 0))")
    kind, play = items
    if type(kind) is not str or kind not in KIND_ORDER:
        raise IllegalAction(f"{shown}: unknown kind {describe(kind)}: expected one of {', '.join(KIND_ORDER)}")
    if kind in _SIMPLE_ACTIONS:
        raise IllegalAction(f"{shown}: a {kind} action has no cards (play must be None)")
    if type(play) is list:
        play = tuple(play)
    raise IllegalAction(f"{shown}: {_play_problem(play, 4 * decks, decks)}")


@dataclass(frozen=True)
class Rules:
    """Everything the flow needs from a variant, resolved once."""

    name: str
    players: int
    decks: int
    cards_per_player: int
    teams: tuple
    opposite: dict
    first_leader: str
    place_names: tuple
    # card functions
    classify: Callable
    is_gouji: Callable             # play tuple -> bool
    answers: Callable
    plays: Callable
    lead_actions: Callable         # hand -> the sorted play actions of a leader (3s rule applied)
    can_burn: Callable
    counts_for_open: Callable      # play tuple -> bool (the [open] counts formula)
    may_revolt: Callable           # hand -> bool (the [revolution] condition)
    tributes: Callable
    score: Callable
    graduated: Callable            # match results -> seats open by 点贡毕业 in the next game
    # flow
    gouji_answer_anyone: bool      # anyone may answer a 级牌 in turn, like any play (no burning)
    defer: bool
    defer_any_play: bool
    pass_except_opposite: bool
    lead_return_circles: int
    going_out_gouji: str
    take_over_partner: bool
    chaos_starts_at: int
    chaos_after_first_out_with_revolution: bool
    chaos_circles: int
    chaos_pass_keeps_right: bool
    # burning
    burn_allowed: bool
    teammates_may_burn: bool
    burn_after_pass: bool
    burn_priority: str
    first_play_needs_joker: bool
    failure_leader: str
    lift: bool
    counter_burn: bool
    # 无头, 开点, 宣点
    headless_cause: str
    headless_any_play: bool
    headless_pass_loses_gouji: bool
    open_method: str
    declare: bool
    # modes
    threes_last: bool
    buy_three: bool
    buy_with: tuple
    seller_min_threes: int
    ask_three: bool
    revolution: bool
    redeal_at: int
    revolution_place: int
    auto_open: bool
    report_at: int | None
    show_team_at: int | None
    watch_after_out: bool
    # end of the game
    ends_all_out: bool             # play on until at most one player holds cards (else: one team left)
    remaining_by_cards: bool       # players left holding cards are placed by cards left, fewer first
    sweep_ends: bool               # a team taking places 1-3 ends the game at once (串三户)
    # tribute
    tribute_enabled: bool
    returned: bool
    mutual_dian_returned: bool
    return_not_above_received: bool
    return_from_dealt: bool
    no_single_return: bool
    dian_max_level: int
    dian_graduation: bool


@dataclass
class Match:
    """What carries from one game of a match to the next."""

    results: list = field(default_factory=list)     # result dicts of finished games, oldest first
    first_out: int | None = None                     # 头科 of the previous game

    def previous(self) -> list:
        return [{"opened": list(r["opened"])} for r in self.results]


def _seat_after(seat: int, players: int) -> int:
    return seat % players + 1


_SEATS_AFTER: dict[int, dict[int, tuple]] = {}


def _seats_after(players: int) -> dict[int, tuple]:
    """For each seat, the other seats in playing order starting after it."""
    table = _SEATS_AFTER.get(players)
    if table is None:
        table = _SEATS_AFTER[players] = {
            seat: tuple((seat + k - 1) % players + 1 for k in range(1, players)) for seat in range(1, players + 1)}
    return table


class Game:
    """One game. Create with `new_game`."""

    def __init__(self, rules: Rules, seed, match: Match | None):
        if seed is not None and type(seed) not in (int, str, bytes, float):
            raise ValueError(f"a seed is an int or a string, not {describe(seed)}")
        if match is not None and not isinstance(match, Match):
            raise ValueError(f"match is a game.Match (from next_match()), not {describe(match)}")
        self.r = rules
        self.seed = seed
        self.match = match or Match()
        self._history: list[Action] = []
        self.log: list = []               # transcript events: strings, or (seat, action) for actions
        self._rng = random.Random(seed)
        self._start_deal()

    # --- set-up ------------------------------------------------------------------

    def _start_deal(self) -> None:
        r = self.r
        n = r.players
        deck = [i for i in range(13) for _ in range(4 * r.decks)] + [rt.SMALL] * r.decks + [rt.BIG] * r.decks
        self._rng.shuffle(deck)
        self.hands = []
        for p in range(n):
            counts = [0] * 15
            for card in deck[p * r.cards_per_player:(p + 1) * r.cards_per_player]:
                counts[card] += 1
            self.hands.append(counts)
        self.dead = [0] * 15              # cards of failed burners, out of play
        self.played = [0] * 15            # cards played to the table this game
        self.dealt = [list(h) for h in self.hands]
        self.tribute_log: list[dict] = []
        self.declared: set[int] = set()
        self.revolters: list[int] = []
        self.revolutionary: int | None = None
        self.place_of: dict[int, int] = {}
        self.finish_order: list[int] = []  # seats as they went out normally
        self.failed: list[int] = []
        self.opened: set[int] = set()
        self.burns_done: list[list[int]] = []
        self.men: list[list[int]] = []
        self.headless: set[int] = set()
        self.chaos = False
        self.obligation: set[int] = set()     # burners still bound by the joker-carry rule
        self.burn_of: dict[int, int] = {}     # burner -> the player they burned
        self.burned_play: dict[int, tuple] = {}  # burner -> the 级牌 they burned (back on the table if they fail, D15)
        self.before_threes: set[int] = set()  # players whose standing play comes right before their final 3s
        self.terminal = False
        self._legal = None
        self._scores: list[int] | None = None
        self.log.append(f"deal (seed {describe(self.seed)})")
        self._new_round(1)  # empty round state; play starts after the pre-play phases
        self._pay_tributes()
        self.phase_seats: list[int] = []
        if self.r.declare:
            self.phase = "declare"
            self.phase_seats = list(range(1, n + 1))
            self.cur = self.phase_seats[0]
        else:
            self._after_declare()

    def _after_declare(self) -> None:
        if self.r.buy_three:
            self._buy_threes()
        if self.r.revolution:
            self.phase = "revolt"
            self.phase_seats = [s for s in range(1, self.r.players + 1) if self.r.may_revolt(tuple(self.hands[s - 1]))]
            if self.phase_seats:
                self.cur = self.phase_seats[0]
                return
        self._begin_play()

    def _pay_tributes(self) -> None:
        """Tributes owed by the previous game of the match: highest cards, then returns."""
        if not self.match.results:
            return
        r = self.r
        previous = self.match.results[-1]
        result = dict(previous, previous=[{"opened": list(g["opened"])} for g in self.match.results[:-1]])
        entries = r.tributes(result)
        received: dict[int, list[int]] = {}
        by_pair: dict[tuple, list[int]] = {}
        for e in entries:
            payer, receiver = e["from"], e["to"]
            cards = []
            for _ in range(e["count"]):
                card = self._highest(payer)
                if card is None:
                    break
                self.hands[payer - 1][card] -= 1
                self.hands[receiver - 1][card] += 1
                cards.append(card)
            received.setdefault(receiver, []).extend(cards)
            by_pair.setdefault((e["kind"], payer, receiver), []).extend(cards)
            self.tribute_log.append({"kind": e["kind"], "from": payer, "to": receiver, "cards": rt.format_cards(_counts(cards))})
            self.log.append(f"tribute {e['kind']}: seat {payer} gives seat {receiver} {rt.format_cards(_counts(cards)) or 'nothing'}")
        if not r.returned:
            return
        for (kind, payer, receiver), cards in by_pair.items():
            if not cards:
                continue
            if kind == "dian" and not r.mutual_dian_returned and ("dian", receiver, payer) in by_pair:
                continue  # mutual 点贡 is not returned (D20)
            back = self._return_cards(receiver, payer, cards, received.get(receiver, []))
            for card in back:
                self.hands[receiver - 1][card] -= 1
                self.hands[payer - 1][card] += 1
            self.tribute_log.append({"kind": "return", "from": receiver, "to": payer, "cards": rt.format_cards(_counts(back))})
            self.log.append(f"return: seat {receiver} gives seat {payer} {rt.format_cards(_counts(back)) or 'nothing'}")

    def _highest(self, seat: int) -> int | None:
        hand = self.hands[seat - 1]
        for card in range(14, -1, -1):
            if hand[card]:
                return card
        return None

    def _return_cards(self, receiver: int, payer: int, cards: list[int], received: list[int]) -> list[int]:
        """The receiver's lowest cards that may go back (D20)."""
        r = self.r
        allowed = returnable(r, self.hands[receiver - 1], _counts(received), _counts(cards),
                             self.hands[payer - 1], r.teams[receiver] == r.teams[payer])
        back: list[int] = []
        for card in range(15):
            back += [card] * min(allowed[card], len(cards) - len(back))
        return back

    def _buy_threes(self) -> None:
        """买3 / 要3 (D22), automatic."""
        r = self.r
        for seat in range(1, r.players + 1):
            hand = self.hands[seat - 1]
            if hand[0]:
                continue
            opp = r.opposite[seat]
            pay = next((c for c in (rt.INDEX[x] for x in r.buy_with) if hand[c]), None)
            if pay is not None and self.hands[opp - 1][0] >= r.seller_min_threes:
                hand[pay] -= 1
                self.hands[opp - 1][pay] += 1
                self.hands[opp - 1][0] -= 1
                hand[0] += 1
                self.log.append(f"seat {seat} buys a 3 from seat {opp} for {rt.CARDS[pay]}")
                continue
            if not r.ask_three:
                continue
            giver = None
            other = seat
            for _ in range(r.players - 1):
                other = _seat_after(other, r.players)
                if r.teams[other] == r.teams[seat] and self.hands[other - 1][0] >= r.seller_min_threes:
                    giver = other
                    break
            if giver is not None:
                self.hands[giver - 1][0] -= 1
                hand[0] += 1
                self.log.append(f"seat {seat} is given a 3 by teammate {giver}")

    def _begin_play(self) -> None:
        r = self.r
        self.phase = "play"
        if self.revolutionary is not None:
            self.place_of[self.revolutionary] = r.revolution_place
            if r.auto_open:
                self.opened.add(r.opposite[self.revolutionary])
            if r.headless_cause == "opposite_out_or_revolution":
                self.headless.add(r.opposite[self.revolutionary])
        self.opened |= r.graduated(self.match.results)
        if r.first_leader == "previous_first" and self.match.first_out:
            leader = self.match.first_out
        else:
            leader = self._rng.randint(1, r.players)
        if not self._holding(leader):
            leader = self._next_holder(leader)
        self._new_round(leader)
        self._check_chaos()

    # --- the round --------------------------------------------------------------------

    def _holding(self, seat: int) -> bool:
        # Every seat without cards has a place (out, failed burner, or revolutionary).
        return seat not in self.place_of

    def _holders(self) -> list[int]:
        return [s for s in range(1, self.r.players + 1) if self._holding(s)]

    def _next_holder(self, seat: int) -> int:
        s = seat
        for _ in range(self.r.players):
            s = _seat_after(s, self.r.players)
            if self._holding(s):
                return s
        return seat

    def _new_round(self, leader: int) -> None:
        self.top = None
        self.top_seat = None
        self._answers_cache: dict[int, list] = {}
        self.top_gouji = False
        self.top_free = False         # anyone may answer (底牌 of a player going out)
        self.top_opposite_only = False
        self.top_out_gouji = False    # a 级牌 that went out before 四户乱缠: it may still open (D26)
        self.passed: set[int] = set()
        self.passed_plain: set[int] = set()   # passes on non-级牌 plays (qingdao's 无头 rule)
        self.defer_used: set[int] = set()
        self.burners_pending: set[int] = set()
        self.burn_candidates: set[int] = set()
        self.before_threes.clear()
        self.queue: list[int] = []
        self.circles = 0
        self.cur = leader

    def _in_force(self) -> bool:
        """Do the 级牌 rules apply to the current top play?"""
        return self.top_gouji and not self.chaos and not self.top_free and not self.top_opposite_only

    def _restricted(self) -> bool:
        """May only the opposite (or a burner, or 无头 players) answer the top play?
        With gouji_answer = anyone a 级牌 is answered in turn like any play."""
        return self._in_force() and not self.r.gouji_answer_anyone

    def _may_burn(self, seat: int) -> bool:
        r = self.r
        x = self.top_seat
        if not r.burn_allowed or seat == r.opposite[x] or seat in self.headless or x in self.headless:
            return False
        if r.teams[seat] == r.teams[x] and not r.teammates_may_burn:
            return False
        if seat in self.passed and not r.burn_after_pass:
            return False
        if not r.counter_burn and x in self.obligation and self.burn_of.get(x) == seat:
            return False  # no 反烧: the burned player may not burn the burner back
        return r.can_burn(self.hands[seat - 1], self.top, self._answers_of(seat))

    def _may_answer(self, seat: int) -> bool:
        """May `seat` beat the current top now (not counting a burn)?"""
        r = self.r
        x = self.top_seat
        if self.chaos:
            return r.chaos_pass_keeps_right or seat not in self.passed
        if self.top_opposite_only:
            return seat == r.opposite[x] or not self._holding(r.opposite[x])
        if self.top_free:
            return True
        if self._restricted():
            if x in self.headless:
                return True  # anyone may answer a 无头 player's 级牌; not a burn
            if seat == r.opposite[x]:
                return True
            if seat in self.headless:
                return not (r.headless_pass_loses_gouji and seat in self.passed_plain)
            return False
        if r.headless_any_play and (x in self.headless or seat in self.headless):
            return True
        if seat not in self.passed:
            return True
        return r.pass_except_opposite and seat == r.opposite[x]

    def _answers_of(self, seat: int) -> list[tuple]:
        """The plays of `seat` that beat the top (cached until the top changes).

        No 3s filter is needed in 憋三: a play that beats anything holds a rank
        above the lead's or only jokers, so it is never a play of 3s."""
        cache = self._answers_cache
        plays = cache.get(seat)
        if plays is None:
            plays = cache[seat] = self.r.answers(self.hands[seat - 1], self.top)
        return plays

    # --- public API ---------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, or -1 when the game is over."""
        return -1 if self.terminal else self.cur

    def is_terminal(self) -> bool:
        return self.terminal

    def history(self) -> list[Action]:
        return list(self._history)

    def legal_actions(self) -> list[Action]:
        """The actions the current player may take, sorted (a new list each call)."""
        return list(self._legal_actions())

    def _legal_actions(self) -> list[Action]:
        if self.terminal:
            return []
        if self.phase == "declare":
            return [PASS_ACTION, DECLARE_ACTION]
        if self.phase == "revolt":
            return [PASS_ACTION, REVOLT_ACTION]
        seat = self.cur
        if self._legal is not None:
            return self._legal
        if self.top is None:
            self._legal = self.r.lead_actions(self.hands[seat - 1])
            return self._legal
        actions = [PASS_ACTION]
        if self._can_defer(seat):
            actions.append(DEFER_ACTION)
        answers = self._answers_of(seat)
        if seat in self.burners_pending:
            if self.r.first_play_needs_joker:
                answers = [p for p in answers if p[3] or p[4]]
            actions.extend(burn_action(p) for p in sorted(answers))
        else:
            get = _PLAY_ACTIONS.get
            actions.extend([get(p) or play_action(p) for p in sorted(answers)])
        self._legal = actions
        return actions

    def _is_legal(self, action: Action) -> bool:
        if self.phase == "play" and self.top is None:
            # A lead: any legal play the hand holds (3s only as the last play in 憋三).
            # Checked directly: the list of leads can run to a thousand plays.
            play = action.play
            if action.kind != PLAY or play is None or len(play) != 5:
                return False
            hand = self.hands[self.cur - 1]
            rank, natural, fillers, small, big = play
            if rank >= 0 and natural and hand[rank] < natural:
                return False
            if hand[12] < fillers or hand[13] < small or hand[14] < big or min(play[1:]) < 0:
                return False
            c = self.r.classify(rt.cards_of(play))
            if not c.valid or c.play != play:
                return False
            # 憋三 (D22): 3s only as the last play, and all of them in it.
            return not (self.r.threes_last and rank == 0 and not (sum(hand) == hand[0] == natural))
        legal = self._legal_actions()
        for candidate in legal:
            if candidate is action:
                return True
        return action in legal

    def _can_defer(self, seat: int) -> bool:
        r = self.r
        if not r.defer or self.chaos or seat in self.defer_used:
            return False
        if seat != r.opposite[self.top_seat] or self.top_free or self.top_opposite_only:
            return False
        return r.defer_any_play or not self.top_gouji

    def apply_action(self, action: Action | str, seat: int | None = None) -> None:
        """Apply the current player's action. A platform may name the seat that
        acts: an action by any other seat is refused with the reason. Anything
        but a legal action (malformed ones included) raises IllegalAction and
        changes nothing: the form is checked first, then legality, then the move."""
        if id(action) not in _KNOWN:  # not one of the engine's own actions: check its form first
            action = read_action(action, self.r.decks)
        if self.terminal:
            raise IllegalAction("the game is over")
        if seat is not None and (seat.__class__ is not int or seat != self.cur):  # not True or 1.0 for seat 1
            raise IllegalAction(self._why_not_seat(check_seat(seat, self.r.players, IllegalAction), action))
        if not self._is_legal(action):
            raise IllegalAction(self._why_illegal(action))
        self._history.append(action)
        self._legal = None
        seat = self.cur
        self.log.append((seat, action))  # rendered by transcript(); formatting here would cost every step
        if self.phase == "declare":
            if action.kind == DECLARE:
                self.declared.add(seat)
            self.phase_seats.pop(0)
            if self.phase_seats:
                self.cur = self.phase_seats[0]
            else:
                self._after_declare()
            return
        if self.phase == "revolt":
            if action.kind == REVOLT:
                self.revolters.append(seat)
            self.phase_seats.pop(0)
            if self.phase_seats:
                self.cur = self.phase_seats[0]
                return
            if len(self.revolters) >= self.r.redeal_at:
                self.log.append(f"{len(self.revolters)} revolutionaries: redeal")
                self._start_deal()
                return
            if self.revolters:
                self.revolutionary = self.revolters[0]
                self.log.append(f"seat {self.revolutionary} sits out (革命)")
            self._begin_play()
            return
        if action.kind == PASS:
            self._pass(seat)
        elif action.kind == DEFER:
            # 让牌: the next two act first; if both pass, the deferrer is asked again.
            self.defer_used.add(seat)
            self.queue.insert(min(2, len(self.queue)), seat)
            self._advance(seat)
        else:
            self._play(seat, action.play, burn=action.kind == BURN)

    def _why_not_seat(self, seat: int, action: Action) -> str:
        r = self.r
        if self.phase == "play" and self.top is not None and action.kind in (PLAY, BURN) and self._restricted():
            x = self.top_seat
            if seat != r.opposite[x] and seat not in self.headless and x not in self.headless:
                return (f"seat {seat} may not answer a 级牌 of seat {x}: only seat {r.opposite[x]} (opposite) "
                        f"or a burner may")
        if seat in self.place_of:
            return f"seat {seat} has finished (place {self.place_of[seat]}) and plays no more"
        return f"it is seat {self.cur}'s turn, not seat {seat}'s"

    def _why_illegal(self, action: Action) -> str:
        seat = self.cur
        if self.phase in ("declare", "revolt"):
            return f"seat {seat} must choose {' or '.join(a.kind for a in self.legal_actions())} now, not {action_to_string(action)}"
        if action.kind == PASS and self.top is None:
            return f"seat {seat} leads and may not pass"
        if action.kind == DEFER:
            return f"seat {seat} may not defer (让牌) now: only the opposite of a non-级牌 play, first to answer it, may"
        if action.play is not None:
            c = self.r.classify(rt.cards_of(action.play))
            if not c.valid:
                return f"{rt.format_cards(action.play)} is not a legal play"
            hand = self.hands[seat - 1]
            if any(a > b for a, b in zip(rt.cards_of(action.play), hand)):
                return f"seat {seat} does not hold {rt.format_cards(action.play)}"
            if self.top is not None and self._in_force() and action.kind == PLAY and seat in self.burners_pending:
                return (f"seat {seat} may answer the 级牌 of seat {self.top_seat} only by burning it "
                        f"('burn {rt.format_cards(action.play)}'): only seat {self.r.opposite[self.top_seat]} (opposite) answers it plainly")
            if action.kind == BURN:
                return f"seat {seat} may not burn (烧牌) this play: a burn answers a 级牌 of a player who is not one's opposite"
            if self.top is not None:
                return f"{rt.format_cards(action.play)} does not beat {rt.format_cards(self.top)}"
            if self.r.threes_last and action.play[0] == 0:
                return "3s may only be played as one's last play, all of them together (憋三)"
        return f"{action_to_string(action)} is not allowed now"

    # --- moves ------------------------------------------------------------------------------

    def _set_queue_after_play(self, seat: int) -> None:
        """Who is asked about the new top play, and in which order."""
        r = self.r
        place_of = self.place_of
        order = [s for s in _seats_after(r.players)[seat] if s not in place_of]
        self.burners_pending: set[int] = set()
        self.burn_candidates: set[int] = set()
        if self._restricted() and seat not in self.headless:
            # Who might burn, in priority order; whether they can is decided when
            # their turn comes (it depends on nothing that changes before then).
            opp = r.opposite[seat]
            candidates = [s for s in order if s != opp and s not in self.headless
                          and (r.teammates_may_burn or r.teams[s] != r.teams[seat])]
            if r.burn_priority == "team_first":
                candidates.sort(key=lambda s: (r.teams[s] != r.teams[seat], order.index(s)))
            self.burn_candidates = set(candidates)
            self.queue = candidates + [s for s in order if s not in self.burn_candidates]
        else:
            self.queue = order

    def _play(self, seat: int, play: tuple, burn: bool) -> None:
        r = self.r
        hand = self.hands[seat - 1]
        previous_top, previous_seat = self.top, self.top_seat
        was_in_force = self._in_force() if previous_top is not None else False
        played = self.played
        rank, natural, fillers, small, big = play
        if natural:
            hand[rank] -= natural
            played[rank] += natural
        hand[12] -= fillers
        hand[13] -= small
        hand[14] -= big
        played[12] += fillers
        played[13] += small
        played[14] += big
        # Beaten: lifts a burn (解烧), and settles 开点 of the beaten 级牌.
        if previous_top is not None:
            if previous_seat in self.obligation and r.lift:
                self.obligation.discard(previous_seat)
                self.log.append(f"seat {previous_seat}'s burn is lifted (解烧)")
            if previous_seat in self.before_threes and seat != previous_seat:
                self.men.append([previous_seat, seat])
                self.before_threes.discard(previous_seat)
            if ((was_in_force or self.top_out_gouji) and r.open_method == "survives" and seat != r.opposite[previous_seat]
                    and not burn and r.counts_for_open(previous_top)):
                self._open(previous_seat, before_chaos=self.top_out_gouji)
        out = not any(hand)
        if burn:
            self.obligation.add(seat)
            self.burn_of[seat] = previous_seat
            self.burned_play[seat] = previous_top
            self.log.append(f"seat {seat} burns seat {previous_seat}'s 级牌 (烧牌)")
        elif seat in self.obligation and not out and not (play[3] or play[4]):
            self._fail_burn(seat, play)
            return
        if r.threes_last and not out and hand[0] and sum(hand) == hand[0]:
            self.before_threes.add(seat)
        else:
            self.before_threes.discard(seat)
        self.top, self.top_seat = play, seat
        self._answers_cache = {}
        self.top_gouji = r.is_gouji(play)
        self.top_free = False
        self.top_opposite_only = False
        self.top_out_gouji = False
        self.circles = 0
        if out:
            self._go_out(seat, play)
            if self.terminal:
                return
        self._set_queue_after_play(seat)
        self._advance(seat)

    def _open(self, seat: int, before_chaos: bool = False) -> None:
        """`before_chaos`: the 级牌 was played before 四户乱缠 began, even if going out with it began it (D26)."""
        if seat not in self.opened and (before_chaos or not self.chaos):
            self.opened.add(seat)
            self.log.append(f"seat {seat} opens (开点)")

    def _go_out(self, seat: int, play: tuple) -> None:
        r = self.r
        place = min(p for p in range(1, r.players + 1) if p not in self.place_of.values())
        self.place_of[seat] = place
        self.finish_order.append(seat)
        self.log.append(f"seat {seat} goes out, place {place}")
        if seat in self.obligation:
            self.obligation.discard(seat)
            self.burns_done.append([seat, self.burn_of[seat]])
            self.log.append(f"seat {seat}'s burn succeeds")
        if self.top_gouji and not self.chaos:
            self.top_out_gouji = True
            if r.going_out_gouji == "anyone_answers":
                self.top_free = True
            elif r.going_out_gouji == "opposite_answers":
                self.top_opposite_only = True
            else:
                self.top_gouji = False  # it loses its 级牌 status (接风)
        self._update_headless(seat)
        self._check_end()
        if not self.terminal:
            self._check_chaos()

    def _update_headless(self, seat: int) -> None:
        r = self.r
        opp = r.opposite[seat]
        if r.headless_cause == "opposite_of_first_out":
            if len(self.finish_order) == 1:
                self.headless.add(opp)
        else:
            self.headless.add(opp)

    def _fail_burn(self, seat: int, play: tuple) -> None:
        """D15: a non-last play without a joker after burning: the burner takes the lowest free place."""
        r = self.r
        self.obligation.discard(seat)
        place = max(p for p in range(1, r.players + 1) if p not in self.place_of.values())
        self.place_of[seat] = place
        self.failed.append(seat)
        hand = self.hands[seat - 1]
        for i, c in enumerate(rt.cards_of(play)):
            self.played[i] -= c           # the failing play does not count as played
            self.dead[i] += hand[i] + c
            hand[i] = 0
        self.log.append(f"seat {seat} fails the burn (烧牌失误) and takes place {place}")
        self._check_end()
        if self.terminal:
            return
        self._check_chaos()
        burned = self.burn_of.get(seat)
        if r.failure_leader == "burned_player" and burned is not None and self._holding(burned):
            self._new_round(burned)
            self._restore_burned(burned, self.burned_play[seat])
        else:
            self._new_round(self._next_holder(seat))

    def _restore_burned(self, seat: int, play: tuple) -> None:
        """D15: the burned 级牌 is back on the table. Its player's opposite may answer it and
        others may burn it, as when it was played; if nobody does, its player leads."""
        self.top, self.top_seat = play, seat
        self.top_gouji = self.r.is_gouji(play)
        self.log.append(f"seat {seat}'s {rt.format_cards(play)} is back on the table")
        self._set_queue_after_play(seat)
        self._advance(seat)

    def _check_chaos(self) -> None:
        r = self.r
        if self.chaos:
            return
        holders = len(self._holders())
        if holders <= r.chaos_starts_at or (r.chaos_after_first_out_with_revolution and self.revolutionary is not None
                                             and self.finish_order):
            self.chaos = True
            self.headless.clear()
            self.log.append("四户乱缠 (free-for-all) begins")

    def _check_end(self) -> None:
        r = self.r
        holders = self._holders()
        if not self._game_over(holders):
            return
        self._place_holders(holders)
        self.terminal = True
        self.log.append("game over: " + ", ".join(f"seat {s} place {p}" for s, p in sorted(self.place_of.items())))
        result = self.result()
        self._scores = r.score(dict(result, previous=self.match.previous()))
        self.log.append(f"scores: {self._scores}")

    def _game_over(self, holders: list[int]) -> bool:
        """[end] ends_when and sweep: is the game decided?"""
        r = self.r
        if r.sweep_ends and self._swept():
            return True
        if r.ends_all_out:
            return len(holders) <= 1
        return len({r.teams[s] for s in holders}) <= 1

    def _swept(self) -> bool:
        """串三户: places 1-3 are taken, all by one team."""
        seat_at = {p: s for s, p in self.place_of.items()}
        top = [seat_at.get(p) for p in (1, 2, 3)]
        return None not in top and len({self.r.teams[s] for s in top}) == 1

    def _place_holders(self, holders: list[int]) -> None:
        """Players still holding cards take the free places in playing order from
        the seat after the last player out (D10); with remaining_by_cards, fewer
        cards first and playing order only between equals."""
        r = self.r
        last = self.finish_order[-1] if self.finish_order else (self.failed[-1] if self.failed else 1)
        order = [s for s in _seats_after(r.players)[last] if s in holders]
        if last in holders:
            order.append(last)
        if r.remaining_by_cards:
            order.sort(key=lambda s: sum(self.hands[s - 1]))  # stable: ties keep playing order
        free = sorted(p for p in range(1, r.players + 1) if p not in self.place_of.values())
        for s, p in zip(order, free):
            self.place_of[s] = p

    def _pass(self, seat: int) -> None:
        self.passed.add(seat)
        if not self._in_force():
            self.passed_plain.add(seat)
        self.burners_pending.discard(seat)
        self._advance(seat)

    def _advance(self, seat: int) -> None:
        """Find the next seat to act; end the round when it has gone round enough."""
        r = self.r
        place_of = self.place_of
        queue = self.queue
        while True:
            while queue:
                nxt = queue.pop(0)
                if nxt in place_of:
                    continue
                if nxt in self.burn_candidates:
                    self.burn_candidates.discard(nxt)
                    if self._may_burn(nxt):
                        self.burners_pending.add(nxt)
                        self.cur = nxt
                        return
                elif self._may_answer(nxt) and self._answers_of(nxt):
                    self.cur = nxt
                    return
                # Cannot or may not answer: passes without being asked (要不起). A player who
                # cannot beat the top is not offered 让牌 either: whatever beats the top later
                # in the round beats it too, so deferring could change nothing (issue 10).
                self.passed.add(nxt)
                self.burners_pending.discard(nxt)
                if not self._in_force():
                    self.passed_plain.add(nxt)
            # A full circle with no play.
            self.circles += 1
            owner = self.top_seat
            need = 1
            if not self._in_force() and not self.top_free and not self.top_opposite_only:
                need = r.chaos_circles if self.chaos else r.lead_return_circles
            if self.circles < need and owner not in place_of:
                queue = self.queue = [s for s in _seats_after(r.players)[owner] if s not in place_of]
                self.burners_pending = set()
                self.burn_candidates = set()
                if any(self._may_answer(s) and self._answers_of(s) for s in queue):
                    continue
            self._win_round(owner)
            return

    def _win_round(self, owner: int) -> None:
        r = self.r
        top = self.top
        was_gouji = self.top_gouji and not self.top_free and not self.top_opposite_only
        if top is not None and was_gouji and not self.chaos and r.counts_for_open(top):
            self._open(owner)
        elif top is not None and self.top_out_gouji and r.open_method == "survives" and r.counts_for_open(top):
            self._open(owner, before_chaos=True)  # D26: the going-out 级牌 nobody beat
        if self._holding(owner):
            leader = owner
        elif r.take_over_partner:
            leader = r.opposite[owner] if self._holding(r.opposite[owner]) else self._next_holder(owner)
        else:
            leader = self._next_holder(owner)
        self.log.append(f"seat {leader} leads")
        self._new_round(leader)

    # --- results --------------------------------------------------------------------------

    def transcript(self) -> list[str]:
        """The game so far, readable: deal, tributes, every action, burns, places, scores."""
        return [e if isinstance(e, str) else f"seat {e[0]}: {action_to_string(e[1])}" for e in self.log]

    def places(self) -> dict[int, int]:
        return dict(sorted(self.place_of.items()))

    def result(self) -> dict:
        """The finished game as CONFORMANCE.md's `result`."""
        finish = [s for s, _p in sorted(self.place_of.items(), key=lambda item: item[1])]
        return {"finish": finish, "opened": sorted(self.opened), "declared": sorted(self.declared),
                "burns": [list(b) for b in self.burns_done], "men": [list(m) for m in self.men]}

    def returns(self) -> list[int]:
        if not self.terminal:
            return [0] * self.r.players
        return list(self._scores)

    def next_match(self) -> Match:
        """The match state after this (finished) game, for the next game's tribute."""
        if not self.terminal:
            raise IllegalAction("the game is not over")
        return Match(results=self.match.results + [self.result()],
                     first_out=self.finish_order[0] if self.finish_order else None)

    def clone(self) -> "Game":
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        for name in ("hands", "dealt"):
            setattr(other, name, [list(h) for h in getattr(self, name)])
        for name in ("dead", "played", "_history", "log", "tribute_log", "revolters", "finish_order", "failed",
                     "burns_done", "men", "queue", "phase_seats"):
            setattr(other, name, list(getattr(self, name)))
        for name in ("declared", "opened", "headless", "passed", "passed_plain", "defer_used", "obligation",
                     "before_threes", "burners_pending", "burn_candidates"):
            setattr(other, name, set(getattr(self, name)))
        other.place_of = dict(self.place_of)
        other.burn_of = dict(self.burn_of)
        other.burned_play = dict(self.burned_play)
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        return other

    def observation(self, seat: int) -> dict:
        """What `seat` may see: its hand, the table, and what 报牌 / 看牌 show.
        ValueError if `seat` is not one of the seats 1..players."""
        r = self.r
        check_seat(seat, r.players)
        counts = {}
        hands = {seat: rt.format_cards(self.hands[seat - 1])}
        for other in range(1, r.players + 1):
            if other == seat:
                continue
            left = sum(self.hands[other - 1]) if other not in self.place_of or not self.terminal else 0
            if r.report_at is not None and left <= r.report_at:
                counts[other] = left
            if r.teams[other] == r.teams[seat] and self._holding(other):
                if r.show_team_at is not None and left <= r.show_team_at:
                    hands[other] = rt.format_cards(self.hands[other - 1])
        if r.watch_after_out and seat in self.place_of and seat in self.finish_order:
            mates = [o for o in range(1, r.players + 1) if o != seat and r.teams[o] == r.teams[seat] and self._holding(o)]
            if mates:
                hands[mates[0]] = rt.format_cards(self.hands[mates[0] - 1])
        return {
            "seat": seat,
            "phase": self.phase,
            "current_player": self.current_player(),
            "hands": hands,
            "card_counts": counts,
            "table": None if self.top is None else {"seat": self.top_seat, "cards": rt.format_cards(self.top)},
            "places": self.places(),
            "opened": sorted(self.opened),
            "declared": sorted(self.declared),
        }


def returnable(rules: Rules, hand, received, given, payer_hand=None, teammates: bool = False) -> tuple:
    """D20: how many of each card (a 15-count vector) a receiver holding `hand` may
    return to the payer who gave them `given`; `received` is every tribute card
    they received in this deal (not their own dealt cards), `payer_hand` what the
    payer holds now, `teammates` whether the two are on one team. The game returns
    the lowest of these; a platform with manual returns offers exactly these."""
    allowed = [max(0, int(n)) for n in hand]
    if rules.return_from_dealt:
        allowed = [max(0, n - int(got)) for n, got in zip(allowed, received)]
    if rules.return_not_above_received and any(given):
        limit = min(card for card in range(15) if given[card])
        allowed = [n if card <= limit else 0 for card, n in enumerate(allowed)]
    if rules.no_single_return and not teammates and payer_hand is not None:
        allowed = [n if payer_hand[card] else 0 for card, n in enumerate(allowed)]
    return tuple(allowed)


def _counts(cards: list[int]) -> tuple:
    counts = [0] * 15
    for c in cards:
        counts[c] += 1
    return tuple(counts)


def string_to_action(text: str) -> Action:
    """'play 7 7 7', 'burn 2 2 BJ', 'pass', ... -> an Action, or IllegalAction saying why not."""
    if not isinstance(text, str):
        raise IllegalAction(f"{describe(text)} is not an action string")
    text = str.__getitem__(text, slice(None))  # a plain str: a subclass's own methods are never called
    if len(text) > MAX_ACTION_TEXT:
        raise IllegalAction(f"an action of {len(text):,} characters is no action (at most {MAX_ACTION_TEXT:,})")
    words = text.split()
    if not words:
        raise IllegalAction("empty action")
    kind = words[0]
    if kind in _SIMPLE_ACTIONS and len(words) == 1:
        return _SIMPLE_ACTIONS[kind]
    if kind in (PLAY, BURN) and len(words) > 1:
        try:
            counts = rt.parse_cards(" ".join(words[1:]))
        except rt.CardError as exc:
            raise IllegalAction(_clip(str(exc))) from None
        play = _canonical(counts)
        if play is None:
            raise IllegalAction(f"{describe(' '.join(words[1:]))} is not one play")
        return play_action(play) if kind == PLAY else burn_action(play)
    raise IllegalAction(f"cannot read action {describe(text)}: expected 'play CARDS', 'burn CARDS', 'pass', "
                        "'defer', 'declare' or 'revolt'")


def _clip(message: str, most: int = 200) -> str:
    return message if len(message) <= most else message[:most] + "..."


def _canonical(counts) -> tuple | None:
    """The canonical play tuple of cards of one-rank shape (validity is the variant's business)."""
    ranks = [i for i in range(12) if counts[i]]
    if len(ranks) > 1 or not any(counts):
        return None
    if ranks:
        return (ranks[0], counts[ranks[0]], counts[12], counts[13], counts[14])
    if counts[12]:
        return (12, 0, counts[12], counts[13], counts[14])
    return (-1, 0, 0, counts[13], counts[14])


def new_position(rules: Rules, hands: dict, leader: int, seed=None, out: dict | None = None,
                 opened=(), headless=None) -> Game:
    """A game set up at a chosen position, for puzzles, analysis and scenario tests.

    `hands` maps each seat to its cards ("7 7 7 2 BJ" or a 15-count vector);
    `out` maps seats already out to their places (in the order they went out);
    play starts with `leader` to lead. Nothing is dealt and no pre-play phase runs.
    """
    hands = _position_hands(rules, hands)
    _check_position_seats(rules, leader, out, opened, headless)
    game = Game.__new__(Game)
    game.r = rules
    game.seed = seed
    game.match = Match()
    game._history = []
    game.log = ["position"]
    game._rng = random.Random(seed)
    game.hands = []
    for seat in range(1, rules.players + 1):
        game.hands.append(list(hands.get(seat, (0,) * 15)))
    game.dead = [0] * 15
    game.played = [0] * 15
    game.dealt = [list(h) for h in game.hands]
    game.tribute_log = []
    game.declared = set()
    game.revolters = []
    game.revolutionary = None
    game.place_of = {}
    game.finish_order = []
    game.failed = []
    game.opened = set(opened)
    game.burns_done = []
    game.men = []
    game.headless = set()
    game.chaos = False
    game.obligation = set()
    game.burn_of = {}
    game.burned_play = {}
    game.before_threes = set()
    game.terminal = False
    game._scores = None
    game._legal = None
    game.phase = "play"
    game.phase_seats = []
    for seat, place in (out or {}).items():
        game.place_of[seat] = place
        game.finish_order.append(seat)
        game._update_headless(seat)
    for seat in range(1, rules.players + 1):
        if seat not in game.place_of and not any(game.hands[seat - 1]):
            raise ValueError(f"seat {seat} holds no cards: give it cards, or list it in `out` with its place")
    if headless is not None:
        game.headless = set(headless)
    game._new_round(leader)
    game._check_chaos()
    return game


def _position_hands(rules: Rules, hands) -> dict:
    """new_position's hands as 15-count tuples; ValueError naming a bad seat or card list."""
    if not isinstance(hands, dict):
        raise ValueError(f"hands map seats to cards, e.g. {{1: '7 7 7 BJ'}}, not {describe(hands)}")
    vectors = {}
    for seat, cards in hands.items():
        check_seat(seat, rules.players)
        if isinstance(cards, str):
            cards = rt.parse_cards(cards)  # CardError (a ValueError) names the bad token
        elif type(cards) in (tuple, list) and len(cards) == 15 and all(type(n) is int and n >= 0 for n in cards):
            cards = tuple(cards)
        else:
            raise ValueError(f"seat {seat}'s cards {describe(cards)} are neither a card string nor 15 counts")
        if any(n > 4 * rules.decks for n in cards[:13]) or any(n > rules.decks for n in cards[13:]):
            raise ValueError(f"seat {seat} holds more of a card than {rules.decks} deck(s) have")
        vectors[seat] = cards
    return vectors


def _check_position_seats(rules: Rules, leader, out, opened, headless) -> None:
    """ValueError unless every seat (and place) new_position is given is one of 1..players."""
    n = rules.players
    if out is not None and not isinstance(out, dict):
        raise ValueError(f"out maps seats to their places, e.g. {{3: 1}}, not {describe(out)}")
    for seat, place in (out or {}).items():
        check_seat(seat, n)
        if type(place) is not int or not 1 <= place <= n:
            raise ValueError(f"seat {seat}'s place {describe(place)} is not a place: the places are 1 to {n}")
    if check_seat(leader, n) in (out or {}):
        raise ValueError(f"the leader, seat {leader}, is out and cannot lead")
    for seats in (opened, headless or ()):
        if isinstance(seats, (str, bytes, dict)) or not hasattr(seats, "__iter__"):
            raise ValueError(f"opened and headless are collections of seats, not {describe(seats)}")
        for seat in seats:
            check_seat(seat, n)


def new_game(rules: Rules, seed=None, match: Match | None = None) -> Game:
    game = Game(rules, seed, match)
    return game


def replay(rules: Rules, history, seed=None, match: Match | None = None) -> Game:
    """A new game with the same seed and match, with each action of `history` applied (and verified)."""
    if type(history) not in (list, tuple):
        raise IllegalAction(f"a history is a list of actions, not {describe(history)}")
    game = new_game(rules, seed, match)
    for i, action in enumerate(history):
        try:
            game.apply_action(action)
        except IllegalAction as exc:
            raise IllegalAction(f"action {i + 1} ({_shown(action)}): {exc}") from None
    return game


def _shown(action) -> str:
    """An action as its player wrote it, if that is short and safe to print; else described."""
    if type(action) is str and len(action) <= 80:
        return action
    return str(action) if id(action) in _KNOWN else describe(action)
