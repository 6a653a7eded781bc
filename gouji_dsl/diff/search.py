"""The counterexample search: for each behavioural difference, a verified situation where the engines disagree."""
from __future__ import annotations

import dataclasses
import itertools
import json
import random
from dataclasses import dataclass, field
from typing import Any, Iterator

from gouji_dsl import engines
from gouji_dsl.diff.candidates import (answer, card_cases, evaluate_case, pattern_card_cases, pattern_result_cases,
                                       result_cases, same_answer)
from gouji_dsl.diff.compare import RuleDiff
from gouji_dsl.diff.counterexample import Budget, Counterexample, CounterexampleList, Reason
from gouji_dsl.diff.games import (DEAL_SETTINGS, PASS_RATES, POSITION_STYLES, PREVIOUS_RESULTS, RESULT_SECTIONS, Hit,
                                  Situation, random_position, shrink, signature, walk)
from gouji_dsl.diff.hybrids import Hybrid, VariantEngine
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.model import schema as m
from gouji_dsl.model.registry import game_settings
from gouji_dsl.phases import Compilation
from gouji_dsl.facets import spec
from gouji_dsl.runtime import cards as rt


@dataclass
class Pair:
    a: VariantEngine
    b: VariantEngine
    budget: Budget
    hybrids: dict = field(default_factory=dict)
    used_cases: set = field(default_factory=set)
    rejected: dict = field(default_factory=dict)   # variant -> reasons it rejected candidate results
    searched: dict = field(default_factory=dict)   # rule -> the kinds of game situation walked
    touched: dict = field(default_factory=dict)    # rule -> walks in which the rule changed the game at all

    @property
    def patterns(self) -> bool:
        """Whether the pair plays patterns (Shuangkou) rather than Gouji's one-rank plays."""
        return self.a.patterns

    def other(self, side: VariantEngine) -> VariantEngine:
        return self.b if side is self.a else self.a

    def hybrid(self, side: VariantEngine, paths: tuple[str, ...]) -> Hybrid | None:
        key = (side.name, paths)
        if key not in self.hybrids:
            other = self.other(side)
            changes = {p: getattr(other.model.sections[p.split(".")[0]], p.split(".")[1]) for p in paths}
            try:
                self.hybrids[key] = Hybrid(side, changes)
            except Exception:  # noqa: BLE001 - a combination the engines cannot run: not searched
                self.hybrids[key] = None
        return self.hybrids[key]


# Tribute rules that act only when cards change hands, not on what is owed.
_RETURN_RULES = {"tribute.returned", "tribute.mutual_dian_returned", "tribute.return_limit",
                 "tribute.return_from_dealt", "tribute.no_single_return"}


def checks_for(path: str, patterns: bool = False) -> tuple[list[str], bool]:
    """Which conformance checks can show a rule, and whether games can (`patterns`:
    for a pair of Shuangkou variants, whose checks are hand, beats, answers and score)."""
    section = path.split(".")[0]
    if patterns:
        return _pattern_checks_for(path)
    if section in ("cards", "plays"):
        return ["hand", "beats", "answers", "can_burn", "opens"], True
    if section == "gouji":
        return ["hand", "opens", "can_burn", "beats"], True
    if path == "threes.threes_last":
        return ["hand", "can_burn", "answers"], True
    if path in ("burning.allowed", "burning.condition", "burning.first_play_needs_joker"):
        return ["can_burn"], True
    if path == "open.counts":
        return ["opens"], True
    if section == "scoring":
        return ["score"], False
    if path in _RETURN_RULES:
        return [], True
    if section == "tribute":
        return ["tribute", "score"], True
    if path in ("end.sweep", "table.players", "table.teams", "table.opposites"):
        return ["tribute", "score"], True
    return [], True


def _pattern_checks_for(path: str) -> tuple[list[str], bool]:
    """Shuangkou: the play rules show in card cases (no game needed), the scoring rules
    in score cases (but a results rule the game flow reads acts only between games, which
    no case or walk reaches); any other rule (turns, the end of a game) only in games."""
    section = path.split(".")[0]
    if section in ("patterns", "cards", "plays"):
        return ["hand", "beats", "answers"], False
    if section == "results":
        return ([], False) if between_games(path) else (["score"], False)
    return [], True


def between_games(path: str) -> bool:
    """Whether a [results] rule acts only between games: a setting of the game flow
    (redraw_after: who leads the next game), not a part of the score."""
    return path.split(".")[0] == "results" and isinstance(spec.facet(path, "engine"), spec.Setting)


CARD_CHECKS = ("hand", "beats", "answers", "opens", "can_burn")


