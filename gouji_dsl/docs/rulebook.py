"""Bilingual rulebooks: a variant's checked rule model -> Markdown and HTML, in Chinese and English.

Every rule's sentences live in its own module (`gouji_dsl.rules.<section>`,
region `# --- rulebook ---`, registered through `facets.sentences`); a rule
without them, a table column no renderer shows, or a policy (enum member)
without a sentence raises `RulebookError`. Examples are computed at
generation time by the variant's engine and checked against the rule text
they illustrate (`docs.examples`). Each rule carries its provenance: the
seed lines it cites and the rulings (docs/rulings.md) that fill gaps in the seeds
(`docs.provenance`). Output is deterministic: the same model gives the same
bytes (no dates).

    render_rulebook(variant, "zh" | "en", "md" | "html") -> str
    rulebook_outputs(variants) -> [(relative path under generated/rulebooks/, text)]
    register(subparsers)        # the `gouji doc` command

The parts: text (inline markup), document (the document model), glossary,
sentences (how rules register their text), explain (formulas in words),
examples and example_blocks (worked examples), provenance, book (assembling
a variant's document), render (Markdown and HTML through the templates).
"""
from __future__ import annotations

import hashlib
import re
import sys
from collections import OrderedDict

from gouji_dsl.diagnostics import RuleErrors, UsageError
from gouji_dsl.docs.book import BOOKS, build_document
from gouji_dsl.docs.changes import build_changes
from gouji_dsl.prose.document import Document, anchor_of
from gouji_dsl.prose.errors import RulebookError
from gouji_dsl.docs.quick_card import build_quick
from gouji_dsl.docs.render import FORMATS, render
from gouji_dsl.prose.text import LANGS
from gouji_dsl.files import OutputOption, write_atomic
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.messages import current, msg, text
from gouji_dsl.model import schema as m
from gouji_dsl.paths import generated_dir
from gouji_dsl.recent import keep_recent

__all__ = ["BOOKS", "FORMATS", "LANGS", "OUTPUT_DIR", "QUICK", "RulebookError", "anchor_of", "book_file", "has_rulebook",
           "register", "render_changes", "render_rulebook", "rulebook_outputs"]

OUTPUT_DIR = "rulebooks"


def _variant_model(variant, ws: Workspace | None = None) -> m.Variant:
    if isinstance(variant, m.Variant):
        return variant
    from gouji_dsl.phases import Compilation
    return Compilation(ws or Workspace(), str(variant)).checked


def render_rulebook(variant, lang: str, fmt: str, ws: Workspace | None = None, kind: str = "reference") -> str:
    """A variant's book (a checked `Variant`, or a variant name) in one language and format:
    the `reference` (default), the `handout` or the `quick` card."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: expected zh or en")
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}: expected md or html")
    if kind not in BOOKS + (QUICK,):
        raise ValueError(f"unknown book {kind!r}: expected reference, handout or quick")
    v = _variant_model(variant, ws)
    return render(_document(v, lang, ws, kind), fmt)


def _document(v, lang: str, ws, kind: str) -> Document:
    """The book `kind` of checked variant `v` in `lang`: built once for the same input in a process
    (`gouji build` and `gouji doc --all` render each in two formats; a long-lived process renders
    a book again after every change of another file). Callers only read it (render does)."""
    ws = ws or Workspace()
    key = _document_key(v, lang, ws, kind)
    doc = _DOCUMENTS.get(key)
    if doc is None:
        doc = build_quick(v, lang, ws) if kind == QUICK else build_document(v, lang, ws, kind=kind)
    keep_recent(_DOCUMENTS, key, doc, MOST_DOCUMENTS)
    return doc


# Books built, by what a book is made of: the model (its repr holds every rule, value, position and
# file name), the text of each file of its lineage as it is on disk now (the book quotes them: see
# docs.provenance.source_files), the language and the kind. A book is under 1 MB in memory: every
# book of every standard variant (66) fits.
MOST_DOCUMENTS = 96
_DOCUMENTS: OrderedDict[str, Document] = OrderedDict()


def _document_key(v: m.Variant, lang: str, ws: Workspace, kind: str) -> str:
    digest = hashlib.sha256(f"{kind}\0{lang}\0{v!r}".encode("utf-8", "surrogateescape"))
    for name in v.lineage:
        path = ws.path_of(name)
        digest.update(f"\0{name}\0{path}\0".encode("utf-8", "surrogateescape"))
        try:
            digest.update(hashlib.sha256(path.read_bytes()).digest() if path is not None else b"-")
        except OSError:
            digest.update(b"unreadable")  # the book then fails as it would have
    return digest.hexdigest()


def render_changes(variant, lang: str, fmt: str, ws: Workspace | None = None) -> str:
    """The house-rule sheet of a variant (a checked `Variant`, a name or a rule file): what differs from its parent."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: expected zh or en")
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}: expected md or html")
    ws = ws or Workspace()
    if not isinstance(variant, m.Variant):
        variant = _variant_model(ws.resolve_argument(str(variant)), ws)
    return render(build_changes(variant, lang, ws), fmt)


def has_rulebook(v: m.Variant) -> bool:
    """Concrete variants have rulebooks (their examples need the generated engine)."""
    return not v.abstract


# The quick card (docs.quick_card): one A4 side, also the last chapter of the other books.
QUICK = "quick"


def book_file(name: str, kind: str, lang: str, fmt: str) -> str:
    """The file name of a book: zaozhuang.zh.md (the reference), zaozhuang.handout.zh.md, zaozhuang.quick.zh.md."""
    return f"{name}.{lang}.{fmt}" if kind == "reference" else f"{name}.{kind}.{lang}.{fmt}"


