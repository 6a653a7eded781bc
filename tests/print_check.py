"""Checks of a printed book, as a reader would see it (tests/test_print.py).

Two sides:

- the PDF (read with pypdfium2): page sizes, the text lines of each page with
  their boxes, headings (found through the PDF's outline) left as the last line
  of a page or column, examples split across columns or pages, pages holding only
  a tail, the type size of the text, the fonts (read from the file's font
  dictionaries: embedded, TrueType or CFF, not Type 3, few), pages rendered to PNG
  and blank ones;
- the HTML in headless Chromium, driven over the DevTools protocol through a
  pipe (`--remote-debugging-pipe`: no port, no websocket library): console
  errors and uncaught exceptions, elements wider than the printed page (print
  media, A4 width), and characters that no font used for them has a glyph for
  (`CSS.getPlatformFontsForNode` names the fonts Chromium drew a node's text
  with; fontTools reads their character maps, found through fontconfig, or the
  books' own fonts), card groups split across lines, type smaller than a minimum;
- the machine's Chinese fonts, one family at a time: a fontconfig configuration
  (FONTCONFIG_FILE) that hides every other Chinese font from Chromium and fc-list.
"""
from __future__ import annotations

import collections
import ctypes
import functools
import html.parser
import json
import math
import os
import re
import select
import subprocess
import tempfile
import time
import unicodedata
from dataclasses import dataclass, field
from xml.sax.saxutils import escape as xml_escape
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw

from gouji_dsl.docs.pdf import BOOK_FONTS, HEADLESS_FLAGS, book_font_file

A4_POINTS = (595.28, 841.89)
A4_CONTENT_WIDTH_PX = round((210 - 2 * 15) / 25.4 * 96)  # print.css: 15 mm side margins, 96 CSS px per inch
PAGE_NUMBER = re.compile(r"^\d+ / \d+$")


# --- the PDF --------------------------------------------------------------------

@dataclass(frozen=True)
class Line:
    """One text line of a page as pdfium reads it, with its box in PDF points (origin bottom left)."""
    text: str
    left: float
    bottom: float
    right: float
    top: float


def _normal(text: str) -> str:
    return " ".join(text.split())


class PdfFile(pdfium.PdfDocument):
    """A PDF whose pages are opened once: the checks below read every page several times, and
    pdfium opens a page anew each time it is asked for one (milliseconds a page), so a page
    object is kept and what is read of it (its lines, its type sizes) is kept with it."""

    def get_page(self, index: int):
        pages = self.__dict__.setdefault("_opened", {})
        if index not in pages:
            pages[index] = super().get_page(index)
        return pages[index]


def _kept(read):
    """`read(page)`, computed once for a page object (kept on it: see PdfFile)."""
    name = f"_kept_{read.__name__}"

    @functools.wraps(read)
    def once(page):
        if name not in page.__dict__:
            page.__dict__[name] = read(page)
        return page.__dict__[name]
    return once


@_kept
def page_lines(page) -> list[Line]:
    """The non-empty text lines of a pypdfium2 page, in pdfium's reading order. (A line
    that ends with a hyphen, "free-for-" in "free-for-all", pdfium joins to the next one,
    marking the hyphen U+FFFE: it is given back as "-".)"""
    textpage = page.get_textpage()
    text = textpage.get_text_range().replace("\ufffe", "-")
    lines, start = [], 0
    for piece in text.split("\r\n"):
        end = start + len(piece)
        boxes = [textpage.get_charbox(i) for i in range(start, end) if not piece[i - start].isspace()]
        if boxes:
            lines.append(Line(_normal(piece), min(b[0] for b in boxes), min(b[1] for b in boxes),
                              max(b[2] for b in boxes), max(b[3] for b in boxes)))
        start = end + 2  # pdfium counts the generated "\r\n" as two characters
    return lines


def body_lines(page) -> list[Line]:
    """The page's lines without the page-number footer ("3 / 12" in the bottom margin)."""
    foot = 20 * 72 / 25.4  # a little more than print.css's 18 mm bottom margin
    return [ln for ln in page_lines(page) if not (PAGE_NUMBER.match(ln.text) and ln.top < foot)]


