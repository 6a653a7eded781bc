"""Coverage-guided fuzzing of the front end with atheris (libFuzzer): a rule file's text through
parse and check. Any exception but the project's own RuleErrors and UsageError is a finding.

Not part of the test run (atheris is the optional extra `fuzz`: pip install 'gouji-dsl[fuzz]'):

    python tests/fuzz_front_end.py CORPUS_DIR -max_total_time=180 -artifact_prefix=FINDINGS_DIR/

The seed corpus (variants/*.gouji and every rule file of the documentation, the cookbook's
among them) is written into CORPUS_DIR when it is empty; libFuzzer adds what reaches new code
there. Each input is UTF-8 text (other bytes are read as a file's would be: the loader's
message), renamed `house`, checked beside the documentation's club.gouji as `gouji check` does.
"""
from __future__ import annotations

import atexit
import re
import shutil
import sys
import tempfile
from pathlib import Path

import atheris

with atheris.instrument_imports(include=["gouji_dsl"]):
    from gouji_dsl.diagnostics import RuleErrors, UsageError
    from gouji_dsl.lang.loader import Workspace
    from gouji_dsl.lang.parser import parse_text
    from gouji_dsl.phases import Compilation

sys.path.insert(0, str(Path(__file__).resolve().parent))
from soak_rules import club_text, seeds  # noqa: E402

HEADER = re.compile(rb"^variant[ \t]+\S+", re.M)
FOLDER = Path(tempfile.mkdtemp(prefix="gouji-fuzz-"))  # the process's own, removed at its exit
atexit.register(shutil.rmtree, FOLDER, True)
_PARSED: dict = {}


def one_input(data: bytes) -> None:
    data = HEADER.sub(b"variant house", data, count=1)
    try:
        parse_text(data.decode("utf-8", "replace"), "house.gouji")  # the parser alone, on any text
    except RuleErrors:
        pass
    house = FOLDER / "house.gouji"
    house.write_bytes(data)
    _PARSED.pop(house.resolve(), None)
    ws = Workspace(folders=[FOLDER], _parsed=_PARSED)
    try:
        Compilation(ws, "house").checked
    except RuleErrors as errors:
        for d in errors.diagnostics:
            d.render(ws.sources)
    except UsageError:
        pass


def seed_corpus(corpus: Path) -> None:
    corpus.mkdir(parents=True, exist_ok=True)
    if any(corpus.iterdir()):
        return
    for i, text in enumerate(seeds("standard") + seeds("house")):
        (corpus / f"seed-{i:03}.gouji").write_text(text, encoding="utf-8")


def main() -> None:
    (FOLDER / "club.gouji").write_text(club_text(), encoding="utf-8")
    corpora = [Path(a) for a in sys.argv[1:] if not a.startswith("-")]
    if corpora:
        seed_corpus(corpora[0])
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
