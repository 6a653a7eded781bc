"""`gouji simulate --raw FILE`: a row a game played, as CSV or Parquet, and the way back from the
rows to the per-match sums the summaries are computed from, so a reader can check every figure or
compute figures of their own.

A row: the variant (named as in the results document), the match and the game in it, the game's
seed (runner.derive), a short hash of the dealt hands (runner.deal_hash: the same seed on the same
deck gives the same hash in any variant, so the pairing of two variants shows), the bots seat by
seat, then every field of the game's record (records.game_record), a field the game lacks 0, as
`summary.Totals` counts it.

How the rows travel: a task asked for them (runner.Task.raw) returns with each match its games
([game, seed, deal hash, record]); the command hands every match, in match order, to a
`RawWriter`, which appends its games to a spool file beside the target at once, so a long run
holds no rows in memory and the file is the same for any number of workers. A run without --raw
asks for no rows: its workers send back what they always did.

Why a spool, and not the file itself: the columns are the union of the fields of every game, and
some are known only once a game produces them. Team 1's score value by value (team_score.VALUE)
comes from play, not from the rules, so no column set computed up front from the rules holds
them; and a tribute kind (tribute.KIND) may first be paid after the first rows were written,
where a Parquet file cannot add a column to its schema between row groups (nor a CSV file to its
header). So the file is written when the last game is in: the spool is read once, in order, and
written in the final columns (Parquet a row group of ROW_GROUP rows at a time), to a temporary
file that is then renamed over the target. An interrupted or failed run leaves no half file, and
an existing file keeps its content until the run succeeds. The price: the spool on disk (about
the size of the CSV file) and one pass over it at the end (about 25 s a million games for CSV,
40 s for Parquet, on the machine the tests run on), against hours of play.
"""
from __future__ import annotations

import csv
import io
import json
import os
import secrets
import stat
import tempfile
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

from gouji_dsl.diagnostics import UsageError
from gouji_dsl.files import OutputError, check_output_path
from gouji_dsl.messages import msg
from gouji_dsl.sim.runner import HISTOGRAMS
from gouji_dsl.sim.summary import Totals

SUFFIXES = (".csv", ".parquet")
NO_PYARROW = "commands.simulate.no_pyarrow"  # the catalogue's message: RawError(msg(NO_PYARROW))
ID_COLUMNS = ("variant", "mix", "match", "game", "game_seed", "deal_hash", "bots")
TEXT_COLUMNS = ("variant", "deal_hash", "bots")  # the others are numbers
# The record's fields in the order the file shows them, "#" standing for a seat, team or place
# number. A field not named here (one records.py gains) comes after these, in name order; the
# dynamic fields come last (DYNAMIC).
FIELD_ORDER = ("games", "seats", "actions", "rounds", "decisions", "score.seat.#", "score.team.#", "score.spread",
               "team_win.#", "draw", "sweep", "place.#.#", "place.team.#", "team_place.#", "first_led", "first_lead_won",
               "after_game", "after_win", "repeat_win", "bombs", "burns_tried", "burns_won", "burns_failed",
               "burned_teams", "burned_won", "defers", "opened", "opened_teams", "opened_won", "declared", "men",
               "headless", "chaos", "revolution", "revolution_redeals")
DYNAMIC = ("tribute.", "team_score.")  # a column a kind of tribute, a column a score of team 1
ROW_GROUP = 16_384  # rows of a Parquet row group: a few MB of Python values at a time


class RawError(UsageError):
    """The raw file cannot be written as asked: a suffix we do not write, or no pyarrow for a
    .parquet file (a usage error: the command exits 2 before any game)."""


def check_raw_path(path) -> str:
    """The suffix of a raw file we can write, lower case, checked before any game: RawError
    naming the suffixes we write, or the extra that a .parquet file needs."""
    suffix = Path(path).suffix.lower()
    if suffix not in SUFFIXES:
        raise RawError(msg("commands.simulate.raw_suffix", path=path, suffix=suffix, suffixes=", ".join(SUFFIXES))
                       if suffix else msg("commands.simulate.raw_no_suffix", path=path, suffixes=", ".join(SUFFIXES)))
    if suffix == ".parquet":
        _arrow()
    return suffix


