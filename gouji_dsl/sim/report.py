"""The results document as people read it: a table on the terminal, and CSV for a spreadsheet."""
from __future__ import annotations

import csv
import io
import unicodedata

from gouji_dsl.messages import msg, text
from gouji_dsl.sim.metrics import in_words, listed

GROUPS = ("wins", "results", "scores", "score distribution", "length", "burning", "opening", "plays", "tribute")
GROUP_TITLES = {"wins": "commands.report.group_wins", "results": "commands.report.group_results",
                "scores": "commands.report.group_scores", "score distribution": "commands.report.group_distribution",
                "length": "commands.report.group_length", "burning": "commands.report.group_burning",
                "opening": "commands.report.group_opening", "plays": "commands.report.group_plays",
                "tribute": "commands.report.group_tribute"}  # a group (its id in the files) -> its heading


def width(text: str) -> int:
    """Columns a terminal gives the text: Chinese characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def left(text: str, columns: int) -> str:
    return text + " " * max(0, columns - width(text))


def right(text: str, columns: int) -> str:
    return " " * max(0, columns - width(text)) + text


def group_title(group: str) -> str:
    """A group's heading in the reader's language (a group we do not know: its id)."""
    return text(GROUP_TITLES[group]) if group in GROUP_TITLES else group


def _percent(x: float, signed: bool = False) -> str:
    return f"{x * 100:+.1f}%" if signed else f"{x * 100:.1f}%"


def _plain(x: float, signed: bool = False) -> str:
    size = abs(x)
    digits = 0 if size >= 100 else 1 if size >= 10 else 2 if size >= 0.1 else 3
    return f"{x:+.{digits}f}" if signed else f"{x:.{digits}f}"


def shown(kind: str, x, signed: bool = False) -> str:
    """A figure as the table shows it: shares as percentages, the rest as plain numbers."""
    if x is None:
        return text("commands.report.not_available")
    return _percent(x, signed) if kind in ("proportion", "ratio") else _plain(x, signed)


def interval(kind: str, low, high, signed: bool = False) -> str:
    if low is None or high is None:
        return ""
    return f"[{shown(kind, low, signed)}, {shown(kind, high, signed)}]"


def _grouped(rows: list[dict]) -> list[tuple[str, list[dict]]]:
    order = {g: i for i, g in enumerate(GROUPS)}
    groups: dict[str, list[dict]] = {}
    for row in rows:
        groups.setdefault(row["group"], []).append(row)
    return sorted(groups.items(), key=lambda item: order.get(item[0], len(order)))


def _settings_line(results: dict, variant: dict) -> str:
    s = results["settings"]
    key = "commands.report.settings_matches" if s["match_games"] > 1 else "commands.report.settings_single"
    return text(key, games=variant["games"], match_games=s["match_games"], seed=s["seed"], seating=seating(variant),
                confidence=s["confidence"])


def seating(variant: dict) -> str:
    """Which bot sat where, said briefly: one bot everywhere, one a team, or seat by seat."""
    lineup = variant["lineup"]
    if len(set(lineup)) == 1:
        return text("commands.report.bot_everywhere", bot=lineup[0])
    teams = variant["teams"]
    by_team = {t: {lineup[s - 1] for s in seats} for t, seats in teams.items()}
    if all(len(bots) == 1 for bots in by_team.values()):
        return str(listed([msg("commands.report.bot_for_team", bot=next(iter(bots)), team=t)
                           for t, bots in by_team.items()], "commands.report.clauses"))
    return text("commands.report.bots_by_seat", seats=listed(
        [msg("commands.report.bot_at_seat", seat=s, bot=b) for s, b in enumerate(lineup, 1)], "commands.report.clauses"))


def table(results: dict) -> str:
    out = []
    conf = results["settings"]["confidence"]
    for v in results["variants"]:
        out.append(f"{v['name']} — {v['title']}")
        out.append("  " + _settings_line(results, v))
        wide = max(width(in_words(r["label"])) for r in v["metrics"])
        for group, rows in _grouped(v["metrics"]):
            out.append(f"  {group_title(group)}")
            for r in rows:
                out.append(f"    {left(in_words(r['label']), wide)}  {right(shown(r['kind'], r['estimate']), 8)}  "
                           f"{interval(r['kind'], r['low'], r['high'])}".rstrip())
        out.append("")
    for c in results["comparisons"]:
        a, b = c["a"], c["b"]
        key = "commands.report.compared_paired" if c["paired"] else "commands.report.compared_unpaired"
        out.append(text(key, a=a, b=b, count=len(c["metrics"]), alpha=1 - conf))
        rows = c["metrics"]
        wide = max((width(in_words(r["label"])) for r in rows), default=10)
        wa, wb = max(8, width(a)), max(8, width(b))
        p_holm = text("commands.report.p_holm")
        wp = max(9, width(p_holm))
        out.append(f"    {'':<{wide}}  {right(a, wa)}  {right(b, wb)}  {right(text('commands.report.difference'), 10)}  "
                   f"{left(text('commands.report.interval'), 22)}  {right(p_holm, wp)}")
        for r in rows:
            mark = "*" if r["significant"] else " "
            p = (text("commands.report.not_available") if r["p_holm"] is None
                 else ("<0.0001" if r["p_holm"] < 1e-4 else f"{r['p_holm']:.4f}"))
            out.append(f"  {mark} {left(in_words(r['label']), wide)}  {right(shown(r['kind'], r['a']), wa)}  "
                       f"{right(shown(r['kind'], r['b']), wb)}"
                       f"  {right(shown(r['kind'], r['difference'], True), 10)}  "
                       f"{left(interval(r['kind'], r['low'], r['high'], True), 22)}  {right(p, wp)}")
        significant = [in_words(r["label"]) for r in rows if r["significant"]]
        out.append("  " + (text("commands.report.significant_some", count=len(significant),
                                labels=text("core.list_separator").join(significant)) if significant
                           else text("commands.report.significant_none", count=0)))
        out.append("")
    return "\n".join(out).rstrip() + "\n"


CSV_COLUMNS = ("row", "variant", "group", "metric", "label", "kind", "estimate", "low", "high", "games",
               "a", "b", "p", "p_holm", "significant")


def csv_text(results: dict) -> str:
    """One row per figure of each variant ("estimate"), then one per compared figure ("difference")."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    blank = lambda x: "" if x is None else x  # noqa: E731
    for v in results["variants"]:
        for r in v["metrics"]:
            writer.writerow(["estimate", v["name"], r["group"], r["id"], r["label"], r["kind"], blank(r["estimate"]),
                             blank(r["low"]), blank(r["high"]), r["games"], "", "", "", "", ""])
    for c in results["comparisons"]:
        for r in c["metrics"]:
            writer.writerow(["difference", f"{c['a']} - {c['b']}", r["group"], r["id"], r["label"], r["kind"],
                             blank(r["difference"]), blank(r["low"]), blank(r["high"]), "", blank(r["a"]),
                             blank(r["b"]), blank(r["p"]), blank(r["p_holm"]), "yes" if r["significant"] else "no"])
    return buffer.getvalue()
