"""`gouji play` and `gouji replay`: matches between bots, transcripts, saved histories."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from gouji_dsl.bots import make_bot
from gouji_dsl.lang.loader import FileTooLarge, read_capped
from gouji_dsl.messages import Message, msg
from gouji_dsl.runtime.game import IllegalAction, Match
from gouji_dsl.runtime.numbers import signed, to_json as score_json


@dataclass
class PlayedGame:
    seed: int
    game: object

    def to_json(self) -> dict:
        g = self.game
        return {"seed": self.seed, "history": [str(a) for a in g.history()], "result": g.result(),
                "places": {str(s): p for s, p in g.places().items()}, "scores": [score_json(x) for x in g.returns()],
                "tributes": g.tribute_log}


def play_match(engine, seed: int, games: int, bot: str, max_steps: int = 20000) -> list[PlayedGame]:
    """Play `games` games of one match, each between six bots of one kind."""
    match = Match()
    played = []
    for i in range(games):
        game_seed = seed * 1000 + i
        game = engine.new_game(seed=game_seed, match=match)
        bots = {s: make_bot(bot, game_seed * 10 + s)
                for s in range(1, engine.RULES.players + 1)}
        steps = 0
        while not game.is_terminal():
            game.apply_action(bots[game.current_player()].act(game))
            steps += 1
            if steps > max_steps:
                raise RuntimeError(msg("commands.replay.game_never_ends", game=i + 1, most=max_steps))
        played.append(PlayedGame(game_seed, game))
        match = game.next_match()
    return played


def transcript(engine, played: list[PlayedGame]) -> str:
    out = []
    for i, p in enumerate(played, 1):
        g = p.game
        out.append(f"=== {engine.VARIANT} game {i} (seed {p.seed}) ===")
        out.extend(g.transcript())
        out.append("places: " + ", ".join(f"{name} seat {seat}" for name, seat in g.standings()))
        out.append("scores: " + ", ".join(f"seat {s}: {signed(v)}" for s, v in enumerate(g.returns(), 1)))
        out.append("")
    return "\n".join(out)


def to_json(engine, played: list[PlayedGame]) -> str:
    return json.dumps({"variant": engine.VARIANT, "games": [p.to_json() for p in played]},
                      ensure_ascii=False, indent=1) + "\n"


class ReplayError(Exception):
    """A history file that is malformed or does not replay as recorded: one line, naming the game and field."""


# A history is parsed whole (JSON) and its games are kept for the transcript: a game of about
# 3 KB in the file takes about 60 KB replayed, so a replay needs about 20 times the file's size.
# 16 MiB holds some 6,000 games (`gouji play --games 6000`), replayed in under 400 MB.
MAX_HISTORY_BYTES = 16 * 1024 * 1024
# `gouji play` keeps every game of its match for the transcript or history: a game's history is
# at most about 4 KB (six decks, random bots), so 2,000 games' always replays (8 MB).
MAX_PLAY_GAMES = 2_000


def read_history(path: Path) -> str:
    """A history file's text, its size capped before it is read (ReplayError when over
    MAX_HISTORY_BYTES); OSError and UnicodeDecodeError as reading it gives them."""
    try:
        data = read_capped(path, MAX_HISTORY_BYTES)
    except FileTooLarge as big:
        raise ReplayError(msg("commands.replay.too_large", size=big.size, limit=big.limit)) from None
    return data.decode("utf-8")


HISTORY_SHAPE = '{"variant": NAME, "games": [{"seed": N, "history": ["play 7 7", "pass", ...], ...}, ...]}'
GAME_FIELDS = ("seed", "history", "result", "places", "scores", "tributes")  # what PlayedGame.to_json records
OUTCOMES = GAME_FIELDS[2:]  # verified against the replay when recorded


def shown(value, most: int = 80) -> str:
    """A value a one-line message quotes (a recorded one, or one a caller sent): JSON, clipped; a
    value JSON cannot write, by its type's name."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= most else text[:most - 3] + "..."


