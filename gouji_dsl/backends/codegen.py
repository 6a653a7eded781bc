"""Stage 4: checked rule model -> a self-contained Python engine module.

Every choice of the rule file is decided here: thresholds become a tuple,
policies select which code the template emits, expressions are translated
node by node into Python. Nothing from a rule file is pasted into the
output as text: numbers are emitted from ints, names from fixed tables, and
strings only through `repr`, so a rule file cannot inject code.
"""
from __future__ import annotations

import functools
import hashlib
import importlib
import sys
import types
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any
from pathlib import Path

import jinja2

from gouji_dsl import __version__
from gouji_dsl.backends import game_cache, rules_class
from gouji_dsl.backends.api import MODULE_PROTOCOLS
from gouji_dsl.backends.specialise import Specialised, specialise
from gouji_dsl.backends.specialise.imports import merged
from gouji_dsl.model import schema as m
from gouji_dsl.lang import nodes as n
from gouji_dsl.model.expr import FUNCTIONS, RANK, Formula, is_call, never
from gouji_dsl.files import write_atomic
from gouji_dsl.paths import generated_dir
from gouji_dsl.recent import keep_recent
from gouji_dsl.runtime.cards import INDEX, kinds
from gouji_dsl.runtime.state import MOST_ENGINES
from gouji_dsl.model.registry import game_settings
from gouji_dsl.model.semantics import DECLARED_CASES, OPENED_CASES, dian_cell, extra_kinds, opposite_of, team_of
from gouji_dsl.model.types import CARD_ALIASES

NEVER = 10 ** 6  # a threshold no play reaches

# Each rule-language function and the Python helper of the generated module it becomes.
_PY_FUNCTIONS = {"size": "_size", "jokers": "_jokers", "sets": "_sets", "gouji": "_gouji",
                 "carry_rule": "_carry_rule", "min": "min", "max": "max", "count": None,
                 "count_from": None}
_PY_OPS = {"+": "+", "-": "-", "*": "*", "<": "<", "<=": "<=", ">": ">", ">=": ">=", "==": "==", "!=": "!=",
           "and": "and", "or": "or"}
assert set(_PY_FUNCTIONS) == set(FUNCTIONS), "every rule-language function needs a translation"


class GenerationError(Exception):
    """A checked model the generator cannot turn into an engine (not the rule author's typo)."""


def translate(formula: Formula, variables: dict[str, str], index: dict[str, int] = INDEX) -> str:
    """A checked formula as a Python expression over the given local names; `index`: the
    vector index of each card (the variant's extra card kinds among them)."""

    def go(node: n.Expr) -> str:
        if isinstance(node, n.Int):
            return str(int(node.value))
        if isinstance(node, n.Name):
            if node.id in variables:
                return variables[node.id]
            if node.id in ("yes", "true", "是", "有"):
                return "True"
            if node.id in ("no", "false", "否", "无"):
                return "False"
            raise GenerationError(f"unknown name {node.id!r} in a checked formula")
        if isinstance(node, n.Call):
            fn = FUNCTIONS[node.func.id]
            if node.func.id == "count":
                card = node.args[1]
                word = str(card.value) if isinstance(card, n.Int) else CARD_ALIASES.get(card.id, card.id)
                return f"({go(node.args[0])})[{int(index[word])}]"
            if node.func.id == "count_from":  # the kind and every higher one, jokers included
                card = node.args[1]
                word = str(card.value) if isinstance(card, n.Int) else CARD_ALIASES.get(card.id, card.id)
                return f"sum(({go(node.args[0])})[{int(index[word])}:])"
            args = [go(a) for a, p in zip(node.args, fn.params) if p != RANK]
            return f"{_PY_FUNCTIONS[fn.name]}({', '.join(args)})"
        if isinstance(node, n.Unary):
            return f"(-{go(node.operand)})" if node.op == "-" else f"(not {go(node.operand)})"
        if isinstance(node, n.Binary):
            return f"({go(node.left)} {_PY_OPS[node.op]} {go(node.right)})"
        raise GenerationError(f"cannot translate {type(node).__name__}")

    return go(formula.node)


