"""heuristic: a bot that plays like a careful player who knows the rules of the variant it plays.

Everything it does comes from the game's `Rules` (`game.r`), never from a variant's name:

- Gouji family (one-rank plays):
  * burns (烧牌) only when, after the burning play, the rest of the hand can go out under the
    carry rule (every play but the last carries a joker, 3s last in 憋三), and then keeps to
    that rule play by play, so its burns succeed unless someone lifts them;
  * opens (开点) by leading a 级牌 that its opposite is unlikely to beat, and answers its own
    opposite's 级牌 whenever it can (that is what stops the opposite's 开点);
  * keeps 级牌 (2s, jokers, big groups of high ranks) for those moments: it answers ordinary
    plays with whole groups of plain cards, and spends 2s and jokers only when an opponent is
    close to going out or it is itself;
  * leaves its teammates' plays standing and defers (让牌) to the teammate behind it when its
    own answer would cost 2s or jokers, or the teammate holds fewer cards;
  * 憋三: plans its last two plays so that the one before the 3s wins the lead (and so is not
    beaten before the 3s, which would owe 闷贡);
  * 宣点 only with a very strong hand (most players open, and a wrong 宣点 pays more 点贡);
    革命 with a hand too weak to fight for a place.
- Shuangkou family (pattern plays): leads its longest plain plays of low cards without
  breaking bombs, answers opponents with the cheapest plain answer, keeps bombs and wild
  jokers for an opponent close to going out (or its own going out), never bombs its partner.

Tribute and its return, and buying 3s, are made by the engine by rule (the highest cards paid,
the lowest returnable returned, setup.py): no player decision is left there.

Only what the seat may see is read: its own hand, the table, places, 开点, the cards played
(public) and every seat's number of cards (public: every deal and transfer is).

`act(game)` is the bot's move; `candidates(game, k)` its k best legal actions, its own choice
first (a search bot prunes wide decisions with it and rolls out with `act`). Every legal action
gets a score (lower is better; passing scores the threshold an answer must beat); `act` scores
only the few actions that can be best (a Gouji hand rich in 2s and jokers leads thousands).
"""
from __future__ import annotations

import bisect
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gouji_dsl.runtime import cards as rt
from gouji_dsl.runtime.game import BURN, DECLARE, DEFER, PASS, REVOLT, Action, Game
from gouji_dsl.runtime.state import MOST_ENGINES

# Card indexes of a hand vector (runtime.cards): 0..11 = 3..A, 12 = 2, 13 = SJ, 14 = BJ, 15.. extra jokers.
TWO, SMALL, BIG = 12, 13, 14
# What spending one card of a kind costs when it is attached to a play: 2s and jokers are the
# cards that win leads and answer 级牌, so they are spent last.
TWO_COST, SMALL_COST, BIG_COST = 3.0, 5.0, 7.0
NEAR_OUT_PATTERNS = 12     # an opponent with this many cards or fewer may go out soon (Shuangkou's smaller hands)
BURN_OWN_PARTNER = False  # a teammate's 级牌 stands (it may open); burning it would steal that
URGENT_PASS = 10.0        # an answer costing more than this waits when an opponent or I may go out soon
CHAOS_PASS = 3.0          # the same in 四户乱缠: a race to go out, where a whole group answered is a play saved


@dataclass(frozen=True)
class Style:
    """How one player plays within reason: when an opponent counts as close to going out (then
    2s and jokers may go to stop them), and what an answer to an ordinary play may cost before
    the player waits instead. Club players differ in exactly these; the seed picks one, so a
    table of seeded bots is not one player six times over."""

    near_out: int = 10        # an opponent with this many cards or fewer may go out soon: stop them
    plain_pass: float = 0.5   # an answer to an opponent costing more than this waits (whole plain groups only)


DEFAULT_STYLE = Style()


