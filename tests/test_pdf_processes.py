"""The PDF printer's processes and temporary files end (issue 28 §3): gouji_dsl/docs/pdf.py runs
Chromium in a process group of its own and ends the group, and removes its temporary folder, on
every way out: done, failed, timed out, Ctrl-C, SIGTERM. The sandbox stays on unless it cannot
start (as root, or where Chromium says so); the printed page runs no scripts.

Each test looks only at its own temporary folder (a private TMPDIR, or tempfile.tempdir) and its
own processes: other runs on the machine may print at the same time. The fake browsers are small
Python scripts, so that a failure, a hang or a lingering child can be had at will."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from gouji_dsl.docs import pdf
from gouji_dsl.docs.pdf import NO_SANDBOX, PdfError, find_browser, html_to_pdf


def _installed_browser() -> str | None:
    try:
        return find_browser()
    except PdfError:  # GOUJI_CHROMIUM names no program: as good as none, for these tests
        return None


CHROMIUM = _installed_browser()
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium/Chrome on this machine")

# A page whose script, were it run, would print five more pages.
SCRIPTED_PAGE = ("<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body><p>one page</p><script>"
                 "for (let i = 0; i < 5; i++) { const d = document.createElement('div'); d.style.breakBefore = 'page';"
                 " d.textContent = 'page ' + (i + 2); document.body.appendChild(d); }</script></body></html>")
MINIMAL_PDF = b"%PDF-1.4\n1 0 obj << /Type /Page >> endobj\n%%EOF\n"


def _stat(pid: int) -> list[str] | None:
    """/proc/PID/stat after the command name: [state, ppid, pgrp, session, ...]; None when gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return None


def _running(pid: int) -> bool:
    stat = _stat(pid)
    return stat is not None and stat[0] not in ("Z", "X")  # a zombie has ended; only its parent may reap it


def _processes_naming(word: str) -> dict[int, int]:
    """{pid: process group} of the running processes whose command line holds `word`."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            command = Path(f"/proc/{entry}/cmdline").read_bytes().decode("utf-8", "replace")
        except OSError:
            continue
        stat = _stat(int(entry))
        if word in command and stat is not None and stat[0] not in ("Z", "X"):
            found[int(entry)] = int(stat[2])
    return found


def _group_members(group: int) -> list[int]:
    return [int(e) for e in os.listdir("/proc") if e.isdigit() and (s := _stat(int(e))) and s[2] == str(group)
            and s[0] not in ("Z", "X")]


def _wait_until(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


@pytest.fixture
def short_tempdir():
    """A private TMPDIR for a `gouji` subprocess, with a short path: Chromium puts its socket in
    TMPDIR, and a socket's path holds at most 107 bytes (pytest's tmp_path can be longer)."""
    folder = Path(tempfile.mkdtemp(prefix="pdfproc-", dir="/tmp"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def quick_grace(monkeypatch):
    """The fake browsers' children ignore SIGTERM: no need to wait long before SIGKILL."""
    monkeypatch.setattr(pdf, "END_GRACE_SECONDS", 0.5)


@pytest.fixture
def own_tempdir(tmp_path, monkeypatch) -> Path:
    """tempfile's folder for this test alone: what html_to_pdf leaves there is this test's."""
    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def _fake_browser(tmp_path: Path, body: str) -> Path:
    """A Python script that stands in for Chromium: `body` runs with `args` (its arguments),
    `printed` (the --print-to-pdf path) and `log` (a file beside it, one line per run)."""
    script = tmp_path / "fake-chromium"
    script.write_text(
        f"#!{sys.executable}\nimport os, signal, subprocess, sys, time\nfrom pathlib import Path\n"
        "args = sys.argv[1:]\n"
        "printed = Path(next(a.split('=', 1)[1] for a in args if a.startswith('--print-to-pdf=')))\n"
        f"log = Path({str(tmp_path / 'runs.log')!r})\n"
        "with log.open('a') as f:\n    f.write(' '.join(args) + '\\n')\n" + body, encoding="utf-8")
    script.chmod(0o755)
    return script


def _runs(tmp_path: Path) -> list[str]:
    log = tmp_path / "runs.log"
    return log.read_text().splitlines() if log.is_file() else []


# --- signals to `gouji doc --format pdf` mid-print ------------------------------------------------

def _default_signals() -> None:
    """In the child, before gouji starts: SIGINT and SIGTERM as a terminal gives them."""
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})


@needs_chromium
@pytest.mark.parametrize("signum, code", [(signal.SIGTERM, 128 + signal.SIGTERM), (signal.SIGINT, 130)],
                         ids=["SIGTERM", "SIGINT"])