def _arrow():
    """pyarrow and pyarrow.parquet, an optional extra (gouji-dsl[parquet]): imported only for a
    .parquet file; RawError saying how to install them."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise RawError(msg(NO_PYARROW)) from None
    return pa, pq


def field_key(name: str) -> tuple:
    """Where a record field's column stands (see FIELD_ORDER and DYNAMIC)."""
    if name in FIELD_ORDER:
        return (0, FIELD_ORDER.index(name), ())
    if name.startswith("team_score."):
        return (3, 0, (float(name[len("team_score."):]),))
    if name.startswith(DYNAMIC):
        return (2, 0, (name,))
    parts = name.split(".")
    template = ".".join("#" if part.isdigit() else part for part in parts)
    if template in FIELD_ORDER:
        return (0, FIELD_ORDER.index(template), tuple(int(part) for part in parts if part.isdigit()))
    return (1, 0, (name,))


def columns(fields: Iterable[str]) -> list[str]:
    """The columns of a raw file whose games wrote these record fields."""
    return list(ID_COLUMNS) + sorted(fields, key=field_key)


class RawWriter:
    """The raw file of a run, written as described in the module docstring: `add` each match as it
    arrives, then `commit`; `discard` (always, in a `finally`) removes whatever a run that did
    not commit left, and does nothing after a commit.

    The path is checked when the writer is made, before any game: the suffix, pyarrow for a
    .parquet file, and the folder, by creating the spool there (missing folders are made, and
    removed again if the run does not commit). A symbolic link is written through; a FIFO or a
    device is written in place, as files.write_atomic does."""

    def __init__(self, path) -> None:
        self.path = check_output_path(path)
        self.suffix = check_raw_path(path)
        self.variants: dict[tuple[str, int, str], int] = {}  # (variant, mix, bots) -> its number in the spool
        self.fields: dict[str, int] = {}                # record field -> its place in a spooled row
        self.fractional: set[str] = set()               # fields some game gave a fraction (a float)
        self._made: list[Path] = []                     # folders made for the file, deepest last
        self._final: Path | None = None                 # the temporary file being written at commit
        self._spool: Path | None = None                 # the games so far, a line each (see `add`)
        self._out: io.TextIOWrapper | None = None       # the spool, open for writing
        self._done = False
        try:
            mode = os.stat(self.path).st_mode  # through any links, as open() goes
        except FileNotFoundError:
            mode = None
        except OSError as exc:
            raise _error(self.path, exc) from None
        self._in_place = mode is not None and not stat.S_ISREG(mode)  # a FIFO or device (a folder is refused above)
        self._target = self.path if self._in_place else Path(os.path.realpath(self.path))
        self._keep_mode = None if mode is None or self._in_place else stat.S_IMODE(mode)
        try:
            folder = Path(tempfile.gettempdir()) if self._in_place else self._make_folder(self._target.parent)
            fd, spool = tempfile.mkstemp(prefix=f".{self._target.name}.", suffix=".spool.tmp", dir=folder)
        except OSError as exc:
            self.discard()
            raise _error(self.path, exc) from None
        self._spool = Path(spool)
        self._out = os.fdopen(fd, "w", encoding="utf-8", newline="\n")

    def _make_folder(self, folder: Path) -> Path:
        """`folder`, made with any missing parents (remembered, for `discard`)."""
        missing, probe = [], folder
        while not probe.exists() and probe != probe.parent:
            missing.append(probe)
            probe = probe.parent
        for made in reversed(missing):
            made.mkdir()
            self._made.append(made)
        return folder

    def add(self, variant: str, lineup: tuple, match: dict, mix: int = 1) -> None:
        """A match of `variant` (runner.play_match with raw), played by bot mix number `mix` (1: the
        first --bots) with the bots `lineup`: one spooled line a game, [the (variant, mix, bots)
        number, match, game, seed, deal hash, the record's values by `fields`]."""
        key = (variant, mix, ",".join(lineup))
        number = self.variants.setdefault(key, len(self.variants))
        fields = self.fields
        lines = []
        for game, seed, dealt, record in match["games"]:
            for name, value in record.items():
                if name not in fields:
                    fields[name] = len(fields)
                if isinstance(value, float):
                    self.fractional.add(name)
            values: list = [None] * (1 + max(fields[name] for name in record)) if record else []
            for name, value in record.items():
                values[fields[name]] = value
            lines.append(json.dumps([number, match["index"], game, seed, dealt, values], separators=(",", ":")))
        if lines and self._out is not None:
            try:
                self._out.write("\n".join(lines) + "\n")
            except OSError as exc:
                raise _error(self.path, exc) from None

    def columns(self) -> list[str]:
        return columns(self.fields)

    def _rows(self) -> Iterator[list]:
        """The spooled games as rows in the file's columns."""
        names = {number: key for key, number in self.variants.items()}
        where = [self.fields[name] for name in self.columns()[len(ID_COLUMNS):]]
        assert self._spool is not None  # made in __init__, which raises without it
        with open(self._spool, encoding="utf-8") as spool:
            for line in spool:
                number, match, game, seed, dealt, values = json.loads(line)
                variant, mix, bots = names[number]
                size = len(values)
                yield [variant, mix, match, game, seed, dealt, bots] + [
                    0 if i >= size or values[i] is None else values[i] for i in where]

    def commit(self) -> None:
        """Write the file from the spool and put it in place (see the module docstring)."""
        try:
            if self._out is not None:
                self._out.close()
                self._out = None
            if self._in_place:
                with open(self._target, "wb") as handle:
                    self._write(handle)
            else:
                handle, self._final = _create_beside(self._target)
                with handle:
                    self._write(handle)
                if self._keep_mode is not None:
                    os.chmod(self._final, self._keep_mode)
                os.replace(self._final, self._target)
                self._final = None
        except OSError as exc:
            self.discard()
            raise _error(self.path, exc) from None
        self._done = True
        self.discard()

    def _write(self, handle) -> None:
        """The file's bytes into `handle` (binary): CSV, or Parquet a row group at a time."""
        if self.suffix == ".csv":
            text = io.TextIOWrapper(handle, encoding="utf-8", newline="")
            rows = csv.writer(text, lineterminator="\n")
            rows.writerow(self.columns())
            rows.writerows(self._rows())
            text.flush()
            text.detach()
            return
        pa, pq = _arrow()
        names = self.columns()
        # A column of whole numbers is int64; one that some game gave a fraction is float64 throughout.
        types = [pa.string() if name in TEXT_COLUMNS else
                 pa.float64() if name in self.fractional else pa.int64() for name in names]
        schema = pa.schema(list(zip(names, types)))
        floats = [name in self.fractional for name in names]

        def flush(group: list[list]) -> None:
            writer.write_table(pa.Table.from_arrays([pa.array(c, t) for c, t in zip(group, types)], schema=schema))

        writer = pq.ParquetWriter(handle, schema)
        try:
            group: list[list] = [[] for _ in names]
            for row in self._rows():
                for column, value, fraction in zip(group, row, floats):
                    column.append(float(value) if fraction else value)
                if len(group[0]) >= ROW_GROUP:
                    flush(group)
                    group = [[] for _ in names]
            if group[0]:
                flush(group)
        finally:
            writer.close()

    def discard(self) -> None:
        """Remove the spool, a half-written file and the folders made for it (not after a commit)."""
        if self._out is not None:
            self._out.close()
            self._out = None
        for path in (self._spool, self._final):
            if path is not None:
                try:
                    os.unlink(path)
                except OSError:
                    pass
        self._final = None
        if not self._done:
            for folder in reversed(self._made):
                try:
                    folder.rmdir()
                except OSError:
                    break
        self._made = []


