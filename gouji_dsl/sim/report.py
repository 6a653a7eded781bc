"""The results document as people read it: a table on the terminal, and CSV for a spreadsheet."""
from __future__ import annotations

import csv
import io
import unicodedata

GROUPS = ("wins", "results", "scores", "score distribution", "length", "burning", "opening", "plays", "tribute")


def width(text: str) -> int:
    """Columns a terminal gives the text: Chinese characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def left(text: str, columns: int) -> str:
    return text + " " * max(0, columns - width(text))


def _percent(x: float, signed: bool = False) -> str:
    return f"{x * 100:+.1f}%" if signed else f"{x * 100:.1f}%"


def _plain(x: float, signed: bool = False) -> str:
    size = abs(x)
    digits = 0 if size >= 100 else 1 if size >= 10 else 2 if size >= 0.1 else 3
    return f"{x:+.{digits}f}" if signed else f"{x:.{digits}f}"


def shown(kind: str, x, signed: bool = False) -> str:
    """A figure as the table shows it: shares as percentages, the rest as plain numbers."""
    if x is None:
        return "n/a"
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
    matches = f"in matches of {s['match_games']}" if s["match_games"] > 1 else "each its own match"
    return (f"{variant['games']:,} games {matches}, seed {s['seed']}, {seating(variant)}; "
            f"{s['confidence']:.0%} intervals")


def seating(variant: dict) -> str:
    """Which bot sat where, said briefly: one bot everywhere, one a team, or seat by seat."""
    lineup = variant["lineup"]
    if len(set(lineup)) == 1:
        return f"{lineup[0]} at every seat"
    teams = variant["teams"]
    by_team = {t: {lineup[s - 1] for s in seats} for t, seats in teams.items()}
    if all(len(bots) == 1 for bots in by_team.values()):
        return ", ".join(f"{next(iter(bots))} for team {t}" for t, bots in by_team.items())
    return "bots " + ", ".join(f"{s}: {b}" for s, b in enumerate(lineup, 1))


def table(results: dict) -> str:
    out = []
    conf = results["settings"]["confidence"]
    for v in results["variants"]:
        out.append(f"{v['name']} — {v['title']}")
        out.append("  " + _settings_line(results, v))
        wide = max(width(r["label"]) for r in v["metrics"])
        for group, rows in _grouped(v["metrics"]):
            out.append(f"  {group}")
            for r in rows:
                out.append(f"    {left(r['label'], wide)}  {shown(r['kind'], r['estimate']):>8}  "
                           f"{interval(r['kind'], r['low'], r['high'])}".rstrip())
        out.append("")
    for c in results["comparisons"]:
        a, b = c["a"], c["b"]
        how = "paired by seed" if c["paired"] else "unpaired"
        out.append(f"{a} compared with {b} ({how}; p adjusted by Holm over the {len(c['metrics'])} figures; "
                   f"* significant at {1 - conf:.0%})")
        rows = c["metrics"]
        wide = max((width(r["label"]) for r in rows), default=10)
        wa, wb = max(8, len(a)), max(8, len(b))
        out.append(f"    {'':<{wide}}  {a:>{wa}}  {b:>{wb}}  {'difference':>10}  {'interval':<22}  {'p (Holm)':>9}")
        for r in rows:
            mark = "*" if r["significant"] else " "
            p = "n/a" if r["p_holm"] is None else ("<0.0001" if r["p_holm"] < 1e-4 else f"{r['p_holm']:.4f}")
            out.append(f"  {mark} {left(r['label'], wide)}  {shown(r['kind'], r['a']):>{wa}}  {shown(r['kind'], r['b']):>{wb}}"
                       f"  {shown(r['kind'], r['difference'], True):>10}  "
                       f"{interval(r['kind'], r['low'], r['high'], True):<22}  {p:>9}")
        significant = [r["label"] for r in rows if r["significant"]]
        out.append(f"  {len(significant)} significant difference(s)" + (": " + "; ".join(significant) if significant else ""))
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
