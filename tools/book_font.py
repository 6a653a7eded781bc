#!/usr/bin/env python3
"""Make the fonts the printed books are set in (gouji_dsl/docs/fonts/): subsets of
Noto Sans CJK SC and Noto Sans Mono CJK SC with TrueType outlines, renamed Gouji Sans
and Gouji Mono. gouji_dsl/docs/pdf.py gives them to Chromium (@font-face) for every PDF.

    python3 tools/book_font.py [--source-dir /usr/share/fonts/opentype/noto] [--check]

Why ship a font: the PDF must look the same, and carry fonts a print shop accepts, on
any machine. Chromium's PDF writer (Skia) embeds only fonts with TrueType outlines as
CID fonts; the CFF outlines of Noto Sans CJK and Source Han Sans (the Chinese fonts
most Linux machines have) become dozens to hundreds of Type 3 fonts. And each machine's
Chinese font sets the Latin letters, line heights and punctuation its own way, so the
same book took four pages with one font and five with another.

What is kept: the characters of GB 2312 (its symbols and its 3,755 common hanzi), Latin
letters with pinyin tones, the punctuation, arrows and symbols of Chinese and English
text, and every character of the texts the books are made from (the book prose in
gouji_dsl/, the sources, the rule files, the generated rulebooks), so the books need no
other font; only the OpenType features that place glyphs are kept (FEATURES); each
character has a glyph of its own (so the PDF's text copies and searches right). The cubic
outlines are converted to quadratic ones (cu2qu, within 1 unit of 1000) and hints dropped:
a PDF needs none.
Deterministic: the same source fonts and texts give the same bytes.

Input: the fonts-noto-cjk package's NotoSansCJK-{Regular,Bold}.ttc (Debian: apt-get
install fonts-noto-cjk; version 2.004 made the shipped files). Needs fontTools (the test
extra). --check makes the fonts in memory and fails if the shipped files differ or a
character of the texts is missing from Noto Sans CJK SC.
"""
from __future__ import annotations

import argparse
import copy
import io
import sys
from pathlib import Path

from fontTools import subset
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTCollection, TTFont, newTable

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "gouji_dsl" / "docs" / "fonts"
SOURCE_DIR = Path("/usr/share/fonts/opentype/noto")

# (file written, family, style, source collection, face in it)
FONTS = (
    ("GoujiSans-Regular.woff", "Gouji Sans", "Regular", "NotoSansCJK-Regular.ttc", "Noto Sans CJK SC"),
    ("GoujiSans-Bold.woff", "Gouji Sans", "Bold", "NotoSansCJK-Bold.ttc", "Noto Sans CJK SC"),
    ("GoujiMono-Regular.woff", "Gouji Mono", "Regular", "NotoSansCJK-Regular.ttc", "Noto Sans Mono CJK SC"),
    ("GoujiMono-Bold.woff", "Gouji Mono", "Bold", "NotoSansCJK-Bold.ttc", "Noto Sans Mono CJK SC"),
)
# Only the features that place glyphs (composition, kerning, marks): no ligatures (a PDF
# reader copies "fi" drawn as one glyph as nothing) and no punctuation spacing ('halt',
# 'chws': with them Chromium trims a line's last comma or full stop to half its width, and
# the trimmed line ran past the text's edge: a quote of the Zaozhuang reference by half a
# character); the rest (vertical forms, locl variants for Japanese, Korean or traditional
# forms, alternates) would only pull in glyphs.
FEATURES = ["ccmp", "kern", "mark", "mkmk"]
TEXTS = ("gouji_dsl/**/*.py", "gouji_dsl/**/*.j2", "sources/*.txt", "variants/**/*.gouji",
         "generated/rulebooks/*.md", "generated/rulebooks/*.html")
# The monospace face (rule files, line numbers) holds Latin only: its Chinese is Gouji Sans's.
MONO_RANGES = ((0x20, 0x7E), (0xA0, 0xFF))
SANS_RANGES = (
    (0x20, 0x7E), (0xA0, 0xFF), (0x2010, 0x2027), (0x2030, 0x203B), (0x2190, 0x2199), (0x2212, 0x2212),
    (0x2260, 0x2265), (0x2460, 0x2473), (0x25A0, 0x25CF), (0x2605, 0x2606), (0x2660, 0x2667),
    (0x3000, 0x303F), (0xFF01, 0xFF5E), (0xFFE0, 0xFFE6),
)
PINYIN = "āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜüĀÁǍÀĒÉĚÈĪÍǏÌŌÓǑÒŪÚǓÙǕǗǙǛÜ"


def gb2312() -> set[str]:
    """GB 2312's symbols (rows 1-9) and level-1 hanzi (rows 16-55)."""
    chars = set()
    for row in (*range(0xA1, 0xAA), *range(0xB0, 0xD8)):
        for cell in range(0xA1, 0xFF):
            try:
                chars.add(bytes((row, cell)).decode("gb2312"))
            except UnicodeDecodeError:
                pass
    return chars


def text_chars() -> set[str]:
    """Every character of the texts the books are made from (outside ASCII)."""
    chars = set()
    for pattern in TEXTS:
        for path in sorted(ROOT.glob(pattern)):
            chars.update(c for c in path.read_text(encoding="utf-8") if ord(c) > 0x7E)
    return {c for c in chars if c.isprintable() and not c.isspace()}


