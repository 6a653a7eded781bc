"""The compiled engine (`gouji build --compiled`, gouji_dsl.compiled): clear refusals when
mypyc or a C compiler is missing (the pure-Python engine still plays), the status and clean
bookkeeping, and, in a slow run (a compile takes minutes), a differential test: a compiled
copy of the package plays the same seeded games as a pure copy, action for action."""
from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import gouji_dsl
from gouji_dsl import compiled
from gouji_dsl.cli import main

from strategies import ALL_ENGINE_VARIANTS


def _fake_package(root: Path) -> tuple[Path, Path]:
    """A package folder with two runtime modules and two engines, one mypyc refuses."""
    (root / "runtime").mkdir(parents=True)
    (root / "runtime" / "cards.py").write_text("X = 1\n", encoding="utf-8")
    (root / "runtime" / "flow.py").write_text("Y = 2\n", encoding="utf-8")
    engines = root / "generated"
    engines.mkdir()
    (engines / "__init__.py").write_text("", encoding="utf-8")
    (engines / "alpha.py").write_text("def answers(hand, lead):\n    return []\n", encoding="utf-8")
    (engines / "beta.py").write_text("def answers(h, l):\n    return []\n\n\n_inner = answers\n\n\n"
                                     "def answers(h, l):\n    return _inner(h, l)\n", encoding="utf-8")
    return root, engines


def _plays(name: str) -> int:
    game = gouji_dsl.engine(name).new_game(seed=3)
    steps = 0
    while not game.is_terminal() and steps < 40:
        game.apply_action(game.legal_actions()[0])
        steps += 1
    return steps


def test_without_mypyc_the_command_says_what_to_install_and_the_engine_still_plays(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "mypyc", None)  # what find_spec reports when it is not installed
    assert main(["build", "--compiled"]) == 2
    err = capsys.readouterr().err
    assert "mypyc is not installed" in err and "gouji-dsl[compiled]" in err and "pure-Python engine" in err
    assert "Traceback" not in err
    assert all(state.startswith("pure Python") for state in compiled.status().values())
    assert _plays("lianzhong") > 0 and _plays("shuangkou") > 0


def test_without_a_c_compiler_the_command_names_it(monkeypatch, capsys):
    pytest.importorskip("mypyc", reason="mypyc is asked about first")
    monkeypatch.setenv("CC", "/nonexistent/bin/cc")
    assert main(["build", "--compiled"]) == 2
    err = capsys.readouterr().err
    assert "no C compiler" in err and "/nonexistent/bin/cc" in err and "Traceback" not in err