def uses(formula: Formula, name: str) -> bool:
    def go(node) -> bool:
        if isinstance(node, n.Name):
            return node.id == name
        if isinstance(node, n.Call):
            return any(go(a) for a in node.args)
        if isinstance(node, n.Unary):
            return go(node.operand)
        if isinstance(node, n.Binary):
            return go(node.left) or go(node.right)
        return False
    return go(formula.node)


def _source_name(v: m.Variant) -> str:
    """`variants/NAME.gouji` for a standard variant; a user's file by its name alone,
    so the module is the same wherever the file was built from."""
    file = v.file_of(v.name)
    return file if file.startswith("variants/") else Path(file).name


def _comment_text(text: str) -> str:
    """Text that is safe inside a `#` comment of the generated module: a file name
    or formula is the user's: a newline or carriage return in it must not start a line
    of code, and no other unprintable character (editors and splitlines() end lines
    at \\x1c, \\x85, \\u2028 ...) may make the comment look like two lines."""
    return "".join(ch if ch.isprintable() else "?" for ch in text)


def formula_comment(key: str, formula: Formula) -> str:
    """`rule = formula` as the rule file states it, safe to put after `# `."""
    return _comment_text(f"{key} = {formula.text}")


# Names of the generated module beyond the Engine protocol: its titles and the
# flow's Rules (the diff's hybrid engines and `gouji selfplay` read RULES).
EXTRA_API = ("TITLE", "TITLE_EN", "RULES")


def _name_lines(names, width: int = 100) -> list[str]:
    """Quoted names, comma-separated, in lines of at most `width` characters."""
    lines, line = [], ""
    for name in names:
        item = f"{name!r},"
        if line and len(line) + 1 + len(item) > width:
            lines.append(line)
            line = ""
        line = f"{line} {item}" if line else item
    return lines + [line] if line else lines


def _two_step_opening(v: m.Variant) -> bool:
    """[open] then_lead in a variant with 开点 (with method none the rule is dead: nothing compiled)."""
    return v.open.then_lead is not None and v.open.method != "none"


def _card_imports(v: m.Variant) -> list[str]:
    """The names the module takes from runtime.cards: the API's parse_cards and
    format_cards, and the helpers its code uses."""
    # A variant with extra card kinds has its own notation (runtime.cards.kinds).
    notation = ["kinds as _card_kinds"] if extra_kinds(v) else ["format_cards", "parse_cards"]
    # cards_of serves opens() alone, which a variant without opening (open method none) leaves out.
    names = ["INVALID", "Classified"] + (["cards_of"] if v.open.method != "none" else []) + notation + ["read_result"]
    burning = v.burning
    if burning.allowed and uses(burning.condition, "rest") and burning.condition.text != "carry_rule(rest)":
        names.append("minus")  # can_burn builds the rest of the hand
    if v.tribute.enabled:
        names.append("sum_tributes")
    return names


def engine_settings(v: m.Variant) -> list[tuple[str, Any]]:
    """The settings a generated engine passes to Rules, sorted: its name and every setting whose
    value is not the field's default (backends/rules_class.py), so that a rule added with its
    do-nothing value as default rewrites no engine of a variant that leaves it alone."""
    known = rules_class.defaults()
    return sorted((name, value) for name, value in game_settings(v).items()
                  if name == "name" or not rules_class.is_default(name, value, known))


def module_api() -> tuple[str, ...]:
    """`__all__` of a generated module: the members of `backends.api`'s Engine, CardFunctions and
    Accounts, in the protocols' order, then EXTRA_API."""
    members: list[str] = []
    for protocol in MODULE_PROTOCOLS:
        members += list(protocol.__annotations__)
        members += [name for name, value in vars(protocol).items() if callable(value) and not name.startswith("_")]
    return tuple(members) + EXTRA_API