def _search_case(pair: Pair, paths: tuple[str, ...], check: str) -> tuple[dict, Any, Any, bool] | None:
    """The first candidate case of `check` where the engines disagree and the rule
    matters. Preferred: one where the rule alone explains the disagreement (the
    variant with only this rule changed answers like the other variant), and one
    not already used for another rule; else the first that merely shows the rule."""
    budget = pair.budget
    card = check in CARD_CHECKS
    cap = budget.card_candidates if card else budget.result_candidates
    candidates = _candidates(pair, check)
    checks_left = _relevance_budget(pair, check)
    fallback = None
    for case in itertools.islice(candidates, cap):
        x, y = answer(pair.a.engine, case), answer(pair.b.engine, case)
        if x is None or y is None:
            for side, got in ((pair.a, x), (pair.b, y)):
                if got is None:
                    try:
                        evaluate_case(side.engine, case)
                    except (rt.ResultError, rt.CardError) as exc:
                        reasons = pair.rejected.setdefault(side.name, [])
                        if str(exc) not in reasons:
                            reasons.append(str(exc))
            continue
        if same_answer(check, x, y):
            continue
        if checks_left <= 0:
            break
        checks_left -= 1
        shown = _matters(pair, paths, check, case, {pair.a.name: y, pair.b.name: x})
        if shown is None:
            continue
        key = json.dumps(case, sort_keys=True)
        if shown and key not in pair.used_cases:
            pair.used_cases.add(key)
            return case, x, y, True
        fallback = fallback or (case, x, y, shown)
    if fallback is not None:
        pair.used_cases.add(json.dumps(fallback[0], sort_keys=True))
    return fallback


def _candidates(pair: Pair, check: str):
    """The candidate cases of `check` for the pair's game, simplest first."""
    engines_ = (pair.a.engine, pair.b.engine)
    if pair.patterns:
        return pattern_card_cases(check, engines_) if check in CARD_CHECKS else pattern_result_cases(check)
    if check in CARD_CHECKS:
        return card_cases(check, engines_)
    return result_cases(check, pair.a.model.table.players)


def _relevance_budget(pair: Pair, check: str) -> int:
    """How many hybrid evaluations `_search_case` may spend on one rule and check."""
    budget = pair.budget
    if not pair.patterns:
        return budget.relevance_checks
    return budget.pattern_answer_checks if check == "answers" else budget.pattern_relevance_checks


def _matters(pair: Pair, paths: tuple[str, ...], check: str, case: dict, others: dict) -> bool | None:
    """Does setting the rule to the other variant's value change either variant's
    answer? None: no; False: yes; True: yes, to exactly the other variant's answer."""
    result = None
    for side in (pair.a, pair.b):
        hyb = pair.hybrid(side, paths)
        if hyb is None:
            continue
        try:
            base, changed = answer(side.reference, case), answer(hyb.reference, case)
        except Exception:  # noqa: BLE001 - the hybrid cannot answer: the rule is not shown here
            continue
        if base is not None and changed is not None and not same_answer(check, base, changed):
            if same_answer(check, changed, others[side.name]):
                return True
            result = False
    return result


