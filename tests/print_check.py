"""Checks of a printed book, as a reader would see it (tests/test_print.py).

Two sides:

- the PDF (read with pypdfium2): page sizes, the text lines of each page with
  their boxes, headings (found through the PDF's outline) left as the last line
  of a page or column, fonts not embedded, pages rendered to PNG and blank ones;
- the HTML in headless Chromium, driven over the DevTools protocol through a
  pipe (`--remote-debugging-pipe`: no port, no websocket library): console
  errors and uncaught exceptions, elements wider than the printed page (print
  media, A4 width), and characters that no font used for them has a glyph for
  (`CSS.getPlatformFontsForNode` names the fonts Chromium drew a node's text
  with; fontTools reads their character maps, found through fontconfig).
"""
from __future__ import annotations

import functools
import html.parser
import json
import os
import re
import select
import subprocess
import tempfile
import time
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from gouji_dsl.docs.pdf import HEADLESS_FLAGS

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


def page_lines(page) -> list[Line]:
    """The non-empty text lines of a pypdfium2 page, in pdfium's reading order."""
    textpage = page.get_textpage()
    text = textpage.get_text_range()
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


def page_sizes(pdf) -> list[tuple[float, float]]:
    return [tuple(round(x, 2) for x in page.get_size()) for page in pdf]


def not_a4(pdf) -> list[tuple[int, tuple[float, float]]]:
    """(page number, size) of every page that is not A4 portrait within 1 pt."""
    return [(n, size) for n, size in enumerate(page_sizes(pdf), start=1)
            if abs(size[0] - A4_POINTS[0]) > 1 or abs(size[1] - A4_POINTS[1]) > 1]


def fonts_not_embedded(pdf) -> list[str]:
    """The base names of the fonts that text on some page uses without carrying them in the file."""
    import ctypes

    import pypdfium2.raw as raw

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


def check_page(browser: Browser, page_file: Path) -> PageReport:
    """Open `page_file` in a new tab with print media at the A4 text width and report
    console errors, elements wider than the page and characters drawn without a glyph."""
    target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    try:
        for domain in ("Page", "Runtime", "Log", "DOM", "CSS"):
            browser.send(f"{domain}.enable", session=session)
        browser.send("Emulation.setEmulatedMedia", {"media": "print"}, session=session)
        browser.send("Emulation.setDeviceMetricsOverride",
                     {"width": A4_CONTENT_WIDTH_PX, "height": 1000, "deviceScaleFactor": 1, "mobile": False},
                     session=session)
        browser.events.clear()
        browser.send("Page.navigate", {"url": page_file.as_uri()}, session=session)
        browser.wait_for("Page.loadEventFired", session)
        browser.send("Runtime.evaluate", {"expression": "document.fonts.ready.then(() => true)",
                                          "awaitPromise": True}, session=session)
        too_wide = _too_wide(browser, session)
        missing, used = _missing_glyphs(browser, session)
        errors = _console_errors([e for e in browser.events if e.get("sessionId") == session])
        return PageReport(errors, too_wide, missing, used)
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


@functools.lru_cache(maxsize=None)
def installed_fonts() -> dict[str, tuple[str, int]]:
    """PostScript name and family names -> (file, index in a collection), from fontconfig."""
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


@functools.lru_cache(maxsize=None)
def font_coverage(postscript_name: str, family: str) -> frozenset[str]:
    """The characters a platform font has glyphs for (its cmap). A font that
    fontconfig does not list covers nothing: its characters are reported, not trusted."""
    from fontTools.ttLib import TTFont

    place = installed_fonts().get(postscript_name) or installed_fonts().get(family)
    if place is None:
        return frozenset()
    file, index = place
    font = TTFont(file, fontNumber=index, lazy=True)
    try:
        return frozenset(chr(code) for code in font.getBestCmap())
    finally:
        font.close()
