"""Soak run of `gouji replay`: mutated histories through the replay API, in-process.

Not part of the test run; run on purpose (tests/soak_all.py runs it with the issue's figures):

    python tests/soak_histories.py --count 20000 --workers 2       # per variant
    python tests/soak_histories.py --count 50 --variants qingdao --workers 1

Per variant, a few real histories (`gouji play --games 2 --json`, random bots) are made once;
each input is one of them mutated one to three times, as JSON (an action changed, dropped,
duplicated or swapped; a seed, place, score, result or tribute changed; a field dropped, added
or given a value of another type; the variant renamed) or as text (bytes cut, flipped or put
in). It goes through what `gouji replay` does (cmd_replay): read the file, parse the JSON,
check its shape, replay every game.

Rules: a refusal is clean (the errors cmd_replay reports with exit 1 or 2, at the stage it
catches them); a history that is accepted records only outcomes its replay reproduces (a
tampered outcome is never accepted); the file is unchanged. Anything else is saved into
--failures with its traceback.
"""
from __future__ import annotations

import copy
import json
import random
import sys
import tempfile
import traceback
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import gouji_dsl  # noqa: E402
from gouji_dsl.cli import _engine_for  # noqa: E402
from gouji_dsl.diagnostics import RuleErrors, UsageError  # noqa: E402
from gouji_dsl.lang.loader import Workspace  # noqa: E402
from gouji_dsl.play.selfplay import (OUTCOMES, ReplayError, check_history, play_match, read_history,  # noqa: E402
                                     replay_file, to_json)
from json_paths import nodes, set_at  # noqa: E402
from soak_runner import Chunk, Failure, input_seed, parser, run  # noqa: E402

ODD = [None, True, False, 0, -1, 1, 2, 7, 2**63, -2**70, 1.5, -0.0, 1e308, "", "x", "pass", "play 3", "play BJ BJ",
       "小王", "qingdao", "zaozhuang", [], {}, [1], ["pass"], {"1": 1}, [[1, 2]], "\x00", "\ud800", "9" * 400]
ODD_TEXT = ["", "\x00", "\ufeff", "\ud800", '"', "\\", "[", "]", "{", "}", ",", ":", "1e999", "NaN", "-", "null",
            "[" * 2000, "]" * 10, "\u2028", "小王", "\xff"]


@lru_cache(maxsize=None)
def base_histories(variant: str) -> tuple[str, ...]:
    """A variant's real histories, as `gouji play --json` writes them."""
    engine = gouji_dsl.engine(variant)
    return tuple(to_json(engine, play_match(engine, seed, 2, "random")) for seed in range(3))


def _mutate_history(rng: random.Random, history: list, actions: list[str]) -> None:
    if not history:
        history.append(rng.choice(actions))
        return
    i = rng.randrange(len(history))
    roll = rng.randrange(6)
    if roll == 0:
        del history[i]
    elif roll == 1:
        history.insert(i, history[rng.randrange(len(history))])
    elif roll == 2:
        j = rng.randrange(len(history))
        history[i], history[j] = history[j], history[i]
    elif roll == 3:
        history[i] = rng.choice(actions)
    elif roll == 4:
        del history[i:]
    elif isinstance(history[i], str):  # (an earlier mutation may have put another type there)
        history[i] = history[i] + rng.choice([" 3", " BJ", "", " 2 2", "x"])


def _mutate_json(rng: random.Random, data):
    games = data.get("games") if isinstance(data, dict) else None
    if isinstance(games, list) and games and isinstance(games[0], dict) and rng.random() < 0.6:
        record = rng.choice(games)
        if not isinstance(record, dict):
            return data
        roll = rng.randrange(4)
        if roll == 0 and isinstance(record.get("history"), list):
            actions = [a for g in games if isinstance(g, dict) and isinstance(g.get("history"), list)
                       for a in g["history"] if isinstance(a, str)]
            _mutate_history(rng, record["history"], actions or ["pass"])
        elif roll == 1 and isinstance(record.get("seed"), int):
            record["seed"] = rng.choice([record["seed"] + 1, record["seed"] - 1, 0, -1, 2**64, record["seed"]])
        else:  # a tampered outcome: a place, score, result or tribute
            name = rng.choice(OUTCOMES)
            if name in record:
                path, node = rng.choice(list(nodes(record[name])))
                if isinstance(node, (int, float)) and not isinstance(node, bool) and rng.random() < 0.7:
                    record[name] = set_at(record[name], path, node + rng.choice([1, -1, 0.5, 1000]))
                else:
                    record[name] = set_at(record[name], path, copy.deepcopy(rng.choice(ODD)))
        return data
    path, node = rng.choice(list(nodes(data)))
    roll = rng.random()
    if roll < 0.5:
        return set_at(data, path, copy.deepcopy(rng.choice(ODD)))
    if isinstance(node, dict) and node:
        key = rng.choice(list(node))
        if roll < 0.75:
            del node[key]
        else:
            node[rng.choice(["variant", "games", "seed", "history", "result", "places", "extra", key + "s"])] = node[key]
    elif isinstance(node, list) and node:
        if roll < 0.75:
            node.pop(rng.randrange(len(node)))
        else:
            node.append(copy.deepcopy(rng.choice(node)))
    elif isinstance(node, str):
        return set_at(data, path, rng.choice(["zaozhuang", "lianzhong", "", "nowhere", "../x.gouji", node + "x"]))
    return data


