"""What the studio's panels do with the rule file being edited: check it, compare it, print it,
simulate it. Each takes the file as the page has it (saved or not), through the language service:
the text is checked as `gouji check` checks it, and only a file without errors goes further.

The commands' own functions do the work (diff, rulebook, simulate); this module only feeds them
the edited file and shapes their answers for the page.
"""
from __future__ import annotations

import json
import os
import tempfile
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

from gouji_dsl import engines
from gouji_dsl.diagnostics import RuleErrors, UsageError
from gouji_dsl.diff.compare import diff_models
from gouji_dsl.diff.search import counterexamples
from gouji_dsl.diff.render import render_diff
from gouji_dsl.docs.pdf import PdfError, find_browser, html_to_pdf
from gouji_dsl.docs.rulebook import render_changes, render_rulebook
from gouji_dsl.messages import Message, msg, use_language
from gouji_dsl.model import schema as m
from gouji_dsl.phases import Compilation
from gouji_dsl.recent import keep_recent
from gouji_dsl.service import Analysis, LanguageService
from gouji_dsl.sim.metrics import in_words
from gouji_dsl.sim.parallel import Progress
from gouji_dsl.sim.plot import html_page
from gouji_dsl.sim.report import table
from gouji_dsl.sim.runner import engine_spec, lineup_for
from gouji_dsl.sim import summary
from gouji_dsl.sim.simulation import Plan, run

BOOK_KINDS = ("handout", "reference", "changes")
MOST_GAMES = 2000  # a simulation the page starts (the command allows more, in a terminal)
MOST_JOBS = 8


class WorkError(Exception):
    """The panel cannot do it; `message` says why (a Message), `diagnostics` the file's errors."""

    def __init__(self, message: Message, diagnostics: list | None = None):
        super().__init__(message)
        self.message = message
        self.diagnostics = diagnostics or []


@dataclass
class Edited:
    """The rule file being edited, checked: its workspace and its model."""

    analysis: Analysis
    model: m.Variant

    @property
    def ws(self):
        return self.analysis.ws

    @property
    def name(self) -> str:
        return self.model.name


def checked(service: LanguageService, path: Path, text: str) -> Edited:
    """The edited text, checked; WorkError with its errors when it has any."""
    service.change(path, text)
    analysis = service.analysis(path)
    errors = [issue for issue in analysis.issues if issue.severity == "error"]
    if errors or analysis.model is None:
        raise WorkError(msg("studio.work.fix_errors_first", count=len(errors)), errors)
    try:
        model = Compilation(analysis.ws, analysis.model.name).checked
    except RuleErrors as found:  # pragma: no cover - the analysis ran the same checks
        raise WorkError(msg("studio.work.fix_errors_first", count=len(found.diagnostics))) from None
    return Edited(analysis, model)


def other_side(edited: Edited, other: str | None):
    """The variant to compare with: `other` (a name the workspace knows), else the parent."""
    name = other or edited.model.parent
    if name is None:
        raise WorkError(msg("studio.work.no_parent"))
    name = edited.ws.canonical(name)
    if edited.ws.path_of(name) is None:
        raise WorkError(msg("syntax.unknown_variant", name=name))
    try:
        return Compilation(edited.ws, name).checked
    except RuleErrors as found:
        raise WorkError(msg("studio.work.other_has_errors", name=name, count=len(found.diagnostics))) from None


# --- compare ------------------------------------------------------------------------------------

def compare_with(edited: Edited, other: str | None, language: str) -> dict:
    """`gouji diff OTHER FILE --format json` on the edited file, each difference with its scene,
    and the house-rule sheet."""
    a = other_side(edited, other)
    b = edited.model
    diffs = diff_models(a, b)
    examples = counterexamples(a.name, b.name, diffs, ws=edited.ws, ws_b=edited.ws, labels=(a.name, b.name))
    with use_language(language):
        data = json.loads(render_diff(a, b, diffs, examples, language, "json", labels=(a.name, b.name)))
        sheet = render_changes(b, language, "html", edited.ws) if b.parent is not None else ""
    differences = []
    for rule in data["rules"]:
        example = rule.get("counterexample") or {}
        differences.append({"rule": rule["rule"], "title": rule["zh"] if language == "zh" else rule["en"],
                            "a": rule["a"]["shown"], "b": rule["b"]["shown"], "says": rule["text"],
                            "scene": example.get("text"), "behavioural": rule["behavioural"]})
    return {"a": a.name, "b": b.name, "summary": data["summary"], "differences": differences, "sheet_html": sheet}