def test_a_signal_mid_print_leaves_no_browser_no_temporary_folder_and_no_pdf(tmp_path, short_tempdir, signum, code):
    tmp = short_tempdir
    out = tmp_path / "out"
    out.mkdir()
    env = {**os.environ, "TMPDIR": str(tmp)}
    env.pop(pdf.BROWSER_ENV, None)
    # gouji as started from a terminal, whatever the test process inherited or another test in it
    # left: SIGINT and SIGTERM at their defaults and not blocked (a process started in the
    # background by a shell without job control inherits SIGINT ignored, and Python leaves it so).
    gouji = subprocess.Popen([sys.executable, "-m", "gouji_dsl", "doc", "zaozhuang", "--format", "pdf",
                              "-o", str(out / "book.pdf")], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             preexec_fn=_default_signals)
    try:
        # The browser's processes all name their profile, in the private TMPDIR.
        assert _wait_until(lambda: _processes_naming(str(tmp)) or gouji.poll() is not None, 60)
        time.sleep(0.5)  # its renderer starts: the 41-page book then takes seconds to print
        browser = _processes_naming(str(tmp))
        assert browser and gouji.poll() is None, "the book was printed before the signal"
        groups = set(browser.values())
        assert groups != {os.getpgid(gouji.pid)}, "the browser runs in a process group of its own"
        gouji.send_signal(signum)
        _out, err = gouji.communicate(timeout=30)
    finally:
        if gouji.poll() is None:
            gouji.kill()
            gouji.wait()
    assert gouji.returncode == code, err.decode()
    assert b"Traceback" not in err
    # ended by the time gouji exits (it waits for them), bar the kernel's tidying up
    assert _wait_until(lambda: not _processes_naming(str(tmp)) and not any(map(_group_members, groups)), 2), \
        f"left running: {_processes_naming(str(tmp))}"
    assert list(tmp.iterdir()) == [], "temporary files left behind"
    assert list(out.iterdir()) == [], "a PDF, or part of one, at the destination"


# --- every other way out of html_to_pdf ends the browser's process group ---------------------------

# A browser that starts a child in its group that ignores SIGTERM (as a stuck renderer might),
# notes the child's pid beside the log, then hangs, fails, or prints and leaves the child behind.
LINGERING_CHILD = ("child = subprocess.Popen([sys.executable, '-c', 'import signal, time; "
                   "signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(60)'])\n"
                   "log.with_name('child.pid').write_text(str(child.pid))\n"
                   "time.sleep(0.3)  # the child has set its handler\n")
HOW_IT_ENDS = {
    "hangs": LINGERING_CHILD + "time.sleep(60)\n",
    "fails": LINGERING_CHILD + "sys.exit(1)\n",
    "prints": LINGERING_CHILD + f"printed.write_bytes({MINIMAL_PDF!r})\n",
}


@pytest.mark.parametrize("ending", sorted(HOW_IT_ENDS))
def test_html_to_pdf_ends_the_whole_browser_group_however_it_ends(tmp_path, own_tempdir, quick_grace, monkeypatch,
                                                                 ending):
    monkeypatch.setenv(pdf.BROWSER_ENV, str(_fake_browser(tmp_path, HOW_IT_ENDS[ending])))
    dest = tmp_path / "book.pdf"
    if ending == "prints":
        assert html_to_pdf("<p>x</p>", dest, timeout=30) == 1
        assert dest.read_bytes() == MINIMAL_PDF
    else:
        with pytest.raises(PdfError, match="did not finish printing" if ending == "hangs" else "failed"):
            html_to_pdf("<p>x</p>", dest, timeout=1)
        assert not dest.exists()
    child = int((tmp_path / "child.pid").read_text())
    assert not _running(child), "the browser's child outlived html_to_pdf (SIGTERM ignored: SIGKILL needed)"
    assert list(own_tempdir.iterdir()) == []


def test_ctrl_c_in_html_to_pdf_ends_the_browser_and_removes_the_folder(tmp_path, own_tempdir, quick_grace, monkeypatch):
    """KeyboardInterrupt (as a SIGTERM turned into SystemExit would) while the browser runs: an
    alarm's handler raises it wherever html_to_pdf then is, as Ctrl-C's would."""
    monkeypatch.setenv(pdf.BROWSER_ENV, str(_fake_browser(tmp_path, HOW_IT_ENDS["hangs"])))

    def interrupt(_signum, _frame):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    try:
        signal.setitimer(signal.ITIMER_REAL, 1.5)  # the browser has started its child by then
        with pytest.raises(KeyboardInterrupt):
            html_to_pdf("<p>x</p>", tmp_path / "book.pdf")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert not _running(int((tmp_path / "child.pid").read_text()))
    assert list(own_tempdir.iterdir()) == [] and not (tmp_path / "book.pdf").exists()


# --- SIGTERM becomes an exit only inside the command ---------------------------------------------

