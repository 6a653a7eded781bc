"""憋三 (threes last). Buying a 3 (买3, 要3) is a [buy] rule (rules/buy.py)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gouji_dsl.diagnostics import Reporter
from gouji_dsl.facets import phrases as dp
from gouji_dsl.facets import sentences as book
from gouji_dsl.facets import spec
from gouji_dsl.facets.checks import at, check, type_only, value_of
from gouji_dsl.facets.hooks import hook
from gouji_dsl.messages import msg
from gouji_dsl.model.fields import Section, rule
from gouji_dsl.model.types import BoolT
from gouji_dsl.model.variant import Variant

if TYPE_CHECKING:
    from gouji_dsl.facets.protocols import Game

# --- the rules ------------------------------------------------------------------

@dataclass(frozen=True)
class ThreesRules(Section):
    NAME = "threes"
    ZH = "憋三"
    EN = "Threes last (憋三)"
    threes_last: bool = rule(BoolT(), "憋三", "3s may only be played as a player's last play, and that play must be 3s only")
    men_out: bool = rule(BoolT(), "被闷出局", "a player who is 闷ed (their play right before their final 3s is beaten) "
                         "is out of play at once: they take the lowest free place, as a failed burner does, and keep their 3s",
                         default=False)


# --- checks -------------------------------------------------------------------

type_only("threes.threes_last")


@check("threes.men_out")
def check_men_out(v: Variant, rep: Reporter) -> None:
    """Only 憋三 has players 闷ed: men_out without it would never act."""
    if value_of(v, "threes.men_out") and value_of(v, "threes.threes_last") is False:
        rep.error(at(v, "threes.men_out"), msg("rules.men_out_without_threes_last"),
                  notes=[(at(v, "threes.threes_last"), msg("rules.rule_off_here", rule="threes_last"))],
                  hint=msg("rules.men_out_without_threes_last_hint"))


# --- engine -------------------------------------------------------------------

# 憋三 is compiled into classify, lead_actions and can_burn as well; the flow reads
# the setting to refuse an early lead of 3s and to record who was beaten (men tribute).
spec.register("threes.threes_last", "engine", spec.Setting("threes_last", lambda v: v.threes.threes_last,
                                                                   ("classify", "plays", "lead_actions", "can_burn", "tributes", "score"), absent=False,
                                                           annotation="bool", realised_in=("runtime/flow.py:Game._is_legal", "runtime/flow.py:Game._play", "runtime/flow.py:Game._why_illegal")))
# A known `no` folds the branches away: the engines of the variants without it are as before.
spec.register("threes.men_out", "engine", spec.Setting("men_out", lambda v: v.threes.men_out, absent=False, annotation="bool",
                                                       realised_in=("runtime/flow.py:Game._play", "runtime/flow.py:Game._place_holders",
                                                                    "runtime/observe.py:_status_codes")))


# --- interpreter --------------------------------------------------------------


@hook("threes.threes_last", absent=lambda g, seat, out: False)
def waits_on_threes(g: Game, seat: int, out: bool) -> bool:
    """憋三 (D22): after this play `seat` holds only 3s, so its play stands right before
    its final 3s (beaten, it owes 闷贡). The Reference's classify and lead_actions read
    the rule too: 3s only on their own, and only all of them as the last play."""
    hand = g.hands[seat - 1]
    return g.v.threes.threes_last and not out and hand[0] > 0 and sum(hand) == hand[0]


@hook("threes.men_out", absent=lambda g, seat: None)
def place_when_menned(g: Game, seat: int) -> int | None:
    """闷 (D22) with men_out: the place `seat` takes now that its play before its final 3s is
    beaten: out of play at once, from the bottom (the lowest place still free, as a failed
    burner takes), its 3s never played. None where a 闷ed player plays on. Either way the 闷
    stands in the result, and 闷贡 is owed for it."""
    return g._bottom_place() if g.v.threes.men_out else None


# --- rulebook -----------------------------------------------------------------

book.group("threes", "憋三", "Threes last (憋三)")
book.absent("threes.threes_last", lambda v, value: not value, "不[[憋三]]", "no [[憋三|threes-last rule]]")
book.bool_rule("threes.threes_last", "before",
               ("**[[憋三]]**：3只能作为最后一手出，而且这一手只能是3（不能贴2、不能挂王），手里的3要一次全部出完；在此之前不能出3。",
                "**[[憋三|Threes last]]**: 3s may only be a player's last play, and that play must be 3s only (no fillers, no jokers), all of their 3s at once; no 3 may be played before it."),
               ("不憋三：3和其他点数一样，随时可以出。", "3s are played like any other rank, at any time: there is no [[憋三|threes-last]] rule."))


def _nobody_menned(ctx: book.Ctx) -> tuple[str, str] | None:
    return None if ctx.v.threes.threes_last else ("不憋三，没有人会被闷，此条不起作用。",
                                                  "There is no threes-last rule, so nobody is smothered: this rule does not apply.")


book.bool_rule("threes.men_out", "before",
               ("**被闷出局**：最后一手3之前的那手牌被人打掉（被“闷”住）的玩家当即出局，像烧牌失败的人一样占去剩下最末的名次，"
                "手里的3不再出。打闷他的那手牌照常留在桌上，牌局接着往下打。",
                "**Out when smothered**: a player whose play right before their final 3s is beaten (smothered) is out of play at once: "
                "like a failed burner, they take the lowest place still free, and their 3s are never played; the play that beat "
                "them stays on the table and play goes on."),
               ("被闷的玩家不出局，照常出牌，还可以出3走科。",
                "A player who is smothered (their play right before their final 3s beaten) stays in play and may still go out with their 3s."),
               inactive=_nobody_menned)


# --- diff ---------------------------------------------------------------------


dp.phrase("threes.threes_last", dp.yes_no(
    "憋三：3只能最后单独出", "lets 3s go only as a player's last play, 3s alone (憋三)",
    "3可以随时出（不憋三）", "lets 3s be played at any time"))
dp.phrase("threes.men_out", dp.yes_no(
    "被闷的人当即出局，从末位排起", "puts a player who is 闷ed out of play at once, placed from the bottom",
    "被闷的人照常出牌", "keeps a player who is 闷ed in play"))
