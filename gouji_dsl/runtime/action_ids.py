"""Integer action ids: the compact encoding that frameworks (OpenSpiel, PettingZoo) and learners use.

An id is a position in the current player's sorted legal actions (`legal_actions()`), so the
legal ids of a state are always 0..k-1 and a legal-action mask is a prefix of ones. At most
`ACTION_IDS` (1,024) ids exist; the rare state with more legal actions shows them in pages:
id 1023 (`MORE`) then means "show the next 1,023", a step by the same player that changes
nothing else. Each action also has a fixed-size feature vector (`action_features`), the
DouZero way: a learner scores the legal actions by their features, not by their ids.

Why not one id per play of the variant: an enumeration of every classifiable play has 75,240
plays for a four-deck variant and 354,024 for Zaozhuang (twice that with burns), and the
wild-joker Shuangkou variants cannot be enumerated at all; a mask that wide costs more than
the move it masks (scanning it dominated a PettingZoo step). Positions keep the mask at most
1,024 wide whatever the variant, and they are still consistent where search needs it: the
sorted legal actions are a function of what the acting player knows (their hand and the public
table), so within one information state an id always means the same play (ISMCTS merges nodes
soundly). The price: an id means nothing without its state; `action_features`,
`action_to_string` and `id_to_action` give it a meaning, and a game's history is kept as
actions (strings), not ids.

Pages: with more than 1,024 legal actions (0.1% of Zaozhuang's decisions, none in most
games), page p shows actions p*1023 .. p*1023+1022 and, while more follow, `MORE`. A page
step is recorded in no history of the engine: it only moves the view, and applying any action
shows page 0 again. No action goes back a page, so a game always ends; `show_page(p)` sets the
page shown, for a framework whose undo puts back the view a decision had (the OpenSpiel adapter).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from gouji_dsl.runtime import cards as rt
from gouji_dsl.runtime.actions import BURN, DECLARE, DEFER, PASS, PLAY, REVOLT, Action, IllegalAction, read_action

if TYPE_CHECKING:
    from gouji_dsl.runtime.protocols import GameView
    from gouji_dsl.runtime.state import Rules

ACTION_IDS = 1024           # ids of every variant: 0 .. ACTION_IDS - 1
MORE = ACTION_IDS - 1       # on a full page: show the next page of legal actions
PER_PAGE = ACTION_IDS - 1   # actions on a page when there are more than ACTION_IDS

# Feature layout of an action (`action_features`): the kind, one-hot (with "more" last), the
# effective rank one-hot (jokers only, 3 .. A, 2), then the counts of the cards it takes from
# the hand (one per card kind of the variant), then a pattern play's head (type + 1, length,
# top + 1, lines; zeros for Gouji's one-rank plays). Type and top are shifted by one so that
# every feature is at least 0 (a joker bomb's top is -1) and 0 stays "no pattern".
FEATURE_KINDS = (PASS, DEFER, DECLARE, REVOLT, PLAY, BURN, "more")
RANK_SLOTS = 14             # rank -1 (jokers only), 0..11 (3..A), 12 (2)
PATTERN_HEAD = 4


def feature_size(rules: Rules) -> int:
    """Length of `action_features` for a variant."""
    return len(FEATURE_KINDS) + RANK_SLOTS + len(rules.card_kinds) + PATTERN_HEAD


def feature_names(rules: Rules) -> list[str]:
    """What each position of `action_features` holds, for users reading the vectors."""
    return ([f"kind={k}" for k in FEATURE_KINDS] + ["rank=jokers"] + [f"rank={c}" for c in rt.CARDS[:13]]
            + [f"cards:{c}" for c in rules.card_kinds]
            + ["pattern_type+1", "pattern_length", "pattern_top+1", "pattern_lines"])


def feature_divisors(rules: Rules) -> tuple[int, ...]:
    """The most each position of `action_features` can hold in the variant (at least 1 each):
    the tensors of runtime/observe.py hold every feature divided by its divisor (their layouts:
    runtime/tensor_layout.py), so in [0, 1].

    One-hot positions: 1. Cards of a kind: the deck's copies of it (no play takes more). A
    pattern head: the number of play types + 3 (type + 1 of the last, the joker bomb), the
    longest run, chain or joker bomb, 15 (top + 1 of a BJ), the most lines of any bomb, chain
    or joker bomb; 1 each in a Gouji variant, whose head is always zero."""
    found = _DIVISORS.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    head = (1,) * PATTERN_HEAD
    if rules.pattern_plays:
        if TYPE_CHECKING:  # pattern plays: the rules have their notation
            assert rules.notation is not None
        spec = rules.notation.spec
        longest = max([row[3] for row in spec.types] + [jokers for _name, jokers, _lines in spec.joker_bombs]
                      + [spec.max_bombs if spec.chains else 1])
        lines = max(list(spec.bomb_lines) + [n for row in spec.chain_lines for n in row]
                    + [n for _name, _jokers, n in spec.joker_bombs])
        head = (spec.K_JOKER_BOMB + 1, max(1, longest), 15, max(1, lines))
    divisors = (1,) * (len(FEATURE_KINDS) + RANK_SLOTS) + tuple(max(1, c) for c in rules.deck_counts) + head
    _DIVISORS[id(rules)] = (rules, divisors)  # the Rules kept with it: its id is never reused meanwhile
    return divisors


_DIVISORS: dict[int, tuple[Rules, tuple[int, ...]]] = {}


def action_features(rules: Rules, action: Action | None) -> tuple[int, ...]:
    """The fixed-size feature vector of an action (None: the page step `MORE`)."""
    size = feature_size(rules)
    features = [0] * size
    if action is None:
        features[len(FEATURE_KINDS) - 1] = 1
        return tuple(features)
    features[FEATURE_KINDS.index(action.kind)] = 1
    play = action.play
    if play is None:
        return tuple(features)
    counts_at = len(FEATURE_KINDS) + RANK_SLOTS
    kinds = len(rules.card_kinds)
    if rules.pattern_plays:
        kind, length, top, lines = play[:PATTERN_HEAD]
        counts = play[PATTERN_HEAD:]
        rank = top if 0 <= top <= 12 else -1
        features[size - PATTERN_HEAD:] = [kind + 1, length, top + 1, lines]  # + 1: 0 stays "no pattern"
    else:
        counts = rt.cards_of(play)
        rank = play[0]
    features[len(FEATURE_KINDS) + rank + 1] = 1
    features[counts_at:counts_at + kinds] = list(counts)[:kinds]
    return tuple(features)


class ActionIds:
    """The id view of a Game's legal actions (a mixin of runtime.flow.Game). The page shown is
    the game's field `_page_at`: (number of actions applied, page), so a page belongs to the
    state it was turned in."""

    def num_distinct_actions(self: GameView) -> int:
        """How many action ids there are: every legal action of every state has an id below it."""
        return ACTION_IDS

    def _page(self: GameView) -> int:
        at, page = self._page_at
        return page if at == len(self._history) else 0

    def _page_view(self: GameView) -> tuple[list[Action], int, bool]:
        """(the legal actions, the first one on the page shown, whether `MORE` is offered)."""
        legal = self._legal_actions()
        if len(legal) <= ACTION_IDS:
            return legal, 0, False
        first = self._page() * PER_PAGE
        return legal, first, first + PER_PAGE < len(legal)

    def page_shown(self: GameView) -> int:
        """The page of legal action ids shown (0: the first; see the module docstring)."""
        return self._page()

    def show_page(self: GameView, page: int) -> None:
        """Show page `page` of this decision's legal action ids (0 is the first). IllegalAction,
        changing nothing, for a page the decision does not have."""
        legal = self._legal_actions()
        pages = 1 if len(legal) <= ACTION_IDS else -(-len(legal) // PER_PAGE)
        if page.__class__ is not int or not 0 <= page < pages:
            raise IllegalAction(f"page {page!r} is not a page of this decision: its {len(legal)} legal actions "
                                f"show on page{'s 0 ..' if pages > 1 else ''} {pages - 1}")
        self._page_at = (len(self._history), page)

    def legal_id_count(self: GameView) -> int:
        """How many ids are legal (`len(legal_action_ids())`, without making the list): a random
        agent draws `randrange(legal_id_count())`."""
        count = len(self._legal_actions())
        if count <= ACTION_IDS:
            return count
        first = self._page() * PER_PAGE
        return ACTION_IDS if first + PER_PAGE < count else count - first

    def legal_action_ids(self: GameView) -> list[int]:
        """The ids of the legal actions: 0 .. k-1 (on a full page, the last is `MORE`)."""
        legal, first, more = self._page_view()
        if not first and not more:
            return list(range(len(legal)))
        return list(range(PER_PAGE)) + [MORE] if more else list(range(len(legal) - first))

    def id_to_action(self: GameView, action_id: int) -> Action | None:
        """The legal action an id names in this state (None for `MORE`, the page step)."""
        legal, first, more = self._page_view()
        if action_id.__class__ is not int:
            raise IllegalAction(f"an action id is an int, not {type(action_id).__name__}")
        if more and action_id == MORE:
            return None
        shown = PER_PAGE if more else len(legal) - first
        if not 0 <= action_id < shown:
            if self.terminal:
                raise IllegalAction("the game is over: no action has an id")
            raise IllegalAction(f"action id {action_id} is not legal here: the legal ids are 0..{shown - 1 + more}")
        return legal[first + action_id]

    def action_to_id(self: GameView, action: Action | str) -> int:
        """The id of a legal action in this state (on the page shown)."""
        if isinstance(action, str):
            action = read_action(action, self.r.decks, self.kinds)
        legal, first, more = self._page_view()
        try:
            index = legal.index(action)
        except ValueError:
            raise IllegalAction(f"{action} is not a legal action here") from None
        shown = PER_PAGE if more else len(legal) - first
        if not first <= index < first + shown:
            raise IllegalAction(f"{action} is legal but not on the page of ids shown (page {self._page()}): "
                                f"apply MORE ({MORE}) until it is")
        return index - first

    def apply_action_id(self: GameView, action_id: int) -> Action | None:
        """Apply the legal action an id names, or turn the page for `MORE`; returns the action
        applied (None for a page step)."""
        legal = self._legal_actions()
        action: Action | None  # None: MORE, the page step
        if len(legal) <= ACTION_IDS and action_id.__class__ is int and 0 <= action_id < len(legal):
            # One page (nearly every decision): the id is the position itself. Frameworks call
            # this every step, so it skips id_to_action's page arithmetic.
            action = legal[action_id]
            self.apply_action(action)
            return action
        action = self.id_to_action(action_id)
        if action is None:
            self._page_at = (len(self._history), self._page() + 1)
            return None
        self.apply_action(action)
        return action

    def action_id_features(self: GameView, action_id: int) -> tuple[int, ...]:
        """`action_features` of the action an id names here."""
        return action_features(self.r, self.id_to_action(action_id))

    def legal_action_features(self: GameView) -> list[tuple[int, ...]]:
        """`action_features` of every legal id, in id order."""
        return [self.action_id_features(i) for i in self.legal_action_ids()]
