"""Playing many seeded games: engine specs that travel to worker processes, seeds, matches.

Everything here is a plain function over plain, picklable data, so the same task runs in this
process, in a pool of processes or on a Ray cluster (parallel.py) and gives the same numbers:
a game's seed and its bots' seeds depend on (run seed, match, game, seat) only, never on which
worker plays it or when.
"""
from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from gouji_dsl.bots import make_bot
from gouji_dsl.messages import msg
from gouji_dsl.runtime.state import Match
from gouji_dsl.sim.records import Tally, game_record, team_numbers

HISTOGRAMS = ("score.team.1", "score.team.2", "actions", "rounds")  # per-game values kept whole
MAX_ACTIONS = 200_000  # a game that has not ended by then has a bot that stalls: an error, not a hang


@dataclass(frozen=True)
class EngineSpec:
    """How a worker gets the engine of a variant: a shipped variant by name; any other rule
    file (a user's house rule) as the engine source generated here from its checked rules,
    so a worker needs neither the file nor its folder. `identity` (engines.identity) names the
    worker's engine module as this process names it: apart from any other file of that name."""

    name: str
    source: str | None = None
    origin: str = ""
    identity: str = ""

    def load(self):
        from gouji_dsl.backends import codegen

        if self.source is None:
            module = codegen.load_engine(self.name)
            if module is None:
                raise LookupError(msg("commands.simulate.no_shipped_engine", name=self.name))
            return module
        return codegen.module_from_source(self.name, self.source, self.origin, self.identity)


def engine_spec(ws, name: str) -> EngineSpec:
    """The spec of variant `name` (resolved in the workspace `ws`); RuleErrors / UsageError as
    `gouji play` gives them for a file with errors or an abstract variant."""
    from gouji_dsl.backends import codegen
    from gouji_dsl.engines import checked_with_engine, identity

    if ws.is_standard(name) and codegen.load_engine(name) is not None:
        return EngineSpec(name)
    variant = checked_with_engine(ws, name)
    return EngineSpec(name, codegen.render_engine(variant), variant.file_of(name), identity(ws, variant))


def derive(*parts) -> int:
    """A 63-bit seed from the parts: stable across runs, processes and Python versions."""
    digest = hashlib.blake2b(repr(parts).encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def play_game(engine, lineup: tuple, game_seed: int, bot_seed, match: Match | None = None):
    """One game from its seed, `lineup[seat - 1]` the bot spec of each seat, `bot_seed(seat)`
    its seed. Returns (finished game, tally)."""
    return play_out(engine.new_game(seed=game_seed, match=match), lineup, game_seed, bot_seed)


def deal_hash(game) -> str:
    """A short name of the hands a new game was dealt (16 hex digits): the same seed dealt from
    the same deck gives the same name in any variant, so a reader of the raw file sees which games
    of two variants were played on the same cards. Taken before the first action: a 革命 redeal
    deals again."""
    text = ";".join(",".join(map(str, hand)) for hand in game.dealt)  # card counts, seat by seat
    return hashlib.blake2b(text.encode("ascii"), digest_size=8).hexdigest()


def play_out(game, lineup: tuple, game_seed: int, bot_seed):
    """A new game (dealt from `game_seed`) played to its end: see play_game."""
    bots = {seat: make_bot(spec, bot_seed(seat)) for seat, spec in enumerate(lineup, 1)}
    tally = Tally()
    see = tally.see
    steps = 0
    while not game.is_terminal():
        bot = bots[game.current_player()]
        choices = len(game.legal_actions())
        action = bot.act(game)
        see(game, action, choices)
        game.apply_action(action)
        steps += 1
        if steps > MAX_ACTIONS:
            raise RuntimeError(msg("commands.simulate.game_never_ends", seed=game_seed, most=MAX_ACTIONS))
    return game, tally


@dataclass(frozen=True)
class Task:
    """Matches `first` .. `first + count - 1` of a run: `games` games each, tribute carried
    over within a match, every seat played by `lineup`."""

    spec: EngineSpec
    lineup: tuple
    seed: int
    games: int
    first: int
    count: int
    raw: bool = False  # each match also carries its games one by one (`gouji simulate --raw`)

    @property
    def total_games(self) -> int:
        return self.games * self.count

    def run(self) -> list[dict]:
        """Per match: {"index", "sums": field -> total, "hist": name -> {value: count}}, and with
        `raw` its "games" (play_match)."""
        engine = self.spec.load()
        return [play_match(engine, self.lineup, self.seed, index, self.games, self.raw)
                for index in range(self.first, self.first + self.count)]


def run_task(task) -> list:
    """What a worker calls: any task with a `run()` (this module's Task, arena.PairTask)."""
    return task.run()


def play_match(engine, lineup: tuple, seed: int, index: int, games: int, raw: bool = False) -> dict:
    """Match `index` of a run: its sums and distributions; with `raw` also "games", a
    [game, game seed, deal hash, record] a game in order (what sim/export.py writes a row of), so
    a run without --raw sends nothing more back from its workers."""
    match = Match()
    sums: dict = {}
    hist: dict[str, Counter[float]] = {name: Counter() for name in HISTOGRAMS}  # a team's score may be a fraction
    played = []
    for g in range(games):
        game_seed = derive("game", seed, index, g)
        game = engine.new_game(seed=game_seed, match=match)
        dealt = deal_hash(game) if raw else ""
        game, tally = play_out(game, lineup, game_seed, lambda seat: derive("bot", seed, index, g, seat))
        record = game_record(game, tally)
        for key, value in record.items():
            sums[key] = sums.get(key, 0) + value
        for name in HISTOGRAMS:
            hist[name][record[name]] += 1
        if raw:
            played.append([g, game_seed, dealt, record])
        match = game.next_match()
    result = {"index": index, "sums": sums, "hist": {k: dict(v) for k, v in hist.items()}}
    if raw:
        result["games"] = played
    return result


def tasks_for(spec: EngineSpec, lineup: tuple, seed: int, games: int, match_games: int, chunk: int,
              raw: bool = False, start: int = 0) -> Iterator[Task]:
    """`games` games in matches of `match_games` (the last match shorter when they do not divide),
    numbered from match `start` (a further round of a run goes on where the last ended), cut into
    tasks of `chunk` matches: made one at a time as the workers take them, since a long run has
    millions. `raw`: the matches carry their games (Task.raw)."""
    matches, rest = divmod(games, match_games)
    for first in range(0, matches, chunk):
        yield Task(spec, lineup, seed, match_games, start + first, min(chunk, matches - first), raw)
    if rest:
        yield Task(spec, lineup, seed, rest, start + matches, 1, raw)


def lineup_for(bots: list[str], rules) -> tuple:
    """The bot spec of every seat: one bot for every seat, one per team (team 1 = seat 1's team),
    or one a seat. ValueError for any other number."""
    players = rules.players
    if len(bots) == 1:
        return tuple(bots * players)
    if len(bots) == 2:
        teams = team_numbers(rules)
        return tuple(bots[teams[s] - 1] for s in range(1, players + 1))
    if len(bots) == players:
        return tuple(bots)
    raise ValueError(msg("commands.simulate.bots_for_seats", count=len(bots), players=players, variant=rules.name))
