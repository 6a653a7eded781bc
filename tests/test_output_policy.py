"""One output-path policy for every command (files.check_outputs, run by cli._run before any work).

Every output option of every command (declared with files.OutputOption) refuses: an empty path, a
folder (existing, or written with a final slash), a name no file can have (a NUL, too long, under a
file), two outputs naming one file, and an output naming a file the command reads (the rule file
named, a parent it extends found through --path or GOUJI_PATH, a case file, a history), however
the path is spelled or linked. Each refusal is exit 2
with a message naming the path, and leaves every file as it was. fmt, which rewrites its rule
files in place by design, is the one exception.
"""
from __future__ import annotations

import argparse
import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gouji_dsl.cli import _inputs, build_parser, main
from gouji_dsl.files import OutputError, OutputOption, check_outputs, file_identity
from gouji_dsl.lang.loader import Workspace

CLUB = "variant club extends house\n\n[flow]\nlead_return_circles = 1\n"
HOUSE = "variant house extends zaozhuang\n"

# Every output option of every command: (command line before the option, the option, a second
# output option of the same command or None, whether it names a folder).
OUTPUTS = {
    ("build", "-o"): (["build", "club.gouji"], None, True),
    ("doc", "-o"): (["doc", "club.gouji"], None, False),
    ("diff", "--emit-cases"): (["diff", "zaozhuang", "club.gouji"], None, False),
    ("simulate", "--json"): (["simulate", "club.gouji", "--games", "1"], "--csv", False),
    ("simulate", "--csv"): (["simulate", "club.gouji", "--games", "1"], "--plot", False),
    ("simulate", "--plot"): (["simulate", "club.gouji", "--games", "1"], "--json", False),
    ("simulate", "--raw"): (["simulate", "club.gouji", "--games", "1"], "--csv", False),
    ("arena", "--json"): (["arena", "club.gouji", "--games", "1"], None, False),
}
# Options that take a path but name a file read, not written.
OUTPUT_WORDS = {"output", "json", "csv", "plot", "emit_cases", "out"}


def _commands() -> dict[str, argparse.ArgumentParser]:
    return build_parser()._subparsers._group_actions[0].choices


INPUT_OPTIONS = {("replay", "--rules")} | {(command, "--path") for command in _commands()}


def test_every_output_option_of_every_command_is_declared_and_in_the_table():
    """A new option that names a file is either an OutputOption (held to the policy) in OUTPUTS,
    or an input option: one neither fails here."""
    declared, undeclared = set(), []
    for name, command in _commands().items():
        for action in command._actions:
            if not action.option_strings or action.nargs == 0:
                continue  # positionals are inputs; flags (show --json, play --json) print to stdout
            key = (name, action.option_strings[0])
            if isinstance(action, OutputOption):
                declared.add(key)
            elif action.dest in OUTPUT_WORDS or action.metavar in ("FILE", "PATH", "DIR"):
                if key not in INPUT_OPTIONS:
                    undeclared.append(key)
    assert not undeclared, f"options naming a file that are not files.OutputOption: {undeclared}"
    assert declared == set(OUTPUTS)


@pytest.fixture
def club(tmp_path, monkeypatch) -> Path:
    """club.gouji (extends house, found through --path lib), a folder, links to the rule files."""
    monkeypatch.delenv("GOUJI_PATH", raising=False)
    folder = tmp_path / "club"
    (folder / "lib").mkdir(parents=True)
    (folder / "sub").mkdir()
    (folder / "club.gouji").write_text(CLUB, encoding="utf-8")
    (folder / "lib" / "house.gouji").write_text(HOUSE, encoding="utf-8")
    (folder / "club-link.out").symlink_to(folder / "club.gouji")
    (folder / "house-link.out").symlink_to(folder / "lib" / "house.gouji")
    os.link(folder / "club.gouji", folder / "club-hard.out")
    os.link(folder / "lib" / "house.gouji", folder / "house-hard.out")
    monkeypatch.chdir(folder)
    return folder


def snapshot(folder: Path) -> dict[str, object]:
    """Every file under `folder`: its bytes, or where a link points."""
    found: dict[str, object] = {}
    for path in sorted(folder.rglob("*")):
        key = str(path.relative_to(folder))
        found[key] = ("link", os.readlink(path)) if path.is_symlink() else \
            ("folder",) if path.is_dir() else path.read_bytes()
    return found


