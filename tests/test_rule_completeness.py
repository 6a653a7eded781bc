"""One rule, one place: every rule has all five facets, and the facets are real.

Written against the registry's API (`gouji_dsl.facets.spec`) only: which facet
a rule has, and what kind of value it is (a check function or `TypeOnly`, a
`Setting`, `CardFunction`, `ReferenceFunction`, a hook function, `NoPlay`,
`Unsupported`). The book and phrase facets are tested by the rulebook's and
the diff's own tests.
"""
from __future__ import annotations

import ast
import functools
import dataclasses
import inspect
import sys
from collections import defaultdict
from pathlib import Path

import pytest

import gouji_dsl.runtime
from gouji_dsl.model import registry
from gouji_dsl.diagnostics import Reporter, RuleErrors
from gouji_dsl.engines import load
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.model import schema as m
from gouji_dsl.model.types import OptionalT, RowT, StrT
from gouji_dsl.model.registry import game_settings
from gouji_dsl.phases import Compilation, check_variants
from gouji_dsl.facets import spec
from helpers import scratch_workspace
from strategies import ENGINE_VARIANTS

KEYS = registry.rule_keys()
WS = Workspace()


def facets(kind: str) -> dict[str, object]:
    return {key: spec.facet(key, kind) for key in KEYS if spec.facet(key, kind) is not None}


# --- (a) every rule has every facet ------------------------------------------------

def test_every_rule_has_every_facet():
    lacking = defaultdict(list)
    for key, facet in registry.missing():
        lacking[key].append(facet)
    report = "\n".join(f"  {key}: no {', no '.join(found)}" for key, found in lacking.items())
    assert not lacking, f"{len(lacking)} rule(s) lack a facet (register it in the rule's module):\n{report}"


# --- (b) the completeness check fails when a facet is removed ----------------------

@pytest.mark.parametrize("facet", spec.FACETS)
def test_removing_a_facet_of_any_rule_is_reported(monkeypatch, facet):
    for key in KEYS:
        if spec.facet(key, facet) is None:
            continue  # already reported by the test above
        with monkeypatch.context() as patch:
            patch.setitem(spec.REGISTRY, key, {f: v for f, v in spec.REGISTRY[key].items() if f != facet})
            assert (key, facet) in registry.missing(), f"removing the {facet} of {key} went unnoticed"


def test_a_facet_of_no_rule_is_reported(monkeypatch):
    monkeypatch.setitem(spec.REGISTRY, "burning.lfit", {"check": spec.TypeOnly()})
    assert ("burning.lfit", "(no such rule)") in registry.missing()


def test_a_facet_defined_twice_is_refused(monkeypatch):
    monkeypatch.setitem(spec.REGISTRY, "burning.lift", dict(spec.REGISTRY["burning.lift"]))
    with pytest.raises(spec.DefinitionError):
        spec.register("burning.lift", "check", spec.TypeOnly())


# --- (c) the check facets are real ---------------------------------------------------

def test_facet_values_are_of_the_documented_kinds():
    kinds = {
        "check": (spec.TypeOnly,),
        "engine": (spec.Setting, spec.CardFunction, spec.Part, spec.NoPlay, spec.Unsupported),
        "interpreter": (spec.ReferenceFunction, spec.Part, spec.NoPlay, spec.Unsupported),
    }
    for facet, allowed in kinds.items():
        for key, value in facets(facet).items():
            assert isinstance(value, allowed) or (facet != "engine" and inspect.isfunction(value)), \
                f"{key}: {facet} facet {value!r} is none of {', '.join(k.__name__ for k in allowed)}"
        for key, value in facets(facet).items():
            if isinstance(value, (spec.NoPlay, spec.Unsupported)):
                assert value.why.strip(), f"{key}: a {type(value).__name__} {facet} must say why"


def test_a_rule_carried_out_as_a_part_of_another_names_one_that_is_carried_out_and_reads_it():
    """A `spec.Part` names a rule whose own facet is real (a Setting, a hook) and whose module
    reads the part's rule where it builds that rule's value."""
    parts = [(key, facet, value) for facet in ("engine", "interpreter") for key, value in facets(facet).items()
             if isinstance(value, spec.Part)]
    assert parts, "no rule is carried out as a part of another"
    for key, facet, part in parts:
        whole = spec.facet(part.of, facet)
        assert isinstance(whole, spec.Setting) if facet == "engine" else inspect.isfunction(whole), (key, facet, whole)
        assert part.why.strip(), key
        module = inspect.getsource(sys.modules[f"gouji_dsl.rules.{part.of.split('.')[0]}"])
        assert f'"{key}"' in module, f"{part.of}'s module does not read {key}, of which it is made"


