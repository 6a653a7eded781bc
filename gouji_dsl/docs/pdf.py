"""PDF output: a rulebook's HTML printed by headless Chromium (A4, page numbers
and page breaks come from the print CSS, templates/print.css).

    find_browser() -> path | None      # GOUJI_CHROMIUM, else chromium / chrome on PATH
    html_to_pdf(html, dest) -> pages   # prints `html` to the PDF file `dest`, returns its page count
    printable(html) -> html            # the page as printed: with the books' own fonts

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
with a fresh browser profile, no network features and no shell. `dest` is
replaced atomically only once a complete PDF exists: on any failure it is left
as it was. Every failure is a `PdfError` (a usage error: exit 2 with a hint),
since it is the machine (no browser, a browser that crashes or hangs), not the
rule file or gouji-dsl, that is at fault.
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
from importlib import resources
from pathlib import Path

from gouji_dsl.diagnostics import UsageError
from gouji_dsl.files import check_output_path, write_atomic
from gouji_dsl.messages import msg

BROWSER_ENV = "GOUJI_CHROMIUM"
BROWSER_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
TIMEOUT_SECONDS = 120
NO_BROWSER = msg("commands.book.no_browser")

# Headless, no first-run work, nothing fetched from the network; --no-sandbox
# because the tools often run as root (CI, containers), where Chromium's
# sandbox refuses to start. The page's own header and footer (date, URL) are
# off: the print CSS puts the page numbers in the page's margin boxes. The
# headings become the PDF's outline (bookmarks: a table of contents in any
# PDF reader, and where the print test finds each heading on its page).
HEADLESS_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync")
_FLAGS = HEADLESS_FLAGS + ("--no-pdf-header-footer", "--generate-pdf-document-outline")


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
    with tempfile.TemporaryDirectory(prefix="gouji-pdf-", ignore_cleanup_errors=True) as tmp:
        page = Path(tmp) / "book.html"
        page.write_text("\ufeff" + printable(html), encoding="utf-8")  # the BOM: read as UTF-8, with or without <meta charset>
        printed = Path(tmp) / "book.pdf"
        profile = Path(tmp) / "profile"  # a fresh profile: no state from, or left for, the user's browser
        _run_browser([browser, *_FLAGS, f"--user-data-dir={profile}", f"--print-to-pdf={printed}", page.as_uri()], timeout)
        data = printed.read_bytes() if printed.is_file() else b""
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
    """The page as html_to_pdf prints it: `html` with the books' fonts declared in
    a <style> of their own at the start of its <head> (or of the page, after its doctype)."""
    style = f"<style>\n{book_fonts_css()}</style>\n"
    head = re.search(r"<head\b[^>]*>\n?", html, re.IGNORECASE) or re.match(r"\s*<!DOCTYPE[^>]*>\n?", html, re.IGNORECASE)
    at = head.end() if head else 0
    return html[:at] + style + html[at:]


def pdf_page_count(data: bytes) -> int:
    """The pages of a PDF that Chromium (Skia) wrote: its page objects, which
    Skia writes uncompressed (no object streams). Raises PdfError when none is found."""
    pages = len(re.findall(rb"/Type\s*/Page(?![A-Za-z])", data))
    if pages == 0:
        raise PdfError(msg("commands.book.no_pages"), msg("commands.book.no_pages_hint"))
    return pages


def _run_browser(command: list[str], timeout: float) -> None:
    """Run the browser in a session of its own, so that on a timeout its whole
    process group (renderer, GPU and zygote processes) is ended, not only the first."""
    try:
        proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                start_new_session=True)
    except OSError as exc:  # not executable, not a program
        raise PdfError(msg("commands.book.cannot_run", program=command[0], reason=exc.strerror or exc),
                       msg("commands.book.cannot_run_hint", variable=BROWSER_ENV)) from None
    try:
        _out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise PdfError(msg("commands.book.timeout", browser=Path(command[0]).name, seconds=timeout),
                       msg("commands.book.timeout_hint")) from None
    if proc.returncode != 0:
        output = _last_lines(err.decode("utf-8", "replace"))
        raise PdfError(msg("commands.book.browser_failed" if output else "commands.book.browser_failed_silent",
                           browser=Path(command[0]).name, code=proc.returncode, output=output))


def _last_lines(stderr: str, count: int = 5) -> str:
    """The browser's last few lines of stderr, without the D-Bus complaints it
    always prints where no session bus runs (containers, CI); "" if there are none."""
    lines = [line for line in stderr.splitlines() if line.strip() and "dbus" not in line.lower()]
    return "\n  ".join(lines[-count:])