def _cases():
    """(option, a path it must refuse, what the message names): the path None names one new file by
    two outputs; the rule file and its parent in every spelling, for folder options too."""
    spellings = ["club.gouji", "./club.gouji", "sub/../club.gouji", "{abs}/club.gouji", "club-link.out",
                 "club-hard.out", "lib/house.gouji", "./lib/../lib/house.gouji", "{abs}/lib/house.gouji",
                 "house-link.out", "house-hard.out"]
    for key, (_, partner, folder) in OUTPUTS.items():
        yield pytest.param(key, "", "", id=f"{key[0]} {key[1]} empty")  # the message names the option
        yield pytest.param(key, "{abs}/../club/club.gouji", "{abs}/../club/club.gouji", id=f"{key[0]} {key[1]} dotdot")
        yield pytest.param(key, "a\0b", "'a\\x00b'", id=f"{key[0]} {key[1]} NUL")
        yield pytest.param(key, "x" * 300, "x" * 300, id=f"{key[0]} {key[1]} name too long")
        yield pytest.param(key, "club.gouji/x", "club.gouji/x", id=f"{key[0]} {key[1]} under a file")
        for path in spellings:
            yield pytest.param(key, path, path, id=f"{key[0]} {key[1]} {path}")
        if not folder:  # a folder option may name a folder
            yield pytest.param(key, "new/", "new/", id=f"{key[0]} {key[1]} slash")
            yield pytest.param(key, "sub", "sub", id=f"{key[0]} {key[1]} folder")
            yield pytest.param(key, "sub/", "sub/", id=f"{key[0]} {key[1]} folder slash")
            yield pytest.param(key, "./sub", "./sub", id=f"{key[0]} {key[1]} folder dot")
        if partner is not None:
            yield pytest.param(key, None, "./out.svg", id=f"{key[0]} {key[1]} same as {partner}")


@pytest.mark.parametrize("key, path, named", list(_cases()))
def test_every_output_option_refuses_what_it_must_not_write(club, capsys, key, path, named):
    before_argv, partner, _ = OUTPUTS[key]
    argv = [*before_argv, "--path", "lib", key[1]]
    if path is None:  # the same new file named by two outputs, spelled differently
        argv += ["out.svg", partner, "./out.svg"]
    else:
        argv.append(path.replace("{abs}", str(club)))
    named = named.replace("{abs}", str(club))
    before = snapshot(club)
    assert main(argv) == 2
    err = capsys.readouterr().err
    first_line = err.splitlines()[0]
    assert first_line.startswith("gouji: error: ") and (named or key[1]) in first_line
    assert "INTERNAL ERROR" not in err and "Traceback" not in err
    assert snapshot(club) == before


@pytest.mark.parametrize("argv, source", [
    (["doc", "club.gouji", "-o", "house-link.out"], "lib/house.gouji"),
    (["simulate", "club.gouji", "--games", "1", "--csv", "lib/house.gouji"], "lib/house.gouji"),
    (["arena", "club.gouji", "--games", "1", "--json", "./house-hard.out"], "lib/house.gouji"),
])
def test_a_parent_found_through_gouji_path_is_an_input(club, capsys, monkeypatch, argv, source):
    monkeypatch.setenv("GOUJI_PATH", str(club / "lib"))
    before = snapshot(club)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"would overwrite the rule file {source}, which this command reads" in err
    assert snapshot(club) == before


def test_the_message_names_the_output_and_the_input(club, capsys):
    assert main(["doc", "club.gouji", "--path", "lib", "-o", "house-link.out"]) == 2
    assert capsys.readouterr().err == (
        "gouji: error: house-link.out: the rulebook file (-o) would overwrite the rule file lib/house.gouji, "
        "which this command reads\n  hint: write the rulebook file (-o) to another file\n")
    assert main(["simulate", "club.gouji", "--path", "lib", "--json", "a.json", "--csv", "./a.json"]) == 2
    assert capsys.readouterr().err == (
        "gouji: error: ./a.json: the CSV file (--csv) is the same file as the JSON file (--json) (a.json): one would "
        "overwrite the other\n  hint: give each output its own file\n")


def test_outputs_are_refused_before_any_work(club, capsys, monkeypatch):
    """A refused output never starts a simulation: the games would be lost at the end."""
    import gouji_dsl.sim.runner as runner

    def no_work(*args, **kwargs):
        raise AssertionError("work started before the outputs were checked")
    monkeypatch.setattr(runner, "engine_spec", no_work)
    assert main(["simulate", "club.gouji", "--path", "lib", "--games", "100000", "--json", "x.json",
                 "--csv", "x.json"]) == 2
    assert "one would overwrite the other" in capsys.readouterr().err