def _mutate_text(rng: random.Random, raw: bytes) -> bytes:
    i = rng.randrange(len(raw) + 1)
    j = min(len(raw), i + rng.randint(0, 16))
    roll = rng.random()
    if roll < 0.3:
        return raw[:i] + rng.choice(ODD_TEXT).encode("utf-8", "surrogatepass") + raw[i:]
    if roll < 0.55:
        return raw[:i] + raw[j:]
    if roll < 0.7:
        return raw[:i]
    flipped = bytearray(raw)
    if flipped:
        flipped[min(i, len(flipped) - 1)] ^= 1 << rng.randrange(8)
    return bytes(flipped)


def mutated(rng: random.Random, variant: str) -> tuple[bytes, bool]:
    """(a mutated history file, whether its text was mutated)."""
    data = json.loads(rng.choice(base_histories(variant)))
    for _ in range(rng.randint(1, 3)):
        data = _mutate_json(rng, data)
    raw = json.dumps(data, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")
    if rng.random() < 0.15:
        return _mutate_text(rng, raw), True
    return raw, False


class Refused(Exception):
    """A clean refusal: what cmd_replay reports as a message with exit 1 or 2."""


def replay_as_cli(path: Path, ws: Workspace):
    """cmd_replay's steps, each with the errors it catches there turned into Refused."""
    try:
        data = json.loads(read_history(path))
        check_history(data)
    except (ReplayError, RecursionError, OSError, UnicodeDecodeError, ValueError) as exc:
        raise Refused(exc) from None
    ws.add_folder(path.parent)  # as cmd_replay without --rules
    try:
        return data, replay_file(_engine_for(ws), data)
    except (ReplayError, UsageError, RuleErrors) as exc:
        raise Refused(exc) from None


def accepted_is_true(data, played) -> str | None:
    """What is wrong with an accepted history, or None: every recorded outcome is the replay's."""
    if len(played) != len(data["games"]):
        return f"{len(data['games'])} games recorded, {len(played)} replayed"
    for i, (record, game) in enumerate(zip(data["games"], played), 1):
        replayed = json.loads(json.dumps(game.to_json()))
        # An action is read as the notation reads it: any whitespace separates its words (a full-width
        # space typed in Chinese too), so "play\u2028 6" is recorded as "play 6". Compared word by word.
        if [a.split() for a in record["history"]] != [a.split() for a in replayed["history"]]:
            return f"game {i}: the replayed history differs from the recorded one"
        for name in OUTCOMES:
            if name in record and json.dumps(record[name], sort_keys=True) != json.dumps(replayed[name], sort_keys=True):
                return f"game {i}: a tampered {name} was accepted: {record[name]!r} but the replay gives {replayed[name]!r}"
    return None


def work(variant: str, start: int, count: int, seed: int) -> Chunk:
    chunk = Chunk(variant, start, count)
    with tempfile.TemporaryDirectory(prefix="gouji-soak-replay-") as tmp:
        path = Path(tmp) / "history.json"
        for number in range(start, start + count):
            rng = random.Random(input_seed(seed, variant, number))
            try:
                raw, as_text = mutated(rng, variant)
            except Exception as exc:  # noqa: BLE001 - the harness's own bug: reported, the run goes on
                chunk.failures.append(Failure(variant, number, f"harness error while mutating: {exc!r}"[:500], b"",
                                              ".json", traceback.format_exc()))
                continue
            path.write_bytes(raw)
            chunk.counts["histories"] += 1
            chunk.counts["text mutations"] += as_text
            try:
                data, played = replay_as_cli(path, Workspace())
            except Refused:
                chunk.counts["refused"] += 1
            except Exception as exc:  # noqa: BLE001 - what `gouji replay` would report as an internal error (exit 3)
                chunk.failures.append(Failure(variant, number, f"internal error: {type(exc).__name__}: {exc}"[:500],
                                              raw, ".json", traceback.format_exc()))
            else:
                chunk.counts["accepted"] += 1
                wrong = accepted_is_true(data, played)
                if wrong:
                    chunk.failures.append(Failure(variant, number, wrong[:500], raw, ".json"))
            if path.read_bytes() != raw or sorted(p.name for p in path.parent.iterdir()) != ["history.json"]:
                chunk.failures.append(Failure(variant, number, "the replay changed or added a file", raw, ".json"))
    return chunk


def main(argv=None) -> int:
    from strategies import ALL_ENGINE_VARIANTS

    p = parser(__doc__.splitlines()[0], "mutated histories", 200)
    p.add_argument("--variants", nargs="*", help="default: every variant with an engine")
    args = p.parse_args(argv)
    return run("soak histories", args.variants or ALL_ENGINE_VARIANTS, work, args,
               ("histories", "text mutations", "refused", "accepted"))


if __name__ == "__main__":
    sys.exit(main())