class _Headings(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.depth, self.texts, self.current = 0, [], []

    def handle_starttag(self, tag, attrs):
        if tag in ("h1", "h2", "h3", "h4"):
            self.depth += 1
            self.current = [] if self.depth == 1 else self.current

    def handle_endtag(self, tag):
        if tag in ("h1", "h2", "h3", "h4") and self.depth:
            self.depth -= 1
            if self.depth == 0:
                self.texts.append(_normal("".join(self.current)))

    def handle_data(self, data):
        if self.depth:
            self.current.append(data)


def headings_of(page_html: str) -> list[str]:
    """The texts of the page's h1-h4 headings, whitespace collapsed."""
    parser = _Headings()
    parser.feed(page_html)
    return [t for t in parser.texts if t]


@dataclass(frozen=True)
class Bookmark:
    """A heading as the PDF's outline gives it (pdf.py asks Chromium for one):
    its text, page (from 0) and the top left corner of its box, in points."""
    title: str
    page: int
    left: float
    top: float


def bookmarks(pdf) -> list[Bookmark]:
    found = []
    for item in pdf.get_toc():
        dest = item.get_dest()
        if dest is None:
            continue
        _mode, (left, top, *_zoom) = dest.get_view()
        found.append(Bookmark(_normal(item.get_title()), dest.get_index(), left, top))
    return found


def _squeezed(text: str) -> str:
    return "".join(text.split())


def heading_problems(pdf, headings: list[str]) -> list[str]:
    """Every heading of the page is in the PDF's outline, found at the place the
    outline gives, and followed by text in its column on its page: not the last
    line of a page or column. A line is in the heading's column when it overlaps
    the strip from the heading's left edge across 30% of the page (less than a
    column of a two-column page, more than a short heading and the indent under
    it), so a two-column handout is checked column by column."""
    marks = bookmarks(pdf)
    if [m.title for m in marks] != headings:
        return [f"the PDF's outline has {len(marks)} headings, the page {len(headings)}: "
                f"{sorted(set(m.title for m in marks) ^ set(headings))[:5]}"]
    problems = []
    lines_of = functools.lru_cache(maxsize=None)(lambda index: body_lines(pdf[index]))
    for mark in marks:
        strip = (mark.left - 2, mark.left + 0.3 * pdf[mark.page].get_width())
        column = sorted((ln for ln in lines_of(mark.page)
                         if ln.left < strip[1] and ln.right > strip[0] and ln.top <= mark.top + 3),
                        key=lambda ln: -ln.top)
        wanted, got = _squeezed(mark.title), ""
        while column and got != wanted and wanted.startswith(got + _squeezed(column[0].text)):
            got += _squeezed(column.pop(0).text)
        if got != wanted:
            problems.append(f"page {mark.page + 1}: the heading {mark.title!r} is not where the outline puts it")
        elif not column:
            problems.append(f"page {mark.page + 1}: the heading {mark.title!r} is the last line of its page or column")
    return problems


class _Examples(html.parser.HTMLParser):
    """The examples of a page (div.example): the index of each one's title among the
    page's headings (headings_of) and its text as drawn (an SVG's <text> included, its
    <title> and <desc> not)."""

    HIDDEN = ("title", "desc", "style", "script")

    def __init__(self):
        super().__init__()
        self.headings = 0                  # headings with text so far
        self.in_heading = 0
        self.heading_text: list[str] = []
        self.divs: list[int | None] = []   # open <div>s: the index into found of an example's, else None
        self.hidden = 0
        self.found: list[list] = []        # [title's heading index, text parts]

    def _open(self) -> list[int]:
        return [d for d in self.divs if d is not None]

    def handle_starttag(self, tag, attrs):
        if tag == "div":
            example = "example" in (dict(attrs).get("class") or "").split()
            self.divs.append(len(self.found) if example else None)
            if example:
                self.found.append([None, []])
        elif tag in self.HIDDEN:
            self.hidden += 1
        elif tag in ("h1", "h2", "h3", "h4"):
            self.in_heading += 1
            if self.in_heading == 1:
                self.heading_text = []

    def handle_endtag(self, tag):
        if tag == "div" and self.divs:
            self.divs.pop()
        elif tag in self.HIDDEN and self.hidden:
            self.hidden -= 1
        elif tag in ("h1", "h2", "h3", "h4") and self.in_heading:
            self.in_heading -= 1
            if self.in_heading == 0 and _normal("".join(self.heading_text)):
                open_examples = self._open()
                if open_examples and self.found[open_examples[-1]][0] is None:
                    self.found[open_examples[-1]][0] = self.headings
                self.headings += 1

    def handle_data(self, data):
        if self.in_heading:
            self.heading_text.append(data)
        if not self.hidden:
            for index in self._open():
                self.found[index][1].append(data)


def examples_of(page_html: str) -> list[tuple[int, str]]:
    """(index of its title among headings_of(page_html), text) of each example with a title."""
    parser = _Examples()
    parser.feed(page_html)
    return [(heading, "".join(parts)) for heading, parts in parser.found if heading is not None]


def _drawn_chars(text: str) -> collections.Counter:
    return collections.Counter(c for c in text if unicodedata.category(c)[0] not in ("Z", "C"))


def split_examples(pdf, headings: list[str], examples: list[tuple[int, str]], columns: int = 1) -> list[str]:
    """Every example is printed whole in one column of one page: from its title (found
    through the PDF's outline) down its column, the page's lines hold every character
    of the example's text (as many times as the example has it) before the column ends.
    Extra characters (list bullets, a repeated table head, the text after the example)
    do not matter. `columns`: 1 or 2, as the book is printed. Call it after
    heading_problems found the outline right."""
    marks = bookmarks(pdf)
    if [m.title for m in marks] != headings:
        return []  # heading_problems says why
    problems = []
    lines_of = functools.lru_cache(maxsize=None)(lambda index: body_lines(pdf[index]))
    for heading, text in examples:
        mark = marks[heading]
        wanted = _drawn_chars(text)
        # its column: the page, or from the title's left edge across 42% of the page (a
        # column of a two-column page and no more)
        width = pdf[mark.page].get_width()
        strip = (0, width) if columns == 1 else (mark.left - 2, mark.left + 0.42 * width)
        column = sorted((ln for ln in lines_of(mark.page)
                         if ln.left < strip[1] and ln.right > strip[0] and ln.top <= mark.top + 3),
                        key=lambda ln: -ln.top)
        seen = collections.Counter()
        for line in column:
            seen.update(_drawn_chars(line.text))
            if not wanted - seen:
                break
        if wanted - seen:
            lacking = "".join(sorted((wanted - seen).elements()))[:30]
            problems.append(f"page {mark.page + 1}: the example {mark.title!r} does not end in its column "
                            f"(not there: {lacking!r})")
    return problems


def quick_card_pages(pdf, page_html: str) -> list[int]:
    """The pages (from 1) that the quick card (section#ch-quick, templates/pictures.css) of
    a handout or house-rule sheet is printed on, found through its box titles in the PDF's
    outline; [] when the page has no quick card. Call it after heading_problems."""
    found = re.search(r'<section\b[^>]*\bid="ch-quick"', page_html)
    if found is None:
        return []
    start = found.start()
    after = re.search(r'<section\b[^>]*\bid="ch-|<footer\b|</?main\b|<header\b', page_html[start + 1:])
    end = start + 1 + after.start() if after else len(page_html)
    before, titles = len(headings_of(page_html[:start])), headings_of(page_html[start:end])
    marks = bookmarks(pdf)[before:before + len(titles)]
    return sorted({mark.page + 1 for mark in marks})


# A page with fewer text lines than this holds only a tail (a paragraph's last lines,
# a footer) that should have gone with the page before.
STUB_LINES = 6


def stub_pages(pdf) -> list[str]:
    """The pages of a PDF of two or more pages that hold fewer than STUB_LINES lines of text
    (the page numbers left out)."""
    if len(pdf) < 2:
        return []
    return [f"page {n} holds only {count} line(s) of text" for n, page in enumerate(pdf, start=1)
            if (count := len(body_lines(page))) < STUB_LINES]


@_kept
def text_sizes(page) -> collections.Counter:
    """Characters of the page's text by type size in points (the font size of each text
    object scaled by its matrix), rounded to 0.1 pt."""
    textpage = page.get_textpage()
    sizes = collections.Counter()
    for obj in page.get_objects(filter=[raw.FPDF_PAGEOBJ_TEXT]):
        size = ctypes.c_float()
        if not raw.FPDFTextObj_GetFontSize(obj.raw, size):
            continue
        m = obj.get_matrix()
        count = raw.FPDFTextObj_GetText(obj.raw, textpage.raw, None, 0)
        buffer = ctypes.create_string_buffer(count * 2)
        raw.FPDFTextObj_GetText(obj.raw, textpage.raw, ctypes.cast(buffer, ctypes.POINTER(ctypes.c_ushort)), count)
        text = buffer.raw.decode("utf-16-le", "ignore").rstrip("\0")
        drawn = sum(1 for c in text if not c.isspace())
        if drawn:
            sizes[round(size.value * math.sqrt(abs(m.a * m.d - m.b * m.c)), 1)] += drawn
    return sizes


def shrunk_pages(pdf) -> list[str]:
    """Pages whose content Chromium shrank to fit the paper (something was wider than the
    page in its print layout, which an on-screen check at the page's width may not see):
    text is drawn at 0.75 pt to the CSS px, so most of a page's characters are in text
    objects with that scale; a shrunk page has a smaller one (the page numbers, in the
    page's margin, keep theirs)."""
    problems = []
    for number, page in enumerate(pdf, start=1):
        scales = collections.Counter()
        for obj in page.get_objects(filter=[raw.FPDF_PAGEOBJ_TEXT]):
            m = obj.get_matrix()
            scales[round(math.sqrt(abs(m.a * m.d - m.b * m.c)), 3)] += 1
        if scales and (scale := scales.most_common(1)[0][0]) < 0.749:
            problems.append(f"page {number} is shrunk to {scale / 0.75:.0%} to fit the paper")
    return problems


def body_type_sizes(pdf) -> list[float]:
    """The size of the body text of each page: the size most of its characters have."""
    return [sizes.most_common(1)[0][0] if (sizes := text_sizes(page)) else 0.0 for page in pdf]


@dataclass(frozen=True)
class PdfFont:
    """A font of a PDF file as its dictionaries say: subtype (Type0 wrappers left out: their
    CID font is the font), base name without the subset tag, and how its program is
    embedded: FontFile2 (TrueType), FontFile3 (CFF, OpenType), FontFile (Type 1), "" (not)."""
    number: int
    subtype: str
    name: str
    program: str


def pdf_fonts(data: bytes) -> list[PdfFont]:
    """The fonts of a PDF written by Chromium (Skia), read from its object dictionaries,
    which Skia writes uncompressed (no object streams)."""
    objects = {int(number): body for number, body in
               re.findall(rb"(?m)^(\d+) 0 obj\s*(<<.*?)(?=^endobj|\bstream\r?\n)", data, re.S)}
    fonts = []
    for number, body in sorted(objects.items()):
        if not re.search(rb"/Type\s*/Font(?![A-Za-z])", body):
            continue
        subtype = re.search(rb"/Subtype\s*/(\w+)", body)
        subtype = subtype.group(1).decode() if subtype else ""
        if subtype == "Type0":
            continue
        name = re.search(rb"/BaseFont\s*/([^\s/<>\[\]()]+)", body)
        name = re.sub(r"^[A-Z]{6}\+", "", name.group(1).decode("latin-1")) if name else ""
        program = ""
        descriptor = re.search(rb"/FontDescriptor\s+(\d+)\s+0\s+R", body)
        if descriptor:
            found = re.search(rb"/(FontFile[23]?)\s+\d+\s+0\s+R", objects.get(int(descriptor.group(1)), b""))
            program = found.group(1).decode() if found else ""
        fonts.append(PdfFont(number, subtype, name, program))
    return fonts


# A book prints in its own fonts (Regular, Bold, their mono faces; Chromium may make a
# second subset of one): more font objects mean glyphs drawn some other way.
MAX_FONTS = 8


def font_problems(data: bytes) -> list[str]:
    """What a print shop would refuse, or what shows the print depends on the machine:
    Type 3 fonts (glyphs as little pictures: Chromium's way with CFF fonts), fonts not
    embedded, more than MAX_FONTS fonts, fonts other than the books' own."""
    fonts = pdf_fonts(data)
    problems = []
    type3 = [f for f in fonts if f.subtype == "Type3"]
    if type3:
        problems.append(f"{len(type3)} Type 3 fonts (glyphs drawn as pictures)")
    problems += [f"font {f.name or f.number} ({f.subtype}) is not embedded" for f in fonts
                 if f.subtype != "Type3" and not f.program]
    if len(fonts) > MAX_FONTS:
        problems.append(f"{len(fonts)} fonts (more than {MAX_FONTS})")
    own = tuple(family.replace(" ", "") for family, _weight, _file in BOOK_FONTS)
    problems += [f"font {f.name} is the machine's, not one of the books' fonts" for f in fonts
                 if f.subtype != "Type3" and not f.name.startswith(own)]
    return problems


def page_sizes(pdf) -> list[tuple[float, float]]:
    return [tuple(round(x, 2) for x in page.get_size()) for page in pdf]


def not_a4(pdf) -> list[tuple[int, tuple[float, float]]]:
    """(page number, size) of every page that is not A4 portrait within 1 pt."""
    return [(n, size) for n, size in enumerate(page_sizes(pdf), start=1)
            if abs(size[0] - A4_POINTS[0]) > 1 or abs(size[1] - A4_POINTS[1]) > 1]


def fonts_not_embedded(pdf) -> list[str]:
    """The base names of the fonts that text on some page uses without carrying them in the file."""
    missing = set()
    for page in pdf:
        for obj in page.get_objects(filter=[raw.FPDF_PAGEOBJ_TEXT]):
            font = raw.FPDFTextObj_GetFont(obj.raw)
            if raw.FPDFFont_GetIsEmbedded(font):
                continue
            size = raw.FPDFFont_GetBaseFontName(font, None, 0)
            buffer = ctypes.create_string_buffer(size)
            raw.FPDFFont_GetBaseFontName(font, buffer, size)
            missing.add(buffer.value.decode("utf-8", "replace"))
    return sorted(missing)


def render_page(pdf, index: int, scale: float = 1.5):
    """A page as a PIL image (scale 1 = 72 dpi)."""
    return pdf[index].render(scale=scale).to_pil().convert("RGB")


def ink_fraction(image) -> float:
    """The share of pixels that are not (near) white: 0 for a blank page."""
    gray = image.convert("L")
    histogram = gray.histogram()
    dark = sum(histogram[:240])
    return dark / (gray.width * gray.height)


# --- the HTML in Chromium (DevTools protocol over a pipe) -------------------------

class DevToolsError(RuntimeError):
    pass


class Browser:
    """A headless Chromium driven over `--remote-debugging-pipe`: the browser reads
    commands from fd 3 and writes answers and events to fd 4, as JSON ended by NUL."""

    def __init__(self, executable: str, timeout: float = 60):
        self.timeout = timeout
        self.profile = tempfile.TemporaryDirectory(prefix="gouji-cdp-", ignore_cleanup_errors=True)
        to_browser_read, self._to_browser = os.pipe()
        self._from_browser, from_browser_write = os.pipe()

        def child_fds():  # runs in the child before exec: put the pipe ends at fds 3 and 4
            read, write = os.dup(to_browser_read), os.dup(from_browser_write)
            os.dup2(read, 3)
            os.dup2(write, 4)

        command = [executable, *HEADLESS_FLAGS, "--hide-scrollbars", "--remote-debugging-pipe",
                   f"--user-data-dir={self.profile.name}", "about:blank"]
        # close_fds=False keeps only inheritable fds: Python opens its own as non-inheritable (PEP 446)
        self.proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, close_fds=False, preexec_fn=child_fds,
                                     start_new_session=True)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict] = []

    def close(self) -> None:
        try:
            self.send("Browser.close")
        except (DevToolsError, OSError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, 9)
            self.proc.wait()
        for fd in (self._to_browser, self._from_browser):
            try:
                os.close(fd)
            except OSError:
                pass
        self.profile.cleanup()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def send(self, method: str, params: dict | None = None, session: str | None = None) -> dict:
        """Send one command and wait for its answer; events that arrive meanwhile are kept in `events`."""
        return self.send_many(method, [params or {}], session)[0]

    def send_many(self, method: str, params: list[dict], session: str | None = None) -> list[dict]:
        """Send one command per params without waiting between them (one round trip
        for thousands of small queries), then collect the answers in order."""
        first = self._next_id + 1
        messages = []
        for offset, p in enumerate(params):
            message = {"id": first + offset, "method": method, "params": p}
            if session:
                message["sessionId"] = session
            messages.append(json.dumps(message).encode() + b"\0")
        self._next_id += len(params)
        self._write(b"".join(messages))
        answers: dict[int, dict] = {}
        deadline = time.monotonic() + self.timeout
        while len(answers) < len(params):
            reply = self._receive(deadline)
            if first <= reply.get("id", 0) <= self._next_id:
                if "error" in reply:
                    raise DevToolsError(f"{method}: {reply['error'].get('message')}")
                answers[reply["id"]] = reply.get("result", {})
            else:
                self.events.append(reply)
        return [answers[first + i] for i in range(len(params))]

    def _write(self, data: bytes) -> None:
        """Write it all, reading meanwhile: the browser blocks on a full answer pipe
        unless we empty it while sending a long batch."""
        view = memoryview(data)
        while view:
            readable, writable, _ = select.select([self._from_browser], [self._to_browser], [], self.timeout)
            if not readable and not writable:
                raise DevToolsError("the browser did not take our commands in time")
            if readable:
                chunk = os.read(self._from_browser, 1 << 20)
                if not chunk:
                    raise DevToolsError("the browser closed the pipe (it crashed or quit)")
                self._buffer += chunk
            if writable:
                view = view[os.write(self._to_browser, view[:1 << 16]):]

    def wait_for(self, method: str, session: str | None = None) -> dict:
        """The first event `method` (of `session`), whether it already came or comes next."""
        deadline = time.monotonic() + self.timeout
        while True:
            for event in self.events:
                if event.get("method") == method and (session is None or event.get("sessionId") == session):
                    return event
            self.events.append(self._receive(deadline))

    def _receive(self, deadline: float) -> dict:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._from_browser], [], [], left)[0]:
                raise DevToolsError("the browser did not answer in time")
            chunk = os.read(self._from_browser, 1 << 20)
            if not chunk:
                raise DevToolsError("the browser closed the pipe (it crashed or quit)")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)


