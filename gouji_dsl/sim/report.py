"""The results document as people read it: a table on the terminal, and CSV for a spreadsheet."""
from __future__ import annotations

import csv
import io

from gouji_dsl.diagnostics import display_width as width
from gouji_dsl.messages import msg, text
from gouji_dsl.sim.metrics import in_words, listed

GROUPS = ("wins", "results", "scores", "score distribution", "places", "length", "burning", "opening", "plays",
          "tribute")
GROUP_TITLES = {"wins": "commands.report.group_wins", "results": "commands.report.group_results",
                "scores": "commands.report.group_scores", "score distribution": "commands.report.group_distribution",
                "places": "commands.report.group_places",
                "length": "commands.report.group_length", "burning": "commands.report.group_burning",
                "opening": "commands.report.group_opening", "plays": "commands.report.group_plays",
                "tribute": "commands.report.group_tribute"}  # a group (its id in the files) -> its heading


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


def p_text(p) -> str:
    """A p value as the tables show it: four places, "<0.0001" below that, n/a for none."""
    if p is None:
        return text("commands.report.not_available")
    return "<0.0001" if p < 1e-4 else f"{p:.4f}"


def interval(kind: str, low, high, signed: bool = False) -> str:
    if low is None or high is None:
        return ""
    return f"[{shown(kind, low, signed)}, {shown(kind, high, signed)}]"


def always(row: dict) -> str:
    """A share the same in every game counted (summary.constant), said in words: "every game",
    "no game"; over something else than games (games after a won game, teams that opened), how
    many of them."""
    every = row["estimate"] == 1
    if row.get("count") in (None, row["games"]):
        return text("commands.report.every_game" if every else "commands.report.no_game")
    return text("commands.report.every_one" if every else "commands.report.no_one", count=int(row["count"]))


def _grouped(rows: list[dict]) -> list[tuple[str, list[dict]]]:
    order = {g: i for i, g in enumerate(GROUPS)}
    groups: dict[str, list[dict]] = {}
    for row in rows:
        groups.setdefault(row["group"], []).append(row)
    return sorted(groups.items(), key=lambda item: order.get(item[0], len(order)))


def _settings_line(s: dict, variant: dict) -> str:
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
    """The run's figures and comparisons; with --precision whether it was met; each further bot
    mix's figures and comparisons; and which conclusions hold with every mix."""
    settings = results["settings"]
    out = _played(settings, results["variants"], results["comparisons"])
    precision = results.get("precision")
    if precision is not None:
        key = "commands.report.precision_met" if precision["met"] else "commands.report.precision_not_met"
        out += [text(key, width=precision["width"], games=settings["games"],
                     rounds=", ".join(str(g) for g in precision["rounds"])), ""]
    for mix in results.get("mixes", []):
        out += [text("commands.report.mix_heading", bots=",".join(mix["bots"])), ""]
        out += _played(settings, mix["variants"], mix["comparisons"])
    if results.get("agreement"):
        out += _agreement(results)
    return "\n".join(out).rstrip() + "\n"


def _played(settings: dict, variants: list[dict], comparisons: list[dict]) -> list[str]:
    """One bot mix's lines: each variant's figures by group, then each comparison."""
    out = []
    conf = settings["confidence"]
    for v in variants:
        out.append(f"{v['name']} — {v['title']}")
        out.append("  " + _settings_line(settings, v))
        wide = max(width(in_words(r["label"])) for r in v["metrics"])
        for group, rows in _grouped(v["metrics"]):
            out.append(f"  {group_title(group)}")
            for r in rows:
                figure = (f"{right('', 8)}  {always(r)}" if r.get("constant")
                          else f"{right(shown(r['kind'], r['estimate']), 8)}  {interval(r['kind'], r['low'], r['high'])}")
                out.append(f"    {left(in_words(r['label']), wide)}  {figure}".rstrip())
        out.append("")
    for c in comparisons:
        out += _comparison(c, conf)
    return out


VERDICTS = {"higher": "commands.report.verdict_higher", "lower": "commands.report.verdict_lower",
            "no difference": "commands.report.verdict_no_difference", "untested": "commands.report.verdict_untested"}


def _agreement(results: dict) -> list[str]:
    """Which conclusions hold with every bot mix: per tested figure, each mix's verdict."""
    rows = results["agreement"]
    mixes = [",".join(m) for m in results["settings"]["mixes"]]
    out = [text("commands.report.agreement_heading", mixes=" | ".join(mixes))]
    wide = max(width(f"{r['a']} - {r['b']}: {in_words(r['label'])}") for r in rows)
    for r in rows:
        name = f"{r['a']} - {r['b']}: {in_words(r['label'])}"
        verdicts = " | ".join(text(VERDICTS[v["verdict"]]) for v in r["verdicts"])
        holds = text("commands.report.agreement_holds" if r["holds"] else "commands.report.agreement_changes")
        out.append(f"    {left(name, wide)}  {verdicts}  — {holds}")
    held = sum(r["holds"] for r in rows)
    out.append("  " + text("commands.report.agreement_summary", holds=held, count=len(rows), changes=len(rows) - held))
    out.append("")
    return out


