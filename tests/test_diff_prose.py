"""The diff's prose for a table rule: at most four differing rows are spelled out, then a count."""
from __future__ import annotations

import pytest

from gouji_dsl.cli import main

ROWS = {"10": 5, "J": 4, "Q": 3, "K": 2, "A": 2, "2": 1}  # zaozhuang's thresholds


def thresholds_file(tmp_path, changed: int):
    """A house rule raising the first `changed` thresholds of zaozhuang by one."""
    lines = [f"  | {rank} | {n + 1 if i < changed else n} |" for i, (rank, n) in enumerate(ROWS.items())]
    path = tmp_path / "house.gouji"
    path.write_text("variant house extends zaozhuang\n\n[gouji]\nthresholds =\n  | rank | at_least |\n"
                    + "\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def thresholds_line(capsys, path, lang):
    assert main(["diff", "--no-examples", "--lang", lang, "zaozhuang", path]) == 1
    marks = ("row differs", "rows differ", "行不同")
    return next(line.strip() for line in capsys.readouterr().out.splitlines() if any(m in line for m in marks))


@pytest.mark.parametrize("changed,tail", [(1, ""), (4, ""), (5, "; and 1 more"), (6, "; and 2 more")])
def test_english_rows_and_the_rest_counted(tmp_path, capsys, changed, tail):
    line = thresholds_line(capsys, thresholds_file(tmp_path, changed), "en")
    rows = "row differs" if changed == 1 else "rows differ"
    assert f": {changed} {rows} (by rank, giving at_least): 10: Zaozhuang 5, House 6" in line
    assert line.endswith(f"{tail}.") and line.count(": Zaozhuang") == min(changed, 4)
    if not tail:
        assert "more" not in line


@pytest.mark.parametrize("changed,tail", [(4, ""), (5, "；另有1行不同")])
def test_chinese_rows_and_the_rest_counted(tmp_path, capsys, changed, tail):
    line = thresholds_line(capsys, thresholds_file(tmp_path, changed), "zh")
    assert f"有{changed}行不同" in line and line.endswith(f"{tail}。")
    if not tail:
        assert "另有" not in line
