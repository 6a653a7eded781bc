"""Soak run of the front end and what follows it: mutated rule files through check, build,
doc (handout and house-rule sheet) and a short game, in-process.

Not part of the test run; run on purpose (tests/soak_all.py runs it with the issue's figures):

    python tests/soak_rules.py --count 50000 --workers 2       # 50,000 per kind: 100,000 files
    python tests/soak_rules.py --count 100 --workers 1 --failures /tmp/found

Kinds: `standard` mutates variants/*.gouji, `house` the house rules of the documentation
(docs/*.md, the cookbook's among them), each renamed `house` and written as house.gouji beside
the documentation's club.gouji, so that a file extending it resolves. Mutations, one to four
per file: a byte flipped, a line dropped, duplicated or cut short, two tokens or two sections
swapped, a value changed (0, -1, huge), a token from the language put in, or the whole file
first respelled with Chinese or English names (`gouji fmt --names`).

Per file, as the commands do it: check (the diagnostics rendered too); for a file check
accepts, the engine generated and loaded in memory (`build` writes the same text), the handout
and, if the file extends a concrete variant, the house-rule sheet rendered (`doc --handout`,
`doc --changes`; Markdown or HTML, either language, no PDF), and a short game of random legal
actions. An internal error is any exception but the project's own RuleErrors and UsageError
(what `gouji` reports with exit 1 or 2; anything else is its exit 3). The folder the file is
checked in must hold the same files afterwards (nothing written). Each internal error is
saved with its traceback into --failures.
"""
from __future__ import annotations

import random
import re
import sys
import tempfile
import traceback
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gouji_dsl.backends import codegen  # noqa: E402
from gouji_dsl.diagnostics import RuleErrors, UsageError  # noqa: E402
from gouji_dsl.docs import rulebook  # noqa: E402
from gouji_dsl.lang.fmt import format_file  # noqa: E402
from gouji_dsl.lang.loader import Workspace  # noqa: E402
from gouji_dsl.lang.parser import parse_text  # noqa: E402
from gouji_dsl.paths import variants_dir  # noqa: E402
from gouji_dsl.phases import Compilation, has_engine  # noqa: E402
from docs_examples import blocks  # noqa: E402
from soak_runner import Chunk, Failure, input_seed, parser, run  # noqa: E402

DOCS = Path(__file__).resolve().parent.parent / "docs"
GAME_ACTIONS = 40  # a short game: enough to lead, answer, pass and often burn
HEADER = re.compile(r"^variant[ \t]+\S+", re.M)
# Tokens of the language (English and Chinese spellings), put where a word was.
TOKENS = ["=", "+=", "-=", "[", "]", "|", "(", ")", "@000:L15", "@D12", "yes", "no", "6", "-4", "10", "BJ", "SJ", "2",
          "carry_rule(rest)", "and", "or", "not", '"枣庄"', "none", "#", "\t", "..", ",", "variant", "extends", "[table]",
          "，", "＝", "【烧牌】", "“枣庄”", "\u3000", "＃ 注释", "就近", "是", "否", "[牌桌]", "abstract", "[plays]",
          "[scoring]", "\x00", "\ufeff", "\r", "\u2028", "'", '"', "99999999999999999999", "-0", "1.5", "1/3"]
VALUES = ["0", "-1", "1", "2", "7", "13", "54", "1000", "99999999999999999999", "10" * 40, "-99999"]


@lru_cache(maxsize=None)
def seeds(kind: str) -> tuple[str, ...]:
    """The files a kind mutates, each renamed `house`."""
    if kind == "standard":
        texts = [p.read_text(encoding="utf-8") for p in sorted(variants_dir().glob("*.gouji"))]
    else:
        texts = [b.body for page in sorted(DOCS.glob("*.md")) for b in blocks(page)
                 if b.language == "gouji" and HEADER.search(b.body)]
    return tuple(HEADER.sub("variant house", text, count=1) for text in texts)


@lru_cache(maxsize=None)
def club_text() -> str:
    """The documentation's club.gouji, which strict.gouji (commands.md) extends."""
    return next(b.body for b in blocks(DOCS / "books.md") if b.title == "club.gouji")


@lru_cache(maxsize=4096)
def respelled(text: str, names: str) -> str:
    """`text` with its names in one language, as `gouji fmt --names` writes it (text itself if it does not parse)."""
    try:
        return format_file(parse_text(text, "house.gouji"), text, names)
    except RuleErrors:
        return text


def _sections(lines: list[str]) -> list[tuple[int, int]]:
    starts = [i for i, line in enumerate(lines) if line.lstrip().startswith(("[", "【"))]
    return [(a, b) for a, b in zip(starts, starts[1:] + [len(lines)])]


