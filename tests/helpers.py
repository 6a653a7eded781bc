"""Shared test helpers: check rule text in a scratch variants folder; games, end-game positions
and what a game's log says was played, for the observation tests."""
from __future__ import annotations

import random
import shutil
from pathlib import Path

from gouji_dsl.diagnostics import RuleErrors
from gouji_dsl.runtime import cards as rt
from gouji_dsl.runtime.actions import BURN, PLAY
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.paths import variants_dir
from gouji_dsl.phases import check_variants

ROOT = Path(__file__).resolve().parent.parent


def scratch_workspace(tmp: Path, files: dict[str, str | bytes], with_real: bool = True) -> Workspace:
    """A variants folder holding the real variant files plus `files` (name -> text)."""
    folder = tmp / "variants"
    folder.mkdir(exist_ok=True)
    if with_real:
        for path in variants_dir().glob("*.gouji"):
            shutil.copy(path, folder / path.name)
        (folder / "peers").mkdir(exist_ok=True)
        for path in (variants_dir() / "peers").glob("*.gouji"):
            shutil.copy(path, folder / "peers" / path.name)
    for name, text in files.items():
        data = text.encode("utf-8") if isinstance(text, str) else text
        (folder / f"{name}.gouji").write_bytes(data)
    return Workspace(directory=folder)


def diagnostics_for(tmp: Path, text: str | bytes, name: str = "house") -> list[str]:
    """First lines of the diagnostics for one rule file, file names relative."""
    ws = scratch_workspace(tmp, {name: text})
    try:
        _good, diags = check_variants(ws, [name])
    except RuleErrors as errors:
        diags = errors.diagnostics
    out = []
    for d in diags:
        first = d.render().splitlines()[0]
        out.append(first.replace(str(tmp / "variants") + "/", "").replace("variants/", ""))
    return out


# A club's house rule, as a user writes it: one rule changed, a title of its own.
CLUB_RULES = """\
# My club's Zaozhuang: the lead comes back after one circle, not two.
variant club extends zaozhuang

[about]
title = "俱乐部够级"
title_en = "Club Gouji"

[flow]
lead_return_circles = 1
"""


def random_game(engine, seed: int, steps: int):
    """A game of `engine` after `steps` random legal actions (or finished, if it ends first).
    Whoever is to act must have a legal action: an unfinished game with none is an error."""
    game = engine.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_terminal():
            break
        actions = game.legal_actions()
        assert actions, f"no legal action for seat {game.current_player()} in:\n{game}"
        game.apply_action(rng.choice(actions))
    return game


def end_game_position(engine, rng: random.Random):
    """An end-game position of `engine`: one to ten cards a seat (often the jokers and 2s first),
    sometimes a seat out already. Small hands meet the burning conditions often: burns, failed
    burns and burned 级牌 back on the table happen here."""
    deck = [kind for kind, copies in enumerate(engine.RULES.deck_counts) for _ in range(copies)]
    rng.shuffle(deck)
    if rng.random() < 0.5:
        deck.sort(key=lambda card: card < 13)  # the jokers and 2s first
    seats = list(range(1, engine.RULES.players + 1))
    out = {rng.choice(seats): 1} if rng.random() < 0.5 else {}
    hands = {}
    for seat in seats:
        if seat not in out:
            size = rng.randint(1, 10)
            hands[seat] = tuple(deck[:size].count(card) for card in range(len(engine.RULES.deck_counts)))
            del deck[:size]
    return engine.new_position(hands, rng.choice([s for s in seats if s not in out]), out=out or None)


def played_since_deal(game) -> list[list[int]]:
    """Each seat's plays and burns since the last deal line of the log (read from the log, not
    from runtime/public_record.py), one count per card kind of the variant."""
    k = len(game.r.card_kinds)
    played = [[0] * k for _ in range(game.r.players)]
    for entry in game.log:
        if entry.__class__ is str and (entry.startswith("deal (seed") or entry == "position"):
            played = [[0] * k for _ in range(game.r.players)]
        elif entry.__class__ is tuple and entry[1].kind in (PLAY, BURN):
            play = entry[1].play
            counts = list(play[4:] if game.r.pattern_plays else rt.cards_of(play))[:k]
            played[entry[0] - 1] = [a + b for a, b in zip(played[entry[0] - 1], counts)]
    return played
