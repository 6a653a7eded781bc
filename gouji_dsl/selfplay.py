"""`gouji play` and `gouji replay`: matches between bots, transcripts, saved histories."""
from __future__ import annotations

import json
from dataclasses import dataclass

from .bots import BOTS
from .game import IllegalAction, Match, string_to_action


@dataclass
class PlayedGame:
    seed: int
    game: object

    def to_json(self) -> dict:
        g = self.game
        return {"seed": self.seed, "history": [str(a) for a in g.history()], "result": g.result(),
                "places": {str(s): p for s, p in g.places().items()}, "scores": g.returns(),
                "tributes": g.tribute_log}


def play_match(engine, seed: int, games: int, bot: str, max_steps: int = 20000) -> list[PlayedGame]:
    """Play `games` games of one match, each between six bots of one kind."""
    match = Match()
    played = []
    for i in range(games):
        game_seed = seed * 1000 + i
        game = engine.new_game(seed=game_seed, match=match)
        bots = {s: BOTS[bot](seed=game_seed * 10 + s)
                for s in range(1, engine.RULES.players + 1)}
        steps = 0
        while not game.is_terminal():
            game.apply_action(bots[game.current_player()].act(game))
            steps += 1
            if steps > max_steps:
                raise RuntimeError(f"game {i + 1} did not end within {max_steps} actions")
        played.append(PlayedGame(game_seed, game))
        match = game.next_match()
    return played


def transcript(engine, played: list[PlayedGame]) -> str:
    names = engine.RULES.place_names
    out = []
    for i, p in enumerate(played, 1):
        g = p.game
        out.append(f"=== {engine.VARIANT} game {i} (seed {p.seed}) ===")
        out.extend(g.transcript())
        places = sorted(g.places().items(), key=lambda item: item[1])
        out.append("places: " + ", ".join(f"{names[place - 1]} seat {seat}" for seat, place in places))
        out.append("scores: " + ", ".join(f"seat {s}: {v:+d}" for s, v in enumerate(g.returns(), 1)))
        out.append("")
    return "\n".join(out)


def to_json(engine, played: list[PlayedGame]) -> str:
    return json.dumps({"variant": engine.VARIANT, "games": [p.to_json() for p in played]},
                      ensure_ascii=False, indent=1) + "\n"


class ReplayError(Exception):
    pass


def replay_file(engine_for, data) -> list[PlayedGame]:
    """Replay a saved match, verifying every action and the recorded outcome."""
    if not isinstance(data, dict) or "variant" not in data or not isinstance(data.get("games"), list):
        raise ReplayError('a history file is {"variant": NAME, "games": [{"seed": N, "history": [...]}, ...]}')
    engine = engine_for(data["variant"])
    match = Match()
    played = []
    for i, record in enumerate(data["games"], 1):
        if not isinstance(record, dict) or not isinstance(record.get("history"), list):
            raise ReplayError(f"game {i}: missing history")
        game = engine.new_game(seed=record.get("seed"), match=match)
        for j, text in enumerate(record["history"], 1):
            try:
                game.apply_action(string_to_action(str(text)))
            except IllegalAction as exc:
                raise ReplayError(f"game {i}, action {j} ({text}): {exc}") from None
        if not game.is_terminal():
            raise ReplayError(f"game {i}: the history ends before the game does")
        if "scores" in record and record["scores"] != game.returns():
            raise ReplayError(f"game {i}: recorded scores {record['scores']} but the replay scores {game.returns()}")
        played.append(PlayedGame(record.get("seed"), game))
        match = game.next_match()
    return played
