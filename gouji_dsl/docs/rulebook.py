"""Bilingual rulebooks: a variant's checked rule model -> Markdown and HTML, in Chinese and English.

Every rule's sentences live in its own module (`gouji_dsl.rules.<section>`,
region `# --- rulebook ---`, registered through `docs.sentences`); a rule
without them, a table column no renderer shows, or a policy (enum member)
without a sentence raises `RulebookError`. Examples are computed at
generation time by the variant's engine and checked against the rule text
they illustrate (`docs.examples`). Each rule carries its provenance: the
seed lines it cites and the RULES.md decisions that fill gaps in the seeds
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

import re
import sys

from gouji_dsl.diagnostics import RuleErrors, UsageError
from gouji_dsl.docs.book import build_document
from gouji_dsl.docs.document import anchor_of
from gouji_dsl.docs.errors import RulebookError
from gouji_dsl.docs.render import FORMATS, render
from gouji_dsl.docs.text import LANGS
from gouji_dsl.files import check_output_path, write_atomic
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.model import schema as m
from gouji_dsl.paths import generated_dir

__all__ = ["FORMATS", "LANGS", "OUTPUT_DIR", "RulebookError", "anchor_of", "has_rulebook", "register",
           "render_rulebook", "rulebook_outputs"]

OUTPUT_DIR = "rulebooks"


def _variant_model(variant, ws: Workspace | None = None) -> m.Variant:
    if isinstance(variant, m.Variant):
        return variant
    from gouji_dsl.phases import Compilation
    return Compilation(ws or Workspace(), str(variant)).checked


def render_rulebook(variant, lang: str, fmt: str, ws: Workspace | None = None) -> str:
    """A variant's rulebook (a checked `Variant`, or a variant name) in one language and format."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: expected zh or en")
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}: expected md or html")
    v = _variant_model(variant, ws)
    return render(build_document(v, lang, ws), fmt)


def has_rulebook(v: m.Variant) -> bool:
    """Concrete variants have rulebooks (their examples need the generated engine)."""
    return not v.abstract


def rulebook_outputs(variants, ws: Workspace | None = None) -> list[tuple[str, str]]:
    """(path under generated/rulebooks/, text) for every concrete variant x language x format."""
    out = []
    models = [_variant_model(x, ws) for x in variants]
    for v in sorted(models, key=lambda x: x.name):
        if not has_rulebook(v):
            continue
        for lang in LANGS:
            doc = None
            for fmt in FORMATS:
                doc = build_document(v, lang, ws) if doc is None else doc
                out.append((f"{v.name}.{lang}.{fmt}", render(doc, fmt)))
    return out


# =============================================================================
# The `gouji doc` command
# =============================================================================

def register(subparsers) -> None:
    p = subparsers.add_parser("doc", help="write a variant's rulebook (Chinese or English, Markdown or HTML)",
                              description="Print a variant's rulebook, or write every rulebook into generated/rulebooks/ with --all.")
    p.add_argument("variant", nargs="?", metavar="VARIANT|FILE")
    p.add_argument("--lang", choices=LANGS, default=None, help="zh (default) or en")
    p.add_argument("--format", choices=FORMATS, default=None, dest="format", help="md (default) or html")
    p.add_argument("-o", "--output", metavar="PATH", help="write to PATH (atomically) instead of printing")
    p.add_argument("--all", action="store_true", help="write every concrete variant's rulebooks into generated/rulebooks/")
    p.set_defaults(run=cmd_doc)


def cmd_doc(args, ws: Workspace) -> int:
    from gouji_dsl.phases import Compilation, check_variants

    if args.all:
        if args.variant or args.output is not None or args.lang or args.format:
            raise UsageError("--all writes every rulebook: give no VARIANT, --lang, --format or -o with it")
        # The standard variants' books, into the package: a user's files are never written there.
        good, diagnostics = check_variants(ws, [n for n in ws.names() if ws.is_standard(n)])
        if diagnostics:
            raise RuleErrors(diagnostics)
        out_dir = generated_dir() / OUTPUT_DIR
        outputs = rulebook_outputs(list(good.values()), ws)
        changed = 0
        for rel, text in outputs:
            path = out_dir / rel
            current = path.read_text(encoding="utf-8") if path.is_file() else None
            if current != text:
                write_atomic(path, text)
                changed += 1
                print(f"wrote {ws.display(path)}")
        known = {rel for rel, _ in outputs}
        pattern = re.compile(r"^.+\.(zh|en)\.(md|html)$")
        for path in sorted(out_dir.glob("*")) if out_dir.is_dir() else []:
            if path.is_file() and pattern.match(path.name) and path.name not in known:
                path.unlink()
                changed += 1
                print(f"removed {ws.display(path)}")
        print(f"gouji: {len(outputs)} rulebook(s), {changed} file(s) changed")
        return 0
    if not args.variant:
        raise UsageError("name a variant (or use --all)", "e.g. gouji doc zaozhuang --lang en --format html")
    if args.output is not None:  # `-o ''` or `-o DIR` is refused before the book is built
        check_output_path(args.output, "rulebook file (-o)")
    name = ws.resolve_argument(args.variant)
    v = Compilation(ws, name).checked
    if not has_rulebook(v):
        raise UsageError(f"variant '{name}' has no rulebook: it is abstract")
    text = render_rulebook(v, args.lang or "zh", args.format or "md", ws)
    if args.output is not None:
        write_atomic(args.output, text)
        print(f"wrote {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0
