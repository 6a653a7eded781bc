"""The studio's page as committed: the three built files in gouji_dsl/studio/static (made from
studio-web/ by `npm run build`), what they may load and run, and the page's words, every one a
key of the catalogue (gouji_dsl/messages/catalogue/studio.py) and every such key on the page.

Fast and without a browser or npm, but for the slow test at the end, which builds the page again
from its sources in a copy and checks that it gives the committed files byte for byte.
"""
from __future__ import annotations

import re
import shutil
import string
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from gouji_dsl.messages.catalogue import CATALOGUE
from gouji_dsl.messages.catalogue import studio as page_catalogue

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "gouji_dsl" / "studio" / "static"
WEB = ROOT / "studio-web"
SOURCES = sorted((WEB / "src").glob("*.js"))
BUILT = ("index.html", "studio.css", "studio.js")
KEY = re.compile(r"studio\.page\.[a-z0-9_]+(?:\.[a-z0-9_]+)*")
# The only absolute addresses the bundle may hold: XML namespaces (CodeMirror makes SVG and
# HTML elements with them), which no browser fetches.
NAMESPACES = {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xhtml", "http://www.w3.org/1999/xlink"}


def _read(name: str) -> str:
    return (STATIC / name).read_text(encoding="utf-8")


def test_the_three_built_files_and_nothing_else():
    assert sorted(p.name for p in STATIC.iterdir()) == sorted(BUILT)
    for name in BUILT:
        assert (STATIC / name).stat().st_size > 0, name
    assert not list(STATIC.glob("*.map"))


class _Loads(HTMLParser):
    """Every address an HTML document makes the browser load (src, href of link)."""

    def __init__(self) -> None:
        super().__init__()
        self.loads: list[tuple[str, str]] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        for name in ("src", "href", "srcset", "data", "poster", "action"):
            if name in attributes and (tag != "a" or name != "href"):
                self.loads.append((tag, attributes[name] or ""))


def test_the_page_loads_its_own_two_files_only():
    html = _read("index.html")
    parser = _Loads()
    parser.feed(html)
    loads = [address for tag, address in parser.loads if address != "data:,"]  # the empty favicon
    assert sorted(loads) == ["/static/studio.css", "/static/studio.js"], parser.loads
    assert not re.search(r"https?://|//[a-z0-9.-]+\.[a-z]{2,}/", html, re.I), "an address outside the studio"
    css = _read("studio.css")
    assert "@import" not in css and "@font-face" not in css
    assert not re.search(r"url\(\s*['\"]?(?!data:)", css), "the style sheet loads a file"


def test_the_script_runs_no_text_as_code_and_fetches_nothing_outside():
    js = _read("studio.js")
    assert not re.search(r"\beval\s*\(", js)
    assert "new Function" not in js
    addresses = set(re.findall(r"https?://[^\s\"'`)\\]+", js))
    assert addresses <= NAMESPACES, sorted(addresses - NAMESPACES)


def test_the_sources_never_parse_server_text_as_html():
    """The page puts what the server says into text nodes (dom.js h(), textContent); only the
    books and plots go into sandboxed iframes, through srcdoc."""
    for path in SOURCES:
        source = path.read_text(encoding="utf-8")
        for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "DOMParser",
                     "createContextualFragment", "eval(", "new Function"):
            assert sink not in source, f"{path.name}: {sink}"
    dom = (WEB / "src" / "dom.js").read_text(encoding="utf-8")
    assert 'h("iframe", {sandbox: ""' in dom
    for path in SOURCES:
        for frame in re.findall(r'h\("iframe"[^)]*', path.read_text(encoding="utf-8")):
            assert 'sandbox: ""' in frame, f"{path.name}: an iframe without the sandbox"


def test_the_sources_send_the_token_and_take_it_out_of_the_address():
    api = (WEB / "src" / "api.js").read_text(encoding="utf-8")
    assert '"X-Gouji-Token"' in api and "history.replaceState" in api
    built = _read("studio.js")
    assert "X-Gouji-Token" in built and "replaceState" in built


def _keys_in(text: str) -> set[str]:
    return set(KEY.findall(text))


def test_every_word_of_the_page_is_in_the_catalogue_and_every_page_key_is_used():
    in_sources = set().union(*(_keys_in(p.read_text(encoding="utf-8")) for p in SOURCES))
    in_built = _keys_in(_read("studio.js"))
    catalogue = set(page_catalogue.MESSAGES)
    assert in_sources, "no studio.page.* key found in studio-web/src"
    assert not in_sources - catalogue, f"used by the page, not in the catalogue: {sorted(in_sources - catalogue)}"
    assert not catalogue - in_sources, f"in the catalogue, used nowhere on the page: {sorted(catalogue - in_sources)}"
    assert in_built == in_sources, "the built page is not built from these sources: run npm run build in studio-web"


def test_the_sources_name_each_key_whole():
    """A key made from pieces (`studio.page.${x}`) could not be checked against the catalogue."""
    for path in SOURCES:
        source = path.read_text(encoding="utf-8")
        assert not re.search(r"studio\.page\.[a-z0-9_.]*\$\{", source), path.name
        assert not re.search(r"[\"'`]studio\.page\.?[\"'`]\s*\+", source), path.name


def _fields(template: str) -> set[str]:
    return {f[1] for f in string.Formatter().parse(template) if f[1] is not None}


def test_the_page_catalogue_has_both_languages_with_the_same_placeholders():
    for key, (english, chinese) in page_catalogue.MESSAGES.items():
        assert re.fullmatch(r"studio\.page(\.[a-z0-9_]+)+", key), key
        assert english.strip() and chinese.strip(), key
        assert _fields(english) == _fields(chinese), key


def test_the_server_knows_the_page_catalogue():
    """GET /api/messages serves the catalogue's studio.page.* keys: the module must be one of its areas."""
    missing = sorted(k for k in page_catalogue.MESSAGES if k not in CATALOGUE)
    assert not missing, "catalogue/studio.py is not registered in catalogue/__init__.py"


# --- the build ----------------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.skipif(shutil.which("npm") is None, reason="needs Node.js and npm")
def test_building_the_page_again_gives_the_committed_files(tmp_path):
    """`npm ci && npm run build` in a copy of studio-web/ (it downloads from the npm registry):
    the same three files, byte for byte (the build is deterministic: no hashes, no dates)."""
    work = tmp_path / "studio-web"
    shutil.copytree(WEB, work, ignore=shutil.ignore_patterns("node_modules"))
    for command in (["npm", "ci", "--no-audit", "--no-fund"], ["npm", "run", "build"]):
        done = subprocess.run(command, cwd=work, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stdout + done.stderr
    built = tmp_path / "gouji_dsl" / "studio" / "static"
    assert sorted(p.name for p in built.iterdir()) == sorted(BUILT)
    for name in BUILT:
        assert (built / name).read_bytes() == (STATIC / name).read_bytes(), f"{name} differs from the committed file"