def _wrong_value(vtype) -> str:
    """A value of the wrong kind for `vtype`, as written in a rule file."""
    if isinstance(vtype, OptionalT):
        vtype = vtype.inner
    if isinstance(vtype, (StrT, RowT)):
        return "5"  # a number for a string; a single value for a table
    return '"x"'  # a string for a number, yes/no, a name, a list, a range or a formula


def _field(key: str) -> dataclasses.Field:
    section, name = key.split(".")
    return next(f for f in dataclasses.fields(m.SECTION_BY_NAME[section]) if f.name == name)


def _header(key: str) -> str:
    games = m.SECTION_BY_NAME[key.split(".")[0]].GAMES
    # A Shuangkou variant cannot be concrete (no engine yet): its rules are tried in an abstract one.
    return "variant {name} extends zaozhuang\n" if "gouji" in games else "abstract variant {name} extends shuangkou-baibian\n"


def test_every_type_only_rule_rejects_a_wrong_value_where_it_is_written(tmp_path):
    type_only = [key for key, value in facets("check").items() if isinstance(value, spec.TypeOnly)]
    assert type_only
    files = {}
    for i, key in enumerate(type_only):
        section, name = key.split(".")
        files[f"wrong{i}"] = _header(key).format(name=f"wrong{i}") + f"[{section}]\n{name} = {_wrong_value(_field(key).metadata['type'])}\n"
    ws = scratch_workspace(tmp_path, files)
    for i, key in enumerate(type_only):
        try:
            _good, diagnostics = check_variants(ws, [f"wrong{i}"])
        except RuleErrors as errors:
            diagnostics = errors.diagnostics
        located = [d for d in diagnostics if d.severity == "error" and d.pos.file.endswith(f"wrong{i}.gouji") and d.pos.line == 3]
        assert located, f"{key}: a wrong value on line 3 of {files[f'wrong{i}']!r} got no error there: {diagnostics}"


def _called_during(run) -> set:
    """The code objects of every Python function called while `run()` runs."""
    called = set()

    def profile(frame, event, _arg):
        if event == "call":
            called.add(frame.f_code)
    sys.setprofile(profile)
    try:
        run()
    finally:
        sys.setprofile(None)
    return called


def check_functions() -> dict:
    """Each check function once, with the rules it is registered for."""
    found: dict = {}
    for key, value in facets("check").items():
        if not isinstance(value, spec.TypeOnly):
            assert inspect.isfunction(value), f"{key}: check facet {value!r} is neither TypeOnly nor a function"
            found.setdefault(value, []).append(key)
    return found


def test_every_check_function_is_run_by_run_checks():
    models = [Compilation(WS, name).checked for name in ("zaozhuang", "gouji", "shuangkou-baibian")]
    called = _called_during(lambda: [registry.run_checks(v) for v in models])
    missed = [f"{fn.__module__}.{fn.__name__} ({', '.join(keys)})" for fn, keys in check_functions().items()
              if fn.__code__ not in called]
    assert not missed, f"registered but never run: {missed}"


def test_every_check_function_reports_in_some_error_test(tmp_path, monkeypatch):
    """Each check finds an error in some case of the error tables: none is untested."""
    import test_errors
    import test_tables

    codes = {fn.__code__: fn for fn in check_functions()}
    reported_by = set()
    error = Reporter.error

    def noted(self, *args, **kwargs):
        # The caller of Reporter.error: a check function when it reports (a wrapper, not a
        # profile hook on every call, which made this test 10x slower).
        caller = sys._getframe(1).f_code
        if caller in codes:
            reported_by.add(caller)
        return error(self, *args, **kwargs)

    monkeypatch.setattr(Reporter, "error", noted)
    cases = test_errors.CASES + test_errors.CHINESE_CASES + test_tables.ERRORS
    for i, (_name, source, _expected) in enumerate(cases):
        folder = tmp_path / str(i)
        folder.mkdir()
        test_errors.rendered(folder, source)
    silent = sorted(f"{fn.__module__}.{fn.__name__}" for code, fn in codes.items() if code not in reported_by)
    assert not silent, f"no error test makes these checks report: {silent}"