def _create_beside(target: Path) -> tuple:
    """A new file beside `target` with a name no other file has (a hidden .tmp), made with the
    mode a new file gets (0666 less the umask); (its handle, its path)."""
    for _ in range(100):
        path = target.parent / f".{target.name}.{secrets.token_hex(4)}.tmp"
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            continue
        return os.fdopen(fd, "wb"), path
    raise FileExistsError(f"no free temporary name beside {target}")


def _error(path: Path, exc: OSError) -> OutputError:
    """One line: the path the user gave and the system's reason."""
    return OutputError(msg("syntax.cannot_write", path=path, reason=exc.strerror or str(exc)))


# ---------------------------------------------------------------- the way back

def read_raw(path) -> Iterator[dict]:
    """The rows of a raw file (CSV or Parquet), one dict a game, in the file's order: the
    identity columns as written (texts, whole numbers) and every record field as a number (a
    CSV cell keeps its kind: `2` a whole number, `2.0` a fraction's float). ValueError for a
    file that lacks a column the summaries need."""
    path = Path(path)
    if path.suffix.lower() == ".parquet":
        return _parquet_rows(path)
    return _csv_rows(path)


def _required(path: Path, names: Iterable[str]) -> None:
    missing = [name for name in ID_COLUMNS + ("games",) + HISTOGRAMS if name not in set(names)]
    if missing:
        raise ValueError(msg("commands.simulate.raw_not_raw", path=path, missing=", ".join(missing)))