def test_sigterm_as_exit_raises_in_its_block_and_restores_the_handler():
    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(SystemExit) as ended, pdf.sigterm_as_exit():
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)  # the handler runs first: this is never slept out
    assert ended.value.code == 128 + signal.SIGTERM
    assert signal.getsignal(signal.SIGTERM) is before


def test_the_library_leaves_the_sigterm_handler_alone(tmp_path, own_tempdir, monkeypatch):
    """html_to_pdf, called from a program of the caller's, changes no signal handler."""
    before = signal.getsignal(signal.SIGTERM)
    seen = []
    monkeypatch.setenv(pdf.BROWSER_ENV, str(_fake_browser(tmp_path, f"printed.write_bytes({MINIMAL_PDF!r})\n")))
    real_run = pdf._run_browser

    def run_noting_the_handler(*args):
        seen.append(signal.getsignal(signal.SIGTERM))
        return real_run(*args)

    monkeypatch.setattr(pdf, "_run_browser", run_noting_the_handler)
    assert html_to_pdf("<p>x</p>", tmp_path / "book.pdf") == 1
    assert seen == [before] and signal.getsignal(signal.SIGTERM) is before


# --- the sandbox ---------------------------------------------------------------------------------

# A browser whose sandbox cannot start: it prints only when told --no-sandbox.
NO_USABLE_SANDBOX = ("if '--no-sandbox' not in args:\n"
                     "    sys.stderr.write('[1:1:FATAL:zygote_host_impl_linux.cc(128)] No usable sandbox! Update your kernel\\n')\n"
                     "    sys.exit(1)\n"
                     f"printed.write_bytes({MINIMAL_PDF!r})\n")
BROKEN = "sys.stderr.write('something else went wrong\\n')\nsys.exit(1)\n"
PRINTS = f"printed.write_bytes({MINIMAL_PDF!r})\n"

SANDBOX_CASES = [
    # (user id, browser, runs: whether each run had --no-sandbox, or an error)
    (0, PRINTS, [True]),                       # root: Chromium's sandbox refuses root
    (1000, PRINTS, [False]),                   # a user whose sandbox works keeps it
    (1000, NO_USABLE_SANDBOX, [False, True]),  # ... and goes without only when it cannot start
    (1000, BROKEN, [False]),                   # any other failure is not retried unsandboxed
]


@pytest.mark.parametrize("uid, browser, runs", SANDBOX_CASES, ids=["root", "user", "no-sandbox-here", "broken"])
def test_no_sandbox_only_as_root_or_where_the_sandbox_cannot_start(tmp_path, own_tempdir, monkeypatch, uid, browser, runs):
    monkeypatch.setattr(os, "geteuid", lambda: uid)
    monkeypatch.setenv(pdf.BROWSER_ENV, str(_fake_browser(tmp_path, browser)))
    if browser is BROKEN:
        with pytest.raises(PdfError, match="something else went wrong"):
            html_to_pdf("<p>x</p>", tmp_path / "book.pdf")
    else:
        assert html_to_pdf("<p>x</p>", tmp_path / "book.pdf") == 1
    assert [NO_SANDBOX in run.split() for run in _runs(tmp_path)] == runs
    assert list(own_tempdir.iterdir()) == []


def test_the_sandbox_flags_follow_the_user(monkeypatch):
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    assert pdf.sandbox_flags() == (NO_SANDBOX,)
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    assert pdf.sandbox_flags() == ()
    assert NO_SANDBOX not in pdf.BROWSER_FLAGS + pdf.PRINT_FLAGS


# --- no scripts ----------------------------------------------------------------------------------

def test_the_printed_page_forbids_scripts_first_in_its_head():
    page = pdf.without_scripts("<!DOCTYPE html>\n<html><head>\n<title>t</title></head><body></body></html>")
    assert page.index(pdf.NO_SCRIPTS) < page.index("<title>")
    assert "script-src 'none'" in pdf.NO_SCRIPTS


@needs_chromium
def test_a_script_in_the_page_does_not_run_when_printed(tmp_path, own_tempdir, monkeypatch):
    """The script would add five pages: printed, the page has one. The control, the same page
    printed without the policy, shows that the script runs where it is allowed to."""
    monkeypatch.delenv(pdf.BROWSER_ENV, raising=False)
    assert html_to_pdf(SCRIPTED_PAGE, tmp_path / "page.pdf") == 1
    control = tmp_path / "control"
    control.mkdir()
    page = control / "page.html"
    page.write_text(SCRIPTED_PAGE, encoding="utf-8")
    printed = control / "page.pdf"
    code, err = pdf._run_browser(pdf.print_command(CHROMIUM, control, page, printed, pdf.sandbox_flags()), control, 60)
    assert code == 0, err
    assert pdf.pdf_page_count(printed.read_bytes()) == 6
    assert list(own_tempdir.iterdir()) == []