def style_for(seed) -> Style:
    """The style a seed gives: near_out 9 to 12 cards, plain_pass 0.3 to 0.9 (a plain whole group
    costs less than 1.2 and a 2 at least 3, so every style answers with plain groups and keeps
    its 2s); no seed: the middle style."""
    if seed is None:
        return DEFAULT_STYLE
    rng = random.Random(f"heuristic style {seed}")
    return Style(near_out=rng.randint(9, 12), plain_pass=round(rng.uniform(0.3, 0.9), 2))


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed=None, style: Style | None = None):
        # The seed picks the player's style (style_for); ties go to the first in the legal
        # order, so a bot with the same seed plays the same deal the same way.
        self.seed = seed
        self.style = style if style is not None else style_for(seed)

    # --- public API -------------------------------------------------------------------------

    def act(self, game: Game) -> Action:
        if game.phase == "play" and not game.r.pattern_plays:
            actions = game.legal_actions()
            if len(actions) == 1:
                return actions[0]
            # A Gouji hand rich in 2s and jokers leads thousands of plays, most of them the same
            # group with other attachments: only the few that can be best are scored.
            short = _gouji_shortlist(game, actions, self.style)
            if short:
                scores = _gouji_scores(game, short, self.style)
                return short[scores.index(min(scores))]
        return self._ranked(game, best_only=True)[0]

    def candidates(self, game: Game, k: int) -> list[Action]:
        """The k best legal actions, best first: the first is what `act` plays."""
        if k <= 0:
            return []
        first = self.act(game)
        return [first] + [a for a in self._ranked(game) if a != first][:k - 1]

    # --- ranking ----------------------------------------------------------------------------

    def _ranked(self, game: Game, best_only: bool = False) -> list[Action]:
        """The legal actions, best first (only the best one when `best_only`); ties keep the
        legal order, so the bot is deterministic."""
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions
        if game.phase != "play":
            return _pre_play(game, actions)
        if game.r.pattern_plays:
            scores = _pattern_scores(game, actions)
        else:
            scores = _gouji_scores(game, actions, self.style)
        if best_only:
            return [actions[scores.index(min(scores))]]
        order = sorted(range(len(actions)), key=lambda i: (scores[i], i))
        return [actions[i] for i in order]


# --- before play: 宣点 and 革命 -------------------------------------------------------------------


def _pre_play(game: Game, actions: list[Action]) -> list[Action]:
    """宣点 (declare: my opposite will not open) with a strong hand; 革命 (sit out as 四科) with a
    hand that holds no 2s or jokers and few high cards, which would fight for the last places."""
    hand = game.hands[game.cur - 1]
    controls = hand[TWO] + sum(hand[SMALL:]) * 2 + hand[11] / 2
    kinds = {a.kind for a in actions}
    if DECLARE in kinds:
        want = controls >= 14  # rare: most players open, and a wrong 宣点 pays more 点贡
        chosen = DECLARE if want else PASS
    elif REVOLT in kinds:
        want = hand[11] + hand[10] <= 6
        chosen = REVOLT if want else PASS
    else:
        return actions
    return sorted(actions, key=lambda a: a.kind != chosen)


# --- the Gouji family ---------------------------------------------------------------------------


def _jokers(cards, start: int = SMALL) -> int:
    return sum(cards[start:])


def _groups(hand) -> int:
    """Distinct ranks 3..A held: about the plays the hand still needs (2s and jokers ride along)."""
    return sum(1 for i in range(12) if hand[i])


def _plays_left(hand) -> int:
    groups = _groups(hand)
    if groups:
        return groups
    return 1 if any(hand) else 0


def carry_ok(rest, threes_last: bool) -> bool:
    """docs/rulings.md D12: can `rest` go out with a joker in every play but the last? In 憋三 the
    3s are that last play, so every other play needs a joker."""
    if not any(rest):
        return True
    jokers = _jokers(rest)
    groups = _groups(rest)
    if threes_last and rest[0]:
        others = groups - 1
        if not others:
            others = 1 if rest[TWO] or jokers else 0
        return others <= jokers
    return groups <= jokers + 1


def _spend(play: tuple) -> float:
    """The cost of the 2s and jokers a play spends."""
    extra = sum(play[5:]) if len(play) > 5 else 0
    return play[2] * TWO_COST + play[3] * SMALL_COST + (play[4] + extra) * BIG_COST