def is_whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_history(data) -> None:
    """The shape of a history file (what `to_json` writes), checked before anything is
    replayed: the file is untrusted, and a wrong type must be a message, not a crash."""
    if not isinstance(data, dict):
        raise ReplayError(msg("commands.replay.not_history", shape=HISTORY_SHAPE))
    unknown = sorted(set(data) - {"variant", "games"})
    if unknown:
        raise ReplayError(msg("commands.replay.unknown_field", field=shown(unknown[0]), shape=HISTORY_SHAPE))
    if "variant" not in data:
        raise ReplayError(msg("commands.replay.no_variant", shape=HISTORY_SHAPE))
    if not isinstance(data["variant"], str) or not data["variant"].strip():
        raise ReplayError(msg("commands.replay.bad_variant", value=shown(data["variant"])))
    games = data.get("games")
    if not isinstance(games, list):
        raise ReplayError(msg("commands.replay.bad_games", value=shown(games)))
    if not games:
        raise ReplayError(msg("commands.replay.no_games"))
    for i, record in enumerate(games, 1):
        _check_game(msg("commands.replay.game", game=i), record)


def _check_game(where: Message, record) -> None:
    if not isinstance(record, dict):
        raise ReplayError(msg("commands.replay.game_not_object", where=where, value=shown(record)))
    unknown = sorted(set(record) - set(GAME_FIELDS))
    if unknown:
        raise ReplayError(msg("commands.replay.game_unknown_field", where=where, field=shown(unknown[0]),
                              fields=", ".join(GAME_FIELDS)))
    for name in ("seed", "history"):
        if name not in record:
            raise ReplayError(msg("commands.replay.game_missing_field", where=where, field=name))
    if not is_whole(record["seed"]):
        raise ReplayError(msg("commands.replay.bad_seed", where=where, value=shown(record["seed"])))
    history = record["history"]
    if not isinstance(history, list):
        raise ReplayError(msg("commands.replay.bad_history", where=where, value=shown(history)))
    for j, action in enumerate(history, 1):
        if not isinstance(action, str):
            raise ReplayError(msg("commands.replay.bad_action", where=where, action=j, value=shown(action)))


def _same(recorded, replayed) -> bool:
    """Exactly what to_json would write: `true` is not 1, nor 2.0 the score 2."""
    try:
        return json.dumps(recorded, sort_keys=True) == json.dumps(replayed, sort_keys=True)
    except (ValueError, RecursionError):  # pragma: no cover - see _shown
        return False


def _verify_outcome(where: Message, record: dict, played: PlayedGame) -> None:
    """Every outcome the file records must be the replay's own: places, result, tributes, scores."""
    replayed = json.loads(json.dumps(played.to_json()))  # as saved: seats as strings, tuples as lists
    for name in OUTCOMES:
        if name in record and not _same(record[name], replayed[name]):
            raise ReplayError(msg("commands.replay.outcome_differs", where=where, outcome=name,
                                  recorded=shown(record[name]), replayed=shown(replayed[name])))


def replay_file(engine_for, data) -> list[PlayedGame]:
    """Replay a saved match, verifying its shape, every action and every recorded outcome."""
    check_history(data)
    engine = engine_for(data["variant"])
    match = Match()
    played = []
    for i, record in enumerate(data["games"], 1):
        game = engine.new_game(seed=record["seed"], match=match)
        for j, text in enumerate(record["history"], 1):
            try:
                game.apply_action(text)  # read in the variant's own card notation (extra card kinds)
            except IllegalAction as exc:
                raise ReplayError(msg("commands.replay.illegal", game=i, action=j, text=shown(text, 40),
                                      reason=exc)) from None
        if not game.is_terminal():
            raise ReplayError(msg("commands.replay.ends_early", game=i, count=len(record["history"])))
        this = PlayedGame(record["seed"], game)
        _verify_outcome(msg("commands.replay.game", game=i), record, this)
        played.append(this)
        match = game.next_match()
    return played
