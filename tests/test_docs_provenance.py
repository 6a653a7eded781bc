"""Provenance (gouji_dsl/docs/provenance.py): which quoted line a citation links to, the
source documents and rule files the rulebook reads, and what happens when one is missing."""
from __future__ import annotations

import pytest

from gouji_dsl.docs import provenance as pv
from gouji_dsl.prose.errors import RulebookError
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.phases import Compilation

from helpers import scratch_workspace


@pytest.mark.parametrize("label,quoted,anchor", [
    ("000:L7", ["src-000-L7"], "src-000-L7"),
    ("000:L5-7", ["src-000-L6", "src-000-L7"], "src-000-L6"),      # the first quoted line of the run
    ("000:L5-7", ["src-000-L7"], "src-000-L7"),                    # the run's last line counts
    ("000:L5-7", ["src-000-L4", "src-000-L8", "src-001-L6"], None),  # blank lines are not quoted
    ("000:L12", ["src-000-L1", "src-000-L2"], None),
])
def test_a_citation_links_to_its_first_quoted_line(label, quoted, anchor):
    assert pv._cite_target(label, {q: "text" for q in quoted}) == anchor


def test_a_missing_source_document_stops_the_rulebook(tmp_path, monkeypatch):
    v = Compilation(Workspace(), "zaozhuang").checked
    monkeypatch.setattr(pv, "sources_dir", lambda: tmp_path)
    with pytest.raises(RulebookError, match=r"^cannot read the source document 000_d8750651ba4cd99f\.txt: "
                                            r"No such file or directory$"):
        pv.quotes_of(v, "zh")


def test_quoted_runs_of_lines():
    v = Compilation(Workspace(), "zaozhuang").checked
    docs, short = pv.quotes_of(v, "zh")
    groups = {g.label: g for d in docs for g in d.groups}
    # Single lines and runs each make a group labelled like the citation; long lines are cut.
    assert [k for k, _anchor, _text in groups["000:L15"].lines] == [15]
    assert [k for k, _anchor, _text in groups["000:L28-29"].lines] == [28, 29]
    cut = [text for text in short.values() if text.endswith("…")]
    assert cut and {len(text) for text in cut} == {80} and max(len(text) for text in short.values()) == 80


def test_a_rule_file_outside_the_workspace_is_found_by_its_position(tmp_path, monkeypatch):
    ws = scratch_workspace(tmp_path, {"house": "variant house extends zaozhuang\n[table]\ndecks = 6\n"})
    v = Compilation(ws, "house").checked
    # Positions name the file relative to the variants folder's parent.
    monkeypatch.chdir(tmp_path)
    files = pv.source_files(v, Workspace())
    assert [(f.name, f.text) for f in files][0] == ("house", "variant house extends zaozhuang\n[table]\ndecks = 6\n")
    assert [f.name for f in files] == ["house", "zaozhuang", "gouji"]
    (tmp_path / "variants" / "house.gouji").unlink()
    with pytest.raises(RulebookError, match=r"^cannot find the rule file of 'house'$"):
        pv.source_files(v, Workspace())


def test_a_rule_file_that_sets_nothing_cannot_be_shown_without_its_workspace(tmp_path):
    ws = scratch_workspace(tmp_path, {"house": "variant house extends zaozhuang\n"})
    v = Compilation(ws, "house").checked
    assert [f.name for f in pv.source_files(v, ws)] == ["house", "zaozhuang", "gouji"]
    with pytest.raises(RulebookError, match=r"^cannot find the rule file of 'house'$"):
        pv.source_files(v, Workspace())


def test_quotes_skip_blank_lines_and_cut_long_ones(tmp_path, monkeypatch):
    # zaozhuang cites lines 6, 8 and 15 of source 000 (one citation each), 10-11 and 28-29 (runs).
    lines = [f"line {k}" for k in range(1, 158)]
    lines[6 - 1], lines[8 - 1], lines[10 - 1], lines[15 - 1], lines[28 - 1] = "x" * 80, "y" * 81, "|", "  ", " z "
    (tmp_path / "000_d8750651ba4cd99f.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    real = pv.sources_dir()
    for name in ("001_3fe28b0a5bc072b0.txt", "003_c92ba14e65638464.txt", "004_ddbf34ea3ac8b066.txt"):
        (tmp_path / name).write_text((real / name).read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(pv, "sources_dir", lambda: tmp_path)
    docs, short = pv.quotes_of(Compilation(Workspace(), "zaozhuang").checked, "zh")
    groups = {g.label: g.lines for g in docs[0].groups}
    assert groups["000:L6"] == [(6, "src-000-L6", "x" * 80)]
    assert groups["000:L8"] == [(8, "src-000-L8", "y" * 81)]
    assert groups["000:L10-11"] == [(11, "src-000-L11", "line 11")] and groups["000:L15"] == []
    assert groups["000:L28-29"] == [(28, "src-000-L28", "z"), (29, "src-000-L29", "line 29")]
    assert short["src-000-L6"] == "x" * 80 and short["src-000-L8"] == "y" * 79 + "…"
    assert "src-000-L10" not in short and "src-000-L15" not in short