# Per engine (its is_gouji function): for each rank 3..A the fewest plain cards that make a
# 级牌 (a big number when none do). The [gouji] thresholds only grow with the count.
_THRESHOLDS: dict = {}
NEVER = 10 ** 6


def _gouji_thresholds(r) -> list[int]:
    found = _THRESHOLDS.get(r.is_gouji)
    if found is None:
        pad = (0,) * (len(r.card_kinds) - 13)
        most = max(r.deck_counts[:12])
        found = [next((n for n in range(1, most + 1) if r.is_gouji((rank, n, 0) + pad)), NEVER)
                 for rank in range(12)]
        if len(_THRESHOLDS) >= MOST_ENGINES:
            _THRESHOLDS.clear()
        _THRESHOLDS[r.is_gouji] = found
    return found


class _View:
    """What one decision reads, computed once: the seat, its hand, the table."""

    def __init__(self, game: Game, style: Style = DEFAULT_STYLE):
        r = game.r
        self.game = game
        self.style = style
        self.r = r
        self.me = game.cur
        self.hand = hand = game.hands[self.me - 1]
        self.total = sum(hand)
        self.groups = _groups(hand)
        self.plays_left = self.groups if self.groups else (1 if self.total else 0)
        self.team = r.teams[self.me]
        self.threes_last = r.threes_last and hand[0] > 0
        self.bound = self.me in game.obligation   # a burner still bound by the joker-carry rule
        self.thresholds = _gouji_thresholds(r)

    def cards_left(self, seat: int) -> int:
        # Public: every seat's number of cards (the deal and every transfer since are public).
        return sum(self.game.hands[seat - 1])

    def opponents_near_out(self, limit: int) -> bool:
        g, r = self.game, self.r
        return any(r.teams[s] != self.team and s not in g.place_of and self.cards_left(s) <= limit
                   for s in range(1, r.players + 1))

    def cost(self, play: tuple) -> tuple[float, int, bool]:
        """(what playing `play` gives up, the plays the rest still needs, whether it goes out).
        Given up: 2s and jokers, a broken group, a 级牌 group spent or broken, a high rank."""
        rank, natural, fillers, small = play[0], play[1], play[2], play[3]
        big = sum(play[4:])
        if natural + fillers + small + big == self.total:
            return -100.0, 0, True
        cost = fillers * TWO_COST + small * SMALL_COST + big * BIG_COST
        groups = self.groups
        if 0 <= rank < 12:
            held = self.hand[rank]
            least = self.thresholds[rank]
            # 级牌 are kept for 开点 and for answering one's opposite; in 四户乱缠 neither is left,
            # and a 级牌 group is only a group that is hard to beat.
            keep = not self.game.chaos
            if natural < held:
                cost += 1.5  # a broken group: the rest of it is a weaker play later
                if keep and held >= least > held - natural:
                    cost += 4.0  # breaking a 级牌 group
            else:
                groups -= 1
                if keep and held >= least:
                    cost += 3.0  # a whole 级牌 group spent
            cost += rank * 0.1
        elif rank == TWO:
            cost += 1.0
        return cost, groups if groups else 1, False


def _gouji_shortlist(game: Game, actions: list[Action], style: Style) -> list[Action] | None:
    """The legal actions that can score best, or None when all must be scored. Leading (not
    bound by a burn): each group whole and plain, with one 2 or joker attached, or with all of
    them; 2s and jokers alone; the whole hand. Any other lead of a group costs more than one of
    these. Answering a teammate's play, not in 四户乱缠: pass, unless the hand goes out on it."""
    hand = game.hands[game.cur - 1]
    top = game.top
    if top is not None:
        return _answer_shortlist(game, actions, hand, top, style)
    if game.cur in game.obligation:
        return None
    first = actions[0].play
    if TYPE_CHECKING:  # a lead offers only plays
        assert first is not None
    width = len(first)
    zeros = (0,) * (width - 2)
    attach = tuple(hand[TWO:])  # all 2s and jokers held, in play-tuple order
    extras = [tuple(1 if j == i else 0 for j in range(width - 2)) for i in range(width - 2)]
    # Plays with 2s or jokers attached can only win as a lead that opens or the one before the
    # last (_score_lead_winners); otherwise the plain whole groups are best.
    groups = _groups(hand)
    r = game.r
    winners = groups <= 2 or (r.open_method != "none" and not game.chaos and game.cur not in game.opened)
    tails = [zeros, attach] + extras if winners else [zeros]
    wanted: set[tuple[int, ...]] = set()
    for rank in range(12):
        have = hand[rank]
        if have:
            wanted.update((rank, have) + t for t in tails)
    wanted.add((12, 0) + attach)
    wanted.update((12, 0, twos) + zeros[1:] for twos in range(1, hand[TWO] + 1))
    wanted.add((-1, 0, 0) + attach[1:])
    wanted.update((-1, 0) + e for e in extras[1:])
    return [a for a in map(_finder(actions), sorted(wanted)) if a is not None]


