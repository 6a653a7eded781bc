"""The printed books (issue 14): PDF made by headless Chromium (gouji_dsl/docs/pdf.py)
from the HTML books with templates/print.css, checked as a reader would see them.

PDF: A4 pages, fonts embedded, page numbers "n / N" at every foot, no heading left
as the last line of a page or column, pages that render to PNG with ink on them,
a handout of at most four pages. Browser: the same HTML in headless Chromium with
only the machine's fonts (CI: fonts-wqy-zenhei): no console error, nothing wider
than the printed page, no character drawn without a glyph. Each check is also
shown failing on a page made bad on purpose.

The default run prints the handouts of six variants in both languages and the
references of Zaozhuang and Shuangkou; every other variant's handout and reference
is marked slow (`python3 -m pytest -m slow tests/test_print.py` prints them all).
GOUJI_PRINT_PNG=path.png keeps the first handout page as a picture.
"""
from __future__ import annotations

import ctypes
import functools
import os
import re
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
import pytest

from gouji_dsl.docs import pdf as pdf_output
from gouji_dsl.docs.pdf import PdfError, find_browser, html_to_pdf
from gouji_dsl.docs.rulebook import has_rulebook, render_changes, render_rulebook
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.phases import Compilation

from helpers import scratch_workspace
from print_check import (A4_POINTS, Browser, body_lines, check_page, font_coverage, fonts_not_embedded, heading_problems,
                         headings_of, ink_fraction, installed_fonts, not_a4, page_lines, render_page)

BROWSER = find_browser()
pytestmark = pytest.mark.skipif(BROWSER is None, reason="no Chromium to print with (apt-get install chromium "
                                                          "fonts-wqy-zenhei, or set GOUJI_CHROMIUM); CI installs it")

HANDOUT_PAGES = 4  # the issue: a handout players print, "four or fewer" A4 pages
LANGS = ("zh", "en")
DEFAULT_REFERENCES = ("zaozhuang", "shuangkou")
# One handout of each kind of layout in the default run (the longest Gouji handouts, a
# variant with 憋三 and 革命, one with a formula of its own, the two Shuangkou extremes);
# the handouts of the variants that only change a few rules of these (lianzhong-bubiesan,
# zaozhuang-haixuan, the peers, shuangkou-baibian) run with -m slow.
DEFAULT_HANDOUTS = ("zaozhuang", "lianzhong", "qingdao", "huangjindao", "shuangkou", "shuangkou-qianbian")


def _variants_with_books() -> list[str]:
    ws = Workspace()
    return [name for name in ws.names() if has_rulebook(Compilation(ws, name).checked)]


VARIANTS = _variants_with_books()


@pytest.fixture(scope="module")
def browser():
    with Browser(BROWSER) as b:
        yield b


@functools.lru_cache(maxsize=None)
def _html(variant: str, lang: str, kind: str) -> str:
    return render_rulebook(variant, lang, "html", kind=kind)


def _print(tmp: Path, name: str, page_html: str) -> tuple[Path, Path, int]:
    """(HTML file, PDF file, pages reported by html_to_pdf)."""
    page = tmp / f"{name}.html"
    page.write_text(page_html, encoding="utf-8")
    printed = tmp / f"{name}.pdf"
    return page, printed, html_to_pdf(page_html, printed)


def _page_number_problems(pdf) -> list[str]:
    """Every page carries "n / N" at its foot, with its own number and the total."""
    total, problems = len(pdf), []
    for number, page in enumerate(pdf, start=1):
        footer = [ln.text for ln in page_lines(page) if re.fullmatch(r"\d+ / \d+", ln.text)]
        if footer != [f"{number} / {total}"]:
            problems.append(f"page {number}: footer {footer}")
    return problems


def _pdf_problems(pdf, page_html: str) -> list[str]:
    problems = [f"page {n} is {size[0]}x{size[1]} pt, not A4" for n, size in not_a4(pdf)]
    problems += [f"font {name} is not embedded" for name in fonts_not_embedded(pdf)]
    problems += _page_number_problems(pdf)
    problems += heading_problems(pdf, headings_of(page_html))
    for index in range(len(pdf)):
        ink = ink_fraction(render_page(pdf, index, scale=0.5))
        if ink < 0.002:
            problems.append(f"page {index + 1} is blank (ink {ink:.4f})")
    return problems


def _browser_problems(browser: Browser, page: Path) -> list[str]:
    report = check_page(browser, page)
    return ([f"console: {e}" for e in report.console_errors]
            + [f"wider than the page: {w}" for w in report.too_wide]
            + [f"no glyph for {c} (fonts used: {', '.join(fonts)})" for c, fonts in report.missing_glyphs.items()])