# The committed books: the Markdown and HTML of both books (PDFs are printed on demand:
# a browser's PDF carries its date and depends on the fonts of the machine).
_BOOK_FILE = re.compile(r"^.+?(\.handout|\.quick)?\.(zh|en)\.(md|html)$")


def rulebook_outputs(variants, ws: Workspace | None = None) -> list[tuple[str, str]]:
    """(path under generated/rulebooks/, text) for every concrete variant x book (reference, handout, quick card)
    x language x format."""
    out = []
    models = [_variant_model(x, ws) for x in variants]
    for v in sorted(models, key=lambda x: x.name):
        if not has_rulebook(v):
            continue
        for kind in BOOKS + (QUICK,):
            for lang in LANGS:
                doc = _document(v, lang, ws, kind)
                for fmt in FORMATS:
                    out.append((book_file(v.name, kind, lang, fmt), render(doc, fmt)))
    return out


# =============================================================================
# The `gouji doc` command
# =============================================================================

def register(subparsers) -> None:
    p = subparsers.add_parser("doc", help=text("commands.doc.help"), description=text("commands.doc.description"))
    p.add_argument("variant", nargs="?", metavar="VARIANT|FILE", help=text("cli.help.variant_or_file"))
    p.add_argument("--lang", choices=LANGS, default=None, help=text("commands.doc.help_lang"))
    p.add_argument("--format", choices=FORMATS + ("pdf",), default=None, dest="format",
                   help=text("commands.doc.help_format"))
    book = p.add_mutually_exclusive_group()
    book.add_argument("--handout", action="store_true", help=text("commands.doc.help_handout"))
    book.add_argument("--changes", action="store_true", help=text("commands.doc.help_changes"))
    book.add_argument("--quick", action="store_true", help=text("commands.doc.help_quick"))
    p.add_argument("-o", "--output", metavar="PATH", action=OutputOption, what=msg("commands.doc.output_file"),
                   help=text("commands.doc.help_output"))
    p.add_argument("--all", action="store_true", help=text("commands.doc.help_all"))
    p.set_defaults(run=cmd_doc)


def _write_all(ws: Workspace) -> int:
    from gouji_dsl.phases import check_variants

    # The standard variants' books, into the package: a user's files are never written there.
    good, diagnostics = check_variants(ws, [n for n in ws.names() if ws.is_standard(n)])
    if diagnostics:
        raise RuleErrors(diagnostics)
    out_dir = generated_dir() / OUTPUT_DIR
    outputs = rulebook_outputs(list(good.values()), ws)
    changed = 0
    for rel, book in outputs:
        path = out_dir / rel
        written = path.read_text(encoding="utf-8") if path.is_file() else None
        if written != book:
            write_atomic(path, book)
            changed += 1
            print(text("commands.doc.wrote", path=ws.display(path)))
    known = {rel for rel, _ in outputs}
    for path in sorted(out_dir.glob("*")) if out_dir.is_dir() else []:
        if path.is_file() and _BOOK_FILE.match(path.name) and path.name not in known:
            path.unlink()
            changed += 1
            print(text("commands.doc.removed", path=ws.display(path)))
    print(text("commands.doc.all_written", books=len(outputs), changed=changed))
    return 0


def cmd_doc(args, ws: Workspace) -> int:
    from gouji_dsl.phases import Compilation

    if args.all:
        if args.variant or args.output is not None or args.lang or args.format or args.handout or args.changes \
                or args.quick:
            raise UsageError(msg("commands.doc.all_alone"))
        return _write_all(ws)
    if not args.variant:
        raise UsageError(msg("commands.doc.no_variant"), msg("commands.doc.no_variant_hint"))
    lang = args.lang or current()  # main() chose it from --lang too; a direct call may give it
    fmt = args.format or "md"
    pdf = fmt == "pdf"
    if pdf:
        from gouji_dsl.docs.pdf import NO_BROWSER, PdfError, find_browser
        if find_browser() is None:  # before the book is built: say what is missing at once
            raise PdfError(NO_BROWSER)
    name = ws.resolve_argument(args.variant)
    v = Compilation(ws, name).checked
    if args.changes:
        if not v.lineage[1:]:
            raise UsageError(msg("commands.doc.extends_nothing", name=name))
        if v.abstract:
            raise UsageError(msg("commands.doc.no_sheet_abstract", name=name))
        if Compilation(ws, v.lineage[1]).checked.abstract:
            raise UsageError(msg("commands.doc.extends_abstract", name=name, parent=v.lineage[1]),
                             msg("commands.doc.extends_abstract_hint", name=name))
        kind = "changes"
        doc = build_changes(v, lang, ws)
    else:
        if not has_rulebook(v):
            raise UsageError(msg("commands.doc.no_rulebook_abstract", name=name))
        kind = QUICK if args.quick else "handout" if args.handout else "reference"
        doc = _document(v, lang, ws, kind)
    if pdf:
        from gouji_dsl.docs.pdf import html_to_pdf, sigterm_as_exit
        dest = args.output if args.output is not None else book_file(v.name, kind, lang, "pdf")
        with sigterm_as_exit():  # a SIGTERM while printing still ends the browser and removes its files
            pages = html_to_pdf(render(doc, "html"), dest)
        print(text("commands.doc.wrote_pdf_one" if pages == 1 else "commands.doc.wrote_pdf", path=dest, pages=pages),
              file=sys.stderr)
        return 0
    rendered = render(doc, fmt)
    if args.output is not None:
        write_atomic(args.output, rendered)
        print(text("commands.doc.wrote", path=args.output), file=sys.stderr)
    else:
        sys.stdout.write(rendered)
    return 0