def _pyrepr(value) -> str:
    return repr(value)


@functools.lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("gouji_dsl.backends", "templates"),
        undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
        keep_trailing_newline=True, autoescape=False)
    env.filters["pyrepr"] = _pyrepr
    return env


def module_name(variant: str) -> str:
    return variant.replace("-", "_")


def _kill_context(v: m.Variant) -> dict:
    """[plays] joker_kills as (by_higher, by_same, by_lower) per joker kind, lowest first (0: not
    that way). `kill_fast`: the kills are D2's one big joker for a small joker, and for a big joker
    nothing or `doubling` big jokers (D3); the template then keeps its counting code for them."""
    rows = {r.joker: r for r in v.plays.joker_kills}
    kills = tuple((r.by_higher or 0, r.by_same or 0, r.by_lower or 0) if r else (0, 0, 0)
                  for r in (rows.get(j) for j in ("SJ", "BJ") + extra_kinds(v)))
    fast = (len(kills) == 2 and kills[0] == (1, 0, 0) and kills[1][0] == kills[1][2] == 0
            and not v.plays.jokers_rank_lowest)
    return {"kills": kills, "kill_fast": fast, "doubling": kills[1][1] if fast else 0,
            "jokers_rank_lowest": v.plays.jokers_rank_lowest}


def _joker_context(v: m.Variant) -> dict:
    """The joker kinds as the template's code names them: SJ small, BJ big, then one variable
    per extra card kind ([cards] extra), named by its place (never by its token), and the
    expressions over them. Without extra kinds these are the standard module's very text."""
    extras = extra_kinds(v)
    names = ["small", "big"] + [f"extra{i}" for i in range(1, len(extras) + 1)]
    play = [f"play[{i}]" for i in range(3, 3 + len(names))]
    mixed = "small and big" if not extras else " + ".join(f"({n} > 0)" for n in names) + " > 1"
    return {
        "extra_kinds": bool(extras),
        "extra_tokens": extras,
        "extra_names": "".join(f" {t}" for t in extras),
        "n_kinds": 13 + len(names),
        "joker_vars": names,
        "jokers_unpack": ", ".join(names),
        "jokers_unpack_upper": ", ".join(names[1:]),
        "jokers_any": " or ".join(names),
        "jokers_sum": " + ".join(names),
        "jokers_mixed": mixed,
        "zeros": ", ".join("0" for _ in names),
        "play_jokers_any": " or ".join(play),
        "play_jokers_minus": " - ".join(play),
        "cards_jokers": " + ".join(f"cards[{i}]" for i in range(13, 13 + len(names))),
        "hand_jokers": " + ".join(f"hand[{i}]" for i in range(13, 13 + len(names))),
        "hand_joker_items": ", ".join(f"hand[{i}]" for i in range(13, 13 + len(names))),
    }


def _head_context(v: m.Variant) -> dict:
    """What every engine template's head says: version, names, source and titles."""
    return {
        "version": __version__,
        "name": v.name,
        # `variants/NAME.gouji` for a standard variant; a user's file by its name
        # alone, so the module is the same wherever the file was built from.
        "source_file": _comment_text(_source_name(v)),
        "build_target": v.name if _source_name(v).startswith("variants/") else _comment_text(_source_name(v)),
        "lineage": " <- ".join(v.lineage),
        "title": v.about.title,
        "title_en": v.about.title_en,
        "players": int(v.table.players),
    }