def _check_book(tmp: Path, browser: Browser, variant: str, lang: str, kind: str) -> int:
    page_html = _html(variant, lang, kind)
    assert f'<body class="{kind}"' in page_html
    page, printed, pages = _print(tmp, f"{variant}.{kind}.{lang}", page_html)
    pdf = pdfium.PdfDocument(printed)
    try:
        assert pages == len(pdf) > 0
        problems = _pdf_problems(pdf, page_html) + _browser_problems(browser, page)
    finally:
        pdf.close()
    assert problems == [], f"{variant} {kind} {lang} ({pages} pages):\n" + "\n".join(problems)
    print(f"{variant} {kind} {lang}: {pages} pages")
    return pages


# --- the real books --------------------------------------------------------------

def _book_params(default: tuple[str, ...]):
    """(variant, lang) of every variant with books; those outside `default` run with -m slow."""
    for variant in VARIANTS:
        for lang in LANGS:
            marks = () if variant in default else (pytest.mark.slow,)
            yield pytest.param(variant, lang, marks=marks, id=f"{variant}-{lang}")


@pytest.mark.parametrize("variant,lang", list(_book_params(DEFAULT_HANDOUTS)))
def test_the_handout_prints_on_a_few_a4_pages(tmp_path, browser, record_property, variant, lang):
    pages = _check_book(tmp_path, browser, variant, lang, "handout")
    record_property("pages", pages)
    assert pages <= HANDOUT_PAGES, f"the {variant} handout ({lang}) takes {pages} A4 pages"


@pytest.mark.parametrize("variant,lang", list(_book_params(DEFAULT_REFERENCES)))
def test_the_reference_prints(tmp_path, browser, record_property, variant, lang):
    record_property("pages", _check_book(tmp_path, browser, variant, lang, "reference"))


CLUB = "variant club extends zaozhuang\n[info]\nreport_at = 3\n[room]\nmin_games = 2\n"


@pytest.mark.parametrize("lang", LANGS)
def test_the_house_rule_sheet_prints_on_one_page(tmp_path, browser, lang):
    ws = scratch_workspace(tmp_path, {"club": CLUB})
    sheet = render_changes("club", lang, "html", ws)
    assert '<body class="changes"' in sheet
    page, printed, pages = _print(tmp_path, f"club.changes.{lang}", sheet)
    with pdfium.PdfDocument(printed) as pdf:
        problems = _pdf_problems(pdf, sheet) + _browser_problems(browser, page)
    assert problems == [] and pages == 1, f"club changes {lang} ({pages} pages):\n" + "\n".join(problems)


def test_a_handout_page_as_png(tmp_path):
    """One handout page rendered to PNG (for the closing note: GOUJI_PRINT_PNG=path.png keeps it)."""
    _page, printed, _pages = _print(tmp_path, "zaozhuang.handout.zh", _html("zaozhuang", "zh", "handout"))
    target = Path(os.environ.get("GOUJI_PRINT_PNG") or tmp_path / "zaozhuang.handout.zh.p1.png")
    pdf = pdfium.PdfDocument(printed)
    try:
        image = render_page(pdf, 0, scale=2)  # 144 dpi
    finally:
        pdf.close()
    target.parent.mkdir(parents=True, exist_ok=True)
    image.save(target)
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = image.size  # A4 at 144 dpi: 1190.6 x 1683.8 px
    assert abs(width - 1191) <= 1 and abs(height - 1684) <= 1 and ink_fraction(image) > 0.02
    print(f"handout page 1: {target}")


# --- each check fails on a bad page --------------------------------------------------

def _spoiled(insert: str, where: str = "</main>") -> str:
    """Zaozhuang's real handout with `insert` put before `where` (its own CSS and fonts)."""
    page_html = _html("zaozhuang", "en", "handout")
    assert where in page_html
    return page_html.replace(where, insert + where, 1)


def test_the_browser_checks_catch_a_bad_page(tmp_path, browser):
    """(The same checks pass on the real books above.)"""
    wide = tmp_path / "wide.html"
    wide.write_text(_spoiled('<table><tr><td style="min-width: 1200px">a table too wide</td></tr></table>'),
                    encoding="utf-8")
    assert any("wider than the page: td" in p for p in _browser_problems(browser, wide))

    long_line = tmp_path / "long.html"
    long_line.write_text(_spoiled('<p style="white-space: nowrap">' + "no-break " * 200 + "</p>"), encoding="utf-8")
    assert any("wider than the page" in p for p in _browser_problems(browser, long_line))

    script = tmp_path / "script.html"
    script.write_text(_spoiled('<script>console.error("oops"); null.boom();</script>'), encoding="utf-8")
    console = [p for p in _browser_problems(browser, script) if p.startswith("console:")]
    assert any("oops" in p for p in console) and any("TypeError" in p for p in console)


