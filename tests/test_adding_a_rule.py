"""Adding a rule is what docs/development.md ("Adding a rule") says, and no more.

In a copy of the package, a scratch rule is added the way that section lists, step for step:
`[scoring] first_bonus`, points the first player out gets on top of their place points. Its
module (gouji_dsl/rules/scoring.py) gets the field, its check, its engine and interpreter
facets, its sentences and its phrase; then the realisation points its facets name: the
generated engine's `score` (the template part templates/engine/results.py.j2, and the value
codegen hands it) and the reference interpreter's `Reference.score`. Nothing else is edited.

Then, run from the copy: a house rule using it checks; the two engines play a seeded match of
it move for move and agree on every score, which is the parent's plus the bonus for the first
out; its handout says the rule, `gouji diff` finds it; and the standard variants' generated
engines are what they were (a rule a variant does not set rewrites no generated engine; the
books, which state every rule, gain its sentence).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# The steps of docs/development.md's "Adding a rule", each as (file, text there, the text that replaces it).
RULE_MODULE = "gouji_dsl/rules/scoring.py"
STEPS = [
    # 1. the field, with its value type, Chinese and English names and a default
    (RULE_MODULE, '''                      default=1)
''', '''                      default=1)
    first_bonus: int = rule(IntT(0, 100), "头科奖励", "points the first player out gets on top of their place points",
                            default=0)
'''),
    # 2. its check (here: its value type is all of it)
    (RULE_MODULE, '''type_only("scoring.team_sum",''', '''type_only("scoring.first_bonus")
type_only("scoring.team_sum",'''),
    # 3. engine: the card function that realises it
    (RULE_MODULE, '''spec.register("scoring.zero_sum", "engine",''', '''spec.register("scoring.first_bonus", "engine", spec.CardFunction(("score",)))
spec.register("scoring.zero_sum", "engine",'''),
    # 4. interpreter: the reference method that realises it
    (RULE_MODULE, '''spec.register("scoring.zero_sum", "interpreter",''', '''reference_methods(("score",), "scoring.first_bonus")
spec.register("scoring.zero_sum", "interpreter",'''),
    # 5. its sentences in both languages
    (RULE_MODULE, '''book.bool_rule("scoring.zero_sum", "scoring",''', '''@book.rule("scoring.first_bonus", "scoring")
def _(ctx: book.Ctx, value: int) -> Said:
    if not value:
        return said(T("头科没有额外的分。"), T("The first player out gets no extra points."))
    return said(T("头科另得{n}分。", n=value), T("The first player out gets {n} extra points.", n=value))


book.bool_rule("scoring.zero_sum", "scoring",'''),
    # 6. its phrase
    (RULE_MODULE, '''dp.phrase("scoring.place_points", _phrase_place_points)''', '''dp.phrase("scoring.place_points", _phrase_place_points)
dp.phrase("scoring.first_bonus", {
    0: dp.said("头科没有额外的分", "gives the first out no extra points"),
    "*": dp.said("头科另得{v}分", "gives the first out {v} extra points"),
})'''),
    # 7. the realisation points the facets name: the generated score (template part and its value) ...
    ("gouji_dsl/backends/templates/engine/results.py.j2", '''    points = {seat: _PLACE_POINTS[i] * multiplier for i, seat in enumerate(finish)}
''', '''    points = {seat: _PLACE_POINTS[i] * multiplier for i, seat in enumerate(finish)}
{% if first_bonus %}
    points[finish[0]] += {{ first_bonus }}
{% endif %}
'''),
    ("gouji_dsl/backends/codegen.py", '''        "open_points": s.open_points,
''', '''        "open_points": s.open_points,
        "first_bonus": s.first_bonus,
'''),
    # ... and the reference interpreter's score
    ("gouji_dsl/backends/reference.py", '''        if self._sweep(result):
            points = {seat: p * s.sweep_multiplier for seat, p in points.items()}
''', '''        if self._sweep(result):
            points = {seat: p * s.sweep_multiplier for seat, p in points.items()}
        if s.first_bonus:
            points[result.finish[0]] += s.first_bonus
'''),
]

HOUSE = textwrap.dedent("""\
    variant house extends lianzhong

    [about]
    title = "头科有奖"

    [scoring]
    first_bonus = 5
    zero_sum = no
    """)

PLAY_BOTH = textwrap.dedent("""\
    import json, random, sys
    from gouji_dsl import engines
    from gouji_dsl.lang.loader import Workspace
    from gouji_dsl.runtime.state import Match
    ws = Workspace()
    name = ws.resolve_argument(sys.argv[1])
    gen, ref = engines.load(ws, name), engines.load(ws, name, "reference")
    parent = engines.load(Workspace(), "lianzhong")
    rng, out = random.Random(7), []
    games = [Match(), Match(), Match()]
    for n in range(2):
        g, r, p = (e.new_game(seed=70 + n, match=m) for e, m in zip((gen, ref, parent), games))
        while not g.is_terminal():
            assert [str(a) for a in g.legal_actions()] == [str(a) for a in r.legal_actions()]
            action = rng.choice(g.legal_actions())
            for game in (g, r, p):
                game.apply_action(str(action))
        out.append({"gen": g.returns(), "ref": r.returns(), "parent": p.returns(), "first": g.result()["finish"][0]})
        games = [g.next_match(), r.next_match(), p.next_match()]
    print(json.dumps(out))
    """)


def _copy_of_the_package(root: Path) -> Path:
    """The package copied into `root` with its data folders inside it (as installed), so that
    the copy imports and writes only itself."""
    package = root / "gouji_dsl"
    shutil.copytree(ROOT / "gouji_dsl", package, ignore=shutil.ignore_patterns("__pycache__", "_built*"))
    for data in ("variants", "grammar", "sources", "generated"):
        shutil.copytree(ROOT / data, package / data, ignore=shutil.ignore_patterns("__pycache__"))
    return package


def _run(copy: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(copy), "GOUJI_LANG": "zh"}
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300,
                          check=False)


def test_the_steps_are_the_ones_the_development_page_lists():
    """Each step of the page's list is one step here, in its order (what is edited, where)."""
    page = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
    section = page.split("## Adding a rule", 1)[1].split("\n## ", 1)[0]
    steps = [line for line in section.splitlines() if line[:2] in {f"{n}." for n in range(1, 10)}]
    assert [s.split(".", 1)[0] for s in steps] == [str(n) for n in range(1, len(steps) + 1)]
    for words in ("the field", "check", "engine", "interpreter", "sentences", "phrase", "realisation points",
                  "gouji build"):
        assert any(words in s for s in steps), f"the page's steps do not say {words!r}"


