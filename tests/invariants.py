"""Game invariants shared by the tests and the soak runner (tests/soak_games.py).

Cheap enough to check after every action: cards conserved, a legal action
always there; at the end: places a permutation, zero-sum scores, observations
showing no hidden card; and `state_of`, everything a refused action must leave
exactly as it was."""
from __future__ import annotations

from gouji_dsl.runtime.state import field_values


MAX_ACTIONS = 5000  # far above any game seen; a game that runs longer is a bug
KINDS = ("pass", "defer", "declare", "revolt", "burn", "play")
_CACHES = {"_legal", "_answers_cache", "_rng", "_trail"}  # derived from the rest (or compared separately)


def deck(rules) -> list[int]:
    """The count of each card kind in the whole deck ([table] decks and copies)."""
    return list(rules.deck_counts)


def conserved(game) -> bool:
    kinds = len(game.r.deck_counts)  # 15, and one more for each extra card kind
    total = [sum(h[i] for h in game.hands) + game.dead[i] + game.played[i] for i in range(kinds)]
    return total == deck(game.r)


def sorted_legal(actions) -> bool:
    return actions == sorted(actions, key=lambda a: (KINDS.index(a.kind), a.play or ()))


def visible_ok(game) -> None:
    """No observation holds a card its seat may not see."""
    r = game.r
    for seat in range(1, r.players + 1):
        obs = game.observation(seat)
        for other, cards in obs["hands"].items():
            assert game.kinds.parse_cards(cards) == tuple(game.hands[other - 1])  # the variant's notation
            if other == seat:
                continue
            assert r.teams[other] == r.teams[seat], f"seat {seat} sees an opponent's hand"
            left = sum(game.hands[other - 1])
            watching = r.watch_after_out and seat in game.finish_order
            assert (r.show_team_at is not None and left <= r.show_team_at) or watching
        for other, count in obs["card_counts"].items():
            assert r.report_at is not None and count <= r.report_at


def check_finished(game) -> None:
    players = game.r.players
    assert sorted(game.places()) == list(range(1, players + 1))
    assert sorted(game.places().values()) == list(range(1, players + 1))
    assert conserved(game)
    assert len(game.returns()) == players
    assert sum(game.returns()) == 0
    visible_ok(game)


def state_of(game) -> dict:
    """The whole state of a game, for comparing with a clone taken before:
    every attribute but caches, and the random generator's state."""
    fields = vars(game) if hasattr(game, "ref") else field_values(game)  # the reference's game, or the flow's
    state = {k: v for k, v in fields.items() if k not in _CACHES}
    state["_rng"] = game._rng.getstate()
    return state


def observable(game) -> tuple:
    """Everything the public API shows of a game."""
    seats = range(1, game.r.players + 1)
    return (game.history(), [game.observation(s) for s in seats], game.legal_actions(), game.transcript(),
            game.current_player(), game.is_terminal(), game.places(), game.returns())