@dataclass
class PageReport:
    console_errors: list[str]
    too_wide: list[str]
    missing_glyphs: dict[str, list[str]]  # character (as U+XXXX c) -> fonts that were used for it
    fonts_used: set[str]
    split_groups: list[str] = field(default_factory=list)  # card groups (code.cards, svg.cards) on two lines
    small_type: list[str] = field(default_factory=list)    # text under the minimum size asked for


def check_page(browser: Browser, page_file: Path, width_px: int = A4_CONTENT_WIDTH_PX,
               min_type_pt: float | None = None, small_print: str = "") -> PageReport:
    """Open `page_file` in a new tab with print media at the printed text width `width_px`
    (CSS px) and report console errors, elements wider than the page, characters drawn
    without a glyph and card groups split across lines; with `min_type_pt`, also the
    elements whose text is set smaller than that, but for those matching the CSS selector
    `small_print` (and SVG pictures)."""
    target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    try:
        for domain in ("Page", "Runtime", "Log", "DOM", "CSS"):
            browser.send(f"{domain}.enable", session=session)
        browser.send("Emulation.setEmulatedMedia", {"media": "print"}, session=session)
        browser.send("Emulation.setDeviceMetricsOverride",
                     {"width": width_px, "height": 1000, "deviceScaleFactor": 1, "mobile": False},
                     session=session)
        browser.events.clear()
        browser.send("Page.navigate", {"url": page_file.as_uri()}, session=session)
        browser.wait_for("Page.loadEventFired", session)
        browser.send("Runtime.evaluate", {"expression": "document.fonts.ready.then(() => true)",
                                          "awaitPromise": True}, session=session)
        too_wide = _too_wide(browser, session)
        missing, used = _missing_glyphs(browser, session)
        split = _evaluate(browser, session, _SPLIT_GROUPS_JS)
        small = ([] if min_type_pt is None else
                 _evaluate(browser, session, _SMALL_TYPE_JS % (json.dumps(min_type_pt), json.dumps(small_print))))
        errors = _console_errors([e for e in browser.events if e.get("sessionId") == session])
        return PageReport(errors, too_wide, missing, used, split, small)
    finally:
        browser.send("Target.closeTarget", {"targetId": target})