def _short_lead(play: tuple, hand) -> bool:
    """Is `play` one of the leads _gouji_shortlist lists (a whole group, plain, with one 2 or
    joker or with all of them; 2s alone; jokers alone, one or all)?"""
    rank = play[0]
    if 0 <= rank < 12 and play[1] != hand[rank]:
        return False
    tail = play[2:]
    if rank == TWO and not any(tail[1:]):
        return True
    if rank < 0:
        return sum(tail) <= 1 or list(tail[1:]) == hand[SMALL:]
    return sum(tail) <= 1 or list(tail) == hand[TWO:]


def _answer_shortlist(game: Game, actions: list[Action], hand, top: tuple, style: Style) -> list[Action] | None:
    """Answering an opponent's plain play before 四户乱缠, nobody near going out: an answer with a
    2 or a joker scores above the style's plain_pass (TWO_COST less the best bonuses is still
    above it), so pass, defer and the plain answers of whole groups are all that can be best."""
    r = game.r
    me = game.cur
    if style.plain_pass >= 1.0 or game.chaos:
        return None  # a one-2 answer, or in the race of 四户乱缠 a broken group, could be best: score them all
    if actions[0].kind != PASS or actions[1].kind == DEFER or me in game.burners_pending or me in game.obligation:
        return None  # a defer is weighed against every answer
    size, total = sum(top[1:]), sum(hand)
    if size == total:
        return None  # it may go out: score them all
    if r.final_play and any(a.play is not None and sum(a.play[1:]) == total for a in actions):
        return None  # it may go out with its final play ([plays] final_play), whatever the top: score them all
    if TYPE_CHECKING:  # a top play has its seat
        assert game.top_seat is not None
    if r.teams[game.top_seat] == r.teams[me]:
        return [actions[0]] if not game.chaos else None
    v = _View(game, style)
    restricted = game.top_gouji and not game.chaos and not game.top_free and not game.top_opposite_only
    if v.plays_left <= 2 or v.opponents_near_out(style.near_out) or (restricted and r.opposite[game.top_seat] == me):
        return None
    simple = [a for a in actions if a.play is None]
    zeros = (0,) * (len(top) - 2)
    find = _finder(actions)
    for rank in range(12):  # the legal actions say which ranks answer (any, under [plays] compare = any_play)
        if hand[rank] == size:
            found = find((rank, size) + zeros)
            if found is not None:
                simple.append(found)
    return simple


def _finder(actions: list[Action]):
    """A look-up of the legal play action with a given play tuple: the legal actions are sorted
    (kinds, then plays), so it is a binary search."""
    start = next((i for i, a in enumerate(actions) if a.play is not None), len(actions))

    def find(play: tuple) -> Action | None:
        i = bisect.bisect_left(actions, play, lo=start, key=_play_of)
        return actions[i] if i < len(actions) and actions[i].play == play else None
    return find


def _play_of(action: Action) -> tuple[int, ...]:
    play = action.play
    if TYPE_CHECKING:  # only the play actions are searched (_finder)
        assert play is not None
    return play


def _gouji_scores(game: Game, actions: list[Action], style: Style = DEFAULT_STYLE) -> list[float]:
    """A score per action, lower is better."""
    v = _View(game, style)
    if game.top is None:
        return _lead_scores(v, actions)
    return _answer_scores(v, actions)