# --- (c) the engine and interpreter facets name what exists -------------------------

@pytest.fixture(scope="module")
def generated():
    return {name: load(WS, name, "generated") for name in ENGINE_VARIANTS}


@pytest.fixture(scope="module")
def reference():
    return {name: load(WS, name, "reference") for name in ENGINE_VARIANTS}


def _attributes_read_in(package) -> set[str]:
    names = set()
    for path in Path(package.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute):
                names.add(node.attr)
    return names


def test_every_setting_is_a_rules_field_the_runtime_reads(generated):
    settings = {key: value for key, value in facets("engine").items() if isinstance(value, spec.Setting)}
    assert settings
    read = _attributes_read_in(gouji_dsl.runtime)
    problems = []
    for key, setting in settings.items():
        if setting.name not in read:
            problems.append(f"{key}: nothing in gouji_dsl/runtime/ reads .{setting.name}")
    for name, module in generated.items():
        rules = module.RULES
        fields = {f.name for f in dataclasses.fields(rules)}
        for key, setting in settings.items():
            if setting.name not in fields:
                problems.append(f"{key}: Setting {setting.name!r} is no field of {type(rules).__name__}")
                continue
            want = game_settings(Compilation(WS, name).checked)[setting.name]  # the absent value where no section
            if getattr(rules, setting.name) != want:
                problems.append(f"{name}: RULES.{setting.name} is {getattr(rules, setting.name)!r}, "
                                f"but {key}'s Setting computes {want!r}")
    assert not problems, "\n".join(dict.fromkeys(problems))


@functools.lru_cache(maxsize=None)  # a module is named by many settings: parsed once
def _functions_of(path: Path) -> dict[str, ast.AST]:
    """Every function of a module by its qualified name ("Game._can_defer", "first_leader_on")."""
    found: dict[str, ast.AST] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = prefix + child.name
                if not isinstance(child, ast.ClassDef):
                    found[name] = child
                visit(child, name + ".")
    visit(ast.parse(path.read_text(encoding="utf-8")), "")
    return found


def test_every_setting_names_where_the_fast_flow_carries_it_out():
    """Each Setting's `realised_in` names functions of gouji_dsl/runtime that exist and read it."""
    package = Path(gouji_dsl.__file__).parent
    problems = []
    for key, setting in facets("engine").items():
        if not isinstance(setting, spec.Setting):
            continue
        if not setting.realised_in:
            problems.append(f"{key}: its Setting names no place of the fast flow (realised_in)")
        for point in setting.realised_in:
            file, _, function = point.partition(":")
            path = package / file
            node = _functions_of(path).get(function) if file.startswith("runtime/") and path.is_file() else None
            if node is None:
                problems.append(f"{key}: {point} is no function of gouji_dsl/runtime")
            elif not any(isinstance(n, ast.Attribute) and n.attr == setting.name for n in ast.walk(node)):
                problems.append(f"{key}: {point} does not read .{setting.name}")
    assert not problems, "\n".join(problems)


def test_every_card_function_is_defined_by_the_generated_modules(generated):
    problems = []
    for key, value in facets("engine").items():
        if isinstance(value, spec.CardFunction):
            if not value.functions:
                problems.append(f"{key}: a CardFunction names no function")
            for name, module in generated.items():
                problems += [f"{key}: the generated module of {name} defines no function {function}"
                             for function in value.functions if not inspect.isfunction(getattr(module, function, None))]
    assert not problems, "\n".join(problems)


def test_every_reference_function_is_a_member_of_the_reference(reference):
    problems = []
    for key, value in facets("interpreter").items():
        if isinstance(value, spec.ReferenceFunction):
            if not value.methods:
                problems.append(f"{key}: a ReferenceFunction names no method")
            for engine in reference.values():
                for method in value.methods:
                    member = getattr(engine, method, None)
                    # A constant of the Engine protocol (ROOM_MODE) is read, not called.
                    if member is None or not (callable(member) or method.isupper()):
                        problems.append(f"{key}: the reference interpreter has no method {method}")
    assert not problems, "\n".join(dict.fromkeys(problems))


def test_every_interpreter_hook_is_a_plain_function():
    for key, value in facets("interpreter").items():
        if callable(value) and not isinstance(value, type):
            assert inspect.isfunction(value), f"{key}: interpreter hook {value!r} is not a function"
