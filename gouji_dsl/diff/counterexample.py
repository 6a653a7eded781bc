"""What the search finds: counterexamples, the reasons for none, and the search budget."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gouji_dsl.diff.candidates import answer, same_answer
from gouji_dsl.diff.explain import example_text
from gouji_dsl.diff.games import Situation, signature
from gouji_dsl.runtime.numbers import to_json as score_json


@dataclass
class Budget:
    """How hard to look for a counterexample of one rule (per side of the pair)."""

    card_candidates: int = 30000     # card cases tried per check
    result_candidates: int = 3000    # game results tried per check
    relevance_checks: int = 300      # hybrid evaluations per rule and check
    pattern_relevance_checks: int = 3000  # the same for Shuangkou's hand and beats cases, which crowd each other out
    pattern_answer_checks: int = 100  # and its answers cases: the reference counts them by brute force
    positions: int = 300             # random positions walked per side
    position_steps: int = 14
    position_hits: int = 3           # separating positions collected before keeping the smallest
    deals: int = 16                  # dealt games walked per side
    deal_steps: int = 24
    matches: int = 6                 # dealt games after a previous game of a match, per side


@dataclass(frozen=True)
class Counterexample:
    """A situation on which the engines of `a` and `b` disagree, for rule `rule`.

    kind "case": a card or result check of docs/conformance.md (`to_case` makes it
    a cross-variant case); kind "game": a game position or deal plus actions,
    after which the engines differ in `components` (who acts, legal actions,
    what a seat sees, ...). `isolated` is False for a game situation where
    the two variants also differ for other reasons on the same components;
    `alone` then says what the rule by itself changes there."""

    rule: str                      # the rule (group) it separates: "plays.big_joker_doubling"
    rules: tuple[str, ...]         # every rule of the group
    a: str
    b: str
    kind: str
    check: str                     # a conformance check, or "game"
    case: dict | None = None       # the case without "expect" (kind "case")
    a_answer: Any = None
    b_answer: Any = None
    situation: Situation | None = None
    components: tuple[str, ...] = ()
    a_state: dict | None = field(default=None, compare=False, repr=False)
    b_state: dict | None = field(default=None, compare=False, repr=False)
    seats: tuple = ()              # the seat of each action
    isolated: bool = True         # the rule alone explains the disagreement (see the module docstring)
    alone: tuple = ()              # (variant, {component: (its value, the value with the rule changed)})
    zh: str = ""                   # the rule's Chinese name
    a_cites: tuple[str, ...] = ()
    b_cites: tuple[str, ...] = ()

    @property
    def is_case(self) -> bool:
        return self.kind == "case"

    def to_case(self) -> dict:
        """The cross-variant conformance case (docs/conformance.md): one line, both answers."""
        if not self.is_case:
            raise ValueError(f"a game situation is not a conformance case (rule {self.rule})")
        out = {"check": self.check}
        out.update({k: v for k, v in self.case.items() if k != "check"})
        if self.check == "score":  # an exact fraction as docs/conformance.md writes it, "2/3"
            out["expect"] = {self.a: [score_json(x) for x in self.a_answer], self.b: [score_json(x) for x in self.b_answer]}
        else:
            out["expect"] = {self.a: self.a_answer, self.b: self.b_answer}
        return out

    def verify(self, ea, eb) -> bool:
        """Run the engines of `a` and `b` again, from scratch: True when they really disagree as stated."""
        if self.is_case:
            x, y = answer(ea, self.case), answer(eb, self.case)
            return x is not None and y is not None and not same_answer(self.check, x, y) \
                and same_answer(self.check, x, self.a_answer) and same_answer(self.check, y, self.b_answer)
        sa, sb = signature(self.situation.run(ea)), signature(self.situation.run(eb))
        return bool(self.components) and all(
            sa.get(k) != sb.get(k) and sa.get(k) == self.a_state[k] and sb.get(k) == self.b_state[k]
            for k in self.components)

    def text(self, lang: str = "en") -> str:
        return example_text(self, lang)

    def to_json(self, lang: str = "en") -> dict:
        out = {"rule": self.rule, "rules": list(self.rules), "kind": self.kind, "check": self.check,
               "text": self.text(lang)}
        out["isolated"] = self.isolated
        if self.is_case:
            out["case"] = self.to_case()
        else:
            out["situation"] = self.situation.to_json()
            out["seats"] = list(self.seats)
            out["differs_in"] = list(self.components)
            out["states"] = {self.a: {k: component_json(k, self.a_state.get(k), self.b_state.get(k))
                                      for k in self.components},
                             self.b: {k: component_json(k, self.b_state.get(k), self.a_state.get(k))
                                      for k in self.components}}
            if self.alone:
                name, states = self.alone
                out["rule_alone"] = {"variant": name,
                                     "as_is": {k: component_json(k, v[0], v[1]) for k, v in states.items()},
                                     "with_the_rule_changed": {k: component_json(k, v[1], v[0])
                                                               for k, v in states.items()}}
        return out


def component_json(key: str, value, other):
    """A component's value as JSON; a long list of legal actions (a leader's
    hundreds of plays) as its count and the actions the other variant lacks."""
    if key == "actions" and value is not None and len(value) > 40:
        theirs = set(other or ())
        only = [str(a) for a in value if a not in theirs]
        return {"count": len(value), "only_here": only[:20], "only_here_count": len(only)}
    return _state_json(value)


def _state_json(value):
    if isinstance(value, tuple) and hasattr(value, "kind") and hasattr(value, "play"):  # a game Action
        return str(value)
    if isinstance(value, tuple):
        return [_state_json(v) for v in value]
    return score_json(value)  # an exact fraction (a score) as "2/3"; anything else as it is


@dataclass(frozen=True)
class Reason:
    """Why a behavioural difference has no counterexample (or a pair no search), in both languages."""

    zh: str
    en: str

    def text(self, lang: str = "en") -> str:
        return self.zh if lang == "zh" else self.en

    def __str__(self) -> str:
        return self.en


class CounterexampleList(list):
    """The counterexamples found, plus `unfound`: rule -> the Reason none is given
    (and `note`: why the pair could not be searched at all, when `searched` is False)."""

    def __init__(self, items=(), unfound: dict | None = None, note: Reason | None = None, searched: bool = True):
        super().__init__(items)
        self.unfound: dict[str, Reason] = dict(unfound or {})
        self.note = note
        self.searched = searched  # False when the pair cannot be searched at all (see `note`)