def _lead_scores(v: _View, actions: list[Action]) -> list[float]:
    plays_left = v.plays_left
    scores: list[float] = []
    if v.bound:
        for a in actions:
            play = a.play
            if TYPE_CHECKING:  # a lead offers only plays
                assert play is not None
            scores.append(-100.0 if v.cost(play)[2] else _bound_score(v, play, leading=True))
        return scores
    special = []  # (key, index) of plays that might win the lead: checked below, cheapest first
    open_wanted = _open_wanted(v)
    last_but_one = plays_left <= 2
    total = v.total
    first = actions[0].play
    if TYPE_CHECKING:  # a lead offers only plays
        assert first is not None
    pad = (0,) * (len(first) - 2)
    by_group: dict = {}  # (rank, natural) -> its part of the cost: the many leads of one group share it
    for i, a in enumerate(actions):
        play = a.play
        if TYPE_CHECKING:  # as above
            assert play is not None
        group = play[:2]
        part = by_group.get(group)
        if part is None:
            part = by_group[group] = v.cost(group + pad)
        cost, rest_left, out = part
        spend = play[2] * TWO_COST + play[3] * SMALL_COST + sum(play[4:]) * BIG_COST
        if out or spend and total == sum(play[1:]):
            scores.append(-100.0)  # going out
            continue
        cost += spend
        scores.append(cost + 2.0 * rest_left)
        if last_but_one:
            if rest_left == 1:
                special.append((-spend, i))
        elif open_wanted and (spend or play[1] >= v.thresholds[play[0]]) and _short_lead(play, v.hand):
            special.append((cost, i))  # maybe a 级牌: _score_lead_winners asks the rules
    if special:
        _score_lead_winners(v, actions, scores, special, last_but_one)
    return scores


def _score_lead_winners(v: _View, actions, scores, special, last_but_one: bool) -> None:
    """The play before the last one (before the 3s in 憋三) should win the lead, whatever it
    spends, so that the last follows at once; before 开点, a 级牌 that counts for it and the
    opposite is unlikely to beat wins the lead and opens. Only the cheapest few are checked."""
    estimate = _opposite_estimate(v)
    special.sort()
    checked = 0
    for key, i in special:
        play = actions[i].play
        if not last_but_one and not (v.r.is_gouji(play) and v.r.counts_for_open(play)):
            continue
        beatable = _beatable(v, play, estimate)
        if last_but_one:
            scores[i] = -50.0 + (5.0 if beatable else 0.0) + key * 0.5
        elif not beatable:
            scores[i] = -20.0 + key
        checked += 1
        if checked == 6:
            return


def _open_wanted(v: _View) -> bool:
    g, r = v.game, v.r
    if r.open_method == "none" or g.chaos or v.me in g.opened:
        return False
    return True


def _opposite_estimate(v: _View) -> list | None:
    """A guess at my opposite's hand: the unseen cards shared out in proportion to the cards each
    other seat holds (only public counts are read). None when the opposite is out."""
    g, r = v.game, v.r
    opp = r.opposite[v.me]
    if opp in g.place_of:
        return None
    unseen = [max(0, d - h - p) for d, h, p in zip(r.deck_counts, v.hand, g.played)]
    total = sum(unseen)
    if not total:
        return None
    share = v.cards_left(opp) / total
    return [int(n * share + 0.5) for n in unseen]


def _beatable(v: _View, play: tuple, estimate: list | None) -> bool:
    if estimate is None:
        return False
    r = v.r
    if r.has_answer is not None:
        return r.has_answer(estimate, play)
    return bool(r.answers(estimate, play))


def _bound_score(v: _View, play: tuple, leading: bool) -> float:
    """A burner's play: every non-last play must carry a joker (only leads, where the rules say
    so), and the rest must still go out that way. One joker a play, the small one first."""
    needs_joker = v.r.burn_can_fail and (leading or not v.r.joker_check_leads_only)
    jokers = _jokers(play, 3)
    if needs_joker and not jokers:
        return 90.0  # this would fail the burn (烧牌失误)
    rest = rt.minus(v.hand, play)
    score = 0.0 if carry_ok(rest, v.threes_last) else 40.0
    score += max(0, jokers - 1) * 6.0 + play[4] * 1.0 + play[2] * 0.5
    score += 2.0 * (_plays_left(rest) - v.plays_left) - play[1] * 0.01
    return score


