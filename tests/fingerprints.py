"""Fingerprints of seeded games: one digest per variant over many whole random games.

A game is played from `new_game(seed, match)` with `random.Random(seed)` choosing among
the legal actions, in matches of four (so tribute carries over); every legal-action list,
every action, an observation every 13 steps, the transcript, the result and the returns go
into the digest. Two engines with the same digest played the same games, as far as a
player or a platform can tell. tests/golden/fingerprints.json holds the digests of the
engines as they were before the flow was specialised (issue 25); `python tests/fingerprints.py
--update` rewrites it.
"""
from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

GOLDEN = Path(__file__).resolve().parent / "golden" / "fingerprints.json"
GAMES = 300
SHORT = 100  # the games a second engine of the same rules is checked on (its digest is kept too)
MATCH_GAMES = 4


def fingerprint(new_game, games: int = GAMES) -> str:
    """The digest of `games` seeded random games of `new_game(seed=, match=)`."""
    return fingerprints(new_game, games)[games]


def fingerprints(new_game, games: int = GAMES) -> dict[int, str]:
    """The digests after SHORT and after `games` games (one sequence: the first SHORT are the same)."""
    digests = {}
    digest = hashlib.sha256()
    match = None
    for seed in range(games):
        if seed % MATCH_GAMES == 0:
            match = None
        game = new_game(seed=seed, match=match)
        rng = random.Random(seed)
        step = 0
        while not game.is_terminal():
            legal = game.legal_actions()
            digest.update(repr(legal).encode())
            if step % 13 == 0:
                seat = game.current_player()
                digest.update(repr(sorted(game.observation(seat).items())).encode())
            action = rng.choice(legal)
            game.apply_action(action)
            step += 1
        digest.update("\n".join(game.transcript()).encode())
        digest.update(repr((game.result(), game.returns(), game.places())).encode())
        match = game.next_match()
        if seed + 1 in (SHORT, games):
            digests[seed + 1] = digest.hexdigest()
    return digests


def expected(games: int = GAMES) -> dict[str, str]:
    """The golden digests after `games` games (GAMES or SHORT), by variant."""
    return {name: digests[str(games)] for name, digests in json.loads(GOLDEN.read_text(encoding="utf-8")).items()}


def main(argv: list[str]) -> int:
    import gouji_dsl
    from strategies import ALL_ENGINE_VARIANTS

    digests = {name: {str(k): v for k, v in fingerprints(gouji_dsl.engine(name).new_game).items()}
               for name in ALL_ENGINE_VARIANTS}
    if "--update" in argv:
        GOLDEN.write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(json.dumps(digests, indent=1, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    sys.exit(main(sys.argv[1:]))
