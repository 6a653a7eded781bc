"""Players and cards: seats, decks, teams, opposites, who leads first."""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Literal, cast

from gouji_dsl.diagnostics import Reporter
from gouji_dsl.facets import phrases as dp
from gouji_dsl.facets import sentences as book
from gouji_dsl.facets import spec
from gouji_dsl.facets.checks import at, at_nearest, check, type_only, value_of
from gouji_dsl.facets.hooks import hook
from gouji_dsl.facets.sentences import formula_blocks, said
from gouji_dsl.lang import nodes as _n  # the redeal check walks formulas
from gouji_dsl.messages import msg
from gouji_dsl.model.expr import BOOL, ExprT, Formula, evaluate
from gouji_dsl.model.fields import ANY_CARD, ANY_KIND, HAND, SEAT, Section, column, rule
from gouji_dsl.model.semantics import opposite_of, team_of
from gouji_dsl.model.types import CARDS, EnumT, IntT, ListT, Member, NumberOrNameT, OptionalT, RowT
from gouji_dsl.model.variant import Variant
from gouji_dsl.prose.document import Para, Table, TRow, anchor_of
from gouji_dsl.prose.text import Num, T, code, join, plain
from gouji_dsl.runtime import cards as _cards

if TYPE_CHECKING:
    from gouji_dsl.facets.protocols import Game, Said
    from gouji_dsl.rules.cards import ExtraKind

# --- the rules ------------------------------------------------------------------

DIRECTION = EnumT(Member("counter_clockwise", "逆时针", "counter-clockwise"),
                  Member("clockwise", "顺时针", "clockwise"))
FIRST_LEADER = EnumT(Member("random", "随机", "drawn at random for every game (上班)"),
                     Member("previous_first", "上局头科", "the first player out of the previous game; drawn at random for the first game"),
                     Member("fixed_seat", "固定座位", "the seat named by first_seat, in every game"),
                     Member("card_holder", "持牌者", "the first player, from seat 1 in playing order, holding first_card "
                                                    "when play begins"))


# A number of cards dealt to each player, or `all` (全部): every card of the deck, shared
# out evenly (check_deal makes sure it divides).
CARDS_EACH = NumberOrNameT(1, 1000, Member("all", "全部", "every card of the deck, the same number to each player"))


@dataclass(frozen=True)
class Copies:
    card: str = column(ANY_CARD, "牌", "a card kind")
    copies: int = column(IntT(0, 48), "张数", "how many cards of that kind the whole shuffled deck holds")


@dataclass(frozen=True)
class TableRules(Section):
    NAME = "table"
    ZH = "牌桌"
    EN = "Players and cards"
    GAMES = ("gouji", "shuangkou")
    players: int = rule(IntT(2, 12), "人数", "number of players; seats are numbered 1.. in playing order")
    decks: int = rule(IntT(1, 12), "副数", "number of 54-card decks shuffled together")
    cards_per_player: int | Literal["all"] = rule(CARDS_EACH, "每人张数", "cards dealt to each player")
    teams: tuple[tuple[int, ...], ...] = rule(ListT(ListT(SEAT, 1, 12, unique=True), 2, 2), "联邦", "the two teams, as lists of seats")
    opposites: tuple[tuple[int, ...], ...] = rule(ListT(ListT(SEAT, 2, 2, unique=True), 1, 6), "对家", "pairs of seats facing each other (对家 / 对头)")
    direction: str = rule(DIRECTION, "方向", "the direction of play, as players see it (seat numbers always follow playing order)")
    first_leader: str = rule(FIRST_LEADER, "上班", "who leads first in a game")
    first_seat: int | None = rule(OptionalT(SEAT), "上班座位", "the seat that leads first in every game, with first_leader = fixed_seat",
                                  default=None)
    first_card: str | None = rule(OptionalT(ANY_KIND), "上班牌", "the card whose holder leads first, with first_leader = card_holder",
                                  default=None)
    copies: tuple[Copies, ...] = rule(RowT(Copies, key=("card",)), "张数表",
                         "copies of a card kind in the whole deck, where not decks × 4 (decks × 1 for a joker); "
                         "suits never matter, so keeping k of the n copies is k copies", default=())
    redeal_if: Formula | None = rule(OptionalT(ExprT(BOOL, HAND)), "重发条件",
                                     "the cards are dealt again while this holds for any player's dealt hand", default=None)


# --- checks -------------------------------------------------------------------


CARDS_PER_DECK = 54