# U+20000 and U+2A6D6, the first and last of CJK Extension B: no font of a Debian machine
# with DejaVu, Liberation and WenQuanYi Zen Hei has them (Zen Hei has U+2FA1D, so not that one).
RARE = ("\U00020000", "\U0002A6D6")


def test_a_character_without_a_glyph_is_caught(tmp_path, browser):
    for char in RARE:  # the test's premise, checked: no installed font covers them
        assert not any(char in font_coverage(name, name) for name in installed_fonts()), f"a font has U+{ord(char):X}"
    page = tmp_path / "rare.html"
    page.write_text(_spoiled(f"<p>罕见字：{RARE[0]} 与 {RARE[1]}</p>"), encoding="utf-8")
    report = check_page(browser, page)
    assert set(report.missing_glyphs) == {f"U+{ord(c):X} {c}" for c in RARE}
    assert "罕" not in "".join(report.missing_glyphs)  # the common characters around them are found


def test_the_pdf_checks_catch_a_bad_pdf(tmp_path):
    """(The same checks pass on the real books above.)"""
    # A heading pushed to the foot of a page: a forced break after it beats break-after: avoid
    # (after <main>, whose columns would turn the page break into a column break).
    stranded = _spoiled('<h3 id="x-stranded">A stranded heading</h3><p style="break-before: page">its text</p>',
                        where="</body>")
    _page, printed, pages = _print(tmp_path, "stranded", stranded)
    with pdfium.PdfDocument(printed) as pdf:
        assert heading_problems(pdf, headings_of(stranded)) == [
            f"page {pages - 1}: the heading 'A stranded heading' is the last line of its page or column"]
        # A heading of the page that the PDF's outline lacks (a browser that made no outline).
        assert "outline has" in heading_problems(pdf, headings_of(stranded) + ["Not printed"])[0]

    # US Letter instead of A4, and an empty page (numbered, but with nothing else on it).
    letter = _spoiled("<style>@page { size: letter; }</style><div style='break-before: page; "
                      "break-after: page'></div><p>after the empty page</p>", where="</body>")
    _page, printed, _pages = _print(tmp_path, "letter", letter)
    with pdfium.PdfDocument(printed) as pdf:
        problems = _pdf_problems(pdf, letter)
    assert any("not A4" in p for p in problems) and any("is blank" in p for p in problems)


def test_a_font_not_embedded_is_caught(tmp_path):
    """Chromium always embeds its fonts; a PDF that names Helvetica without carrying it is the bad case."""
    pdf = pdfium.PdfDocument.new()
    page = pdf.new_page(*A4_POINTS)
    font = pdfium_raw.FPDFText_LoadStandardFont(pdf.raw, b"Helvetica")
    text = pdfium_raw.FPDFPageObj_CreateTextObj(pdf.raw, font, ctypes.c_float(12))
    words = "not embedded\0".encode("utf-16-le")
    pdfium_raw.FPDFText_SetText(text, ctypes.cast(ctypes.c_char_p(words), ctypes.POINTER(ctypes.c_ushort)))
    pdfium_raw.FPDFPage_InsertObject(page.raw, text)
    assert pdfium_raw.FPDFPage_GenerateContent(page.raw)
    assert fonts_not_embedded(pdf) == ["Helvetica"]


def test_page_numbers_are_found_and_left_out_of_the_text(tmp_path):
    page_html = _html("shuangkou", "zh", "handout")
    _page, printed, pages = _print(tmp_path, "numbers", page_html)
    with pdfium.PdfDocument(printed) as pdf:
        assert _page_number_problems(pdf) == []
        last = pdf[len(pdf) - 1]
        assert f"{pages} / {pages}" in [ln.text for ln in page_lines(last)]
        assert f"{pages} / {pages}" not in [ln.text for ln in body_lines(last)]
    no_numbers = page_html.replace("</style>", "@page { @bottom-center { content: none; } }</style>", 1)
    _page, printed, _pages = _print(tmp_path, "no-numbers", no_numbers)
    with pdfium.PdfDocument(printed) as pdf:
        assert _page_number_problems(pdf)