def engine_context(v: m.Variant) -> dict:
    if v.abstract:
        raise GenerationError(f"variant '{v.name}' is abstract: it has no engine")
    if v.game != "gouji" or v.plays.shape != "one_rank":
        raise GenerationError(f"variant '{v.name}': engines are generated for Gouji one-rank plays only")
    if v.cards.filler not in (None, "2"):
        raise GenerationError(f"variant '{v.name}': the generated engine supports 2 as the filler, or none")
    thresholds = [NEVER] * 13
    _translate = functools.partial(translate, index=kinds(extra_kinds(v)).index)
    for row in v.gouji.thresholds:
        thresholds[INDEX[row.rank]] = row.at_least
    opposite = opposite_of(v)
    team = team_of(v)
    declared_cases = DECLARED_CASES if v.open.declare else ("neither",)
    dian = []
    for declared in declared_cases:
        for opened in OPENED_CASES:
            me_gives, opp_gives = dian_cell(v.tribute.dian, declared, opened)
            dian.append(((declared, opened), _translate(me_gives, {"level": "level"}),
                         _translate(opp_gives, {"level": "level"}),
                         _comment_text(f"me_gives = {me_gives.text}, opp_gives = {opp_gives.text}")))
    t, s = v.tribute, v.scoring
    return {
        **_head_context(v),
        "never": NEVER,
        "thresholds": tuple(thresholds),
        "jokers_make_gouji": v.gouji.jokers_make_gouji,
        "fillers_count": v.gouji.fillers_count,
        "has_filler": v.cards.filler is not None,
        "fillers_alone": v.plays.fillers_alone,
        "jokers_alone": v.plays.jokers_alone,
        "jokers_one_kind": v.plays.jokers_one_kind,
        "threes_last": v.threes.threes_last,
        # [ranks] constraints: rank index -> (single, last_only, all_at_once, bare); {} when none.
        "rank_rules": {INDEX[r.rank]: (r.single, r.last_only, r.all_at_once, r.bare) for r in v.ranks.constraints},
        # With [ranks] constraints `_answers` filters the plays of the cards, which this names.
        "answers_impl": "_answers_of_cards" if v.ranks.constraints else "_answers",
        # [plays] compare = any_play: the card functions ask the size alone (no kill is read).
        "any_play": v.plays.compare == "any_play",
        **_kill_context(v),
        **_joker_context(v),
        "api": _name_lines(module_api()),
        "card_imports": ", ".join(_card_imports(v)),
        "opens_expr": _translate(v.open.counts, {"play": "play"}),
        "no_opening": v.open.method == "none",
        "opens_formula": formula_comment("[open] counts", v.open.counts),
        # [plays] final_play: no `_final_play` at all without the rule (the engine stays as it was).
        "final_play_expr": None if never(v.plays.final_play) else _translate(v.plays.final_play, {"play": "hand"}),
        "final_play_formula": formula_comment("[plays] final_play", v.plays.final_play),
        # [open] then_lead: no `_then_lead` at all without two-step opening (the engine stays as it was).
        "then_lead_expr": _translate(v.open.then_lead, {"play": "play"}) if _two_step_opening(v) else None,
        "then_lead_formula": formula_comment("[open] then_lead", v.open.then_lead) if _two_step_opening(v) else None,
        "burn_allowed": v.burning.allowed,
        "declare": v.open.declare,
        "revolt_expr": _translate(v.revolution.condition, {"hand": "hand"}),
        "revolt_formula": formula_comment("[revolution] condition", v.revolution.condition),
        "redeal_expr": _translate(v.table.redeal_if, {"hand": "hand"}) if v.table.redeal_if is not None else None,
        "redeal_formula": formula_comment("[table] redeal_if", v.table.redeal_if) if v.table.redeal_if is not None else None,
        # Plain data only (ints, strings, bools, tuples, dicts of ints), emitted with repr.
        "settings": engine_settings(v),
        "burn_uses_rest": uses(v.burning.condition, "rest"),
        "burn_is_carry_rule": is_call(v.burning.condition, "carry_rule", "rest"),
        "burn_expr": _translate(v.burning.condition, {"hand": "hand", "rest": "rest"}),
        "burn_formula": formula_comment("[burning] condition", v.burning.condition),
        "first_play_needs_joker": v.burning.first_play_needs_joker,
        "opposite": dict(sorted(opposite.items())),
        "opposite_pairs": tuple(tuple(p) for p in v.table.opposites),
        "pairs": tuple((x, y) for a, b in v.table.opposites for x, y in ((a, b), (b, a))),
        "team": dict(sorted(team.items())),
        "place_points": tuple(s.place_points),
        "dian_max_level": t.dian_max_level,
        "dian_graduation": t.dian_graduation,
        "dian": dian,
        "sweep": v.end.sweep,
        "tribute_enabled": t.enabled,
        "tribute_order": tuple(t.order),
        "sweep_to_opposite": t.sweep_luo == "to_own_opposite",
        "luo": tuple((r.payer, r.receiver, r.count) for r in t.luo),
        "shao": t.shao,
        "men": t.men,
        "team_sum": s.team_sum,
        "sweep_multiplier": s.sweep_multiplier,
        "open_points": s.open_points,
        # [scoring] scale as (numerator, denominator), None when it is 1 (scores are left as they are).
        "scale": None if s.scale == 1 else (int(s.scale.numerator), int(s.scale.denominator)),
        # [scoring] outcome: the sign of each score (a win, a draw or a loss) rather than the score.
        "win_draw_loss": s.outcome == "win_draw_loss",
        # [room]: the platform's rules around games (leaving early, player ranks).
        "room_mode": v.room.mode,
        "min_games": v.room.min_games,
        "leave_penalty": v.room.leave_penalty,
        "penalty_first_leaver_only": v.room.penalty_first_leaver_only,
        "rank_by": v.room.rank_by,
        "ranks": tuple((r.title, r.points_min if v.room.rank_by == "points" else r.coins_min) for r in v.room.ranks),
    }