def mutate(rng: random.Random, text: str) -> bytes:
    """One to four mutations of a rule file; bytes, so that a flip can leave invalid UTF-8."""
    if rng.random() < 0.2:
        text = respelled(text, rng.choice(("zh", "en")))
    lines = text.split("\n")
    data = None
    for _ in range(rng.randint(1, 4)):
        if not lines:
            break
        i = rng.randrange(len(lines))
        roll = rng.randrange(9)
        if roll == 0:
            del lines[i]
        elif roll == 1:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif roll == 2:  # two tokens of the file swapped
            words = [(n, w) for n, line in enumerate(lines) for w in re.findall(r"[^\s=\[\],]+", line)]
            if len(words) > 1:
                (n1, w1), (n2, w2) = rng.sample(words, 2)
                lines[n1] = lines[n1].replace(w1, "\0swap\0", 1)
                lines[n2] = lines[n2].replace(w2, w1, 1)
                lines[n1] = lines[n1].replace("\0swap\0", w2, 1)
        elif roll == 3:  # a value changed
            lines[i] = re.sub(r"-?\d+", lambda _m: rng.choice(VALUES), lines[i], count=1)
        elif roll == 4:  # a word replaced by a token
            words = re.split(r"(\s+)", lines[i])
            words[rng.randrange(len(words))] = rng.choice(TOKENS)
            lines[i] = "".join(words)
        elif roll == 5:  # two sections swapped
            sections = _sections(lines)
            if len(sections) > 1:
                (a1, b1), (a2, b2) = sorted(rng.sample(sections, 2))
                lines = lines[:a1] + lines[a2:b2] + lines[b1:a2] + lines[a1:b1] + lines[b2:]
        elif roll == 6:
            lines = lines[: i + 1]
        elif roll == 7:  # a line cut at a random point
            lines[i] = lines[i][: rng.randint(0, len(lines[i]))]
        else:  # a byte flipped (the file may no longer be UTF-8)
            raw = bytearray("\n".join(lines).encode("utf-8", "surrogateescape"))  # (an earlier flip left a lone byte)
            if raw:
                raw[rng.randrange(len(raw))] ^= 1 << rng.randrange(8)
            data = bytes(raw)
            lines = data.decode("utf-8", "surrogateescape").split("\n")
    return "\n".join(lines).encode("utf-8", "surrogateescape")


def short_game(engine, rng: random.Random) -> int:
    game = engine.new_game(seed=rng.randrange(2**32))
    steps = 0
    while steps < GAME_ACTIONS and not game.is_terminal():
        game.apply_action(rng.choice(game.legal_actions()))
        steps += 1
    return steps


_PARSED: dict = {}  # the files read once, shared by every file of a process (house.gouji's dropped each time)


def pipeline(folder: Path, data: bytes, rng: random.Random, counts) -> None:
    """check, build, doc and a short game of house.gouji = data; RuleErrors or UsageError when refused."""
    house = folder / "house.gouji"
    house.write_bytes(data)
    _PARSED.pop(house.resolve(), None)
    ws = Workspace(folders=[folder], _parsed=_PARSED)  # as `gouji check house.gouji` sees it
    try:
        variant = Compilation(ws, "house").checked
    except RuleErrors as errors:
        for d in errors.diagnostics:  # `gouji check` prints them: rendering must not fail either
            d.render(ws.sources)
        raise
    counts["checked"] += 1
    try:
        if has_engine(variant):
            engine = codegen.module_from_source("house", codegen.render_engine(variant))
            counts["built"] += 1
            counts["game actions"] += short_game(engine, rng)
            counts["games"] += 1
        if rulebook.has_rulebook(variant):
            lang, fmt = rng.choice(rulebook.LANGS), rng.choice(rulebook.FORMATS)
            assert rulebook.render_rulebook(variant, lang, fmt, ws, kind="handout")
            counts["handouts"] += 1
            # As `doc --changes` does, which refuses (UsageError) a file extending nothing or an abstract one.
            if variant.lineage[1:] and not Compilation(ws, variant.lineage[1]).checked.abstract:
                assert rulebook.render_changes(variant, lang, fmt, ws)
                counts["change sheets"] += 1
    finally:
        # Each accepted file loads an engine module of its own: a soak run must not keep thousands.
        for module_id in [k for k in sys.modules if k.startswith("gouji_dsl._built.house_")]:
            del sys.modules[module_id]


def work(kind: str, start: int, count: int, seed: int) -> Chunk:
    chunk = Chunk(kind, start, count)
    texts = seeds(kind)
    with tempfile.TemporaryDirectory(prefix="gouji-soak-rules-") as tmp:
        folder = Path(tmp)
        (folder / "club.gouji").write_text(club_text(), encoding="utf-8")
        for number in range(start, start + count):
            rng = random.Random(input_seed(seed, kind, number))
            try:
                data = mutate(rng, rng.choice(texts))
            except Exception as exc:  # noqa: BLE001 - the harness's own bug: reported, the run goes on
                chunk.failures.append(Failure(kind, number, f"harness error while mutating: {exc!r}"[:500], b"",
                                              ".gouji", traceback.format_exc()))
                continue
            chunk.counts["files"] += 1
            try:
                pipeline(folder, data, rng, chunk.counts)
            except (RuleErrors, UsageError):
                chunk.counts["refused"] += 1
            except Exception as exc:  # noqa: BLE001 - what `gouji` would report as an internal error (exit 3)
                chunk.failures.append(Failure(kind, number, f"internal error: {type(exc).__name__}: {exc}"[:500],
                                              data, ".gouji", traceback.format_exc()))
            left = sorted(p.name for p in folder.iterdir())
            if left != ["club.gouji", "house.gouji"]:
                chunk.failures.append(Failure(kind, number, f"files written beside the rule file: {left}", data,
                                              ".gouji"))
                for p in folder.iterdir():
                    if p.name not in ("club.gouji", "house.gouji") and p.is_file():
                        p.unlink()
    # The codegen caches keep every distinct engine's text and code: bounded per chunk here.
    codegen._RENDERED.clear()
    codegen._CODE.clear()
    return chunk


KINDS = ["standard", "house"]


def main(argv=None) -> int:
    p = parser(__doc__.splitlines()[0], "mutated rule files", 500)
    p.add_argument("--kinds", nargs="*", choices=KINDS, default=KINDS)
    args = p.parse_args(argv)
    return run("soak rules", args.kinds, work, args,
               ("files", "refused", "checked", "built", "games", "game actions", "handouts", "change sheets"))


if __name__ == "__main__":
    sys.exit(main())
