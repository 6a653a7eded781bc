"""The card table of Gouji Studio: one game between a person at one seat and bots at the others.

`Table(engine, seat=1, bots="heuristic", seed=1)` deals the game `gouji play VARIANT --seed SEED
--games 1` deals (game seed SEED * 1000, each bot seeded as that command seeds the bot of its seat),
and the bots play every seat but the person's until it is the person's turn or the game is over.
`act("play 3 3")` applies the person's action (text as the engine reads it) and lets the bots play
again; `view()` is what the person's seat sees, as JSON-able data (docs: the contract of issue 31,
"The view"); `history()` is the game as `gouji play --json` writes it, which `gouji replay`
verifies once the game is over; `Table.replayed(engine_for, history)` walks a saved game
(`view(step=K)`: the position after its first K actions). `Tables` keeps the server's tables.

The view never holds another seat's cards: it is made from `game.observation(seat)` (the seat's
own hand, the table, the counts the rules report: 报牌), the public record (`transcript()`, the
seed of the deal left out: it would give every hand away), the tributes (paid face up) and, once
the game is over, its result. Hands the rules show a seat (看牌 of a teammate) are left out too.

The events are the transcript's lines in the view's language (studio/words.py: "3号先出 J J",
"5号走科（三科）"), each with the engine's line as it is (`line`) and its kind.

Every refusal is a `TableError`: a catalogue message, or the engine's own reason for an illegal
action (an `IllegalAction`, in English as the engine's exceptions are), put into words in the
language asked for (studio/words.py), with the unchanged view.
"""
from __future__ import annotations

import json
import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from gouji_dsl.bots import BotSpecError, make_bot, parse_spec
from gouji_dsl.messages import Message, current, msg
from gouji_dsl.play.selfplay import OUTCOMES, PlayedGame, ReplayError, check_history, is_whole, replay_file, shown
from gouji_dsl.runtime.numbers import to_json as score_json
from gouji_dsl.runtime.state import Match
from gouji_dsl.studio.words import event_words, reason_named, refusal_words, transcript_words

MAX_STEPS = 20_000     # actions of one game: more is a bot that stalls (as `gouji play`), or a forged history
MAX_TABLES = 32        # tables a server keeps; the least recently used is dropped
MAX_SEARCH_BUDGET = 64  # rollouts a move of a search bot at the table: about half a second a move
SEEDS = (0, 2**53)     # the seeds a new table takes (JSON numbers that every client reads exactly)
GAME_SEED = 1000       # `gouji play --seed S`: its first game's seed is S * 1000, a bot's game seed * 10 + seat

# The kinds of the events (the lines of `transcript()`), first match wins; the seat is the line's first.
_EVENTS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), kind) for p, kind in (
    (r"seat \d+: play ", "play"),
    (r"seat \d+: (pass|defer)$", "pass"),
    (r"seat \d+: burn ", "burn"),
    (r"seat \d+ (burns seat|fails the burn)|seat \d+'s (burn|.* is back on the table)", "burn"),
    (r"seat \d+ opens", "open"),
    (r"seat \d+ goes out", "out"),
    (r"(tribute \S+|return): seat \d+ gives|seat \d+ (buys a|is given a) ", "tribute"),
))
_SEAT = re.compile(r"(?:tribute \S+: |return: |redeal: )?seat (\d+)")
_SEED_LINE = re.compile(r"deal \(seed .*\)$")  # the deal's line, whose seed gives every hand away

View = dict[str, Any]  # the contract's view: JSON-able


class TableError(Exception):
    """A refusal at the table: `.message` a catalogue Message, or the engine's reason (text) for an
    illegal action; `.view` the unchanged view (for a refused action), else None; `.status` the
    HTTP status it means (400; 404 for a table that is not kept)."""

    def __init__(self, message: Message | str, view: View | None = None, status: int = 400):
        super().__init__(message)
        self.message = message
        self.view = view
        self.status = status

    def text(self, language: str | None = None) -> str:
        """The refusal in words, in `language` (None: the messages' current language): a catalogue
        message, or the engine's reason (studio/words.py; a reason it does not know as it is)."""
        if isinstance(self.message, Message):
            return self.message.text(language)
        return refusal_words(str(self.message), language or current())


QUOTED = 40  # characters of a value a refusal quotes


def _tokens(cards: str) -> list[str]:
    return cards.split()


def _held(token: str) -> str:
    """The card a token takes from the hand: a wild card written with what it stands for
    (Shuangkou's `BJ=9`) is the wild card."""
    return token.partition("=")[0]


