"""PDF output: a rulebook's HTML printed by headless Chromium (A4, page numbers
and page breaks come from the print CSS, templates/print.css).

    find_browser() -> path | None      # GOUJI_CHROMIUM, else chromium / chrome on PATH
    html_to_pdf(html, dest) -> pages   # prints `html` to the PDF file `dest`, returns its page count
    printable(html) -> html            # the page as printed: with the books' own fonts
    sigterm_as_exit()                  # a command's context: SIGTERM raises SystemExit, so clean-ups run

Why a browser: the HTML book is already a complete page (fonts, tables, CSS
paged media with margin boxes for "3 / 12"); Chromium prints exactly what a
reader sees, embeds the fonts it used (subsetted) and needs no PDF library.

The same print on any machine: the books are printed in fonts of their own, Gouji
Sans and Gouji Mono (docs/fonts/, subsets of Noto Sans CJK SC with TrueType outlines,
made by tools/book_font.py), not in whatever Chinese font the machine has. Chromium's
PDF writer embeds a font with TrueType outlines as one CID font; the CFF outlines of
Noto Sans CJK and Source Han Sans, the Chinese fonts most machines have, would become
dozens of Type 3 fonts, which print shops refuse. And each machine's font set the
Latin letters, line heights and punctuation its own way: the same handout took four
pages with one font and five with another. `printable` puts their @font-face rules,
with the fonts as data: URIs, in front of the page's styles; templates/print.css names
them first in every font list. Only the printed page carries them (the HTML books
would grow by 1.6 MB each); a character they lack falls back to the machine's fonts.

The HTML is written into a fresh temporary folder and opened as a file:// URI,
with a fresh browser profile, no network features, no shell and no scripts (the
books are escaped text and need none). `dest` is replaced atomically only once a
complete PDF exists: on any failure it is left as it was.

Nothing is left running or lying about: the browser runs in a process group of
its own, which is ended (SIGTERM, then SIGKILL) on every way out of html_to_pdf
(done, failed, timed out, interrupted), and the temporary folder, where the browser
also keeps its own temporary files, is then removed. A SIGTERM only reaches those
`finally` blocks as an exception: the `gouji doc` command turns it into one while
it prints (`sigterm_as_exit`); the library leaves signal handling to its caller.
The sandbox stays on, except as root, where Chromium refuses it (`sandbox_flags`).

Every failure is a `PdfError` (a usage error: exit 2 with a hint), since it is the
machine (no browser, a browser that crashes or hangs), not the rule file or
gouji-dsl, that is at fault.
"""
from __future__ import annotations

import base64
import functools
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from contextlib import contextmanager
from importlib import resources
from pathlib import Path

from gouji_dsl.diagnostics import UsageError
from gouji_dsl.files import check_output_path, write_atomic
from gouji_dsl.messages import msg

BROWSER_ENV = "GOUJI_CHROMIUM"
BROWSER_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
TIMEOUT_SECONDS = 120
END_GRACE_SECONDS = 2  # how long the browser's processes get to quit on SIGTERM before SIGKILL
NO_BROWSER = msg("commands.book.no_browser")

