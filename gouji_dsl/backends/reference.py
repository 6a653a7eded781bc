"""The reference interpreter: the engine API evaluated straight from the rule model.

Plain and slow on purpose. Every function reads the checked model as it is
and follows the wording of the rulings (docs/rulings.md) step by step (sort the cards and compare
them position by position; enumerate every candidate play and keep those
that classify as legal and beat the lead). It is the oracle the generated
engines are tested against, so it must stay obviously correct rather than
fast.
"""
from __future__ import annotations

import functools
import itertools
from fractions import Fraction

from gouji_dsl.model import schema as m
from gouji_dsl.runtime import cards as rt
from gouji_dsl.model.expr import evaluate, never
from gouji_dsl.backends.oracle.readings import Finished, dian_amounts, pair_case, read_finished, replayed, tribute_list


# --- the table and the cards, read from the model here (not model.semantics, which the generated
# engines are built from: a mistake there would be made by both engines alike) -----------------

def team_index(v: m.Variant, seat: int) -> int:
    """Which of [table] teams the seat plays in (its place in the list)."""
    return next(i for i, team in enumerate(v.table.teams) if seat in team)


def opposite_seat(v: m.Variant, seat: int) -> int:
    """The seat across from `seat`: the other seat of its pair in [table] opposites."""
    return next(b if a == seat else a for a, b in v.table.opposites if seat in (a, b))


def extra_tokens(v: m.Variant) -> tuple[str, ...]:
    """The extra card kinds ([cards] extra), in the order [cards] order ranks them."""
    return tuple(card for card in v.cards.order if any(row.token == card for row in v.cards.extra))


ANSWERS_KEPT = 4096  # answers the reference keeps (answers): a game asks a few hundred
KEPT = 1 << 16       # classifications and comparisons it keeps (classify, beats)


