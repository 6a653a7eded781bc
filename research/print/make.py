"""Print every standard variant's books to PDF and keep a few pages as pictures.

    python3 research/print/make.py            # the page counts (a Markdown table) and the PNGs

Writes, next to this file: the pictures named in PICTURES (A4 pages rendered at 90 dpi with
pypdfium2 from the PDF headless Chromium printed with `gouji doc ... --format pdf`), and prints
the table of page counts that README.md shows. The PDFs themselves are made in a temporary
folder and not kept (a browser's PDF carries its date). Needs Chromium (see docs/books.md).
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pypdfium2 as pdfium

HERE = Path(__file__).resolve().parent
DPI = 90
# The house rule of the pictures: the cookbook's first recipe, written in Chinese.
CLUB = 'variant 俱乐部 extends 联众\n\n[简介]\n名称 = "我们俱乐部的够级"\n\n[出牌]\n让圈 = 2\n'
# (picture file, gouji doc arguments, page numbers to keep)
PICTURES = (
    ("lianzhong-handout-zh", ["lianzhong", "--handout", "--lang", "zh"], (1, 2)),
    ("zaozhuang-handout-en", ["zaozhuang", "--handout", "--lang", "en"], (2,)),
    ("shuangkou-quick-zh", ["shuangkou", "--quick", "--lang", "zh"], (1,)),
    ("club-changes-zh", ["俱乐部.gouji", "--changes", "--lang", "zh"], (1, 2)),
)
VARIANTS = ("zaozhuang", "zaozhuang-haixuan", "lianzhong", "lianzhong-bubiesan", "qingdao", "huangjindao", "lamb-cn",
            "zhoujxmt", "shuangkou", "shuangkou-baibian", "shuangkou-qianbian")
COLUMNS = (("handout", "zh"), ("handout", "en"), ("reference", "zh"), ("reference", "en"))


def print_pdf(folder: Path, args: list[str], name: str) -> pdfium.PdfDocument:
    out = folder / f"{name}.pdf"
    subprocess.run(["gouji", "doc", *args, "--format", "pdf", "-o", str(out)], cwd=folder, check=True,
                   capture_output=True)
    return pdfium.PdfDocument(out)


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "俱乐部.gouji").write_text(CLUB, encoding="utf-8")
        for name, args, pages in PICTURES:
            pdf = print_pdf(folder, args, name)
            for n in pages:
                image = pdf[n - 1].render(scale=DPI / 72).to_pil()
                # 32 colours are plenty for black type, a red heading and beige boxes, and keep the files small.
                image.quantize(colors=32).save(HERE / f"{name}-p{n}.png", optimize=True)
            pdf.close()
        print("| variant | handout zh | handout en | reference zh | reference en |")
        print("|---|---:|---:|---:|---:|")
        for variant in VARIANTS:
            counts = []
            for kind, lang in COLUMNS:
                args = [variant, "--lang", lang] + (["--handout"] if kind == "handout" else [])
                pdf = print_pdf(folder, args, f"{variant}.{kind}.{lang}")
                counts.append(str(len(pdf)))
                pdf.close()
            print(f"| {variant} | " + " | ".join(counts) + " |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