def wanted(ranges, extra: set[str] = frozenset()) -> set[int]:
    codes = {code for low, high in ranges for code in range(low, high + 1)}
    return codes | {ord(c) for c in extra}


def face(collection: Path, name: str) -> TTFont:
    for index, font in enumerate(TTCollection(str(collection), lazy=True).fonts):
        if font["name"].getDebugName(1) == name:
            return TTFont(str(collection), fontNumber=index, recalcTimestamp=False)
    raise SystemExit(f"{collection}: no face {name!r}")


def to_truetype(font: TTFont) -> None:
    """Replace the CFF outlines by quadratic (TrueType) ones."""
    glyphs = font.getGlyphSet()
    order = font.getGlyphOrder()
    outlines = {}
    for name in order:
        pen = TTGlyphPen(glyphs)
        glyphs[name].draw(Cu2QuPen(pen, max_err=1.0, reverse_direction=True))
        outlines[name] = pen.glyph()
    for tag in ("CFF ", "VORG"):
        if tag in font:
            del font[tag]
    font["loca"] = newTable("loca")
    font["glyf"] = glyf = newTable("glyf")
    glyf.glyphOrder, glyf.glyphs = order, outlines
    font["head"].glyphDataFormat = 0
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for field in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                  "maxStackElements", "maxSizeOfInstructions", "maxComponentElements", "maxComponentDepth"):
        setattr(maxp, field, 0)
    maxp.maxZones = 1
    font["post"].formatType = 3.0  # no glyph names
    font.sfntVersion = "\0\1\0\0"


def unshare(font: TTFont) -> None:
    """Give each character a glyph of its own: where the original maps several (· and •,
    – and ‒, ～ and 〜) to one glyph, the PDF's ToUnicode map can name only one of them, and a
    reader copying the text, or searching it, gets the wrong one."""
    cmap = font.getBestCmap()
    shared: dict[str, list[int]] = {}
    for code in sorted(cmap):
        shared.setdefault(cmap[code], []).append(code)
    order = list(font.getGlyphOrder())
    glyf, metrics = font["glyf"], [font[tag] for tag in ("hmtx", "vmtx") if tag in font]
    for glyph, codes in shared.items():
        for code in codes[1:]:
            clone = f"{glyph}.u{code:04X}"
            order.append(clone)
            glyf.glyphs[clone] = copy.deepcopy(glyf[glyph])
            for table in metrics:
                table.metrics[clone] = table.metrics[glyph]
            for sub in font["cmap"].tables:
                if code in sub.cmap:
                    sub.cmap[code] = clone
    font.setGlyphOrder(order)
    glyf.glyphOrder = order


def rename(font: TTFont, family: str, style: str, source: str) -> None:
    """Name it anew: a modified font takes no name of its original (OFL 1.1 §3), and
    "Noto" is Google's trademark. The copyright, licence and designers are kept."""
    names = font["name"]
    keep = {i: names.getDebugName(i) for i in (0, 8, 9, 11, 12, 13, 14)}
    version = names.getDebugName(5).split(";")[0]
    postscript = family.replace(" ", "") + "-" + style
    names.names = []
    fields = {**keep, 1: family, 2: style, 3: f"{version};gouji-dsl;{postscript}", 4: f"{family} {style}",
              5: version, 6: postscript,
              10: f"A subset of {source} {version.split()[-1]} with TrueType outlines, for the printed books of "
                  f"gouji-dsl (tools/book_font.py)."}
    for name_id, value in sorted(fields.items()):
        if value:
            names.setName(value, name_id, 3, 1, 0x409)


def make(source_dir: Path) -> dict[str, bytes]:
    extra = text_chars() | set(PINYIN)
    sans = wanted(SANS_RANGES, extra | gb2312())
    made = {}
    for file, family, style, collection, source in FONTS:
        font = face(source_dir / collection, source)
        cmap = font.getBestCmap()
        codes = wanted(MONO_RANGES) if family.endswith("Mono") else sans
        missing = sorted(chr(c) for c in extra if ord(c) not in cmap and not family.endswith("Mono"))
        if missing:
            print(f"{file}: {source} has no glyph for {''.join(missing)}", file=sys.stderr)
        options = subset.Options()
        options.layout_features = FEATURES
        options.hinting = False
        options.glyph_names = False
        options.notdef_outline = True
        options.name_IDs = ["*"]
        options.name_languages = ["*"]
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=sorted(c for c in codes if c in cmap))
        subsetter.subset(font)
        to_truetype(font)
        unshare(font)
        rename(font, family, style, source)
        font.flavor = "woff"
        out = io.BytesIO()
        font.save(out, reorderTables=True)
        made[file] = out.getvalue()
        print(f"{file}: {len(font.getGlyphOrder())} glyphs, {len(made[file]):,} bytes", file=sys.stderr)
    return made


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source-dir", type=Path, default=SOURCE_DIR, help="where NotoSansCJK-*.ttc are")
    parser.add_argument("--check", action="store_true", help="fail if the shipped fonts are not what this makes")
    args = parser.parse_args(argv)
    made = make(args.source_dir)
    if args.check:
        stale = [file for file, data in made.items() if (OUT / file).read_bytes() != data]
        for file in stale:
            print(f"{OUT / file} is not what tools/book_font.py makes: run it", file=sys.stderr)
        return 1 if stale else 0
    OUT.mkdir(exist_ok=True)
    for file, data in made.items():
        (OUT / file).write_bytes(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