def kind_copies(decks: int, copies: Iterable[Copies] | None, extra: Iterable[ExtraKind] | None = ()) -> dict[str, int]:
    """How many cards of each kind the whole deck holds: decks × 4 of a rank, decks × 1
    of a joker, unless the copies table says otherwise; then each extra card kind
    ([cards] extra rows, in vector order) with its own copies."""
    stated = {row.card: row.copies for row in copies or ()}
    counts = {card: stated.get(card, decks if card in ("SJ", "BJ") else 4 * decks) for card in CARDS}
    counts.update((row.token, row.copies) for row in extra or ())
    return counts


def _extra_rows(v: Variant) -> tuple[ExtraKind, ...]:
    """[cards] extra in vector order (the order's), () when unset or in error."""
    rows = value_of(v, "cards.extra") if "cards" in v.sections else None
    order = value_of(v, "cards.order") if "cards" in v.sections else None
    if not rows:
        return ()
    rank = {card: i for i, card in enumerate(order or ())}
    return tuple(sorted(rows, key=lambda r: rank.get(r.token, len(rank))))


@check("table.copies")  # check_deal (below) also weighs the copies against the deal
def check_copies(v: Variant, rep: Reporter) -> None:
    """A card kind keeps at most the copies its decks hold (suits never matter: keeping
    k of the n copies is k copies)."""
    copies, decks = value_of(v, "table.copies"), value_of(v, "table.decks")
    if copies and v.game == "shuangkou":
        rep.error(at(v, "table.copies"), msg("rules.shuangkou_copies"), hint=msg("rules.remove_copies"))
        return
    if not copies or decks is None:
        return
    for i, row in enumerate(copies):
        most = decks if row.card in ("SJ", "BJ") else 4 * decks
        if row.copies > most:
            rep.error(at(v, f"table.copies[{i}]"),
                      msg("rules.copies_too_many", decks=decks, most=most, card=row.card, copies=row.copies),
                      hint=msg("rules.copies_too_many_hint", most=most))