# Headless, no first-run work, nothing fetched from the network.
BROWSER_FLAGS = ("--headless", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync")
NO_SANDBOX = "--no-sandbox"
# What Chromium says when its sandbox cannot start: as root it refuses to run sandboxed at all;
# elsewhere a kernel or container without user namespaces (or a setuid helper) leaves it none.
SANDBOX_FAILURES = ("No usable sandbox", "Running as root without --no-sandbox")
# Printing: the page's own header and footer (date, URL) are off, as the print CSS puts the
# page numbers in the page's margin boxes; the headings become the PDF's outline (bookmarks:
# a table of contents in any PDF reader, and where the print test finds each heading on its
# page).
PRINT_FLAGS = ("--no-pdf-header-footer", "--generate-pdf-document-outline")
# Scripts are off while printing, as the books are escaped text that needs none:
# without_scripts() puts this policy in the page. (Not --blink-settings=scriptEnabled=false:
# with it headless Chromium 156 exits 0 without printing.)
NO_SCRIPTS = """<meta http-equiv="Content-Security-Policy" content="script-src 'none'">\n"""


def sandbox_flags() -> tuple[str, ...]:
    """The sandbox stays on where it works. Chromium refuses to start sandboxed as root (CI,
    containers), so only there is it turned off; where it cannot start for another reason,
    html_to_pdf tries once more without it (SANDBOX_FAILURES)."""
    return (NO_SANDBOX,) if os.geteuid() == 0 else ()


# The flags of a browser this process starts (the print tests drive one with these too).
HEADLESS_FLAGS = BROWSER_FLAGS + sandbox_flags()


# The books' fonts (package data in docs/fonts/, made by tools/book_font.py; licence: OFL.txt
# there): (family, weight, file). templates/print.css names the families.
BOOK_FONTS = (
    ("Gouji Sans", 400, "GoujiSans-Regular.woff"),
    ("Gouji Sans", 700, "GoujiSans-Bold.woff"),
    ("Gouji Mono", 400, "GoujiMono-Regular.woff"),
    ("Gouji Mono", 700, "GoujiMono-Bold.woff"),
)


class PdfError(UsageError):
    """A PDF cannot be made on this machine: no browser, or the browser failed."""


def find_browser() -> str | None:
    """The Chromium (or Chrome) to print with: $GOUJI_CHROMIUM if set, else the
    first of chromium, chromium-browser, google-chrome, google-chrome-stable on
    PATH; None when there is none. A GOUJI_CHROMIUM that names no program is an
    error rather than a silent fall-back: the user asked for that browser."""
    named = os.environ.get(BROWSER_ENV, "").strip()
    if named:
        found = shutil.which(named)
        if found is None:
            raise PdfError(msg("commands.book.no_such_browser", variable=BROWSER_ENV, named=named),
                           msg("commands.book.no_such_browser_hint"))
        return found
    for name in BROWSER_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def html_to_pdf(html: str, dest: Path | str, timeout: float = TIMEOUT_SECONDS) -> int:
    """Print the HTML page `html` to the PDF file `dest`; returns the number of pages.

    The page must be standalone (the rulebook's HTML is: no external resources).
    `timeout` (seconds) bounds the browser's run; past it the browser is ended."""
    dest = check_output_path(dest, msg("commands.book.pdf_file"))
    browser = find_browser()
    if browser is None:
        raise PdfError(NO_BROWSER, msg("commands.book.no_browser_hint"))
    tmp = Path(tempfile.mkdtemp(prefix="gouji-pdf-"))
    try:
        page = tmp / "book.html"
        page.write_text("\ufeff" + without_scripts(printable(html)), encoding="utf-8")  # the BOM: read as UTF-8, with or without <meta charset>
        printed = tmp / "book.pdf"
        _print_page(browser, tmp, page, printed, timeout)
        data = printed.read_bytes() if printed.is_file() else b""
    finally:
        with _signals_held():  # a second Ctrl-C must not cut the removal short
            shutil.rmtree(tmp, ignore_errors=True)
    if not data.startswith(b"%PDF-"):
        raise PdfError(msg("commands.book.not_printed_other" if data else "commands.book.not_printed_nothing",
                           browser=Path(browser).name),
                       msg("commands.book.not_printed_hint"))
    pages = pdf_page_count(data)
    write_atomic(dest, data)
    return pages


def book_font_file(file: str):
    """A file of docs/fonts/ (a Traversable: read it with read_bytes)."""
    return resources.files("gouji_dsl.docs") / "fonts" / file


@functools.lru_cache(maxsize=1)
def book_fonts_css() -> str:
    """The @font-face rules of the books' fonts, each font a data: URI (the page stays standalone).
    font-display: block: no line is laid out in a fallback font while they load."""
    rules = []
    for family, weight, file in BOOK_FONTS:
        data = base64.b64encode(book_font_file(file).read_bytes()).decode("ascii")
        rules.append(f'@font-face {{ font-family: "{family}"; font-style: normal; font-weight: {weight}; '
                     f'font-display: block; src: url(data:font/woff;base64,{data}) format("woff"); }}\n')
    return "".join(rules)


def printable(html: str) -> str:
    """The page as html_to_pdf lays it out: `html` with the books' fonts declared in a <style>
    of their own at the start of its <head> (or of the page, after its doctype). (html_to_pdf
    also forbids scripts in it: without_scripts.)"""
    return _head_first(html, f"<style>\n{book_fonts_css()}</style>\n")


def without_scripts(html: str) -> str:
    """`html` with a policy first in its <head> that lets no script run (NO_SCRIPTS)."""
    return _head_first(html, NO_SCRIPTS)


def _head_first(html: str, insert: str) -> str:
    head = re.search(r"<head\b[^>]*>\n?", html, re.IGNORECASE) or re.match(r"\s*<!DOCTYPE[^>]*>\n?", html, re.IGNORECASE)
    at = head.end() if head else 0
    return html[:at] + insert + html[at:]


def pdf_page_count(data: bytes) -> int:
    """The pages of a PDF that Chromium (Skia) wrote: its page objects, which
    Skia writes uncompressed (no object streams). Raises PdfError when none is found."""
    pages = len(re.findall(rb"/Type\s*/Page(?![A-Za-z])", data))
    if pages == 0:
        raise PdfError(msg("commands.book.no_pages"), msg("commands.book.no_pages_hint"))
    return pages


def print_command(browser: str, tmp: Path, page: Path, printed: Path, sandbox: tuple[str, ...]) -> list[str]:
    """The command line that prints `page` to `printed`, with a fresh profile in `tmp`
    (no state from, or left for, the user's browser)."""
    return [browser, *BROWSER_FLAGS, *sandbox, *PRINT_FLAGS, f"--user-data-dir={tmp / 'profile'}",
            f"--print-to-pdf={printed}", page.as_uri()]


def _print_page(browser: str, tmp: Path, page: Path, printed: Path, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    sandbox = sandbox_flags()
    code, err = _run_browser(print_command(browser, tmp, page, printed, sandbox), tmp, timeout)
    if code != 0 and not sandbox and any(failure in err for failure in SANDBOX_FAILURES):
        # The sandbox cannot start on this machine (no user namespaces, say): printing our own
        # escaped page with scripts off, unsandboxed, beats printing nothing.
        code, err = _run_browser(print_command(browser, tmp, page, printed, (NO_SANDBOX,)), tmp,
                                 max(deadline - time.monotonic(), 1.0))
    if code != 0:
        output = _last_lines(err)
        raise PdfError(msg("commands.book.browser_failed" if output else "commands.book.browser_failed_silent",
                           browser=Path(browser).name, code=code, output=output))


def _run_browser(command: list[str], tmp: Path, timeout: float) -> tuple[int, str]:
    """Run the browser; its exit code and stderr. It runs in a session (so a process group) of
    its own, so that its renderer, GPU and zygote processes can be ended with it; however this
    ends (done, failed, timed out, KeyboardInterrupt, a SIGTERM turned into SystemExit), the
    group is ended. Its stderr goes to a file in `tmp`, not a pipe: a child that outlives it
    would hold a pipe open, and reading to its end would wait for the child."""
    log = tmp / "browser.log"
    proc = None
    try:
        with log.open("wb") as stderr:
            # (A signal in the instant between the fork and `proc` being set would escape the
            # `finally`: that instant cannot be closed without blocking signals in the browser too.)
            proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=stderr,
                                    start_new_session=True, env=_browser_environment(tmp))
        code = proc.wait(timeout=timeout)
    except OSError as exc:  # not executable, not a program
        raise PdfError(msg("commands.book.cannot_run", program=command[0], reason=exc.strerror or exc),
                       msg("commands.book.cannot_run_hint", variable=BROWSER_ENV)) from None
    except subprocess.TimeoutExpired:
        raise PdfError(msg("commands.book.timeout", browser=Path(command[0]).name, seconds=timeout),
                       msg("commands.book.timeout_hint")) from None
    finally:
        if proc is not None:
            with _signals_held():
                _end_group(proc)
    return code, log.read_bytes().decode("utf-8", "replace")


# Chromium's singleton socket goes in TMPDIR/org.chromium.Chromium.XXXXXX/SingletonSocket, and a
# socket's path holds at most 107 bytes (sun_path): a TMPDIR longer than this leaves no room.
LONGEST_BROWSER_TMPDIR = 107 - len("/org.chromium.Chromium.XXXXXX/SingletonSocket")


def _browser_environment(tmp: Path) -> dict[str, str]:
    """The browser's environment: TMPDIR in `tmp`, so that the temporary files it makes go when
    `tmp` does, even when it is killed before it can remove them; left as it is when `tmp`'s
    path is too long for the browser's socket there."""
    if len(os.fsencode(tmp)) > LONGEST_BROWSER_TMPDIR:
        return dict(os.environ)
    return {**os.environ, "TMPDIR": str(tmp)}


def _end_group(proc: subprocess.Popen) -> None:
    """End the browser's process group: SIGTERM, then SIGKILL to whatever is left after
    END_GRACE_SECONDS (the group outlives its leader while a child, a renderer, is alive);
    then wait, as briefly, for the group to be gone: a signal is delivered, not obeyed, at once.
    When the browser itself has exited, its work is done (the PDF is written before it exits):
    what is left of its group gets SIGKILL at once, rather than a grace period to spend (some
    of its helpers sit out SIGTERM, which cost every print its two seconds)."""
    if proc.poll() is not None:
        if _signal_group(proc, signal.SIGKILL):
            _wait_for_group(proc, END_GRACE_SECONDS)
        return
    if not _signal_group(proc, signal.SIGTERM):
        proc.wait()  # gone already, the leader too: reap it, if it is not yet
        return
    _wait_for_group(proc, END_GRACE_SECONDS)
    if _signal_group(proc, signal.SIGKILL):
        _wait_for_group(proc, END_GRACE_SECONDS)


def _wait_for_group(proc: subprocess.Popen, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while _group_alive(proc) and time.monotonic() < deadline:
        time.sleep(0.02)


def _signal_group(proc: subprocess.Popen, signum: int) -> bool:
    """Send `signum` to the browser's process group; False when the group is gone."""
    try:
        os.killpg(proc.pid, signum)
    except ProcessLookupError:
        return False
    except PermissionError:  # a member changed its user: the others are still ended by SIGKILL
        return True
    return True


def _group_alive(proc: subprocess.Popen) -> bool:
    proc.poll()  # reap the leader: a zombie still counts as a member of the group
    try:
        os.killpg(proc.pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return _has_running_member(proc.pid)


def _has_running_member(group: int) -> bool:
    """Whether a process of the group still runs, zombies aside: the browser's children are
    orphans once it exits, and are reaped by whoever adopts them (a container's first process
    may take its time), but a zombie holds no memory and no file. Without /proc to read (not
    Linux), every member counts."""
    try:
        entries = [e for e in os.listdir("/proc") if e.isdigit()]
    except OSError:
        return True
    for entry in entries:
        try:
            with open(f"/proc/{entry}/stat", "rb") as stat_file:
                fields = stat_file.read().rsplit(b")", 1)[1].split()  # after "pid (command)"
        except (OSError, IndexError):
            continue  # gone meanwhile
        if len(fields) > 2 and int(fields[2]) == group and fields[0] not in (b"Z", b"X"):
            return True
    return False


@contextmanager
def _signals_held():
    """Hold SIGINT and SIGTERM back for the length of the block (they are delivered after it):
    the clean-up they would otherwise interrupt is short and must finish."""
    if threading.current_thread() is not threading.main_thread():
        yield  # Python runs signal handlers in the main thread only: nothing to hold here
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


class Terminated(SystemExit):
    """SIGTERM, as an exception: `finally` blocks run and the command exits 128 + SIGTERM."""


@contextmanager
def sigterm_as_exit():
    """For a command's length, SIGTERM raises Terminated (a SystemExit, as the signal asks the
    program to end) instead of killing the process at once, so that html_to_pdf ends its
    browser and removes its temporary folder. The previous handler is restored afterwards;
    outside the main thread (where no handler can be set) nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminate(signum, _frame):
        raise Terminated(128 + signum)

    previous = signal.signal(signal.SIGTERM, terminate)
    try:
        yield
    finally:
        # None: a handler set outside Python, which cannot be put back; the default is the nearest
        signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)


def _last_lines(stderr: str, count: int = 5) -> str:
    """The browser's last few lines of stderr, without the D-Bus complaints it
    always prints where no session bus runs (containers, CI); "" if there are none."""
    lines = [line for line in stderr.splitlines() if line.strip() and "dbus" not in line.lower()]
    return "\n  ".join(lines[-count:])