@pytest.mark.parametrize("argv, message", [
    (["build", "--clean"], "--clean goes with --compiled"),
    (["build", "--status"], "--status goes with --compiled"),
    (["build", "--compiled", "--clean", "--status"], "do not go together"),
    (["build", "--compiled", "lianzhong"], "takes no variants"),
    (["build", "--compiled", "--check"], "takes no variants, -o or --check"),
])
def test_compiled_options_are_checked(argv, message, capsys):
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_status_tells_compiled_stale_and_refused_modules_and_clean_removes_ours(tmp_path):
    root, engines = _fake_package(tmp_path / "pkg")
    states = compiled.status(root, engines)
    assert compiled.stale(root, engines) == []  # nothing compiled: nothing stale
    assert list(states) == ["gouji_dsl.runtime.cards", "gouji_dsl.runtime.flow",
                            "gouji_dsl.generated.alpha", "gouji_dsl.generated.beta"]
    assert states["gouji_dsl.runtime.cards"] == "pure Python"
    assert "answers() is defined twice" in states["gouji_dsl.generated.beta"]
    # What a compile leaves: the shared library, an extension per module, the manifest.
    modules = {m.name: m for m in compiled.candidates(root, engines)}
    done = [modules["gouji_dsl.runtime.cards"], modules["gouji_dsl.generated.alpha"]]
    for path in [compiled.shared_library(root)] + [m.extension for m in done]:
        path.write_bytes(b"")
    manifest = {"compiled": {m.name: {"sha256": compiled._digest(m.source)} for m in done}, "skipped": {}}
    (root / compiled.MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    states = compiled.status(root, engines)
    assert states["gouji_dsl.runtime.cards"] == states["gouji_dsl.generated.alpha"] == "compiled"
    assert states["gouji_dsl.runtime.flow"] == "pure Python"
    (root / "runtime" / "cards.py").write_text("X = 3\n", encoding="utf-8")  # edited after the compile
    assert compiled.status(root, engines)["gouji_dsl.runtime.cards"] == "stale"
    assert compiled.stale(root, engines) == ["gouji_dsl.runtime.cards"]
    assert "1 stale" in compiled.status_text(compiled.status(root, engines))
    (engines / "unrelated.so").write_bytes(b"")  # not ours: left alone
    removed = compiled.clean(root, engines)
    assert len(removed) == 4 and (engines / "unrelated.so").exists()
    assert all(s.startswith("pure Python") for s in compiled.status(root, engines).values())


def test_the_checkout_holds_no_compiled_modules():
    """Compiled files never stay in a source tree: they would shadow its edits."""
    if not (compiled.package_dir().parent / "pyproject.toml").is_file():
        pytest.skip("an installed package, not a checkout: compiling it in place is its user's choice")
    states = compiled.status()
    assert not [name for name, state in states.items() if not state.startswith("pure Python")]


# The worker plays seeded random games with whichever package is first on sys.path and
# prints, per game, every legal-action list, the actions, observations, the returns and an undo.
WORKER = textwrap.dedent("""
    import json, random, sys
    import gouji_dsl, gouji_dsl.runtime.flow as flow
    variants, games = json.loads(sys.argv[1]), int(sys.argv[2])
    out = {"flow": flow.__file__, "engines": {}, "games": {}, "refusals": {}}

    def refusal(call):
        try:
            return repr(call())
        except Exception as exc:
            return f"{type(exc).__name__}: {exc}"

    for name in variants:
        engine = gouji_dsl.engine(name)
        out["engines"][name] = engine.__file__
        game = engine.new_game(seed=1)
        first = game.legal_actions()[0]
        # What users may pass wrongly: refused alike, with the same messages.
        out["refusals"][name] = [refusal(call) for call in (
            lambda: game.apply_action(None), lambda: game.apply_action(42), lambda: game.apply_action("fly"),
            lambda: game.apply_action(first, seat=0), lambda: game.apply_action(first, seat="1"),
            lambda: game.observation(0), lambda: game.observation("1"), lambda: game.observation(None),
            lambda: engine.new_game(seed=[1]), lambda: engine.new_game(seed=1, match=5),
            lambda: engine.parse_cards("Z Z"), lambda: engine.new_position({1: "3"}, leader=9))]
        played = []
        for seed in range(games):
            game, rng, trace = engine.new_game(seed=seed), random.Random(seed), []
            step = 0
            while not game.is_terminal():
                legal = game.legal_actions()
                trace.append([str(a) for a in legal])
                if step % 17 == 0:
                    trace.append(repr(game.observation(game.current_player())))
                    twin = game.clone()
                    twin.apply_action(legal[-1])
                    twin.undo_action()
                    trace.append(twin.legal_actions() == legal)
                game.apply_action(rng.choice(legal))
                step += 1
            trace.append(repr(game.returns()))
            trace.append(game.history())
            played.append(trace)
        out["games"][name] = played
    print(json.dumps(out))
""")


def _play_in(copy: Path, games: int) -> dict:
    env = dict(os.environ, PYTHONPATH=str(copy))
    done = subprocess.run([sys.executable, "-c", WORKER, json.dumps(ALL_ENGINE_VARIANTS), str(games)],
                          env=env, cwd=copy, capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def copies(tmp_path_factory):
    """A pure and a compiled copy of the package, made from the same sources."""
    base = tmp_path_factory.mktemp("compiled")
    pure, fast = base / "pure", base / "compiled"
    pure.mkdir()
    fast.mkdir()
    compiled.copy_package(pure)
    root = compiled.copy_package(fast)
    try:
        compiled.check_toolchain()
    except compiled.CompileError as exc:
        pytest.skip(f"no toolchain for the compiled engine: {exc}")
    manifest = compiled.compile_package(root, root / "generated", log=lambda text: None)
    return pure, fast, manifest


@pytest.mark.slow
def test_compiled_engines_play_the_same_games_as_the_pure_ones(copies):
    pure, fast, manifest = copies
    assert {"gouji_dsl.runtime.flow", "gouji_dsl.generated.lianzhong", "gouji_dsl.generated.zaozhuang",
            "gouji_dsl.generated.shuangkou"} <= set(manifest["compiled"])
    expected, got = _play_in(pure, 12), _play_in(fast, 12)
    suffix = compiled.EXT_SUFFIX
    assert got["flow"].endswith(suffix) and not expected["flow"].endswith(suffix)
    for name in ALL_ENGINE_VARIANTS:
        module = "gouji_dsl.generated." + name.replace("-", "_")
        assert got["engines"][name].endswith(suffix) == (module in manifest["compiled"]), name
        assert got["games"][name] == expected["games"][name], name
        assert got["refusals"][name] == expected["refusals"][name], name


@pytest.mark.slow
def test_a_compiled_copy_reports_its_status_and_builds_check_clean(copies):
    _pure, fast, manifest = copies
    env = dict(os.environ, PYTHONPATH=str(fast))
    status = subprocess.run([sys.executable, "-m", "gouji_dsl", "build", "--compiled", "--status"],
                            env=env, cwd=fast, capture_output=True, text=True)
    assert status.returncode == 0
    assert f"{len(manifest['compiled'])} of {len(manifest['compiled']) + len(manifest['skipped'])}" in status.stdout
    # The extension modules beside generated/*.py do not change `gouji build --check`'s verdict.
    checks = [subprocess.run([sys.executable, "-m", "gouji_dsl", "build", "--check"], capture_output=True,
                             env=dict(os.environ, PYTHONPATH=str(copy)), cwd=copy, text=True)
              for copy in (_pure, fast)]
    assert checks[0].returncode == checks[1].returncode
    assert checks[0].stdout + checks[0].stderr == checks[1].stdout + checks[1].stderr


FINGERPRINTS = textwrap.dedent("""
    import json, sys
    sys.path.insert(0, sys.argv[2])
    import gouji_dsl
    from fingerprints import fingerprint
    print(json.dumps({name: [gouji_dsl.engine(name).__file__, fingerprint(gouji_dsl.engine(name).new_game)]
                      for name in json.loads(sys.argv[1])}))
""")


@pytest.mark.slow
def test_the_compiled_engines_play_the_fingerprinted_games(copies):
    """The 300 seeded games a variant of every engine is fingerprinted on (tests/fingerprints.py)."""
    _pure, fast, manifest = copies
    done = subprocess.run([sys.executable, "-c", FINGERPRINTS, json.dumps(ALL_ENGINE_VARIANTS),
                           str(Path(__file__).resolve().parent)], env=dict(os.environ, PYTHONPATH=str(fast)),
                          cwd=fast, capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stderr[-3000:]
    from fingerprints import expected

    got = json.loads(done.stdout)
    for name in ALL_ENGINE_VARIANTS:
        path, digest = got[name]
        assert path.endswith(compiled.EXT_SUFFIX), f"{name} was not compiled: {path}"
        assert digest == expected()[name], name


def test_private_methods_keep_their_annotations():
    """Only the class's own code calls them, with the types they declare: compiled, they are native calls."""
    text = "class C:\n    def _m(self, seat: int) -> bool:\n        return True\n\n    def m(self, seat: int) -> bool:\n        return True\n"
    out = compiled.untyped_signatures(text)
    assert "def _m(self, seat: int) -> bool:" in out and "def m(self, seat     )" in out
    engine = "def _f(hand: list[int]) -> int:\n    return 0\n\n\ndef f(hand: list) -> int:\n    return 0\n"
    assert "def _f(hand: list[int]) -> int:" in compiled.untyped_signatures(engine, private_functions=True)
    assert "def _f(hand           )" in compiled.untyped_signatures(engine)


def test_signatures_lose_their_annotations_line_for_line():
    text = ('def f(a: int, *rest: "tuple[int, ...]", b: dict[str,\n'
            '      int] | None = None, **kw: object) -> list[\n    int]:\n'
            '    x: int = 1  # 级牌: kept\n    return [a]\n\n\n'
            'class C:\n    field: int\n\n    def m(self, seat: int) -> "C":\n        return self\n')
    out = compiled.untyped_signatures(text)
    assert len(out.splitlines()) == len(text.splitlines())
    f = ast.parse(out).body[0]
    assert [a.arg for a in f.args.args + f.args.kwonlyargs] == ["a", "b"] and f.args.kwarg.arg == "kw"
    assert f.returns is None and not any(a.annotation for a in f.args.args + f.args.kwonlyargs
                                         + [f.args.vararg, f.args.kwarg])
    assert f.body[0].lineno == 4  # the statements keep their lines (tracebacks point into the .py)
    assert "    x: int = 1  # 级牌: kept" in out and "    field: int" in out
    assert "def m(self, seat     )" in out and "->" not in out
    # mypyc needs an __init__ annotated: it gets `-> None`, the colon found past a tricky default.
    init = compiled.untyped_signatures("class D:\n    def __init__(self, x: int = f(':'), *, y=(1, 2)):  # (:\n        pass\n")
    assert "def __init__(self, x      = f(':'), *, y=(1, 2)) -> None:  # (:" in init