def pattern_context(v: m.Variant) -> dict:
    """The context of `pattern_engine.py.j2`: a variant whose plays are patterns (Shuangkou).
    Its tables are emitted as plain literals (runtime.patterns.PatternSpec, runtime.results.ResultSpec)."""
    from gouji_dsl.backends.pattern_tables import pattern_spec, spec_source
    from gouji_dsl.rules.results import result_spec, spec_source as result_spec_source

    if v.abstract:
        raise GenerationError(f"variant '{v.name}' is abstract: it has no engine")
    return {
        **_head_context(v),
        "game_en": "Shuangkou" if v.game == "shuangkou" else v.game,
        "api": _name_lines(module_api()),
        "spec_source": spec_source(pattern_spec(v)),
        "results_source": result_spec_source(result_spec(v)),
        "settings": engine_settings(v),
    }


def _card_part(v: m.Variant) -> tuple[jinja2.Template, dict[str, Any], str]:
    """The engine template, its context, and the module it writes without the game (the card
    functions, RULES and the tables)."""
    if v.plays.shape == "patterns":
        template, context = _environment().get_template("pattern_engine.py.j2"), pattern_context(v)
    else:
        template, context = _environment().get_template("engine.py.j2"), engine_context(v)
    return template, context, template.render(**context, flow_section="")


def _card_namespace(v: m.Variant, cards: str) -> dict[str, Any]:
    namespace: dict[str, Any] = {"__name__": f"gouji_dsl._specialising.{module_name(v.name)}"}
    # The card functions and RULES need nothing the game defines.
    exec(compile(cards, f"generated/{module_name(v.name)}.py", "exec"), namespace)  # noqa: S102 - our own generated code
    return namespace


def card_functions(v: m.Variant) -> types.SimpleNamespace:
    """The variant's engine without its game: the card functions (`beats`, `answers`, `tributes`,
    `score` ...), `RULES` and the tables, as the generated module defines them. What asks no
    game of the engine (a search of card cases, a game on the unspecialised flow from `RULES`)
    is answered without specialising the flow, which is most of the time a build takes."""
    _template, _context, cards = _card_part(v)
    return types.SimpleNamespace(**_card_namespace(v, cards))