def _tests(c: dict) -> str:
    """What the comparison tested: its primary figures, Holm-adjusted over those with a test."""
    primary = c.get("primary", sum(bool(r.get("primary")) for r in c["metrics"]))
    tested = c.get("tested", sum(r.get("p") is not None for r in c["metrics"]))
    if tested == primary:
        return text("commands.report.tests_all", tested=tested)
    return text("commands.report.tests_some", primary=primary, tested=tested)


def _comparison(c: dict, conf: float) -> list[str]:
    """A comparison's lines: the primary figures, tested (p, and * where significant), then the
    figures described (the difference and its interval, no test)."""
    a, b = c["a"], c["b"]
    rows = c["metrics"]
    described = c.get("described", sum(not r.get("primary") for r in rows))
    key = "commands.report.compared_paired" if c["paired"] else "commands.report.compared_unpaired"
    out = [text(key, a=a, b=b, tests=_tests(c), described=described, alpha=1 - conf)]
    wide = max((width(in_words(r["label"])) for r in rows), default=10)
    wa, wb = max(8, width(a)), max(8, width(b))
    p_holm = text("commands.report.p_holm")
    wp = max(9, width(p_holm))
    detect = text("commands.report.games_to_detect")
    wd = max(8, width(detect))
    out.append("  " + text("commands.report.interval_legend"))
    out.append(f"    {'':<{wide}}  {right(a, wa)}  {right(b, wb)}  {right(text('commands.report.difference'), 10)}  "
               f"{left(text('commands.report.interval'), 22)}  {right(p_holm, wp)}  {right(detect, wd)}")
    heading = True
    for r in rows:
        if not r.get("primary") and heading:
            out.append("  " + text("commands.report.described_heading", confidence=conf))
            heading = False
        mark = "*" if r["significant"] else " "
        p = p_text(r["p_holm"]) if r.get("primary") else ""
        tested = r.get("p") is not None and r.get("holm_low") is not None
        low, high = (r["holm_low"], r["holm_high"]) if tested else (r["low"], r["high"])  # the star's own interval
        games = r.get("games_to_detect")
        out.append(f"  {mark} {left(in_words(r['label']), wide)}  {right(shown(r['kind'], r['a']), wa)}  "
                   f"{right(shown(r['kind'], r['b']), wb)}"
                   f"  {right(shown(r['kind'], r['difference'], True), 10)}  "
                   f"{left(interval(r['kind'], low, high, True), 22)}  {right(p, wp)}  "
                   f"{right('' if games is None else str(games), wd)}".rstrip())
    significant = [in_words(r["label"]) for r in rows if r["significant"]]
    out.append("  " + (text("commands.report.significant_some", count=len(significant),
                            labels=text("core.list_separator").join(significant)) if significant
                       else text("commands.report.significant_none", count=0)))
    out.append("")
    return out


CSV_COLUMNS = ("row", "variant", "group", "metric", "label", "kind", "primary", "estimate", "low", "high", "games",
               "a", "b", "p", "p_holm", "significant")


def csv_text(results: dict) -> str:
    """One row per figure of each variant ("estimate"), then one per compared figure ("difference").
    "primary": yes for the figures a comparison tests; p, p_holm and significant are blank for
    the others (described, not tested)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    blank = lambda x: "" if x is None else x  # noqa: E731
    yes = lambda x: "yes" if x else "no"  # noqa: E731
    for v in results["variants"]:
        for r in v["metrics"]:
            writer.writerow(["estimate", v["name"], r["group"], r["id"], r["label"], r["kind"], yes(r.get("primary")),
                             blank(r["estimate"]), blank(r["low"]), blank(r["high"]), r["games"], "", "", "", "", ""])
    for c in results["comparisons"]:
        for r in c["metrics"]:
            tested = r.get("primary")
            writer.writerow(["difference", f"{c['a']} - {c['b']}", r["group"], r["id"], r["label"], r["kind"],
                             yes(tested), blank(r["difference"]), blank(r["low"]), blank(r["high"]), "", blank(r["a"]),
                             blank(r["b"]), blank(r["p"]), blank(r["p_holm"]), yes(r["significant"]) if tested else ""])
    return buffer.getvalue()