@pytest.mark.wide  # about 15 s (a copy of the package, built and played): CI's wide run
@pytest.mark.skipif(sys.platform == "win32", reason="the copy runs with PYTHONPATH set the POSIX way")
def test_a_rule_added_as_the_page_says_checks_plays_on_both_engines_and_is_described(tmp_path):
    copy = tmp_path / "copy"
    package = _copy_of_the_package(copy)
    for file, old, new in STEPS:
        path = copy / file
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{file}: the text a step replaces is gone: {old[:60]!r}"
        path.write_text(text.replace(old, new), encoding="utf-8")
    work = tmp_path / "work"
    work.mkdir()
    (work / "house.gouji").write_text(HOUSE, encoding="utf-8")

    checked = _run(copy, "-m", "gouji_dsl", "check", "house.gouji", cwd=work)
    assert checked.returncode == 0, checked.stdout + checked.stderr

    played = _run(copy, "-c", PLAY_BOTH, "house.gouji", cwd=work)
    assert played.returncode == 0, played.stderr
    for game in json.loads(played.stdout):
        assert game["gen"] == game["ref"]
        assert game["gen"] != game["parent"] and game["gen"][game["first"] - 1] == game["parent"][game["first"] - 1] + 5

    handout = _run(copy, "-m", "gouji_dsl", "doc", "house.gouji", "--handout", "--format", "md", "-o", "house.md",
                   cwd=work)
    assert handout.returncode == 0, handout.stderr
    assert "头科另得5分" in (work / "house.md").read_text(encoding="utf-8")

    diff = _run(copy, "-m", "gouji_dsl", "diff", "lianzhong", "house.gouji", cwd=work)
    assert diff.returncode in (0, 1) and "头科另得5分" in diff.stdout, diff.stdout + diff.stderr

    # No standard engine is rewritten; their books are, each now stating the rule (every book states every rule).
    fresh = _run(copy, "-m", "gouji_dsl", "build", "--check", cwd=work)
    stale = [line for line in (fresh.stdout + fresh.stderr).splitlines() if str(package) in line]
    assert stale and all("/generated/rulebooks/" in line for line in stale), fresh.stdout + fresh.stderr