def _engine_of(engine_for: Callable[[str], Any], variant: str) -> Any:
    """`engine_for(variant)`; a refusal it gives with a catalogue message (an unknown variant, a
    rule file with errors) as a TableError."""
    try:
        return engine_for(variant)
    except TableError:
        raise
    except Exception as exc:
        message = getattr(exc, "message", None)
        if not isinstance(message, Message) and exc.args and isinstance(exc.args[0], Message):
            message = exc.args[0]
        if not isinstance(message, Message):
            raise
        raise TableError(message) from None


class Table:
    """One game at the studio's table: the person at `seat`, bots (`bots`, a spec as `gouji play
    --bots` takes) at the others. `engine`: an EngineModule (`gouji_dsl.engine(name)`,
    `gouji_dsl.engines.load(ws, name)`) of the generated kind (the bots read its games). `name`:
    the variant as the view names it (the engine's VARIANT unless given); `lang`: the language of
    the labels ("zh" or "en"; None: the messages' current language when the view is made)."""

    id: str | None
    game: Any               # the engine's game (what `engine.new_game` returns)
    bots: dict[int, Any]    # seat -> its bot (none for the person's seat, none in a replay)

    def __init__(self, engine: Any, seat: int = 1, bots: str = "heuristic", seed: int = 1,
                 name: str | None = None, lang: str | None = None):
        if not is_whole(seed) or not SEEDS[0] <= seed <= SEEDS[1]:
            raise TableError(msg("studio.table.bad_seed", least=SEEDS[0], most=SEEDS[1], value=shown(seed, QUOTED)))
        if not isinstance(bots, str):
            raise TableError(msg("studio.table.bad_bots", value=shown(bots, QUOTED)))
        try:
            _name, budget = parse_spec(bots)
        except BotSpecError as exc:
            raise TableError(exc.args[0]) from None
        if budget is not None and budget > MAX_SEARCH_BUDGET:
            raise TableError(msg("studio.table.search_budget", most=MAX_SEARCH_BUDGET, budget=budget))
        self._setup(engine, seat, name, lang, seed * GAME_SEED)
        self.bots = {s: make_bot(bots, self.game_seed * 10 + s) for s in range(1, self.players + 1) if s != seat}
        self._bots_play()

    def _setup(self, engine: Any, seat: int, name: str | None, lang: str | None, game_seed: int) -> None:
        players = engine.PLAYERS
        if not is_whole(seat) or not 1 <= seat <= players:
            raise TableError(msg("studio.table.bad_seat", seat=shown(seat, QUOTED), players=players))
        self.engine, self.seat, self.players = engine, seat, players
        self.name = name or engine.VARIANT
        self.lang = lang
        self.id = None
        self.replay_only = False
        self.game_seed = game_seed
        self.game = engine.new_game(seed=game_seed, match=Match())
        self.bots = {}
        self._lock = threading.RLock()

    @classmethod
    def replayed(cls, engine_for: Callable[[str], Any], history: Any, seat: int = 1, name: str | None = None,
                 lang: str | None = None) -> Table:
        """A table for watching a saved game: `history` as `gouji play --json` writes it (one game,
        finished or not), checked as `gouji replay` checks it (the shape, every action, every
        outcome it records); `engine_for(variant)` gives the engine. Bad input: TableError."""
        try:
            check_history(history)
        except ReplayError as exc:
            raise TableError(exc.args[0]) from None
        games = history["games"]
        if len(games) != 1:
            raise TableError(msg("studio.table.one_game", count=len(games)))
        record = games[0]
        actions = record["history"]
        if len(actions) > MAX_STEPS:
            raise TableError(msg("studio.table.too_long", count=len(actions), most=MAX_STEPS))
        engine = _engine_of(engine_for, history["variant"])
        table = cls.__new__(cls)
        table._setup(engine, seat, name, lang, record["seed"])
        table.replay_only = True
        game = table.game
        for number, text in enumerate(actions, 1):
            try:
                game.apply_action(text)
            except ValueError as exc:  # IllegalAction, or an action that does not read
                raise TableError(msg("commands.replay.illegal", game=1, action=number, text=shown(text, QUOTED),
                                     reason=reason_named(str(exc)))) from None
        if game.is_terminal():
            try:  # the outcomes it records, verified by `gouji replay`'s own code
                replay_file(lambda _variant: engine, history)
            except ReplayError as exc:
                raise TableError(exc.args[0]) from None
        elif any(outcome in record for outcome in OUTCOMES):
            raise TableError(msg("commands.replay.ends_early", game=1, count=len(actions)))
        return table

    # --- playing -------------------------------------------------------------------------------

    def _bots_play(self) -> None:
        """The bots' moves until it is the person's turn or the game is over."""
        game, bots = self.game, self.bots
        steps = len(game.history())
        while not game.is_terminal():
            seat = game.current_player()
            if seat == self.seat:
                return
            game.apply_action(bots[seat].act(game))
            steps += 1
            if steps > MAX_STEPS:
                raise RuntimeError(msg("commands.replay.game_never_ends", game=1, most=MAX_STEPS))

    def act(self, action: str) -> View:
        """Apply the person's `action` (text as the engine reads it: "play 3 3", "pass"), then the
        bots' moves; the view after them. TableError (with the unchanged view) when the engine
        refuses the action (its reason), the game is over or this table only replays a game."""
        with self._lock:
            game = self.game
            refusal: Message | str | None = None
            if self.replay_only:
                refusal = msg("studio.table.replay_only")
            elif game.is_terminal():
                refusal = msg("studio.table.over")
            elif not isinstance(action, str):
                refusal = msg("studio.table.not_text", value=shown(action, QUOTED))
            elif game.current_player() != self.seat:
                refusal = msg("studio.table.not_your_turn", seat=game.current_player())
            else:
                try:
                    game.apply_action(action, self.seat)
                except ValueError as exc:  # IllegalAction, or text that does not read: the state is unchanged
                    refusal = str(exc)
            if refusal is not None:
                raise TableError(refusal, self.view())
            self._bots_play()
            return self.view()

    def history(self) -> dict[str, Any]:
        """The game as `gouji play --json` writes a match of this one game: seed and actions, and
        once the game is over its result, places, scores and tributes (which `gouji replay`
        verifies; it replays only a finished game)."""
        with self._lock:
            game = self.game
            if game.is_terminal():
                record = PlayedGame(self.game_seed, game).to_json()
            else:
                record = {"seed": self.game_seed, "history": [str(a) for a in game.history()]}
            data = {"variant": self.engine.VARIANT, "games": [record]}
            copied: dict[str, Any] = json.loads(json.dumps(data, ensure_ascii=False))  # as a file holds it
            return copied

    # --- what the seat sees ----------------------------------------------------------------------

    def view(self, step: int | None = None, lang: str | None = None) -> View:
        """What the person's seat sees now, or after the game's first `step` actions (replayed):
        the contract's view, JSON-able. TableError for a step that is not 0..steps."""
        with self._lock:
            actions = self.game.history()
            steps = len(actions)
            if step is None:
                step = steps
            if not is_whole(step) or not 0 <= step <= steps:
                raise TableError(msg("studio.table.bad_step", step=shown(step, QUOTED), steps=steps))
            game = self.game if step == steps else self._replayed_to(actions[:step])
            return self._view_of(game, step, steps, lang or self.lang or current())

    def _replayed_to(self, actions: list[Any]) -> Any:
        game = self.engine.new_game(seed=self.game_seed, match=Match())
        for action in actions:
            game.apply_action(str(action))
        return game

    def _view_of(self, game: Any, step: int, steps: int, lang: str) -> View:
        seat, engine = self.seat, self.engine
        seen = game.observation(seat)
        over = game.is_terminal()
        turn = None if over else game.current_player()
        hand = _tokens(engine.format_cards(engine.parse_cards(seen["hands"][seat])))
        counts = {seat: len(hand)}
        counts.update(seen["card_counts"])  # 报牌: the counts the rules report
        teams: dict[int, list[int]] = {}
        for s, team in sorted(engine.RULES.teams.items()):
            teams.setdefault(team, []).append(s)
        table = seen["table"]
        return {
            "id": self.id,
            "variant": self.name,
            "game": "shuangkou" if engine.RULES.pattern_plays else "gouji",
            "players": self.players,
            "seat": seat,
            "teams": [teams[t] for t in sorted(teams)],
            "names": {str(s): (msg("studio.table.you") if s == seat else msg("studio.table.bot", seat=s)).text(lang)
                      for s in range(1, self.players + 1)},
            "turn": turn,
            "your_turn": turn == seat,
            "phase": "over" if over else str(seen["phase"]),
            "hand": hand,
            "counts": {str(s): n for s, n in sorted(counts.items())},
            "table": None if table is None else {"seat": table["seat"], "cards": _tokens(table["cards"])},
            "legal": self._legal(game, str(seen["phase"]), lang) if turn == seat else [],
            "events": _events(engine, game.transcript(), lang),
            "places": {str(s): p for s, p in sorted(seen["places"].items())},
            "opened": sorted(seen["opened"]),
            "declared": sorted(seen["declared"]),
            "tribute": [{"kind": t["kind"], "from": t["from"], "to": t["to"], "cards": _tokens(t["cards"])}
                        for t in game.tribute_log],
            "over": over,
            "scores": {str(s): score_json(v) for s, v in enumerate(game.returns(), 1)} if over else None,
            "result": json.loads(json.dumps(game.result())) if over else None,
            "step": step,
            "steps": steps,
        }

    def _legal(self, game: Any, phase: str, lang: str) -> list[View]:
        legal = []
        for action in game.legal_actions():
            text = str(action)
            kind, _, cards = text.partition(" ")
            if kind == "play":
                label = msg("studio.table.play", cards=cards)
            elif kind == "burn":
                label = msg("studio.table.burn", cards=cards)
            elif kind == "pass":
                label = msg("studio.table.pass_declare" if phase == "declare" else
                            "studio.table.pass_revolt" if phase == "revolt" else "studio.table.pass")
            elif kind == "defer":
                label = msg("studio.table.defer")
            elif kind == "declare":
                label = msg("studio.table.declare")
            else:
                label = msg("studio.table.revolt")
            legal.append({"action": text, "kind": kind, "cards": [_held(t) for t in _tokens(cards)],
                          "label": label.text(lang)})
        return legal


