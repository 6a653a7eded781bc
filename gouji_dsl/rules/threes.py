"""憋三 (threes last). Buying a 3 (买3, 要3) is a [buy] rule (rules/buy.py)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gouji_dsl.facets import phrases as dp
from gouji_dsl.facets import sentences as book
from gouji_dsl.facets import spec
from gouji_dsl.facets.checks import type_only
from gouji_dsl.facets.hooks import hook
from gouji_dsl.model.fields import Section, rule
from gouji_dsl.model.types import BoolT

if TYPE_CHECKING:
    from gouji_dsl.facets.protocols import Game

# --- the rules ------------------------------------------------------------------

@dataclass(frozen=True)
class ThreesRules(Section):
    NAME = "threes"
    ZH = "憋三"
    EN = "Threes last (憋三)"
    threes_last: bool = rule(BoolT(), "憋三", "3s may only be played as a player's last play, and that play must be 3s only")


# --- checks -------------------------------------------------------------------

type_only("threes.threes_last")


# --- engine -------------------------------------------------------------------

# 憋三 is compiled into classify, lead_actions and can_burn as well; the flow reads
# the setting to refuse an early lead of 3s and to record who was beaten (men tribute).
spec.register("threes.threes_last", "engine", spec.Setting("threes_last", lambda v: v.threes.threes_last,
                                                                   ("classify", "plays", "lead_actions", "can_burn", "tributes", "score"), absent=False,
                                                           annotation="bool", realised_in=("runtime/flow.py:Game._is_legal", "runtime/flow.py:Game._play", "runtime/flow.py:Game._why_illegal")))


# --- interpreter --------------------------------------------------------------


@hook("threes.threes_last", absent=lambda g, seat, out: False)
def waits_on_threes(g: Game, seat: int, out: bool) -> bool:
    """憋三 (D22): after this play `seat` holds only 3s, so its play stands right before
    its final 3s (beaten, it owes 闷贡). The Reference's classify and lead_actions read
    the rule too: 3s only on their own, and only all of them as the last play."""
    hand = g.hands[seat - 1]
    return g.v.threes.threes_last and not out and hand[0] > 0 and sum(hand) == hand[0]


# --- rulebook -----------------------------------------------------------------

book.group("threes", "憋三", "Threes last (憋三)")
book.absent("threes.threes_last", lambda v, value: not value, "不[[憋三]]", "no [[憋三|threes-last rule]]")
book.bool_rule("threes.threes_last", "before",
               ("**[[憋三]]**：3只能作为最后一手出，而且这一手只能是3（不能贴2、不能挂王），手里的3要一次全部出完；在此之前不能出3。",
                "**[[憋三|Threes last]]**: 3s may only be a player's last play, and that play must be 3s only (no fillers, no jokers), all of their 3s at once; no 3 may be played before it."),
               ("不憋三：3和其他点数一样，随时可以出。", "3s are played like any other rank, at any time: there is no [[憋三|threes-last]] rule."))


# --- diff ---------------------------------------------------------------------


dp.phrase("threes.threes_last", dp.yes_no(
    "憋三：3只能最后单独出", "lets 3s go only as a player's last play, 3s alone (憋三)",
    "3可以随时出（不憋三）", "lets 3s be played at any time"))