def test_good_outputs_are_still_written(club, capsys):
    assert main(["doc", "club.gouji", "--path", "lib", "-o", "book.md"]) == 0
    assert (club / "book.md").read_text(encoding="utf-8")
    assert main(["simulate", "club.gouji", "--path", "lib", "--games", "1", "--bots", "random",
                 "--json", "sub/a.json", "--csv", "sub/a.csv"]) == 0
    assert sorted(p.name for p in (club / "sub").iterdir()) == ["a.csv", "a.json"]
    # a device is written in place: two outputs into /dev/null lose nothing
    assert main(["simulate", "club.gouji", "--path", "lib", "--games", "1", "--bots", "random",
                 "--json", "/dev/null", "--csv", "/dev/null"]) == 0


def test_fmt_still_rewrites_its_input(club, capsys):
    (club / "messy.gouji").write_text("variant messy extends zaozhuang\n[flow]\nlead_return_circles=1\n",
                                      encoding="utf-8")
    assert main(["fmt", "messy.gouji"]) == 0
    assert "lead_return_circles = 1" in (club / "messy.gouji").read_text(encoding="utf-8")


@pytest.mark.parametrize("argv, kind, file", [
    (["conform", "cases/a.jsonl"], "the case file", "cases/a.jsonl"),
    (["replay", "games/g.json"], "the game history", "games/g.json"),
    (["replay", "games/g.json", "--rules", "club.gouji"], "the rule file", "club.gouji"),
    (["replay", "games/g.json"], "the rule file", "games/beside.gouji"),  # a history finds its house rule beside it
])
def test_case_files_and_histories_are_inputs(club, argv, kind, file):
    """conform and replay have no output option today; their inputs are known for the day they do."""
    for name in ("cases/a.jsonl", "games/g.json", "games/beside.gouji"):
        (club / name).parent.mkdir(exist_ok=True)
        (club / name).write_text("x\n", encoding="utf-8")
    args = build_parser().parse_args(argv)
    inputs = {file_identity(path): str(described) for path, described in _inputs(args, Workspace.for_user())}
    assert inputs[file_identity(club / file)] == f"{kind} {file}"


# --- the same file, however it is spelled -------------------------------------------------------------

def _options():
    parser = argparse.ArgumentParser()
    return (parser.add_argument("--json", action=OutputOption, what="JSON file"),
            parser.add_argument("--csv", action=OutputOption, what="CSV file"))


@st.composite
def spellings(draw, base: Path):
    """Two spellings of one file under `base` (existing or not), and the file's plain path."""
    name = draw(st.text("abcxyz", min_size=1, max_size=6)) + ".out"
    exists = draw(st.booleans())
    target = base / "real" / name
    ways = ["absolute", "relative", "dot", "dotdot", "double slash", "symlink", "alias folder"]
    if exists:
        target.write_text("old\n", encoding="utf-8")
        ways.append("hard link")
    link_name = draw(st.text("pqr", min_size=1, max_size=4))

    def spell(way: str) -> str:
        if way == "absolute":
            return str(target)
        if way == "relative":
            return os.path.relpath(target)
        if way == "dot":
            return str(base / "real" / "." / name)
        if way == "dotdot":
            return str(base / "real" / ".." / "real" / name)
        if way == "double slash":
            return f"{base}/real//{name}"
        if way == "symlink":
            link = base / f"{link_name}-{name}.link"
            if not link.is_symlink():
                link.symlink_to(target)  # dangling while the file is not made yet: written through
            return str(link)
        if way == "alias folder":
            return str(base / "alias" / name)
        link = base / f"{link_name}-{name}.hard"
        if not link.exists():
            os.link(target, link)
        return str(link)
    first, second = draw(st.lists(st.sampled_from(ways), min_size=2, max_size=2))
    return spell(first), spell(second), target


@given(data=st.data())
def test_any_two_spellings_of_one_file_are_the_same_output(tmp_path_factory, data):
    base = tmp_path_factory.mktemp("spell")
    (base / "real").mkdir()
    (base / "alias").symlink_to(base / "real")
    first, second, target = data.draw(spellings(base))
    existed = target.exists()
    json, csv = _options()
    assert file_identity(first) == file_identity(second) is not None
    with pytest.raises(OutputError) as caught:
        check_outputs([(json, first), (csv, second)])
    assert str(caught.value.message).startswith(f"{second}: ")
    if existed:  # a file read is never written, whichever spelling names it
        with pytest.raises(OutputError):
            check_outputs([(json, first)], [(target, "the rule file")])
    assert target.exists() == existed  # checking writes nothing


@given(names=st.lists(st.text("abcxyz", min_size=1, max_size=6), min_size=2, max_size=2, unique=True))
def test_different_files_are_different_outputs(tmp_path_factory, names):
    base = tmp_path_factory.mktemp("apart")
    json, csv = _options()
    (base / names[0]).write_text("old\n", encoding="utf-8")
    check_outputs([(json, str(base / names[0])), (csv, str(base / "." / names[1]))], [(base / "other", "x")])