def _answer_scores(v: _View, actions: list[Action]) -> list[float]:
    g, r = v.game, v.r
    top_seat = g.top_seat
    if TYPE_CHECKING:  # a top play has its seat
        assert top_seat is not None
    partner_play = r.teams[top_seat] == v.team
    restricted = g.top_gouji and not g.chaos and not g.top_free and not g.top_opposite_only
    my_opposites_gouji = restricted and r.opposite[top_seat] == v.me
    urgent = v.plays_left <= 2 or v.opponents_near_out(v.style.near_out)
    pass_score = _pass_score(v, partner_play, my_opposites_gouji, urgent)
    plays_now = v.plays_left
    gouji_bonus = not g.chaos and not partner_play
    pad = (0,) * (len(r.card_kinds) - 12)
    by_group: dict = {}  # (rank, natural) -> its part of the cost, shared by its answers
    get = by_group.get
    is_gouji = r.is_gouji
    total = v.total
    careful = v.bound or v.me in g.burners_pending  # burns and a burner's plays: scored apart
    scores: list[float] = []
    defer_at: int | None = None  # where a defer stands: scored below, against the cheapest answer
    cheapest = None
    for a in actions:
        play = a.play
        if play is None:
            if a.kind != PASS and defer_at is None:
                defer_at = len(scores)
            scores.append(pass_score)  # a defer's score is set below
            continue
        group = play[:2]
        part = get(group)
        if part is None:
            part = by_group[group] = v.cost(group + pad)
        cost, rest_left, out = part
        spend = play[2] * TWO_COST + play[3] * SMALL_COST + sum(play[4:]) * BIG_COST
        if out or spend and total == sum(play[1:]):
            score = -100.0
        elif careful:
            score = _burn_score(v, play, top_seat) if a.kind == BURN else _bound_score(v, play, leading=False)
        else:
            score = cost + spend + (rest_left - plays_now)
            if gouji_bonus and is_gouji(play):
                score -= 1.0  # a 级牌 answer: only my opposite may beat it, the lead (and 开点) are near
        scores.append(score)
        if cheapest is None or score < cheapest:
            cheapest = score
    if defer_at is not None:
        scores[defer_at] = _defer_score(v, cheapest, pass_score)
    return scores


def _pass_score(v: _View, partner_play: bool, my_opposites_gouji: bool, urgent: bool) -> float:
    """Plays scoring below this are worth making; above it, passing is better."""
    g = v.game
    if partner_play:
        # A teammate's play stands unless I can go out with the answer (scored -100), or
        # nearly so in 四户乱缠.
        return 4.0 if g.chaos and v.plays_left <= 2 else -60.0
    if my_opposites_gouji:
        # Only I may answer: letting it stand gives the lead, and 开点, to my opposite.
        top_seat_opened = g.top_seat in g.opened
        return 12.0 if top_seat_opened and not urgent else 40.0
    if urgent:
        return URGENT_PASS
    if g.chaos:
        return CHAOS_PASS  # whole groups and broken ones: each answer that wins the lead is a play saved
    return v.style.plain_pass  # plain whole groups, no 2s or jokers, not breaking a 级牌


def _defer_score(v: _View, best_answer: float | None, pass_score: float) -> float:
    """让牌: let the two seats after me act first (the second is my teammate); if both pass I am
    asked again. Worth it when my teammate holds fewer cards than I do (the lead is worth more
    to them) and I would answer, or nearly."""
    g, r = v.game, v.r
    after = [s for s in _seats_after(r.players, v.me) if s not in g.place_of][:2]
    mate = next((s for s in after if r.teams[s] == v.team), None)
    if mate is None or best_answer is None:
        return pass_score + 1.0
    if best_answer <= -50:
        return best_answer + 1.0  # I can go out: no deferring
    if v.cards_left(mate) < v.total and best_answer <= pass_score + 5.0:
        return min(best_answer, pass_score) - 0.5
    return max(best_answer, pass_score) + 0.5


