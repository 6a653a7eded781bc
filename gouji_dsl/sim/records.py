"""What one finished game says, as plain numbers: the record `gouji simulate` sums per match.

A record is a dict of field -> number (ints, or floats for fractional scores). Fields a game
does not have (no tribute kind `dian` in a first game, no burn in Shuangkou) are simply absent:
they count as 0 where they are summed. Teams are numbered as the tool shows them: team 1 is
seat 1's team, team 2 the other.

Some figures pair a field with the field that counts its chances (a ratio of the two sums):
`repeat_win` over `after_win` (games after a game some team won), `opened_won` over
`opened_teams` (teams with a player who opened), `burned_won` over `burned_teams`.
"""
from __future__ import annotations

from gouji_dsl.runtime.actions import BURN, DEFER, PLAY
from gouji_dsl.runtime.state import Match

_REDEAL = "revolutionaries: redeal"


def team_numbers(rules) -> dict[int, int]:
    """seat -> 1 or 2: seat 1's team is team 1 (the engine numbers teams from 0 by the rule file)."""
    first = rules.teams[1]
    return {seat: 1 if team == first else 2 for seat, team in rules.teams.items()}


def team_seats(rules) -> dict[int, list[int]]:
    numbers = team_numbers(rules)
    return {t: [s for s in sorted(numbers) if numbers[s] == t] for t in (1, 2)}


def score_key(score) -> str:
    """A score as a field name's tail: `6`, `-3`, `1.5`."""
    return str(int(score)) if float(score).is_integer() else repr(float(score))


class Tally:
    """What only the course of a game shows, counted while it is played: leads (rounds),
    burns tried, defers. `see(game, action)` before each action is applied."""

    __slots__ = ("rounds", "burns_tried", "defers", "decisions")

    def __init__(self):
        self.rounds = 0
        self.burns_tried = 0
        self.defers = 0
        self.decisions = 0  # actions taken with a choice (more than one legal action)

    def see(self, game, action, choices: int) -> None:
        kind = action.kind
        if kind == PLAY and game.top is None:
            self.rounds += 1
        elif kind == BURN:
            self.burns_tried += 1
        elif kind == DEFER:
            self.defers += 1
        if choices > 1:
            self.decisions += 1


def winner(team_score: dict) -> int | None:
    """The team with the higher score, None for a draw."""
    if team_score[1] == team_score[2]:
        return None
    return 1 if team_score[1] > team_score[2] else 2


def team_totals(rules, scores) -> dict[int, int]:
    """Each team's score: the sum of its seats' scores."""
    teams = team_numbers(rules)
    total = {1: 0, 2: 0}
    for seat, score in enumerate(scores, 1):
        total[teams[seat]] += score
    return total


def previous_winner(game) -> int | None:
    """The team that won the match's previous game; None in a match's first game or after a draw.
    A game keeps the results of the games before it (`game.match`), not their scores, so the last
    one is scored again here as the engine scored it when it ended (runtime/flow.py `_check_end`:
    a Gouji result with the opened players of the games before it)."""
    results = game.match.results
    if not results:
        return None
    r = game.r
    last = results[-1]
    scores = r.score(last if r.pattern_plays else dict(last, previous=Match(results=results[:-1]).previous()))
    return winner(team_totals(r, scores))


def first_leader(game) -> int | None:
    """The seat that made the game's first play (its first lead, 上班); None if nobody played."""
    return next((seat for seat, action in game.seat_history() if action.kind == PLAY), None)


def game_record(game, tally: Tally) -> dict:
    """The numbers of one finished game (see the module docstring)."""
    r = game.r
    players = r.players
    teams = team_numbers(r)
    scores = [float(x) if not isinstance(x, int) else x for x in game.returns()]
    team_score = team_totals(r, scores)
    won = winner(team_score)
    rec: dict = {"games": 1, "seats": players, "actions": len(game.history()), "rounds": tally.rounds,
                 "decisions": tally.decisions}
    for seat, score in enumerate(scores, 1):
        rec[f"score.seat.{seat}"] = score
    for t in (1, 2):
        rec[f"score.team.{t}"] = team_score[t]
    rec["score.spread"] = abs(team_score[1] - team_score[2])
    rec[f"team_score.{score_key(team_score[1])}"] = 1  # the distribution of team 1's score, value by value
    rec["team_win.1"] = int(won == 1)
    rec["team_win.2"] = int(won == 2)
    rec["draw"] = int(won is None)
    if game.match.results:  # a game after the first of its match: does the last game's winner win again?
        before = previous_winner(game)
        rec["after_game"] = 1
        rec["after_win"] = int(before is not None)
        rec["repeat_win"] = int(before is not None and won == before)
    leader = first_leader(game)
    if leader is not None:
        rec["first_led"] = 1
        rec["first_lead_won"] = int(won == teams[leader])
    for seat, place in game.place_of.items():
        rec[f"place.{seat}.{place}"] = 1
        if teams[seat] == 1:  # team 1's places (team 2 holds the others)
            rec[f"team_place.{place}"] = 1
    for t, seats in team_seats(r).items():
        placed = [game.place_of[s] for s in seats if s in game.place_of]
        if placed:
            rec[f"place.team.{t}"] = sum(placed) / len(placed)
    seat_at = {place: seat for seat, place in game.place_of.items()}
    half = [seat_at.get(p) for p in range(1, players // 2 + 1)]
    # 串三户 (Gouji: one team takes places 1-3) and 双扣 (Shuangkou: places 1-2): the top half of the places.
    rec["sweep"] = int(None not in half and len({teams[s] for s in half if s is not None}) == 1)
    for entry in game.tribute_log:  # tribute owed by the previous game of the match
        cards = len(entry["cards"].split())  # one token a card
        key = f"tribute.{entry['kind']}"
        rec[key] = rec.get(key, 0) + cards
        if entry["kind"] != "return":
            rec["tribute.paid"] = rec.get("tribute.paid", 0) + cards
    if r.pattern_plays:
        rec["bombs"] = len(game.bombs)
        return rec
    rec["burns_tried"] = tally.burns_tried
    rec["burns_won"] = len(game.burns_done)
    rec["burns_failed"] = len(game.failed)
    rec["defers"] = tally.defers
    rec["opened"] = len(game.opened)
    _won_with(rec, "opened", {teams[s] for s in game.opened}, won)
    _won_with(rec, "burned", {teams[burner] for burner, _burned in game.burns_done}, won)
    rec["declared"] = len(game.declared)
    rec["men"] = len(game.men)
    rec["headless"] = len(game.headless)
    rec["chaos"] = int(game.chaos)
    rec["revolution"] = int(game.revolutionary is not None)
    rec["revolution_redeals"] = sum(1 for e in game.log if isinstance(e, str) and e.endswith(_REDEAL))
    return rec


def _won_with(rec: dict, name: str, teams: set[int], won: int | None) -> None:
    """`{name}_teams`: the teams that did it this game (0-2); `{name}_won`: those of them that won."""
    rec[f"{name}_teams"] = len(teams)
    rec[f"{name}_won"] = int(won in teams)