def render_engine(v: m.Variant) -> str:
    """The variant's engine module: its card functions and settings from the template, then its
    game, the flow specialised to those settings (backends/specialise)."""
    template, context, cards = _card_part(v)
    found = _RENDERED.get(cards)
    if found is not None:
        _RENDERED.move_to_end(cards)
        return found
    game = _game(v, _game_key(template, context), cards)
    source = with_imports(template.render(**context, flow_section=_flow_section(game)), game.imports)
    # A template or specialiser bug must not reach disk. The code is kept for a module made from
    # this source in memory (the books' examples, a house rule's engine): compiled once.
    code = compile(source, _in_memory_file(v.file_of(v.name) or v.name), "exec")
    keep_recent(_RENDERED, cards, source, MOST_RENDERED)
    keep_recent(_CODE, source, code, MOST_RENDERED)
    return source


def _game(v: m.Variant, game_key: str, cards: str) -> Specialised:
    """The variant's game: found in this process, else in the cache on disk, else specialised
    (the card part executed once, to know what its settings and functions are)."""
    game = _GAMES.get(game_key)
    if game is None:
        game = game_cache.load(game_key)
        if game is None:
            game = specialise(_card_namespace(v, cards), v.name, cards)
            game_cache.store(game_key, game)
    if game.variant != v.name:
        game = game.renamed(v.name)
    keep_recent(_GAMES, game_key, game, MOST_GAMES)
    return game


def _in_memory_file(origin: str) -> str:
    """The file name of an engine module made in memory (what its tracebacks show)."""
    return f"<gouji engine of {_comment_text(origin)}>"


# Rendered engines by the text of their card part (which decides the game): the books render
# a variant's engine several times for their examples. And their code, by their source.
MOST_RENDERED = 64
_RENDERED: OrderedDict[str, str] = OrderedDict()
_CODE: OrderedDict[str, types.CodeType] = OrderedDict()
# Specialised games by the card part written without the variant's names and titles: two variants
# that differ only there (a renamed copy, a house rule that changes only [about], a child that
# states nothing) have one game, its docstring apart, and specialising is most of a build's time.
# A game is some tens of KB: a process building many house rules (the rule-witness tests, an
# editor) keeps the most recent MOST_GAMES; backends/game_cache keeps them between processes.
MOST_GAMES = 512
_GAMES: OrderedDict[str, Specialised] = OrderedDict()
# What the card part says that names the variant rather than decides its game: its head (names,
# file, lineage, titles) and RULES' name.
_NAMES = {"name": "", "source_file": "", "build_target": "", "lineage": "", "title": "", "title_en": ""}


def _game_key(template: jinja2.Template, context: dict[str, Any]) -> str:
    """The card part written with the variant's names and titles left out: what decides its game."""
    nameless = {**context, **_NAMES, "settings": [(k, "" if k == "name" else value) for k, value in context["settings"]]}
    return template.render(**nameless, flow_section="")


def game_key(v: m.Variant) -> str:
    """Equal for two variants whose engines play the same game (they may differ in names and
    titles): a digest of the card part without them."""
    template, context, _cards = _card_part(v)
    return hashlib.sha256(_game_key(template, context).encode("utf-8", "surrogateescape")).hexdigest()
GAME_SECTION = """

# --- the game ----------------------------------------------------------------------------------
# gouji_dsl/runtime/flow.py's Game specialised to this variant's RULES (gouji_dsl/backends/specialise):
# every setting read as its value, the branches it decides cut, one-expression helpers written
# into their callers, what this variant never reaches left out.

{constants}

{game}
"""


def _flow_section(game) -> str:
    return GAME_SECTION.format(constants="\n".join(game.constants), game=game.source.rstrip("\n")).replace("\n\n\n\n", "\n\n\n")


def with_imports(source: str, extra: tuple[str, ...]) -> str:
    """`source` with `extra` import lines merged into its block of imports (the first run of
    import lines after the docstring), led by `from __future__ import annotations`."""
    lines = source.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith(("from ", "import ")))
    end = start
    while end < len(lines) and lines[end].startswith(("from ", "import ")):
        end += 1
    block = merged(lines[start:end] + list(extra))
    return "\n".join(lines[:start] + ["from __future__ import annotations", ""] + block + lines[end:])