# --- html_to_pdf: the page count, the file, the errors -------------------------------

def test_html_to_pdf_writes_the_pdf_and_counts_its_pages(tmp_path):
    dest = tmp_path / "out" / "book.pdf"  # a folder that does not exist yet
    pages = html_to_pdf("<!DOCTYPE html><title>t</title><p>one</p><p style='break-before: page'>two</p>"
                        "<p style='break-before: page'>三</p>", dest)
    assert pages == 3 and dest.read_bytes().startswith(b"%PDF-")
    with pdfium.PdfDocument(dest) as pdf:
        assert len(pdf) == 3  # (Letter: A4 comes from print.css's @page, not from the browser's defaults)
    assert [p.name for p in dest.parent.iterdir()] == ["book.pdf"]  # no temporary file left beside it


def _fake_browser(tmp_path: Path, body: str) -> str:
    script = tmp_path / "fake-chromium"
    script.write_text("#!/bin/sh\n" + body + "\n", encoding="utf-8")
    script.chmod(0o755)
    return str(script)


def test_no_browser_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.delenv("GOUJI_CHROMIUM", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))  # nothing to run there
    assert find_browser() is None
    with pytest.raises(PdfError, match="PDF output needs Chromium: apt-get install chromium, or set GOUJI_CHROMIUM"):
        html_to_pdf("<p>x</p>", tmp_path / "x.pdf")
    assert not (tmp_path / "x.pdf").exists()

    monkeypatch.setenv("GOUJI_CHROMIUM", str(tmp_path / "no-such-browser"))
    with pytest.raises(PdfError, match="no such program"):
        find_browser()


def test_find_browser_prefers_gouji_chromium_then_path(tmp_path, monkeypatch):
    fake = _fake_browser(tmp_path, "exit 0")
    monkeypatch.setenv("GOUJI_CHROMIUM", fake)
    assert find_browser() == fake
    monkeypatch.delenv("GOUJI_CHROMIUM")
    (tmp_path / "bin").mkdir()
    shutil.copy(fake, tmp_path / "bin" / "google-chrome")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    assert find_browser() == str(tmp_path / "bin" / "google-chrome")


def test_a_failing_browser_leaves_the_old_file(tmp_path, monkeypatch):
    dest = tmp_path / "book.pdf"
    dest.write_bytes(b"%PDF- the old file")

    monkeypatch.setenv("GOUJI_CHROMIUM", _fake_browser(tmp_path, "echo 'starting' >&2; echo 'crash: out of paper' >&2; exit 3"))
    with pytest.raises(PdfError, match=r"(?s)failed \(exit code 3\).*crash: out of paper"):
        html_to_pdf("<p>x</p>", dest)

    monkeypatch.setenv("GOUJI_CHROMIUM", _fake_browser(tmp_path, "exit 0"))  # says nothing, prints nothing
    with pytest.raises(PdfError, match="did not print the page to a PDF"):
        html_to_pdf("<p>x</p>", dest)

    # A browser that writes something that is not a PDF where it was asked to.
    monkeypatch.setenv("GOUJI_CHROMIUM", _fake_browser(
        tmp_path, 'for a in "$@"; do case "$a" in --print-to-pdf=*) echo "<html>" > "${a#--print-to-pdf=}";; esac; done'))
    with pytest.raises(PdfError, match="wrote something else"):
        html_to_pdf("<p>x</p>", dest)

    monkeypatch.setenv("GOUJI_CHROMIUM", _fake_browser(tmp_path, "sleep 30"))
    with pytest.raises(PdfError, match="did not finish printing within 1 s"):
        html_to_pdf("<p>x</p>", dest, timeout=1)

    assert dest.read_bytes() == b"%PDF- the old file"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.pdf", "fake-chromium"]


def test_the_browser_gets_a_file_uri_and_its_flags(tmp_path, monkeypatch):
    """The page goes to the browser as a file:// URI, each flag one argument (no shell between)."""
    args = tmp_path / "args"
    monkeypatch.setenv("GOUJI_CHROMIUM", _fake_browser(tmp_path, f'for a in "$@"; do echo "$a" >> {args}; done; exit 1'))
    with pytest.raises(PdfError):
        html_to_pdf("<p>x</p>", tmp_path / "x.pdf")
    given = args.read_text().splitlines()
    assert given[-1].startswith("file:///") and given[-1].endswith("/book.html")
    assert {"--headless", "--no-pdf-header-footer", "--generate-pdf-document-outline"} <= set(given)
    assert pdf_output.BROWSER_ENV == "GOUJI_CHROMIUM"