def _csv_rows(path: Path) -> Iterator[dict]:
    with open(path, encoding="utf-8", newline="") as handle:
        reader = csv.reader(handle)
        names = next(reader, [])
        _required(path, names)
        kinds = [str if name in TEXT_COLUMNS else _number for name in names]
        for cells in reader:
            yield {name: kind(cell) for name, kind, cell in zip(names, kinds, cells)}


def _number(cell: str) -> int | float:
    try:
        return int(cell)
    except ValueError:
        return float(cell)


def _parquet_rows(path: Path) -> Iterator[dict]:
    source = _arrow()[1].ParquetFile(path)
    _required(path, source.schema_arrow.names)
    for batch in source.iter_batches(batch_size=ROW_GROUP):
        yield from batch.to_pylist()


def totals_from_rows(rows: Iterable[dict], mix: int = 1) -> dict[str, Totals]:
    """Each variant's `Totals` under bot mix `mix` (1: the first --bots, the results document's
    own figures; 2 on: its "mixes"), as the run summed them, from its rows (read_raw): the games
    of a match summed in order, the matches added in order. A field that is 0 in every game of a
    variant is left out of its totals, as a run leaves out a field no game wrote (a tribute kind
    never paid); a column of zeros reads the same either way. ValueError for rows of a variant
    not in match order."""
    totals: dict[str, Totals] = {}
    current: dict[str, tuple[int, dict, dict]] = {}  # variant -> (match, sums, distributions) being summed
    for row in rows:
        if row["mix"] != mix:
            continue
        variant, index = row["variant"], row["match"]
        summing = current.get(variant)
        if summing is None or summing[0] != index:
            if summing is not None:
                if index < summing[0]:
                    raise ValueError(msg("commands.simulate.raw_out_of_order", variant=variant, match=index,
                                         previous=summing[0]))
                _add_match(totals.setdefault(variant, Totals()), summing)
            summing = current[variant] = (index, {}, {name: Counter() for name in HISTOGRAMS})
        sums, hist = summing[1], summing[2]
        for name, value in row.items():
            if value and name not in ID_COLUMNS:
                sums[name] = sums.get(name, 0) + value
        for name in HISTOGRAMS:
            hist[name][row[name]] += 1
    for variant, summing in current.items():
        _add_match(totals.setdefault(variant, Totals()), summing)
    return totals


def _add_match(totals: Totals, summing: tuple[int, dict, dict]) -> None:
    index, sums, hist = summing
    totals.add({"index": index, "sums": sums, "hist": {name: dict(counts) for name, counts in hist.items()}})