@dataclass(frozen=True)
class Output:
    path: Path
    text: str


def engine_output(v: m.Variant, out_dir: Path | None = None) -> Output:
    out_dir = out_dir or generated_dir()
    return Output(out_dir / f"{module_name(v.name)}.py", render_engine(v))


# The package of the shipped engines: the checkout's generated/ folder (pyproject.toml).
ENGINE_PACKAGE = "gouji_dsl.generated"
INIT_TEXT = ('"""Engines generated by gouji-dsl from variants/*.gouji, imported as gouji_dsl.generated.<variant>\n'
             '(`-` in a variant\'s name becomes `_`). Do not edit: run `gouji build`."""\n')


def write_outputs(outputs: list[Output], check: bool) -> list[Path]:
    """Write (or, with check, compare) outputs; returns the paths that differ."""
    stale = []
    for out in outputs:
        try:
            current = out.path.read_text(encoding="utf-8") if out.path.is_file() else None
        except (OSError, UnicodeDecodeError):
            current = None  # unreadable counts as stale; writing it says clearly what is wrong
        if current != out.text:
            stale.append(out.path)
            if not check:
                write_atomic(out.path, out.text)
    return stale


def engine_module(v: m.Variant, identity: str = ""):
    """A variant's generated engine, rendered and loaded in memory (never written to disk).

    For users' own rule files: `gouji play club.gouji` needs an engine but must not
    write into the package or the project's generated/. `identity` (engines.identity: a
    user's file by its path and content) keeps two files of one name apart.
    """
    return module_from_source(v.name, render_engine(v), v.file_of(v.name), identity)


def module_from_source(name: str, source: str, origin: str = "", identity: str = ""):
    """Load generated engine source as a module, cached per source text and variant
    identity, so the same rules of the same file give the same module object in one
    process, and two files of one name (even of the same rules) two modules."""
    keyed = source if not identity else f"{identity}\0{source}"
    digest = hashlib.sha256(keyed.encode("utf-8", "surrogateescape")).hexdigest()[:16]
    module_id = f"gouji_dsl._built.{module_name(name)}_{digest}"
    module = sys.modules.get(module_id)
    if module is None:
        module = types.ModuleType(module_id)
        module.__file__ = _in_memory_file(origin or name)
        sys.modules[module_id] = module  # before exec: dataclasses and pickling look modules up by name
        code = _CODE.get(source)
        if code is None or code.co_filename != module.__file__:
            code = compile(source, module.__file__, "exec")
        try:
            exec(code, module.__dict__)  # noqa: S102 - our own generated code
        except BaseException:
            del sys.modules[module_id]
            raise
        _keep_by_name(module_id)
    return module


# The engines built in memory, found by name (sys.modules) for pickling: the newest MOST_ENGINES.
# An older one still works for whoever holds it, but a long process building one house rule after
# another (an editor, a soak) does not keep them all; a game of it pickled later is refused when
# unpickled in this process (no module of that name), as in any other process.
_BUILT: list[str] = []


def _keep_by_name(module_id: str) -> None:
    _BUILT.append(module_id)
    while len(_BUILT) > MOST_ENGINES:
        sys.modules.pop(_BUILT.pop(0), None)


def load_engine(name: str):
    """The shipped engine of a variant, the module `gouji_dsl.generated.<name>`
    (`-` in the name becomes `_`), or None when no engine was built for it."""
    module = module_name(name)
    if not module.isidentifier() or not (generated_dir() / f"{module}.py").is_file():
        return None
    module_id = f"{ENGINE_PACKAGE}.{module}"
    try:
        return importlib.import_module(module_id)
    except ModuleNotFoundError as exc:
        if exc.name != module_id:
            raise
        # Written by `gouji build` after the package was first imported in this
        # process: the import system's cached listing of the folder is stale.
        importlib.invalidate_caches()
        return importlib.import_module(module_id)