def _events(engine: Any, lines: list[str], lang: str) -> list[View]:
    """The transcript's lines as events, in `lang`: each play said as a lead or an answer, each
    pass by its phase, the places by the variant's names (studio/words.py)."""
    rules = engine.RULES
    said = transcript_words(lines, lang, game="shuangkou" if rules.pattern_plays else "gouji",
                            places=rules.place_names, players=engine.PLAYERS, declare=rules.declare,
                            revolution=rules.revolution)
    return [_event(line, lang, text) for line, text in zip(lines, said)]


def _event(line: str, lang: str | None = None, text: str | None = None) -> View:
    """A line of the transcript as an event: its seat (the first the line names), its `text` in
    `lang` (given, else event_words'), the engine's `line` and its kind. The deal's line, whose
    seed gives every hand away, is "deal"."""
    if _SEED_LINE.match(line):
        return {"seat": None, "text": msg("studio.table.event.deal").text(lang), "line": "deal", "kind": "info"}
    kind = next((k for pattern, k in _EVENTS if pattern.match(line)), "info")
    found = _SEAT.match(line)
    return {"seat": int(found.group(1)) if found else None,
            "text": event_words(line, lang or current()) if text is None else text, "line": line, "kind": kind}


class Tables:
    """The server's tables by id: at most `most` kept, the least recently used dropped; ids
    unguessable (secrets.token_urlsafe(12)). Safe to use from several threads."""

    def __init__(self, most: int = MAX_TABLES):
        self.most = most
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, table: Table) -> str:
        """Keep `table` under a new id (set as its `id`); the id."""
        with self._lock:
            table_id = secrets.token_urlsafe(12)
            while table_id in self._tables:  # pragma: no cover - 96 random bits
                table_id = secrets.token_urlsafe(12)
            table.id = table_id
            self._tables[table_id] = table
            while len(self._tables) > self.most:
                self._tables.popitem(last=False)
            return table_id

    def new(self, engine: Any, **options: Any) -> tuple[str, Table]:
        """A new game at a new table (`options`: Table's), kept: (id, table)."""
        table = Table(engine, **options)
        return self.add(table), table

    def replayed(self, engine_for: Callable[[str], Any], history: Any, **options: Any) -> tuple[str, Table]:
        """A table replaying `history` (Table.replayed), kept: (id, table)."""
        table = Table.replayed(engine_for, history, **options)
        return self.add(table), table

    def get(self, table_id: str) -> Table:
        """The table kept under `table_id`, now the most recently used; TableError (status 404)
        when there is none (never made, or dropped)."""
        with self._lock:
            table = self._tables.get(table_id) if isinstance(table_id, str) else None
            if table is None:
                raise TableError(msg("studio.table.no_table"), status=404)
            self._tables.move_to_end(table_id)
            return table

    def __len__(self) -> int:
        return len(self._tables)

    def __contains__(self, table_id: object) -> bool:
        return table_id in self._tables