class Reference:
    def __init__(self, variant: m.Variant):
        if variant.abstract:
            raise ValueError(f"variant '{variant.name}' is abstract: it has no engine")
        if variant.game != "gouji" or variant.plays.shape != "one_rank":
            raise ValueError(f"variant '{variant.name}': engines exist for Gouji one-rank plays only")
        self.v = variant
        self.name = self.VARIANT = variant.name
        self.PLAYERS = variant.table.players
        # The card kinds: the 15 standard ones, then [cards] extra (the eagle), each a joker.
        self.kinds = rt.kinds(extra_tokens(variant))
        self.parse_cards = self.kinds.parse_cards
        self.format_cards = self.kinds.format_cards
        # Every joker kind by its value (its place in the order: SJ 13, BJ 14, an eagle 15).
        self.joker_values = {card: self.kinds.index[card] for card in variant.cards.jokers}
        # classify, beats and answers are pure functions of the rules and their arguments, asked
        # again and again of the same cards (candidates are enumerated; the flow asks who may answer,
        # then the legal actions, then about a burn): the newest answers are kept.
        self._classified = functools.lru_cache(maxsize=KEPT)(self._classify)
        self._beaten = functools.lru_cache(maxsize=KEPT)(self._beats)
        self._answered = functools.lru_cache(maxsize=ANSWERS_KEPT)(self._answer_tuple)

    pattern_plays = False  # one-rank play tuples (backends.pattern_reference has the other shape)

    def play_cards(self, play) -> tuple:
        """The count vector of the cards a play tuple takes from the hand."""
        return rt.cards_of(play)

    def is_play(self, play) -> bool:
        return self.classify(rt.cards_of(play)).valid

    # --- cards ------------------------------------------------------------------

    def classify(self, cards) -> rt.Classified:
        """D1 (and 憋三): is this one legal play? Its rank, size, jokers, 级牌."""
        counts = tuple(cards)
        if len(counts) != self.kinds.size:
            return rt.INVALID  # (not kept: a vector of any length may be asked about)
        return self._classified(counts)

    def _classify(self, counts: tuple) -> rt.Classified:
        v = self.v
        if len(counts) != self.kinds.size or any(c < 0 for c in counts) or sum(counts) == 0:
            return rt.INVALID
        filler = rt.INDEX[v.cards.filler] if v.cards.filler else None
        jokers = counts[rt.SMALL:]  # one count per joker kind: SJ, BJ, then any extra kind
        ranks = [i for i in range(13) if counts[i] and i != filler]
        if len(ranks) > 1:
            return rt.INVALID
        if ranks and ranks[0] != rt.TWO:
            rank = ranks[0]
            play = (rank, counts[rank], counts[filler] if filler is not None else 0) + jokers
        elif counts[rt.TWO]:
            if filler is not None and not v.plays.fillers_alone:
                return rt.INVALID
            play = (rt.TWO, 0, counts[rt.TWO]) + jokers
        else:
            if not v.plays.jokers_alone:
                return rt.INVALID
            if v.plays.jokers_one_kind and sum(1 for n in jokers if n) > 1:
                return rt.INVALID  # jokers alone must be of one kind
            play = (rt.JOKERS_ONLY, 0, 0) + jokers
        if v.threes.threes_last and counts[0] and sum(counts) != counts[0]:
            return rt.INVALID
        if self._breaks_rank_rule(play, counts, ("single", "bare")):
            return rt.INVALID  # the cards taken as the player's whole hand: only these columns can fail
        rank_name = rt.CARDS[play[0]] if play[0] >= 0 else None
        return rt.Classified(True, rank_name, sum(counts), sum(jokers), self.is_gouji(play), play)

    def _breaks_rank_rule(self, play, hand, columns=("single", "bare", "last_only", "all_at_once")) -> bool:
        """[ranks] constraints: does the play, made from `hand` (the player's whole hand),
        break one of these columns of the row for its rank?"""
        rank, natural, fillers, jokers = play[0], play[1], play[2], sum(play[3:])
        for row in self.v.ranks.constraints:
            if rank < 0 or rt.INDEX[row.rank] != rank:
                continue
            if "single" in columns and row.single and natural != 1:
                return True  # one card of the rank
            if "bare" in columns and row.bare and (fillers or jokers):
                return True  # nothing attached
            if "all_at_once" in columns and row.all_at_once and natural != hand[rank]:
                return True  # every card of the rank the player holds
            if "last_only" in columns and row.last_only and natural + fillers + jokers != sum(hand):
                return True  # the play empties the hand
        return False

    def is_gouji(self, play) -> bool:
        """D4: a joker, or the effective rank reaching its threshold."""
        rank, natural, fillers = play[0], play[1], play[2]
        if any(play[3:]) and self.v.gouji.jokers_make_gouji:
            return True
        if rank < 0:
            return False
        size = fillers if rank == rt.TWO else natural + (fillers if self.v.gouji.fillers_count else 0)
        for row in self.v.gouji.thresholds:
            if rt.INDEX[row.rank] == rank:
                return size >= row.at_least
        return False

    def _values(self, play) -> list[int]:
        """The play's cards as effective values, highest first (fillers take the play's rank)."""
        rank, natural, fillers = play[0], play[1], play[2]
        values = [rank] * (natural + fillers)
        for value, count in enumerate(play[3:], rt.SMALL):  # each joker kind by its value
            values += [value] * count
        return sorted(values, reverse=True)

    def _kills(self, joker: int) -> list[tuple[int, int]]:
        """[plays] joker_kills: the ways to kill one joker (by value) as (killing joker's value, how many)."""
        row = next((r for r in self.v.plays.joker_kills if self.joker_values[r.joker] == joker), None)
        if row is None:
            return []
        in_play = [self.joker_values[j] for j in self.v.cards.jokers]
        ways = [(k, row.by_higher) for k in in_play if k > joker and row.by_higher]
        if row.by_same:
            ways.append((joker, row.by_same))
        if row.by_lower and joker - 1 in in_play:
            ways.append((joker - 1, row.by_lower))
        return ways

    def _after_kills(self, cards: list[int], jokers: list[int]):
        """Every way to kill each of `jokers` with cards of `cards` set aside for it: what is left."""
        if not jokers:
            yield cards
            return
        for killer, need in self._kills(jokers[0]):
            if cards.count(killer) >= need:
                left = list(cards)
                for _ in range(need):
                    left.remove(killer)
                yield from self._after_kills(left, jokers[1:])

    def beats(self, play, lead) -> bool:
        """D2 with the joker kills (D3, 二杀一, 三杀一): each joker of `lead` is killed by jokers
        of `play` set aside for it; the rest of `play` then beats the rest of `lead` card by card.
        Under [plays] compare = any_play (随便管) nothing is compared: any play of as many cards beats it."""
        return self._beaten(tuple(play), tuple(lead))

    def _beats(self, play: tuple, lead: tuple) -> bool:
        answer, led = self._values(play), self._values(lead)
        if self.v.plays.compare == "any_play":
            return len(answer) == len(led)
        led_jokers = [x for x in led if x >= rt.SMALL]
        led_rest = [x for x in led if x < rt.SMALL]
        for left in self._after_kills(answer, led_jokers):
            if self.v.plays.same_size and len(left) != len(led_rest):
                continue
            if all(a > b for a, b in zip(sorted(left, reverse=True), led_rest)):
                if self.v.plays.jokers_rank_lowest and min(answer) >= rt.SMALL and min(led) >= rt.SMALL:
                    # A play of jokers only ranks as its lowest joker.
                    return min(answer) > min(led)
                return True
        return False

    def _candidates(self, hand, sizes=None):
        """Every multiset from `hand` with at most one rank besides fillers:
        all others hold two ranks and are illegal by D1."""
        hand = tuple(hand)
        most = max(sizes) if sizes is not None else sum(hand)  # no candidate holds more cards
        for rank in range(-1, 13):
            top = hand[rank] if rank >= 0 else 0
            for natural in range(0, min(top, most) + 1):
                if rank >= 0 and natural == 0:
                    continue
                for fillers in range(0, min(hand[rt.TWO], most - natural) + 1 if rank != rt.TWO else 1):
                    for jokers in itertools.product(*(range(n + 1) for n in hand[rt.SMALL:])):
                        if sizes is not None and natural + fillers + sum(jokers) not in sizes:
                            continue
                        counts = [0] * rt.SMALL
                        if rank >= 0:
                            counts[rank] += natural
                        counts[rt.TWO] += fillers
                        counts = tuple(counts) + jokers  # a count for each joker kind
                        if sum(counts):
                            yield counts

    def plays(self, hand) -> list[tuple]:
        found = {c.play for c in map(self.classify, self._candidates(hand)) if c.valid}
        return sorted(found)

    def answers(self, hand, lead) -> list[tuple]:
        """Every play of `hand` that beats `lead`, sorted."""
        return list(self._answered(tuple(hand), tuple(lead)))

    def _answer_tuple(self, hand: tuple, lead: tuple) -> tuple:
        return tuple(self._all_answers(hand, lead))

    def _all_answers(self, hand, lead) -> list[tuple]:
        size = sum(lead[1:])
        # Each joker of the lead may take more than one of the answer's (where jokers are killed).
        extra = 0 if self.v.plays.compare == "any_play" else \
            sum(max([n for _k, n in self._kills(j)] or [1]) - 1 for j in self._values(lead) if j >= rt.SMALL)
        sizes = set(range(size, size + extra + 1))
        found = set()
        for counts in self._candidates(hand, sizes):
            c = self.classify(counts)
            if (c.valid and self.beats(c.play, lead) and not self._breaks_rank_rule(c.play, hand)
                    and not self._threes_too_early(c.play, hand)):
                found.add(c.play)
        return sorted(found)

    def _threes_too_early(self, play, hand) -> bool:
        """憋三 (D22): 3s are played only as the player's last play, all of them at once. (Only
        under compare = any_play can 3s answer anything: card by card they beat nothing.)"""
        return self.v.threes.threes_last and play[0] == 0 and sum(play[1:]) != sum(hand)

    # --- expressions ------------------------------------------------------------------

    def _functions(self):
        def sets(c):
            return sum(1 for i in range(12) if c[i])

        def carry_rule(c):
            """D12: the cards can be played out with a joker in every play but the last."""
            jokers = sum(c[rt.SMALL:])  # every joker kind, extra kinds (the eagle) included
            if self.v.threes.threes_last and c[0]:
                # The 3s must be the last play; every other play needs a joker.
                groups = sum(1 for i in range(1, 12) if c[i])
                others = groups if groups else (1 if c[rt.TWO] or jokers else 0)
                return others <= jokers
            return sets(c) <= jokers + 1

        return {
            "size": lambda c: sum(c),
            "jokers": lambda c: sum(c[rt.SMALL:]),
            "count": lambda c, card: c[self.kinds.index[card]],
            "count_from": lambda c, card: sum(c[self.kinds.index[card]:]),
            "sets": sets,
            "gouji": lambda c: self.classify(c).gouji,
            "carry_rule": carry_rule,
            "min": min,
            "max": max,
        }

    def opens(self, play) -> bool:
        """Would winning the lead with this play (before 四户乱缠) count towards 开点?"""
        if self.v.open.method == "none":
            return False  # nobody opens
        cards = rt.cards_of(play)
        return bool(evaluate(self.v.open.counts, {"play": cards}, self._functions()))

    def then_lead(self, play) -> bool:
        """开点出牌: does this lead complete a pending opening ([open] then_lead)? Without the
        rule no opening waits for a lead: every lead would, so True."""
        if self.v.open.then_lead is None:
            return True
        return bool(evaluate(self.v.open.then_lead, {"play": rt.cards_of(play)}, self._functions()))

    def final_play(self, hand):
        """最后一手走: the play of all the cards of `hand`, when they make one legal play that meets
        [plays] final_play (it then goes out whatever the table holds), else None."""
        if never(self.v.plays.final_play):
            return None
        c = self.classify(hand)
        if not c.valid:
            return None
        return c.play if evaluate(self.v.plays.final_play, {"play": tuple(hand)}, self._functions()) else None

    def can_burn(self, hand, target, beating=None) -> bool:
        b = self.v.burning
        if not b.allowed:
            return False
        for play in self.answers(hand, target) if beating is None else beating:
            if b.first_play_needs_joker and not any(play[3:]):
                continue
            rest = rt.minus(hand, play)
            if evaluate(b.condition, {"hand": tuple(hand), "rest": rest}, self._functions()):
                return True
        return False

    # --- results ------------------------------------------------------------------------

    def _read(self, result) -> Finished:
        return read_finished(result, self.v, self._opposites())

    def _match_state(self, games) -> tuple[frozenset, dict]:
        """Over the opened seats of a match's games, oldest first: the last game's
        opened seats, with 点贡毕业 (after paying at the top level the payer counts
        as opened in the next game), and how many games running each (opener,
        non-opener) pair has held."""
        t = self.v.tribute
        now: frozenset = frozenset()
        streak: dict[tuple[int, int], int] = {}
        for opened in games:
            graduated = {payer for (receiver, payer), level in streak.items()
                         if t.dian_graduation and level >= t.dian_max_level}
            now = frozenset(opened) | graduated
            new_streak = {}
            for a, b in self.v.table.opposites:
                for x, y in ((a, b), (b, a)):
                    if x in now and y not in now:
                        new_streak[(x, y)] = streak.get((x, y), 0) + 1
            streak = new_streak
        return now, streak

    def _state_of(self, result: Finished) -> tuple[frozenset, dict]:
        return self._match_state(list(result.previous) + [result.opened])

    def graduated(self, results) -> set[int]:
        """Seats open automatically in the next game after these games (点贡毕业)."""
        t = self.v.tribute
        if not t.dian_graduation:
            return set()
        _now, streak = self._match_state([r["opened"] for r in results])
        return {payer for (receiver, payer), level in streak.items() if level >= t.dian_max_level}

    def _seats(self) -> range:
        return range(1, self.v.table.players + 1)

    def _opposites(self) -> dict[int, int]:
        """Each seat's opposite seat."""
        return {seat: opposite_seat(self.v, seat) for seat in self._seats()}

    def _sweep(self, result: Finished) -> bool:
        first = result.finish[:3]
        return self.v.end.sweep and len({team_index(self.v, s) for s in first}) == 1

    def tributes(self, result) -> list[dict]:
        v, t = self.v, self.v.tribute
        result = self._read(result)
        if not t.enabled:
            return []
        opened, streak = self._state_of(result)
        opposite = self._opposites()
        place = {p: s for p, s in enumerate(result.finish, 1)}
        entries = []
        for kind in t.order:
            if kind == "luo":
                if self._sweep(result) and t.sweep_luo == "to_own_opposite":
                    for seat in result.finish[3:]:
                        entries.append(("luo", seat, opposite[seat], 1))
                else:
                    for row in t.luo:
                        entries.append(("luo", place[row.payer], place[row.receiver], row.count))
            elif kind == "dian":
                for a, b in v.table.opposites:
                    declared, opened_state = pair_case(a, b, result.declared, opened)
                    me_gives, opp_gives = dian_amounts(t.dian, declared, opened_state)
                    level = 1
                    if opened_state in ("me", "opp"):
                        receiver, payer = (a, b) if opened_state == "me" else (b, a)
                        level = min(streak.get((receiver, payer), 1), t.dian_max_level)
                    entries.append(("dian", a, b, evaluate(me_gives, {"level": level}, {})))
                    entries.append(("dian", b, a, evaluate(opp_gives, {"level": level}, {})))
            elif kind == "shao":
                for burner, burned in result.burns:
                    entries.append(("shao", burned, burner, t.shao))
            elif kind == "men":
                for men, beater in result.men:
                    entries.append(("men", men, beater, t.men))
        return tribute_list(entries)

    def score(self, result) -> list:
        """Place points (times the sweep multiplier), summed per team or not, plus open points;
        then every score times [scoring] scale, kept exact (an int if whole, else a Fraction);
        under [scoring] outcome = win_draw_loss, a win (1), a draw (0) or a loss (-1) instead."""
        v, s = self.v, self.v.scoring
        result = self._read(result)
        points = {seat: s.place_points[i] for i, seat in enumerate(result.finish)}
        if self._sweep(result):
            points = {seat: p * s.sweep_multiplier for seat, p in points.items()}
        teams = {seat: team_index(v, seat) for seat in self._seats()}
        opened, _streak = self._state_of(result)
        opposite = self._opposites()
        scores = []
        for seat in range(1, v.table.players + 1):
            if s.team_sum:
                total = sum(p for other, p in points.items() if teams[other] == teams[seat])
            else:
                total = points[seat]
            if seat in opened and opposite[seat] not in opened:
                total += s.open_points
            elif seat not in opened and opposite[seat] in opened:
                total -= s.open_points
            exact = Fraction(total) * Fraction(s.scale)
            if s.outcome == "win_draw_loss":
                scores.append(1 if exact > 0 else -1 if exact < 0 else 0)
            else:
                scores.append(exact.numerator if exact.denominator == 1 else exact)
        return scores

    # --- room rules -----------------------------------------------------------------------

    @property
    def ROOM_MODE(self) -> str:
        return self.v.room.mode

    def leave_penalty(self, game_score, games_played, first_leaver=True) -> int:
        """000:L72-76: leaving before min_games finished games costs leave_penalty
        times the game's score, to the first leaver only where the room says so."""
        room = self.v.room
        if game_score < 0 or games_played < 0:
            raise ValueError("game_score and games_played must not be negative")
        if games_played >= room.min_games:
            return 0
        if room.penalty_first_leaver_only and not first_leaver:
            return 0
        return room.leave_penalty * game_score

    def player_rank(self, points, coins) -> str | None:
        """The highest rank of the table whose minimum (by rank_by) the player reaches."""
        room = self.v.room
        value = points if room.rank_by == "points" else coins
        reached = [r for r in room.ranks if value >= (r.points_min if room.rank_by == "points" else r.coins_min)]
        return reached[-1].title if reached else None

    # --- whole games ----------------------------------------------------------------------

    def may_revolt(self, hand) -> bool:
        return bool(evaluate(self.v.revolution.condition, {"hand": tuple(hand)}, self._functions()))

    def deck(self) -> tuple:
        """The whole deck from [table] decks and copies (a rank decks × 4, a joker decks × 1,
        unless copies says otherwise), and the cards dealt to each player (all: shared out evenly)."""
        t = self.v.table
        stated = {row.card: row.copies for row in t.copies}
        stated.update((row.token, row.copies) for row in self.v.cards.extra)  # extra card kinds: their own copies
        counts = tuple(stated.get(c, t.decks if c in ("SJ", "BJ") else 4 * t.decks) for c in self.kinds.names)
        return counts, sum(counts) // t.players if t.cards_per_player == "all" else t.cards_per_player

    def redeal_if(self, hand) -> bool:
        """[table] redeal_if on one dealt hand (False without a condition)."""
        formula = self.v.table.redeal_if
        return formula is not None and bool(evaluate(formula, {"hand": tuple(hand)}, self._functions()))

    def lead_actions(self, hand) -> list:
        """A leader's play actions: every legal play, 3s only as the last play in 憋三."""
        from gouji_dsl.runtime.actions import canonical_play, play_action

        hand = tuple(hand)
        plays = self.plays(hand)
        if self.v.threes.threes_last:  # 3s only as the last play, all of them (D22)
            plays = [p for p in plays if p[0] != 0 or (sum(hand) == hand[0] == p[1])]
        kept = [p for p in plays if not self._breaks_rank_rule(p, hand)]
        # [ranks]: a leader every one of whose leads breaks all_at_once or last_only may make
        # any of them (the hand columns lapse for this lead; single and bare hold in classify).
        plays = kept or plays
        if not plays:
            # D27: nothing may be led on its own (only jokers or 2s that may not go alone,
            # perhaps with 3s kept for last): the leader goes out with the whole hand.
            plays = [canonical_play(hand)]
        return [play_action(p, self.kinds) for p in plays]

    def returnable(self, hand, received, given, payer_hand=None, teammates=False) -> tuple:
        """D20: how many of each card a receiver holding `hand` may return to the payer who
        gave them `given` (`received`: every card they got in this deal, in tribute or return;
        `payer_hand`: what the payer holds now; `teammates`: whether the two are on one team).
        The game returns the lowest of these."""
        t = self.v.tribute
        allowed = [max(0, int(n)) for n in hand]
        if t.return_from_dealt:  # only cards they were dealt, not tribute cards
            allowed = [max(0, n - int(got)) for n, got in zip(allowed, received)]
        if t.return_limit == "not_above_received" and any(given):
            lowest = min(card for card in range(len(given)) if given[card])
            allowed = [n if card <= lowest else 0 for card, n in enumerate(allowed)]
        if t.no_single_return and not teammates and payer_hand is not None:
            allowed = [n if payer_hand[card] else 0 for card, n in enumerate(allowed)]
        return tuple(allowed)

    # The oracle's games: `backends.oracle`, a flow of its own (no code shared with runtime.game's).

    def new_game(self, seed=None, match=None, deal=None):
        from gouji_dsl.backends.oracle.game import OracleGame

        return OracleGame(self, seed, match, hands=deal)

    def replay(self, history, seed=None, match=None):
        """A new game with the same seed and match, with each action of `history` applied (and verified)."""
        return replayed(lambda: self.new_game(seed, match), history)

    def first_leader(self, hands) -> int | None:
        """Who leads first when these are the hands at the start of play; None where the
        previous game or a draw decides."""
        from gouji_dsl.backends.oracle.position import first_leader_on

        return first_leader_on(self, hands)

    def buy(self, hands) -> tuple:
        """[buy] 买牌 on dealt hands: (each seat's hand after the trades, the trades' log lines)."""
        from gouji_dsl.backends.oracle.position import buy_on

        return buy_on(self, hands)

    def new_position(self, hands, leader, seed=None, out=None, opened=(), headless=None):
        """A game set up at a chosen position: `hands` maps seats to cards ("7 7 7 2 BJ" or
        15 counts), `out` seats already out to their places (in the order they went out);
        `leader` leads. Nothing is dealt and no pre-play phase runs."""
        from gouji_dsl.backends.oracle.position import new_position

        return new_position(self, hands, leader, seed, out, opened, headless)