def _burn_score(v: _View, play: tuple, burned: int) -> float:
    """A burn only when it can succeed: the rest goes out under the carry rule. Never a
    teammate's 级牌: it stands, and may open."""
    rest = rt.minus(v.hand, play)
    if not carry_ok(rest, v.threes_last):
        return 80.0
    if v.r.teams[burned] == v.team and not BURN_OWN_PARTNER:
        return 80.0
    return -30.0 + _spend(play) * 0.2 + _plays_left(rest)


def _seats_after(players: int, seat: int) -> list[int]:
    return [(seat + k - 1) % players + 1 for k in range(1, players)]


# --- the Shuangkou family (pattern plays) -------------------------------------------------------

HEAD = 4  # kind, length, top, lines before a pattern play's 15 counts


def _pattern_scores(game: Game, actions: list[Action]) -> list[float]:
    r = game.r
    me = game.cur
    hand = game.hands[me - 1]
    team = r.teams[me]
    left = {s: sum(game.hands[s - 1]) for s in range(1, r.players + 1) if s not in game.place_of}
    opponents = [n for s, n in left.items() if r.teams[s] != team]
    fewest = min(opponents) if opponents else 99
    if TYPE_CHECKING:  # pattern plays: the rules have their notation
        assert r.notation is not None
    bomb_min = r.notation.spec.bomb_min
    scores: list[float] = []
    if game.top is None:
        for a in actions:
            play = a.play
            if TYPE_CHECKING:  # a lead offers only plays
                assert play is not None
            scores.append(_pattern_lead_score(hand, play, fewest, bomb_min))
        return scores
    if TYPE_CHECKING:  # a top play has its seat
        assert game.top_seat is not None
    partner_play = r.teams[game.top_seat] == team
    total = sum(hand)
    if partner_play:
        # My partner's play stands: I only go out over it. Ranked: going out, pass, the rest.
        for a in actions:
            if a.kind == PASS:
                scores.append(-50.0)
                continue
            play = a.play
            if TYPE_CHECKING:  # a play or a burn: it has cards
                assert play is not None
            scores.append(-100.0 if sum(play[HEAD:]) == total else _pattern_cost(hand, play, bomb_min))
        return scores
    urgent = left.get(game.top_seat, 99) <= NEAR_OUT_PATTERNS or fewest <= 3
    pass_score = 30.0 if urgent else 10.0
    for a in actions:
        if a.kind == PASS:
            scores.append(pass_score)
            continue
        play = a.play
        if TYPE_CHECKING:  # a play or a burn: it has cards
            assert play is not None
        size = sum(play[HEAD:])
        if size == total:
            scores.append(-100.0)  # going out
            continue
        cost = _pattern_cost(hand, play, bomb_min)
        if play[3] and not urgent and total - size > 6:
            cost += 20.0  # keep bombs for an opponent close to going out
        scores.append(cost)
    return scores


def _pattern_cost(hand, play: tuple, bomb_min: int) -> float:
    """What a pattern play gives up: bombs (more lines cost more), wild jokers, bombs and sets broken."""
    lines = play[3]
    cost = 0.25 * max(play[2], 0)
    if lines:
        cost += 10.0 + lines
    else:
        jokers = play[HEAD + SMALL] + play[HEAD + BIG]
        if jokers:
            cost += 6.0 * jokers
    for used, held in zip(play[HEAD:HEAD + 13], hand):
        if used and used < held:
            cost += 4.0 if held >= bomb_min and not lines else 1.0
    return cost


def _pattern_lead_score(hand, play: tuple, fewest: int, bomb_min: int) -> float:
    cards = play[HEAD:]
    size = sum(cards)
    if size == sum(hand):
        return -100.0
    score = _pattern_cost(hand, play, bomb_min) - 1.0 * size
    if play[3]:
        score += 20.0
    if size <= fewest and fewest <= 3 and not play[3]:
        score += 8.0  # an opponent with that many cards could follow it and go out
    return score