# --- print --------------------------------------------------------------------------------------

def book(edited: Edited, kind: str, language: str) -> str:
    """The handout, the reference or the house-rule sheet, as HTML."""
    if kind not in BOOK_KINDS:
        raise WorkError(msg("studio.work.unknown_book", kind=kind, kinds=", ".join(BOOK_KINDS)))
    with use_language(language):
        if kind == "changes":
            if edited.model.parent is None:
                raise WorkError(msg("studio.work.no_parent"))
            return render_changes(edited.model, language, "html", edited.ws)
        return render_rulebook(edited.model, language, "html", edited.ws, kind=kind)


def pdf(html: str) -> bytes:
    """The book printed by the machine's Chromium (as `gouji doc --format pdf`)."""
    if find_browser() is None:
        raise WorkError(msg("studio.work.no_browser"))
    with tempfile.TemporaryDirectory(prefix="gouji-studio-") as folder:
        dest = Path(folder) / "book.pdf"
        try:
            html_to_pdf(html, dest)
        except PdfError as exc:
            raise WorkError(exc.message) from None
        return dest.read_bytes()


# --- simulate -----------------------------------------------------------------------------------

@dataclass
class Job:
    """A simulation running in a thread: its progress and, when finished, its report."""

    total: int
    done: int = 0
    finished: bool = False
    error: str | None = None
    report: dict | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)

    def state(self) -> dict:
        with self.lock:
            return {"done": self.done, "total": self.total, "finished": self.finished, "error": self.error,
                    "report": self.report}


def start_simulation(jobs: OrderedDict, job_id: str, edited: Edited, other: str | None, games: int, bots: str,
                     seed: int, language: str) -> Job:
    """Parent (or `other`) against the edited file over `games` games, in a thread of its own."""
    if not 1 <= games <= MOST_GAMES:
        raise WorkError(msg("studio.work.games_between", most=MOST_GAMES))
    a = other_side(edited, other)
    specs = [engine_spec(edited.ws, a.name), engine_spec(edited.ws, edited.name)]
    try:
        loaded = [spec.load() for spec in specs]
        why = summary.incomparable(a.name, loaded[0].RULES, edited.name, loaded[1].RULES)
        if why is not None:  # another game, or another number of players: refused before any game
            raise WorkError(why)
        mix = [b.strip() for b in bots.split(",") if b.strip()]
        lineups = [lineup_for(mix, e.RULES) for e in loaded]
    except (ValueError, UsageError, LookupError) as exc:
        raise WorkError(exc.args[0] if exc.args and isinstance(exc.args[0], Message)
                        else msg("studio.work.cannot_simulate", reason=str(exc))) from None
    names = [spec.name for spec in specs]
    # The house rule compared with the other side, as `gouji simulate OTHER FILE` plays and compares them.
    plan = Plan(names=names, specs=specs, engines=loaded, sources=names, mixes=[mix], lineups=[lineups], seed=seed,
                games=games, most_games=games, match_games=4, confidence=0.95, precision=None,
                workers=max(1, min(2, os.cpu_count() or 1)), ray=None)
    job = Job(total=games * 2)
    keep_recent(jobs, job_id, job, MOST_JOBS)
    thread = threading.Thread(target=_simulate, args=(job, plan, language), daemon=True)
    thread.start()
    return job


class _JobProgress(Progress):
    """The run's progress counted into its job (the page asks for it), drawn nowhere."""

    def __init__(self, job: Job):
        super().__init__(job.total, "", enabled=False)
        self.job = job

    def advance(self, games: int) -> None:
        super().advance(games)
        with self.job.lock:
            self.job.done += games


def _simulate(job: Job, plan: Plan, language: str) -> None:
    try:
        with use_language(language):
            results = run(plan, _JobProgress(job))
            comparison = results["comparisons"][0]
            # Each figure named in the page's language (a results file keeps the English label).
            rows = sorted(({**row, "label": in_words(row["label"])} for row in comparison["metrics"]),
                          key=lambda row: not row.get("significant"))
            report = {"rows": rows, "text": table(results), "plot_html": html_page(results)}
        with job.lock:
            job.report, job.finished = report, True
    except Exception as exc:  # noqa: BLE001 - a thread's failure is shown on the page, not lost
        with job.lock:
            job.error, job.finished = str(exc), True


def engine_of(edited: Edited):
    """The engine of the edited file (generated in memory, cached by its text)."""
    return engines.load(edited.ws, edited.name)