def _console_errors(events: list[dict]) -> list[str]:
    errors = []
    for event in events:
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params["exceptionDetails"]
            errors.append(details.get("exception", {}).get("description") or details.get("text", "exception"))
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            errors.append(" ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", [])))
        elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
            errors.append(params["entry"].get("text", ""))
    return errors


# Every element (and every text run, which may stick out of its element) whose box
# ends right of the page's text width, or starts left of it.
_TOO_WIDE_JS = r"""
(() => {
  const width = document.documentElement.clientWidth, out = [];
  const name = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
                     (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : '');
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && (r.right > width + 0.5 || r.left < -0.5))
      out.push(`${name(el)}: ${Math.round(r.left)}..${Math.round(r.right)} px, page ${width} px`);
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.nodeValue.trim()) continue;
    range.selectNodeContents(n);
    const r = range.getBoundingClientRect();
    if (r.width > 0 && (r.right > width + 0.5 || r.left < -0.5))
      out.push(`text "${n.nodeValue.trim().slice(0, 40)}" in ${name(n.parentElement)}: ${Math.round(r.left)}..${Math.round(r.right)} px`);
  }
  if (document.documentElement.scrollWidth > width) out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px`);
  return out;
})()
"""


# A card group (code.cards such as "7 7 7", or card faces drawn as an SVG: render.py) that
# the layout puts on two lines has two client rectangles.
_SPLIT_GROUPS_JS = r"""
(() => {
  const out = [];
  for (const el of document.querySelectorAll('main code.cards, main svg.cards')) {
    const rects = [...el.getClientRects()].filter(r => r.width > 0);
    if (rects.length > 1)
      out.push(`${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}" on ${rects.length} lines`);
  }
  return out;
})()
"""

