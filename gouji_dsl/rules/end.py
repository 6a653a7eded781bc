"""The end of a game: when it ends, how the rest are placed, 串三户, place names."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gouji_dsl.diagnostics import Reporter
from gouji_dsl.facets import phrases as dp
from gouji_dsl.facets import sentences as book
from gouji_dsl.facets import spec
from gouji_dsl.facets.checks import at, check, type_only, value_of
from gouji_dsl.facets.hooks import ask, hook
from gouji_dsl.facets.sentences import add_inactive, generic_table, no_sentence, said
from gouji_dsl.messages import msg
from gouji_dsl.model.expr import KEYS, SEAT, Choice, ChoiceT, Shorthand, Var
from gouji_dsl.model.fields import PLACE, Section, column, rule
from gouji_dsl.model.types import BoolT, EnumT, Member, RowT, StrT
from gouji_dsl.model.variant import Variant
from gouji_dsl.prose.document import Formula_, Para
from gouji_dsl.prose.seats import say
from gouji_dsl.prose.text import LANGS, T

if TYPE_CHECKING:
    from gouji_dsl.facets.protocols import Game, Said

# --- the rules ------------------------------------------------------------------

@dataclass(frozen=True)
class Place:
    place: int = column(PLACE, "名次", "finishing position, 1 = first out")
    zh: str = column(StrT(20), "中文", "the Chinese name")
    en: str = column(StrT(40), "英文", "the English name")


RANKED = Var("player", SEAT, "这个人", "a player still holding cards, to be ranked")
LAST = Var("last", SEAT, "最后走的人", "the last player out (or, if nobody went out, the last placed from the bottom: "
                                        "a failed burner, or a player 闷ed out of play)")
# Players still holding cards are ranked by these numbers, smallest first; on equal numbers
# (a list of the file's own may leave some) in playing order from the seat after the last out.
REMAINING = ChoiceT(KEYS, RANKED, LAST, shorthands=(
    Shorthand(Member("by_cards", "按剩牌", "fewer cards left first; ties in playing order after the last player out"),
              "[cards_left(player)]"),
    Shorthand(Member("playing_order", "按出牌顺序", "in playing order from the seat after the last player out, whatever cards they hold"),
              "[distance(last, player)]"),
    Shorthand(Member("seat_order", "按座位", "in seat order, seat 1 first, whatever cards they hold"), "[number(player)]")))

ENDS_WHEN = EnumT(Member("one_team_left", "只剩一方", "every player still holding cards is on one team"),
                  Member("all_out", "全部出完", "all cards are played"))


@dataclass(frozen=True)
class EndRules(Section):
    NAME = "end"
    ZH = "终局"
    GAMES = ("gouji", "shuangkou")
    EN = "End of the game"
    ends_when: str = rule(ENDS_WHEN, "结束", "when a game ends")
    remaining: Choice = rule(REMAINING, "剩余排名", "how players left holding cards at the end take the free places")
    sweep: bool = rule(BoolT(), "串三户", "a team taking places 1-3 ends the game at once (串三户)", games=("gouji",), absent=False)
    places: tuple[Place, ...] = rule(RowT(Place, key=("place",), min_rows=2), "名次", "the names of the places")


# --- checks -------------------------------------------------------------------


@check("end.places")
def check_places(v: Variant, rep: Reporter) -> None:
    """Places 1..players each have a name, and no other place does."""
    places, players = value_of(v, "end.places"), value_of(v, "table.players")
    if places is None or players is None:
        return
    for i, p in enumerate(places):
        if p.place > players:
            rep.error(at(v, f"end.places[{i}]"), msg("rules.no_such_place", place=p.place, players=players))
    missing = sorted(set(range(1, players + 1)) - {p.place for p in places})
    if missing:
        rep.error(at(v, "end.places"), msg("rules.place_without_name", place=missing[0]),
                  hint=msg("rules.name_the_places", players=players))


type_only("end.ends_when", "end.remaining", "end.sweep")


# --- engine -------------------------------------------------------------------

spec.register("end.ends_when", "engine", spec.Setting("ends_all_out", lambda v: v.end.ends_when == "all_out",
                                                      annotation="bool", realised_in=("runtime/flow.py:Game._game_over",)))
spec.register("end.remaining", "engine", spec.Setting("remaining", lambda v: REMAINING.plain(v.end.remaining),
                                                      annotation="tuple[Any, ...]", realised_in=("runtime/flow.py:Game._place_holders",)))
# Also compiled into tributes and score (串三户 changes both).
spec.register("end.sweep", "engine", spec.Setting("sweep_ends", lambda v: v.end.sweep, ("tributes", "score"),
                                                  annotation="bool", realised_in=("runtime/flow.py:Game._game_over",)))
spec.register("end.places", "engine", spec.Setting(
    "place_names", lambda v: tuple(p.zh for p in sorted(v.end.places, key=lambda p: p.place)),
                                                   annotation="tuple[str, ...]", realised_in=("runtime/flow.py:Game.standings",)))


# --- interpreter --------------------------------------------------------------


@hook("end.ends_when")
def decided(g: Game) -> bool:
    """Is the game over? At a sweep where it ends the game; else all_out: at most one
    player holds cards; one_team_left: everyone holding cards is on one team."""
    if ask("end.sweep", g):
        return True
    holders = g._holders()
    if g.v.end.ends_when == "all_out":
        return len(holders) <= 1
    return len({ask("table.teams", g, s) for s in holders}) <= 1


@hook("end.sweep", absent=lambda g: False)
def swept(g: Game) -> bool:
    """串三户 (with sweep): places 1-3 are taken, all by one team."""
    if not g.v.end.sweep:
        return False
    seat_at = {place: seat for seat, place in g.place_of.items()}
    if any(place not in seat_at for place in (1, 2, 3)):
        return False
    return len({ask("table.teams", g, seat_at[place]) for place in (1, 2, 3)}) == 1


@hook("end.remaining")
def remaining_order(g: Game, order: list[int], last: int) -> list[int]:
    """The order in which players still holding cards at the end take the free places
    (`order`: them in playing order from the seat after `last`, the last player out, D10): by the
    rule's numbers of each (ChoiceT KEYS), smallest first; that playing order between equals.
    by_cards: cards left, then that order; playing_order: that order; seat_order: seat 1 first
    (zhoujxMT T12)."""
    keys = REMAINING.items(g.v.end.remaining)
    return sorted(order, key=lambda s: tuple(g.holds(key, player=s, last=last) for key in keys))


spec.register("end.places", "interpreter",
              spec.NoPlay("names the places (头科 ...): play, tribute and scores go by place number"))


# --- rulebook -----------------------------------------------------------------

book.group("end", None)
book.enum_rule("end.ends_when", "end", {
    "one_team_left": ("当所有还有牌的人都属于同一方时，本局结束。", "The game ends when every player still holding cards is on one team."),
    "all_out": ("所有的牌都出完、只剩一人有牌时，本局结束：同一方的人也要继续出牌，最后有牌的人排在最末。",
                "The game ends when all cards are played: teammates play on against each other until one player is left holding cards, who takes the last free place."),
})


def _remaining_inactive(ctx: book.Ctx) -> tuple[str, str] | None:
    # Under all_out only one player is left holding cards, unless a sweep ends the game early.
    if ctx.v.end.ends_when == "all_out" and not ctx.v.end.sweep:
        return ("本局打到只剩一人有牌为止，此条不起作用。", "Play goes on until one player is left holding cards, so this rule does not apply.")
    return None


_REMAINING_SENTENCES = {
    "by_cards": ("结束时还有牌的人按剩余张数排名次，剩得少的在前；张数相同的，按出牌顺序从最后走科者的下家排起。",
                 "Players still holding cards at the end are placed by the cards they hold, fewer first; ties go in playing order from the seat after the last player out."),
    "playing_order": ("结束时还有牌的人不看剩余张数，按出牌顺序从最后走科者的下家排起。",
                      "Players still holding cards at the end are placed in playing order from the seat after the last player out, whatever cards they hold."),
    "seat_order": ("结束时还有牌的人不看剩余张数，按座位号排名次，1号座位在前。",
                   "Players still holding cards at the end are placed in seat order, seat 1 first, whatever cards they hold."),
}


_REMAINING_EXPRESSION = ("结束时还有牌的人依次按这些数排名次，小的在前，前一个数相同再比下一个：{w}；都相同的，按出牌顺序从最后走科者的下家排起。",
                         "Players still holding cards at the end are placed by these numbers, smallest first, each deciding"
                         " only between players equal in the ones before: {w}; ties go in playing order from the seat after"
                         " the last player out.")


@book.rule("end.remaining", "end",
           tuple(_REMAINING_SENTENCES))
def _(ctx: book.Ctx, value: Choice) -> Said:
    if value.shorthand is None:
        zh = T(_REMAINING_EXPRESSION[0], w=say(value.node, "zh", REMAINING))
        en = T(_REMAINING_EXPRESSION[1], w=say(value.node, "en", REMAINING))
        out = said(zh, en)
        out[0].append(Formula_(value.text))
        out[1].append(Formula_(value.text))
        return add_inactive(out, _remaining_inactive(ctx))
    if value.shorthand not in _REMAINING_SENTENCES:
        raise no_sentence("end.remaining", value.shorthand)
    zh_text, en_text = _REMAINING_SENTENCES[value.shorthand]
    if ctx.v.game != "gouji":   # 走科 is Gouji's word; Shuangkou players say 出完牌
        zh_text = zh_text.replace("最后走科者", "最后出完牌的人")
    return add_inactive(said(T(zh_text), T(en_text)), _remaining_inactive(ctx))


_REMAINING_HOW = {"by_cards": ("按剩余张数排名", "by cards left"), "playing_order": ("按出牌顺序排名", "in playing order"),
                  "seat_order": ("按座位号排名", "in seat order")}


def _remaining_how(value: Choice) -> tuple[str, str]:
    """How the players left are placed, in a few words (the sweep sentence's)."""
    if value.shorthand is not None:
        return _REMAINING_HOW[value.shorthand]
    return (f"依次按{say(value.node, 'zh', REMAINING)}排名", f"by {say(value.node, 'en', REMAINING)}")
book.bool_rule("end.sweep", "end",
               ("**[[串三户]]**：一方包揽头三名时，本局立即结束，另一方三人{how}。",
                "**[[串三户|Sweep]]**: when one team takes the first three places, the game ends at once; the other three are placed {how_en}."),
               ("没有串三户的规定。", "There is no sweep rule."),
               extra=lambda ctx, v: {"how": _remaining_how(ctx.v.end.remaining)[0],
                                     "how_en": _remaining_how(ctx.v.end.remaining)[1]})


@book.rule("end.places", "end")
def _(ctx: book.Ctx, rows: tuple[Place, ...]) -> Said:
    out = []
    for lang in LANGS:
        table = generic_table("end.places", rows, lang)
        intro = T("[[名次]]按出完牌的先后排列，各有名称：") if lang == "zh" else T("The [[名次|places]], in the order players go out, have names:")
        out.append([Para(intro), table])
    return tuple(out)


# --- diff ---------------------------------------------------------------------


def _phrase_places(rows: tuple[Place, ...], lang: str) -> str:
    if lang == "zh":
        return f"名次称为 {'、'.join(r.zh for r in rows)}"
    return f"names the places {', '.join(r.en for r in rows)} ({'、'.join(r.zh for r in rows)})"


dp.phrase("end.ends_when", {
    "one_team_left": dp.said("只剩一方有牌时结束", "ends a game when everyone still holding cards is on one team"),
    "all_out": dp.said("所有牌出完才结束", "ends a game when all cards are played"),
})
dp.phrase("end.remaining", dp.choice({
    "by_cards": dp.said("未走科的玩家按剩牌多少排名，少者在前", "places the players left holding cards by cards left, fewer first"),
    "playing_order": dp.said("未走科的玩家按出牌顺序排名", "places the players left holding cards in playing order after the last player out"),
    "seat_order": dp.said("未走科的玩家按座位号排名", "places the players left holding cards in seat order, seat 1 first"),
}, "未走科的玩家依次按 {v} 排名，小者在前", "places the players left holding cards by {v}, smallest first"))
dp.phrase("end.sweep", dp.yes_no(
    "一方包揽前三名即结束（串三户）", "ends the game at once when a team takes places 1-3 (串三户)",
    "没有串三户", "has no 串三户"))
dp.phrase("end.places", _phrase_places, effect=dp.LABEL)