def _situations(kind: str, pair: Pair, side: VariantEngine, rule: str) -> Iterator[tuple[Situation, int, random.Random, Any]]:
    """Seeded situations to walk: (set-up, most actions, the walk's random generator, its pass rate)."""
    budget = pair.budget
    teams = side.rules.teams
    players = side.rules.players
    if kind == "position":
        for i in range(budget.positions):
            rng = random.Random(f"position|{rule}|{side.name}|{i}")
            situation = random_position(rng, players, teams, style=i % len(POSITION_STYLES))
            yield situation, budget.position_steps, rng, PASS_RATES[(i // len(POSITION_STYLES)) % len(PASS_RATES)]
    elif kind == "deal":
        for seed in range(budget.deals):
            yield (Situation("deal", seed=seed), budget.deal_steps, random.Random(f"deal|{rule}|{side.name}|{seed}"),
                   PASS_RATES[seed % len(PASS_RATES)])
    elif kind == "match":
        for i in range(budget.matches):
            previous = PREVIOUS_RESULTS[i % len(PREVIOUS_RESULTS)]
            text = json.dumps(previous, sort_keys=True)
            yield (Situation("deal", seed=i, previous=(text,)), 2,
                   random.Random(f"match|{rule}|{side.name}|{i}"), None)


def _game_kinds(pair: Pair, side: VariantEngine, hyb: Hybrid, rule: str) -> list[str]:

    base_settings = game_settings(side.model)
    changed = {k for k, v in game_settings(hyb.model).items() if base_settings.get(k) != v}
    if rule.split(".")[0] in RESULT_SECTIONS or rule == "end.sweep":
        return ["match"]
    if hyb.pure and not changed:
        return []  # the rule never reaches the game flow
    if hyb.pure and changed <= DEAL_SETTINGS:
        return ["deal", "match"]
    return ["position", "deal"]


def _search_game(pair: Pair, paths: tuple[str, ...]) -> Counterexample | None:
    """A game situation (position or deal, plus actions) that shows the rule,
    preferring one where the rule alone explains the difference."""
    rule = paths[0]
    partial = None
    for side in (pair.a, pair.b):
        hyb = pair.hybrid(side, paths)
        if hyb is None:
            continue
        rules = (side.rules, hyb.rules, pair.other(side).rules)
        for kind in _game_kinds(pair, side, hyb, rule):
            pair.searched.setdefault(rule, [])
            if kind not in pair.searched[rule]:
                pair.searched[rule].append(kind)
            hits = []
            for situation, steps, rng, pass_rate in _situations(kind, pair, side, rule):
                touched: list = []
                hit = walk(situation, steps, rng, rules, touched, pass_rate)
                if touched:
                    pair.touched[rule] = pair.touched.get(rule, 0) + 1
                if hit is None:
                    continue
                if not hit.isolated:
                    partial = partial or (side, hit)
                    continue
                hits.append(hit)
                if kind != "position" or len(hits) >= pair.budget.position_hits:
                    break
            if hits:
                best = shrink(min(hits, key=Hit.size), rules)
                example = _game_example(pair, paths, side, best)
                if example is not None:
                    return example
    if partial is not None:
        side, hit = partial
        hyb = pair.hybrid(side, paths)
        return _game_example(pair, paths, side, shrink(hit, (side.rules, hyb.rules, pair.other(side).rules)))
    return None


def _game_example(pair: Pair, paths: tuple[str, ...], side: VariantEngine, hit: Hit) -> Counterexample | None:
    """Run the situation on both engines, from scratch, and keep it if they differ as found."""
    from gouji_dsl.runtime.game import IllegalAction

    situation = hit.situation
    try:
        ga = situation.run(pair.a.engine)
        gb = situation.run(pair.b.engine)
        gh = situation.run(pair.hybrid(side, paths).rules)
    except (ValueError, IllegalAction):
        return None
    sa, sb, sh = signature(ga), signature(gb), signature(gh)
    components = tuple(k for k in hit.components if sa.get(k) != sb.get(k))
    if not components:
        return None
    g = situation.start(pair.a.rules)
    seats = []
    for action in situation.actions:
        seats.append(g.current_player())
        g.apply_action(action)
    own = sa if side is pair.a else sb
    alone = () if hit.isolated else (side.name, {k: (own.get(k), sh.get(k)) for k in components})
    return Counterexample(paths[0], paths, pair.a.name, pair.b.name, "game", "game", situation=situation,
                          components=components, a_state={k: sa.get(k) for k in components},
                          b_state={k: sb.get(k) for k in components}, seats=tuple(seats),
                          isolated=hit.isolated, alone=alone)


# The games whose variants have engines, with the shape of their plays.
ENGINE_GAMES = {"gouji": "one_rank", "shuangkou": "patterns"}
GAME_NAMES = {"gouji": ("够级", "Gouji"), "shuangkou": ("双扣", "Shuangkou")}


def _game_name(game: str, lang: str) -> str:
    return GAME_NAMES.get(game, (game, game))[0 if lang == "zh" else 1]


def searchable(a: m.Variant, b: m.Variant) -> Reason | None:
    """Why no counterexample search is possible for this pair, or None."""
    for v in (a, b):
        if v.abstract:
            return Reason(f"{v.name} 是抽象变体：抽象变体只比较规则",
                          f"{v.name} is abstract: abstract variants are compared by their rules only")
    if a.game != b.game:  # no situation means the same in both: compare the rules only
        return Reason(f"不同的游戏：{a.name} 是{_game_name(a.game, 'zh')}，{b.name} 是{_game_name(b.game, 'zh')}，"
                      "两者的牌局无从对照，只比较规则",
                      f"different games: {a.name} is a game of {_game_name(a.game, 'en')} and {b.name} one of "
                      f"{_game_name(b.game, 'en')}, so no situation means the same in both; compared by their rules only")
    for v in (a, b):
        if ENGINE_GAMES.get(v.game) != v.sections["plays"].shape:
            return Reason(f"{v.name} 没有引擎（只有够级和双扣变体有引擎）",
                          f"{v.name} has no engine (engines exist for Gouji and Shuangkou variants only)")
    return None


def counterexamples(name_a: str, name_b: str, diffs: list[RuleDiff], ws: Workspace | None = None,
                    budget: Budget | None = None, ws_b: Workspace | None = None,
                    labels: tuple[str, str] | None = None) -> CounterexampleList:
    """For each behavioural difference, a verified situation where the engines disagree.

    `name_b` is resolved in `ws_b` when given (two rule files of one name are resolved each in
    a workspace of its own: engines.apart), else in `ws`; `labels` are the names the examples
    give the two variants (two different ones: the search keys its work by them), by default
    their names. Deterministic: the same variants and diffs give the same counterexamples.
    Rules without one are listed in the result's `unfound`, with the reason."""
    ws = ws or Workspace()
    ws_b = ws_b or ws
    budget = budget or Budget()
    model_a, model_b = Compilation(ws, name_a).checked, Compilation(ws_b, name_b).checked
    why_not = searchable(model_a, model_b)
    groups: dict[str, list[RuleDiff]] = {}
    for d in diffs:
        if d.behavioural:
            groups.setdefault(d.group, []).append(d)
    if why_not:
        return CounterexampleList([], {g: why_not for g in groups}, note=why_not, searched=False)
    # Every concrete Gouji or Shuangkou variant has a generated engine (a user's file: built in memory).
    label_a, label_b = labels or (name_a, name_b)
    ea = VariantEngine(label_a, model_a, engines.load(ws, name_a))
    eb = VariantEngine(label_b, model_b, engines.load(ws_b, name_b))
    pair = Pair(ea, eb, budget)
    found: list[Counterexample] = []
    unfound: dict[str, Reason] = {}
    for group, members in groups.items():
        paths = tuple(d.path for d in members)
        head = members[0]
        checks, games = checks_for(group, pair.patterns)
        example = None
        for check in checks:
            hit = _search_case(pair, paths, check)
            if hit is not None:
                case, x, y, isolated = hit
                example = Counterexample(group, paths, label_a, label_b, "case", check, case=case, a_answer=x,
                                         b_answer=y, isolated=isolated)
                break
        if example is None and games:
            example = _search_game(pair, paths)
        if example is None:
            unfound[group] = _unfound_reason(pair, group, checks, games)
            continue
        example = dataclasses.replace(example, zh=head.zh, a_cites=_cites(members, "a"), b_cites=_cites(members, "b"))
        # Verified: both engines run again, from scratch, and disagree as stated.
        if not example.verify(ea.engine, eb.engine):
            raise AssertionError(f"counterexample for {group} does not separate {label_a} and {label_b}")
        found.append(example)
    return CounterexampleList(found, unfound)


def _cites(members: list[RuleDiff], which: str) -> tuple[str, ...]:
    out: list[str] = []
    for d in members:
        out.extend(c for c in d.cites(which) if c not in out)
    return tuple(out)


def _unfound_reason(pair: Pair, group: str, checks: list[str], games: bool) -> Reason:
    b = pair.budget
    en, zh = [], []
    if checks:
        en.append(f"{' and '.join(checks)} cases")
        zh.append(f"{'、'.join(checks)} 用例")
    kinds = pair.searched.get(group, []) if games else []
    walks = {"position": (f"{b.positions}个随机局面（最多{b.position_steps}步）",
                          f"{b.positions} random positions (up to {b.position_steps} actions)"),
             "deal": (f"{b.deals}局发牌对局（最多{b.deal_steps}步）", f"{b.deals} dealt games (up to {b.deal_steps} actions)"),
             "match": (f"{b.matches}局接上一局的发牌", f"{b.matches} games dealt after a previous game of a match")}
    if kinds:
        zh.append("每个变体" + "和".join(walks[k][0] for k in kinds))
        en.append(" and ".join(walks[k][1] for k in kinds) + " per variant")
    if not en and between_games(group):
        return Reason("无可搜索之处：这条规则只影响下一局（谁先出），而反例搜索每次只看一局",
                      "no search applies: the rule acts only on the next game (who leads it), and the search "
                      "looks at one game at a time")
    if not en:
        return Reason("无可搜索之处：这条规则不影响引擎的回答和出牌流程",
                      "no search applies: the rule does not reach the engines' answers or the game flow")
    reason_en = "none found within the search budget (" + "; ".join(en) + ")"
    reason_zh = "在搜索范围内未找到（" + "；".join(zh) + "）"
    if kinds:
        touched = pair.touched.get(group, 0)
        if not touched:
            reason_en += "; with the rule alone set to the other value, no searched game went differently at all"
            reason_zh += "；只改这条规则时，所搜索的对局没有任何不同"
        else:
            reason_en += (f"; the rule alone changed the course of {touched} searched game(s), but never at a point "
                          "both variants reach by the same actions and differ on")
            reason_zh += f"；只改这条规则时有{touched}局对局进程不同，但都不在两个变体以相同动作到达且确有差别的地方"
    if any(c in ("tribute", "score") for c in checks):
        for name, why in sorted(pair.rejected.items()):
            reason_en += f"; results {name} cannot produce are not cases ({'; '.join(why)})"
            reason_zh += f"；{name} 不可能出现的终局不能作为用例（{'; '.join(why)}）"
    return Reason(reason_zh, reason_en)