# Elements with text of their own set smaller than the minimum (in pt; 1 pt = 4/3 CSS px),
# but in SVG pictures and in what the `small print` selector names.
_SMALL_TYPE_JS = r"""
((minimum, smallPrint) => {
  const out = [], seen = new Set();
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('svg') || (smallPrint && el.closest(smallPrint))) continue;
    const own = [...el.childNodes].filter(n => n.nodeType === 3 && n.nodeValue.trim());
    if (!own.length || !el.getClientRects().length) continue;
    const size = parseFloat(getComputedStyle(el).fontSize) * 0.75;
    if (size < minimum - 0.01) {
      const name = el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : '');
      const key = name + size.toFixed(2);
      if (!seen.has(key)) { seen.add(key); out.push(`${name} "${own[0].nodeValue.trim().slice(0, 30)}": ${size.toFixed(2)} pt`); }
    }
  }
  return out;
})(%s, %s)
"""


def _evaluate(browser: Browser, session: str, expression: str):
    result = browser.send("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session=session)
    if "exceptionDetails" in result:
        raise DevToolsError(f"the page's check failed: {result['exceptionDetails'].get('text')}")
    return result["result"]["value"]


def _too_wide(browser: Browser, session: str) -> list[str]:
    result = browser.send("Runtime.evaluate", {"expression": _TOO_WIDE_JS, "returnByValue": True}, session=session)
    return result["result"]["value"]


def _drawn(char: str) -> bool:
    """Characters that need a glyph: not spaces, controls or format marks (zero-width joiners...)."""
    return unicodedata.category(char)[0] not in ("Z", "C")


def _missing_glyphs(browser: Browser, session: str) -> tuple[dict[str, list[str]], set[str]]:
    """The characters of every rendered text node that none of the fonts Chromium
    used for that node covers. (Without any covering font Chromium draws the
    primary font's empty box, and still reports that font as used.)"""
    root = browser.send("DOM.getDocument", {"depth": -1}, session=session)["root"]
    missing: dict[str, list[str]] = {}
    used: set[str] = set()
    nodes = [(node_id, chars) for node_id, text in _elements_with_text(root)
             if (chars := {c for c in text if _drawn(c)})]
    answers = browser.send_many("CSS.getPlatformFontsForNode", [{"nodeId": node_id} for node_id, _ in nodes], session)
    for (_node_id, chars), answer in zip(nodes, answers):
        fonts = answer["fonts"]
        if not fonts:
            continue  # not rendered (display: none in print, <title>)
        names = [f["postScriptName"] or f["familyName"] for f in fonts]
        used.update(names)
        coverages = [font_coverage(f["postScriptName"], f["familyName"]) for f in fonts]
        for char in sorted(c for c in chars if not any(c in covered for covered in coverages)):
            missing.setdefault(f"U+{ord(char):04X} {char}", names)
    return missing, used


def _elements_with_text(node: dict):
    """(nodeId, text of its direct text children) for each element, depth first."""
    children = node.get("children", [])
    text = "".join(c.get("nodeValue", "") for c in children if c.get("nodeType") == 3)
    if node.get("nodeType") == 1 and text.strip() and node.get("nodeName") not in ("SCRIPT", "STYLE", "TITLE"):
        yield node["nodeId"], text
    for child in children:
        yield from _elements_with_text(child)
    if "contentDocument" in node:
        yield from _elements_with_text(node["contentDocument"])


def installed_fonts() -> dict[str, tuple[str, int]]:
    """PostScript name and family names -> (file, index in a collection), from fontconfig
    (as configured now: FONTCONFIG_FILE may hide some)."""
    return _installed_fonts(os.environ.get("FONTCONFIG_FILE", ""))


@functools.lru_cache(maxsize=None)
def _installed_fonts(_config: str) -> dict[str, tuple[str, int]]:
    listing = subprocess.run(["fc-list", "-f", "%{postscriptname}\t%{family}\t%{file}\t%{index}\n"],
                             capture_output=True, text=True, check=True).stdout
    fonts: dict[str, tuple[str, int]] = {}
    for row in listing.splitlines():
        postscript, families, file, index = row.split("\t")
        place = (file, int(index or 0))
        fonts.setdefault(postscript, place)
        for family in families.split(","):
            fonts.setdefault(family, place)
    return fonts


def font_coverage(postscript_name: str, family: str) -> frozenset[str]:
    """The characters a font Chromium used has glyphs for (its cmap): one of the books'
    own fonts (a web font: pdf.BOOK_FONTS), or a platform font found through fontconfig.
    A font that is neither covers nothing: its characters are reported, not trusted."""
    if family in {f for f, _weight, _file in BOOK_FONTS}:
        return book_font_coverage(family)
    place = installed_fonts().get(postscript_name) or installed_fonts().get(family)
    return _file_coverage(*place) if place else frozenset()


@functools.lru_cache(maxsize=None)
def book_font_coverage(family: str) -> frozenset[str]:
    """The characters every face of one of the books' own font families has."""
    from fontTools.ttLib import TTFont

    covered = None
    for name, _weight, file in BOOK_FONTS:
        if name == family:
            with book_font_file(file).open("rb") as stream:
                chars = frozenset(chr(code) for code in TTFont(stream).getBestCmap())
            covered = chars if covered is None else covered & chars
    return covered or frozenset()


@functools.lru_cache(maxsize=None)
def _file_coverage(file: str, index: int) -> frozenset[str]:
    from fontTools.ttLib import TTFont

    font = TTFont(file, fontNumber=index, lazy=True)
    try:
        return frozenset(chr(code) for code in font.getBestCmap())
    finally:
        font.close()


# --- the machine's Chinese fonts, one family at a time ---------------------------

# The Chinese font families the print tests print with, one at a time: a name for the
# tests and the family names (prefixes) of its fonts. Noto Sans CJK (Debian: fonts-noto-cjk)
# and Source Han Sans (the same design under Adobe's name) have CFF outlines; WenQuanYi
# Zen Hei (fonts-wqy-zenhei) TrueType ones.
CHINESE_FONTS = {
    "wenquanyi": ("WenQuanYi Zen Hei",),
    "noto-cjk": ("Noto Sans CJK", "Noto Serif CJK", "Noto Sans Mono CJK"),
    "source-han": ("Source Han Sans", "Source Han Serif"),
}
SYSTEM_FONTCONFIG = "/etc/fonts/fonts.conf"


@functools.lru_cache(maxsize=1)
def chinese_font_files() -> dict[str, frozenset[str]]:
    """The machine's Chinese font files (those fontconfig, in its own configuration,
    lists for :lang=zh) by CHINESE_FONTS name; "other" for any other family."""
    env = {k: v for k, v in os.environ.items() if k != "FONTCONFIG_FILE"}
    listing = subprocess.run(["fc-list", ":lang=zh", "-f", "%{family}\t%{file}\n"],
                             capture_output=True, text=True, check=True, env=env).stdout
    files: dict[str, set[str]] = {}
    for row in listing.splitlines():
        families, file = row.rsplit("\t", 1)
        names = [f.strip() for f in families.split(",")]
        key = next((key for key, prefixes in CHINESE_FONTS.items()
                    if any(name.startswith(prefixes) for name in names)), "other")
        files.setdefault(key, set()).add(file)
    return {key: frozenset(found) for key, found in files.items()}


def installed_chinese_fonts() -> list[str]:
    """The CHINESE_FONTS families this machine has."""
    return [key for key in CHINESE_FONTS if key in chinese_font_files()]


def fontconfig_with_only(key: str | None, folder: Path) -> Path:
    """A fontconfig configuration file (for FONTCONFIG_FILE) that is the machine's own
    but rejects every Chinese font file not of the CHINESE_FONTS family `key` (with None:
    every one). Chromium and fc-list started with it see the machine as if that family
    were its only Chinese font (or it had none); the Latin fonts stay as they are."""
    files = chinese_font_files()
    keep = files.get(key, frozenset()) if key else frozenset()
    reject = sorted(frozenset().union(*files.values()) - keep)
    conf = folder / f"fonts-{key or 'none'}.conf"
    conf.write_text('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n'
                    f'<fontconfig>\n  <include ignore_missing="yes">{xml_escape(SYSTEM_FONTCONFIG)}</include>\n'
                    '  <selectfont>\n    <rejectfont>\n'
                    + "".join(f"      <glob>{xml_escape(file)}</glob>\n" for file in reject)
                    + "    </rejectfont>\n  </selectfont>\n</fontconfig>\n", encoding="utf-8")
    return conf