@check("table.players", "table.decks", "table.cards_per_player")
def check_deal(v: Variant, rep: Reporter) -> None:
    """The deck (whole decks, or the copies table) is dealt out exactly."""
    players, decks, each = (value_of(v, f"table.{k}") for k in ("players", "decks", "cards_per_player"))
    copies = value_of(v, "table.copies")
    if None in (players, decks, each):
        return
    extra = _extra_rows(v)
    total = sum(kind_copies(decks, copies, extra).values())
    if each == "all":
        if total % players:
            pos = at_nearest(v, "table.cards_per_player", "table.copies", "table.decks", "table.players")
            added = sum(r.copies for r in extra)
            if not copies:
                where = msg("rules.deck_whole_extra", decks=decks, extra=added) if extra else msg("rules.deck_whole", decks=decks)
            else:
                where = msg("rules.deck_copies_extra", decks=decks, extra=added) if extra else msg("rules.deck_copies", decks=decks)
            rep.error(pos, msg("rules.deal_all_uneven", total=total, where=where, players=players, left=total % players),
                      hint=msg("rules.deal_all_uneven_hint", fewer=total - total % players,
                               more=total + players - total % players))
        return
    dealt = players * each
    if dealt != total:
        pos = at_nearest(v, "table.cards_per_player", "table.copies", "table.decks", "table.players")
        if dealt > total:
            key = "rules.deal_beyond_decks" if not copies and not extra else "rules.deal_beyond_deck"
            rep.error(pos, msg(key, players=players, each=each, dealt=dealt, decks=decks, total=total))
        else:
            if not copies and not extra:
                rep.error(pos, msg("rules.undealt_decks", players=players, each=each, dealt=dealt, undealt=total - dealt,
                                   decks=decks, total=total),
                          hint=msg("rules.undealt_decks_hint", decks=decks, share=total // players)
                          if total % players == 0 else None)
            else:
                rep.error(pos, msg("rules.undealt_deck", players=players, each=each, dealt=dealt, undealt=total - dealt,
                                   total=total),
                          hint=msg("rules.undealt_deck_hint", share=total // players) if total % players == 0 else None)


_SAMPLE_DEALS = 200
_SAMPLE_FUNCTIONS = ("size", "jokers", "count", "count_from", "sets", "min", "max")


@check("table.redeal_if")
def check_redeal_if(v: Variant, rep: Reporter) -> None:
    """A redeal condition that holds in every one of many sample deals would deal (almost)
    forever: refused. (A condition using gouji() or carry_rule() is not sampled here; the
    engines stop after MAX_REDEALS deals in a row.)"""
    formula = value_of(v, "table.redeal_if")
    if formula is not None and v.game == "shuangkou":
        rep.error(at(v, "table.redeal_if"), msg("rules.shuangkou_redeal_if"), hint=msg("rules.remove_redeal_if"))
        return
    players, decks, each = (value_of(v, f"table.{k}") for k in ("players", "decks", "cards_per_player"))
    if formula is None or None in (players, decks, each) or not _only_functions(formula.node, _SAMPLE_FUNCTIONS):
        return
    counts = kind_copies(decks, value_of(v, "table.copies"), _extra_rows(v))
    kinds = tuple(counts)  # CARDS, then the extra kinds
    deck = [i for i, card in enumerate(kinds) for _ in range(counts[card])]
    if each == "all":
        each = len(deck) // players
    if players * each > len(deck):
        return  # check_deal says so
    functions: dict[str, Callable[..., Any]] = {"size": sum, "jokers": lambda c: sum(c[len(CARDS) - 2:]), "count": lambda c, card: c[kinds.index(card)],
                 "count_from": lambda c, card: sum(c[kinds.index(card):]), "sets": lambda c: sum(1 for i in range(12) if c[i]),
                 "min": min, "max": max}
    rng = random.Random(0)
    for _ in range(_SAMPLE_DEALS):
        rng.shuffle(deck)
        hands = [tuple(deck[p * each:(p + 1) * each].count(i) for i in range(len(kinds))) for p in range(players)]
        if not any(evaluate(formula, {"hand": hand}, functions) for hand in hands):
            return
    rep.error(at(v, "table.redeal_if"), msg("rules.redeal_forever", deals=_SAMPLE_DEALS),
              hint=msg("rules.redeal_forever_hint"))


def _only_functions(node: _n.Expr, allowed: tuple[str, ...]) -> bool:
    if isinstance(node, _n.Call):
        return node.func.id in allowed and all(_only_functions(a, allowed) for a in node.args)
    if isinstance(node, _n.Unary):
        return _only_functions(node.operand, allowed)
    if isinstance(node, _n.Binary):
        return _only_functions(node.left, allowed) and _only_functions(node.right, allowed)
    return True


@check("table.teams", "table.opposites")
def check_seats(v: Variant, rep: Reporter) -> None:
    """Two equal teams and pairs of opposites share out the seats; opposites are
    opponents in Gouji, partners in Shuangkou."""
    players = value_of(v, "table.players")
    teams = value_of(v, "table.teams")
    opposites = value_of(v, "table.opposites")
    if players is None:
        return
    all_seats = set(range(1, players + 1))
    teams_ok = False  # the opposites are matched against the teams only when those are sound
    if teams is not None:
        reported = len(rep.diagnostics)
        pos = at(v, "table.teams")
        listed = [s for team in teams for s in team]
        bad = sorted(s for s in listed if s not in all_seats)
        if bad:
            rep.error(pos, msg("rules.teams_no_such_seat", seat=bad[0], players=players))
        else:
            twice = sorted(s for s, c in Counter(listed).items() if c > 1)
            if twice:
                rep.error(pos, msg("rules.seat_in_both_teams", seat=twice[0]))
            missing = sorted(all_seats - set(listed))
            if missing:
                rep.error(pos, msg("rules.seat_in_no_team", seat=missing[0]), hint=msg("rules.teams_share_seats", players=players))
            elif len(teams[0]) != len(teams[1]):
                rep.error(pos, msg("rules.teams_unequal", first=len(teams[0]), second=len(teams[1])))
        teams_ok = len(rep.diagnostics) == reported
    if opposites is not None:
        pos = at(v, "table.opposites")
        listed = [s for pair in opposites for s in pair]
        bad = sorted(s for s in listed if s not in all_seats)
        if bad:
            rep.error(pos, msg("rules.opposites_no_such_seat", seat=bad[0], players=players))
            return
        twice = sorted(s for s, c in Counter(listed).items() if c > 1)
        if twice:
            rep.error(pos, msg("rules.seat_two_opposites", seat=twice[0]))
        elif set(listed) != all_seats:
            rep.error(pos, msg("rules.seat_no_opposite", seat=sorted(all_seats - set(listed))[0]))
        elif teams_ok:
            team_of = {s: i for i, team in enumerate(teams) for s in team}
            same_team = v.game == "shuangkou"
            for a, b in opposites:
                if (team_of.get(a) == team_of.get(b)) != same_team:
                    key = "rules.opposites_must_be_partners" if same_team else "rules.opposites_must_be_opponents"
                    rep.error(pos, msg(key, a=a, b=b))
                    break


@check("table.first_leader", "table.first_seat", "table.first_card")
def check_first_seat(v: Variant, rep: Reporter) -> None:
    """A fixed first leader names a seat that exists; a seat named otherwise would be ignored."""
    leader, seat, players = value_of(v, "table.first_leader"), value_of(v, "table.first_seat"), value_of(v, "table.players")
    if leader == "fixed_seat" and seat is None:
        rep.error(at(v, "table.first_leader"), msg("rules.fixed_seat_needs_seat"), hint=msg("rules.fixed_seat_hint"))
    elif leader == "fixed_seat" and players is not None and seat > players:
        rep.error(at(v, "table.first_seat"), msg("rules.no_such_seat", seat=seat, players=players))
    elif seat is not None and leader is not None and leader != "fixed_seat":
        rep.error(at_nearest(v, "table.first_seat", "table.first_leader"),
                  msg("rules.first_seat_unused", leader=leader), hint=msg("rules.first_seat_unused_hint"))
    card = value_of(v, "table.first_card")
    if leader == "card_holder" and card is None:
        rep.error(at(v, "table.first_leader"), msg("rules.card_holder_needs_card"), hint=msg("rules.card_holder_hint"))
    elif leader == "card_holder" and {r.card: r.copies for r in value_of(v, "table.copies") or ()}.get(card) == 0:
        rep.error(at_nearest(v, "table.first_card", "table.copies"),
                  msg("rules.first_card_kept_out", card=card))
    elif card is not None and leader is not None and leader != "card_holder":
        rep.error(at_nearest(v, "table.first_card", "table.first_leader"),
                  msg("rules.first_card_unused", leader=leader), hint=msg("rules.first_card_unused_hint"))


type_only("table.direction")


# --- engine -------------------------------------------------------------------

spec.register("table.players", "engine", spec.Setting("players", lambda v: v.table.players,
                                                               ("tributes", "score"),
                                                      annotation="int", realised_in=("runtime/flow.py:Game._advance", "runtime/flow.py:Game._bottom_place", "runtime/flow.py:Game._go_out", "runtime/flow.py:Game._place_holders", "runtime/flow.py:Game._set_queue_after_play", "runtime/flow.py:Game.apply_action")))
spec.register("table.decks", "engine", spec.Setting("decks", lambda v: v.table.decks,
                                                    annotation="int", realised_in=("runtime/action_ids.py:ActionIds.action_to_id", "runtime/flow.py:Game.apply_action", "runtime/game.py:first_leader_on", "runtime/game.py:new_position", "runtime/setup.py:given_deal")))


def deck_counts(v: Variant) -> tuple[int, ...]:
    """The whole deck as a count per card kind, indexed like the card kinds (runtime.cards)."""
    counts = kind_copies(v.table.decks, v.table.copies, _extra_rows(v))
    return tuple(counts.values())


def cards_each(v: Variant) -> int:
    """cards_per_player as a number: `all` shares the whole deck out evenly."""
    t: TableRules = v.table
    each = t.cards_per_player
    return sum(deck_counts(v)) // t.players if each == "all" else each


spec.register("table.cards_per_player", "engine", spec.Setting("cards_per_player", cards_each,
                                                               annotation="int", realised_in=("runtime/bounds.py:_max_game_length", "runtime/bounds.py:_max_hand", "runtime/setup.py:SetUp._shuffle_and_deal", "runtime/setup.py:given_deal")))
spec.register("table.copies", "engine", spec.Setting("deck_counts", deck_counts,
                                                     annotation="tuple[int, ...]", realised_in=("runtime/setup.py:SetUp._shuffle_and_deal", "runtime/setup.py:given_deal")))
spec.register("table.redeal_if", "engine", spec.CardFunction(("_redeal_if",)))  # the formula, translated
spec.register("table.teams", "engine", spec.Setting("teams", team_of, ("tributes", "score"),
                                                    annotation="dict[int, int]", realised_in=("runtime/flow.py:Game._game_over", "runtime/flow.py:Game._set_queue_after_play", "runtime/flow.py:Game._swept", "runtime/flow.py:Game.next_match", "runtime/flow.py:Game.observation", "runtime/setup.py:SetUp._buy_one")))              # seat -> team index
spec.register("table.opposites", "engine", spec.Setting("opposite", opposite_of, ("tributes", "score", "graduated"),
                                                        annotation="dict[int, int]", realised_in=("runtime/flow.py:Game._can_defer", "runtime/flow.py:Game._last_chance", "runtime/flow.py:Game._may_answer", "runtime/flow.py:Game._play", "runtime/flow.py:Game._set_queue_after_play", "runtime/flow.py:Game._update_headless")))  # seat -> its opposite
spec.register("table.direction", "engine",
              spec.NoPlay("seats are numbered in playing order, so the direction only tells players where to sit"))
spec.register("table.first_leader", "engine", spec.Setting("first_leader", lambda v: v.table.first_leader,
                                                           annotation="str", realised_in=("runtime/setup.py:SetUp._begin_play", "runtime/setup.py:first_leader_of")))
spec.register("table.first_seat", "engine", spec.Setting("first_seat", lambda v: v.table.first_seat,
                                                         annotation="int | None", realised_in=("runtime/setup.py:first_leader_of",)))
spec.register("table.first_card", "engine", spec.Setting("first_card", lambda v: v.table.first_card,
                                                         annotation="str | None", realised_in=("runtime/setup.py:first_leader_of",)))


# --- interpreter --------------------------------------------------------------


@hook("table.players")
def seats(g: Game) -> list[int]:
    """The seats in playing order, 1 .. players."""
    return list(range(1, g.v.table.players + 1))


@hook("table.decks", "table.cards_per_player", "table.copies")
def deal(g: Game) -> list[list[int]]:
    """The documented deal: the deck in order (every 3, then every 4, ..., every 2, the
    small jokers, the big jokers; of each kind decks × 4, decks × 1 of a joker, or as many
    as the copies table says) is shuffled once by the game's generator, and seat 1 takes
    the first `cards_per_player` cards (all: the deck's size / players), seat 2 the next
    ...; the rest stay undealt. Returns each seat's card counts, one per card kind."""
    t: TableRules = g.v.table
    stated = {row.card: row.copies for row in t.copies}
    deck: list[int] = []
    for kind, card in enumerate(_cards.CARDS):
        deck += [kind] * stated.get(card, t.decks if card in ("SJ", "BJ") else 4 * t.decks)
    # Then each extra card kind ([cards] extra), above the big joker in the order given there.
    extra = {row.token: row.copies for row in g.v.cards.extra}
    kinds = [card for card in g.v.cards.order if card in extra]
    for kind, card in enumerate(kinds, len(_cards.CARDS)):
        deck += [kind] * extra[card]
    g._rng.shuffle(deck)
    n = len(deck) // t.players if t.cards_per_player == "all" else t.cards_per_player
    return [[deck[(seat - 1) * n:seat * n].count(card) for card in range(len(_cards.CARDS) + len(kinds))] for seat in seats(g)]


@hook("table.redeal_if")
def redeal_for(g: Game, hands: list[list[int]]) -> int | None:
    """The first seat whose dealt hand meets the redeal condition (the Reference's
    redeal_if), or None: the cards stand. No condition: None."""
    if g.v.table.redeal_if is None:
        return None
    return next((seat for seat in seats(g) if g.ref.redeal_if(tuple(hands[seat - 1]))), None)


@hook("table.teams")
def team(g: Game, seat: int) -> int:
    """The index of `seat`'s team in the rule's list of teams."""
    return next(i for i, members in enumerate(g.v.table.teams) if seat in members)


@hook("table.opposites")
def opposite(g: Game, seat: int) -> int:
    """`seat`'s opposite (对家)."""
    t: TableRules = g.v.table
    return next(b if seat == a else a for a, b in t.opposites if seat in (a, b))


@hook("table.first_leader", "table.first_seat", "table.first_card")
def first_leader(g: Game) -> int:
    """Who leads first: fixed_seat, the seat first_seat names; previous_first, the first
    player out of the match's previous game; card_holder, the first seat from seat 1 whose
    hand holds first_card as play begins (every card is dealt and the card is kept, so some
    seat does); otherwise (and in a match's first game) drawn by the game's generator
    (`randint(1, players)`, its one draw after the last shuffle)."""
    t: TableRules = g.v.table
    if t.first_leader == "fixed_seat":
        # No draw: the generator is not used. A checked fixed_seat names its seat (check_first_seat).
        return cast(int, t.first_seat)
    if t.first_leader == "previous_first" and g.match.first_out:
        return g.match.first_out
    if t.first_leader == "card_holder":
        card = g.ref.kinds.index[cast(str, t.first_card)]  # a checked card_holder names its card (check_first_seat)
        # (hook() hands `seats` back untyped, facets.hooks: the typed name keeps the answer an int.)
        holder: int = next(seat for seat in seats(g) if g.hands[seat - 1][card])
        return holder
    return g._rng.randint(1, t.players)


spec.register("table.direction", "interpreter",
              spec.NoPlay("seats are numbered in playing order: the direction only tells players where to sit"))


# --- rulebook -----------------------------------------------------------------

book.group("table", "玩家", "The players")


@book.rule("table.players", "players")
def _(ctx: book.Ctx, value: int) -> Said:
    return said(T("{n}人游戏，座位按出牌顺序编为1到{n}号。", n=value),
                T("{N} players take part; their seats are numbered 1 to {n} in playing order.", N=Num(value), n=value))


@book.rule("table.teams", "players")
def _(ctx: book.Ctx, value: tuple[tuple[int, ...], ...]) -> Said:
    if ctx.v.game != "gouji":  # partners (对家), not 联邦
        zh = T("玩家分为两方，对面而坐的两人是一方（互为对家）：") + join([ctx.seats_zh(t) for t in value], "zh", "对", "against")
        en = T("The players form two teams of partners sitting opposite each other: ")
        en += join([ctx.seats_en(t) for t in value], "en", "对", "against")
        return said(zh + plain("。先出完牌的一方获胜。"), en + plain(". The team that gets rid of its cards first wins."))
    zh = T("玩家分为两方，同一方的人互称[[联邦]]：") + join([ctx.seats_zh(t) for t in value], "zh", "对", "against")
    zh += plain("。先出完牌的一方获胜。")
    en = T("The players form two teams, and the members of a team are [[联邦|teammates]]: ")
    en += join([ctx.seats_en(t) for t in value], "en", "对", "against") + plain(". The team that gets rid of its cards first wins.")
    return said(zh, en)


@book.rule("table.opposites", "players")
def _(ctx: book.Ctx, value: tuple[tuple[int, ...], ...]) -> Said:
    team = {s: i for i, t in enumerate(ctx.v.table.teams) for s in t}
    enemies = all(team.get(a) != team.get(b) for a, b in value)
    pairs_zh = join([T("{a}号与{b}号", a=a, b=b) for a, b in value], "zh", "、")
    pairs_en = join([T("{a} and {b}", a=a, b=b) for a, b in value], "en", ",", ",")
    if enemies:   # Gouji: 对家 is also called 对头, 对门, and is an opponent
        zh = T("正对而坐的两人互为[[对家]]（也叫对头、对门）：{p}。注意：对家是敌方，不是队友。", p=pairs_zh)
        en = T("Players sitting face to face are [[对家|opposites]]: {p}. Mind: your opposite is an opponent, not a partner.",
               p=pairs_en)
    else:         # Shuangkou: 对家 is one's partner (搭档); 对头 would name an opponent
        zh = T("正对而坐的两人互为[[对家]]，也就是搭档：{p}。对家与自己同属一方。", p=pairs_zh)
        en = T("Players sitting face to face are [[对家|partners]]: {p}. Your partner is on your own team.", p=pairs_en)
    return said(zh, en)


book.enum_rule("table.direction", "players", {
    "counter_clockwise": ("出牌按**逆时针**方向轮转。座位号始终按出牌顺序排列，方向只说明座位怎样摆放。",
                          "Play passes **counter-clockwise**. Seat numbers always follow the playing order; the direction only says how the seats are laid out."),
    "clockwise": ("出牌按**顺时针**方向轮转。座位号始终按出牌顺序排列，方向只说明座位怎样摆放。",
                  "Play passes **clockwise**. Seat numbers always follow the playing order; the direction only says how the seats are laid out."),
})

book.group("table", "牌", "The cards")


@book.rule("table.decks", "players")
def _(ctx: book.Ctx, value: int) -> Said:
    total = value * 54
    return said(T("使用{d}副牌，每副54张（含大小王），共{t}张，洗在一起。", d=value, t=total),
                T("{D} deck{s} of 54 cards (jokers included) are shuffled together: {t} cards in all.",
                  D=Num(value), s="" if value == 1 else "s", t=total))


_JOKER_ZH = {"SJ": "小王", "BJ": "大王"}


@book.rule("table.copies", "players")
def _(ctx: book.Ctx, rows: tuple[Copies, ...]) -> Said:
    t = ctx.v.table
    if not rows:
        return said(T("每个点数各有{n}张，大小王各{d}张（每副4张、1张）。", n=4 * t.decks, d=t.decks),
                    T("Each rank has {n} cards and each joker {d} (4 and 1 a deck).", n=4 * t.decks, d=t.decks))
    counts = kind_copies(t.decks, rows, _extra_rows(ctx.v))
    total = sum(counts.values())
    # One table row per kind the rule names, each with its anchor (the rulebook links rows).
    trows_zh, trows_en = [], []
    for i, r in enumerate(rows):
        full = t.decks if r.card in ("SJ", "BJ") else 4 * t.decks
        name = _JOKER_ZH.get(r.card, r.card)
        if r.copies < full:
            zh_cell, en_cell = T("{k}张（{n}张中留{k}张）", k=r.copies, n=full), T("{k} (of {n})", k=r.copies, n=full)
        else:
            zh_cell, en_cell = T("{k}张", k=r.copies), T("{k}", k=r.copies)
        trows_zh.append(TRow([plain(name), zh_cell], anchor_of(f"table.copies[{i}]")))
        trows_en.append(TRow([code(r.card), en_cell], anchor_of(f"table.copies[{i}]")))
    zh = [Para(T("**张数**：下列牌不按每副的张数用；花色不论，留哪几张都一样。整副牌共{t}张。", t=total)),
          Table([plain("牌"), plain("张数")], trows_zh)]
    en = [Para(T("**Copies**: these cards are not used at their full count; suits never matter, "
                 "so which ones are kept makes no difference. The deck holds {t} cards.", t=total)),
          Table([plain("card"), plain("copies")], trows_en)]
    return zh, en


@book.rule("table.cards_per_player", "players")
def _(ctx: book.Ctx, value: int | Literal["all"]) -> Said:
    t = ctx.v.table
    total = sum(kind_copies(t.decks, t.copies, _extra_rows(ctx.v)).values())
    if value == "all":
        return said(T("所有的牌平均发给各人，每人{c}张。", c=total // t.players),
                    T("Every card is dealt, the same number to each player: {c} each.", c=total // t.players))
    dealt = value * t.players
    left = total - dealt
    if left == 0:
        return said(T("每人发{c}张牌，所有的牌正好发完。", c=value),
                    T("Each player is dealt {c} cards, so every card is dealt.", c=value))
    return said(T("每人发{c}张牌，共发出{d}张，余下{l}张不用。", c=value, d=dealt, l=left),
                T("Each player is dealt {c} cards: {d} cards in play, {l} left aside.", c=value, d=dealt, l=left))


@book.rule("table.redeal_if", "players")
def _(ctx: book.Ctx, value: Formula | None) -> Said:
    if value is None:
        return said(T("发下的牌不论好坏都算数，不因手牌重新发牌。"),
                    T("A deal always stands: no hand makes the cards be dealt again."))
    out = formula_blocks("table.redeal_if", value,
                         ("**[[重发]]**：发完牌后（进贡之前），只要有任何一人的手牌满足下面的条件，就把牌收回重新洗牌发牌，直到没有人满足为止：",
                          "**[[重发|Redeal]]**: after the deal (before any tribute), if any player's hand meets the condition "
                          "below, the cards are gathered, shuffled and dealt again, until no hand meets it:"))
    out[0].append(Para(T("连续重发{n}次仍满足条件时，本局无法开始（程序报错）。", n=1000)))
    out[1].append(Para(T("If the condition still holds after {n} deals in a row, the game cannot start (an error).", n=1000)))
    return out


book.group("table", "出牌顺序", "Leading and answering")
book.enum_rule("table.first_leader", "course", {
    "random": ("**[[上班]]**：每局发完牌后，随机确定一名玩家首先出牌。", "**[[上班|First lead]]**: after the deal, a player drawn at random leads first."),
    "previous_first": ("**[[上班]]**：每局由上一局第一个出完牌的人首先出牌；{first_zh}。",
                       "**[[上班|First lead]]**: the first player out of the previous game leads first; {first_en}."),
    "fixed_seat": ("**[[上班]]**：每局都由同一个固定的座位首先出牌（是哪个座位见下一条）。",
                   "**[[上班|First lead]]**: the same fixed seat leads first in every game (the next rule names it)."),
    "card_holder": ("**[[上班]]**：开始出牌时，手里有某一张牌（见下文）的人首先出牌；几个人都有时，从1号座位起按出牌顺序，第一个有这张牌的人上班。",
                    "**[[上班|First lead]]**: as play begins, the player holding a named card (below) leads first; when several hold it, "
                    "the first of them in playing order from seat 1."),
}, extra=lambda ctx, value: _first_game(ctx))


def _first_game(ctx: book.Ctx) -> dict[str, str]:
    """Who leads the first game under previous_first: Shuangkou turns a card face up in the
    deal (明牌, 002:L2; [results] redraw_after turns one again after the results it names),
    whose holder, a seat as random as any, leads; elsewhere a player drawn at random."""
    if "results" in ctx.v.sections:
        return {"first_zh": "第一局发牌时翻出一张明牌，拿到明牌的人先出（谁拿到全凭运气）",
                "first_en": "in the first game, a card is turned face up in the deal (明牌) and whoever is dealt it leads "
                            "(it may be anyone)"}
    return {"first_zh": "第一局随机确定", "first_en": "in the first game, a player drawn at random"}


@book.rule("table.first_card", "course")
def _(ctx: book.Ctx, value: str | None) -> Said:
    if value is None:
        return said(T("没有指定上班的牌。"), T("No card decides the first lead."))
    return said(T("上班的牌：`{c}`。", c=value), T("The card that decides the first lead: `{c}`.", c=value))


@book.rule("table.first_seat", "course")
def _(ctx: book.Ctx, value: int | None) -> Said:
    if value is None:
        return said(T("没有固定的上班座位。"), T("No seat is fixed to lead first."))
    return said(T("每局由{s}号座位上班。", s=value), T("Seat {s} leads first in every game.", s=value))


# --- diff ---------------------------------------------------------------------


def _phrase_teams(teams: tuple[tuple[int, ...], ...], lang: str) -> str:
    sides = [" ".join(map(str, team)) for team in teams]
    return f"联邦为 {' 对 '.join(sides)}" if lang == "zh" else f"seats the teams {' against '.join(sides)}"


def _phrase_opposites(pairs: tuple[tuple[int, ...], ...], lang: str) -> str:
    shown = [f"{a}-{b}" for a, b in pairs]
    if lang == "zh":
        return f"对家为 {'、'.join(shown)}"
    return f"makes {', '.join(shown[:-1]) + ' and ' if len(shown) > 1 else ''}{shown[-1]} opposites (对家)"


dp.phrase("table.players", dp.said("{v}人玩", "seats {v} players"))
dp.phrase("table.decks", dp.said("用{v}副牌", "shuffles {v} decks together"))
dp.phrase("table.cards_per_player", {
    "all": dp.said("所有的牌平均发完", "deals every card, the same number to each player"),
    "*": dp.said("每人{v}张", "deals {v} cards to each player"),
})


def _phrase_copies(rows: tuple[Copies, ...], lang: str) -> str:
    if not rows:
        return "每种牌按副数计张数" if lang == "zh" else "uses every card of the decks"
    shown = [f"{r.card}×{r.copies}" for r in rows]
    if lang == "zh":
        return f"整副牌中 {'、'.join(shown)}（牌×张数）"
    return f"keeps {', '.join(shown)} in the deck (card × copies)"


def _phrase_redeal_if(formula: Formula | None, lang: str) -> str:
    if formula is None:
        return "发下的牌都算数" if lang == "zh" else "lets every deal stand"
    return f"有人手牌满足 {formula.text} 时重新发牌" if lang == "zh" else f"deals again while some hand meets {formula.text}"


dp.phrase("table.copies", _phrase_copies)
dp.phrase("table.redeal_if", _phrase_redeal_if)
dp.phrase("table.teams", _phrase_teams)
dp.phrase("table.opposites", _phrase_opposites)
dp.phrase("table.direction", {
    "clockwise": dp.said("顺时针出牌（仅为标注）", "plays clockwise (a label only: seats follow playing order)"),
    "counter_clockwise": dp.said("逆时针出牌（仅为标注）", "plays counter-clockwise (a label only: seats follow playing order)"),
}, effect=dp.LABEL)
dp.phrase("table.first_leader", {
    "random": dp.said("每局随机决定谁上班", "draws the first leader of every game at random"),
    "previous_first": dp.said("由上局头科上班", "lets the previous game's first player out lead first"),
    "fixed_seat": dp.said("每局由固定座位上班", "lets a fixed seat (first_seat) lead first in every game"),
    "card_holder": dp.said("由持有上班牌的人上班", "lets the holder of a named card (first_card) lead first"),
})
dp.phrase("table.first_card", {
    None: dp.said("没有上班牌", "names no card for the first lead"),
    "*": dp.said("持{v}者上班", "lets the holder of {v} lead first"),
})
dp.phrase("table.first_seat", {
    None: dp.said("没有固定上班座位", "fixes no first seat"),
    "*": dp.said("每局由{v}号上班", "lets seat {v} lead first in every game"),
})
