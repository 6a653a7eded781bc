"""The narrated sample round: one or two rounds of a real game the variant's engine played,
told in players' words, then how that game ended and (where the variant has tribute) what
changed hands before the next one.

The game is the first game of a seeded match of the engine's own players (the `heuristic`
bot at every seat, which draws nothing: the same deal is played the same way), seeded as
`gouji_dsl.play.selfplay` seeds a match (game i of match `seed` has the seed seed * 1000 + i).
The rounds are found by a bounded, deterministic search: match seeds 1.. SEEDS, each game cut
into rounds (a round ends when someone wins the lead), and the fewest actions, in at most two
rounds of at most MAX_ACTIONS actions each, that show every moment the variant has:

    Gouji:     出牌 (a play), 让牌 (a defer), 烧牌 (a burn), 开点 (an opening), 进贡 (tribute)
    Shuangkou: 出牌 (a play), 炸弹 (a bomb), 过牌 (a pass)

Every step is one action of the game's history, with the events the engine logged after it;
`tests/test_pictures.py` replays the narrated actions on the engine and checks each event,
the game's result and the next game's tribute.

    sample_for(v) -> Sample | None      # computed once per engine
    sample_items(ctx, sample, lang) -> [ExampleItem]
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from gouji_dsl.backends.codegen import game_key
from gouji_dsl.docs.example_blocks import outcome_word
from gouji_dsl.docs.examples import engine_for
from gouji_dsl.prose.document import Bullets, ExampleItem, Para, Steps
from gouji_dsl.docs.pictures import cards
from gouji_dsl.prose.text import T, Text, join, plain

SAMPLE_TITLE = ("实战一例", "A sample round")
SEEDS = 40            # match seeds searched: 1 .. SEEDS
MAX_ACTIONS = 16      # a narrated round is at most this many actions
MAX_ROUNDS = 2        # rounds narrated
GOOD_ENOUGH = 12      # a seed whose rounds show every moment in this many actions ends the search
BOT = "heuristic"

# What the engine logs after an action (runtime/flow.py), read into events. A round with a
# log line not listed here is not narrated (the search takes another).
_EVENTS = (
    ("lead", re.compile(r"seat (\d+) leads")),
    ("open", re.compile(r"seat (\d+) opens \(开点\)")),
    ("burn", re.compile(r"seat (\d+) burns seat (\d+)'s 级牌 \(烧牌\)")),
    ("lifted", re.compile(r"seat (\d+)'s burn is lifted \(解烧\)")),
    ("out", re.compile(r"seat (\d+) goes out, place (\d+)")),
    ("burn_ok", re.compile(r"seat (\d+)'s burn succeeds")),
    ("burn_failed", re.compile(r"seat (\d+) fails the burn \(烧牌失误\) and takes place (\d+)")),
    ("men_out", re.compile(r"seat (\d+) is 闷ed \(闷\) and takes place (\d+)")),
    ("back", re.compile(r"seat (\d+)'s (.+) is back on the table")),
    ("chaos", re.compile(r"四户乱缠 \(free-for-all\) begins")),
    ("turn_back", re.compile(r"seat (\d+) gets its turn back")),
    ("asked_again", re.compile(r"seat (\d+) is asked once more")),
    ("over", re.compile(r"game over: .*")),
    ("scores", re.compile(r"scores: .*")),
)
NARRATED_ACTIONS = ("play", "pass", "defer", "burn")


def read_event(line: str) -> tuple | None:
    """A log line as an event: (kind, arguments...) with seats and places as ints; None when unknown."""
    for kind, pattern in _EVENTS:
        found = pattern.fullmatch(line)
        if found:
            return (kind,) + tuple(int(x) if x.isdigit() else x for x in found.groups())
    return None


@dataclass(frozen=True)
class Step:
    """One action of the game: who, what (play, pass, defer, burn), the cards, what followed."""
    index: int            # its place in the game's history (0-based)
    seat: int
    action: str
    cards: str            # "" for a pass or a defer
    events: tuple = ()    # (kind, args...) as read_event reads the log
    gouji: bool = False   # a play that is a 级牌 (Gouji)
    kind: tuple = ()      # a pattern play's (type, length) as kind_names reads them (Shuangkou)
    lines: int | None = None   # a bomb's lines (Shuangkou)

    @property
    def written(self) -> str:
        """The action as the engine reads it: "play 7 7 7", "pass"."""
        return f"{self.action} {self.cards}".strip()


@dataclass
class Sample:
    variant: str
    seed: int                    # the match seed
    game_seed: int               # the narrated game's seed
    next_seed: int               # the next game's (its tribute)
    rounds: list[list[Step]]
    moments: tuple[str, ...]     # what the rounds show, in the order of MOMENTS
    wanted: tuple[str, ...]      # what the variant has
    finish: list[int]            # the narrated game's result
    places: dict[int, int]
    opened: list[int] | None
    burns: list[tuple[int, int]]
    men: list[tuple[int, int]]
    scores: list
    tributes: list[dict] = field(default_factory=list)   # the next game's tribute_log
    patterns: bool = False


MOMENTS = ("play", "defer", "burn", "open", "bomb", "pass", "tribute")


def wanted_moments(v) -> tuple[str, ...]:
    """The moments the variant has, of those a sample round shows."""
    if "patterns" in v.sections:
        return ("play", "bomb", "pass")
    out = ["play"]
    if v.flow.defer:
        out.append("defer")
    if v.burning.allowed:
        out.append("burn")
    if v.open.method != "none":
        out.append("open")
    if v.tribute.enabled:
        out.append("tribute")
    return tuple(out)


def _play_game(e, game_seed: int, players: int):
    from gouji_dsl.bots import make_bot

    g = e.new_game(seed=game_seed)
    bots = {s: make_bot(BOT, game_seed * 10 + s) for s in range(1, players + 1)}
    steps = 0
    while not g.is_terminal():
        g.apply_action(bots[g.current_player()].act(g))
        steps += 1
        if steps > 20000:   # the engine's games end; this guards the search, not a real game
            return None
    return g


def _rounds(v, e, g) -> list[list[Step]]:
    """The game's rounds that can be narrated: each ends with an event "leads" (the next
    lead), holds only plays, passes, defers and burns, and logs nothing unknown."""
    out: list[list[Step]] = []
    current: list = []
    ok = True
    index = 0
    pending: tuple | None = None   # (index, seat, action) waiting for its events
    events: list = []

    def close_step():
        nonlocal pending, events
        if pending is not None:
            current.append(_step(v, e, pending, tuple(events)))
        pending, events = None, []

    for entry in g.log:
        if isinstance(entry, str):
            event = read_event(entry)
            if event is None or pending is None:
                ok = False      # before the first action (the deal, tribute) or unknown
                continue
            events.append(event)
            if event[0] == "lead":
                close_step()
                if ok and current:
                    out.append(current)
                current, ok = [], True
            continue
        close_step()
        seat, action = entry
        if action.kind not in NARRATED_ACTIONS:
            ok = False
        pending = (index, seat, action)
        index += 1
    return out


def _step(v, e, pending, events: tuple) -> Step:
    index, seat, action = pending
    patterns = "patterns" in v.sections
    written = e.action_to_string(action) if hasattr(e, "action_to_string") else str(action)
    kind, _, cards_text = written.partition(" ")
    gouji, name, lines = False, (), None
    if cards_text and patterns:
        c = e.classify(e.parse_cards(cards_text))
        name = (c.type, _joker_count(c, cards_text)) if c.valid else ()
        lines = c.lines if c.type in ("bomb", "chain_bomb", "joker_bomb") else None
    elif cards_text:
        gouji = bool(e.is_gouji(action.play))
    return Step(index, seat, kind, cards_text, events, gouji, name, lines)


def _joker_count(c, cards_text: str) -> int | None:
    """A joker bomb's length: its jokers (what kind_names looks its row up by)."""
    return sum(1 for t in cards_text.split() if t in ("SJ", "BJ")) if c.type == "joker_bomb" else None


@dataclass(frozen=True)
class _Kind:   # what kind_names reads of a play
    type: str
    length: int | None


def _shows(rounds: list[list[Step]]) -> set[str]:
    found: set[str] = set()
    for steps in rounds:
        for s in steps:
            if s.action == "play":
                found.add("play")
            if s.action == "defer":
                found.add("defer")
            if s.action == "pass":
                found.add("pass")
            if s.lines is not None:
                found.add("bomb")
            for ev in s.events:
                if ev[0] == "burn":
                    found.add("burn")
                if ev[0] == "open":
                    found.add("open")
    return found


def _best_choice(rounds: list[list[Step]], wanted: set[str]):
    """((missing moments, rounds, actions, the rounds' indexes), the rounds): the best choice of this game."""
    short = [(i, r, _shows([r]) & wanted) for i, r in enumerate(rounds) if len(r) <= MAX_ACTIONS]
    best = None
    for n, (i, a, shows_a) in enumerate(short):
        choices = [((i,), (a,), shows_a)]
        if MAX_ROUNDS > 1:
            choices += [((i, j), (a, b), shows_a | shows_b) for j, b, shows_b in short[n + 1:]]
        for indexes, picked, shows in choices:
            key = (len(wanted - shows), len(picked), sum(len(r) for r in picked), indexes)
            if best is None or key < best[0]:
                best = (key, list(picked))
    return best


def find_sample(v, e) -> Sample | None:
    """The sample round of variant `v` from engine `e` (see the module's docstring)."""
    patterns = "patterns" in v.sections
    wanted = wanted_moments(v)
    in_game = set(wanted) - {"tribute"}
    best = None
    for seed in range(1, SEEDS + 1):
        game_seed = seed * 1000
        g = _play_game(e, game_seed, v.table.players)
        if g is None:
            continue
        found = _best_choice(_rounds(v, e, g), in_game)
        if found is None:
            continue
        key, picked = found
        tributes = []
        if "tribute" in wanted:
            tributes = list(e.new_game(seed=game_seed + 1, match=g.next_match()).tribute_log)
        missing = key[0] + (1 if "tribute" in wanted and not tributes else 0)
        full_key = (missing,) + key[1:3] + (seed,)
        if best is None or full_key < best[0]:
            best = (full_key, seed, g, picked, tributes)
        if missing == 0 and key[2] <= GOOD_ENOUGH:
            break
    if best is None:
        return None
    _key, seed, g, picked, tributes = best
    result = g.result()
    shows = _shows(picked) | ({"tribute"} if tributes else set())
    moments = tuple(m for m in MOMENTS if m in shows and m in wanted)
    return Sample(v.name, seed, seed * 1000, seed * 1000 + 1, picked, moments, wanted,
                  list(result["finish"]), dict(g.places()), None if patterns else list(result.get("opened", [])),
                  [tuple(b) for b in result.get("burns", [])], [tuple(m) for m in result.get("men", [])],
                  list(g.returns()), tributes, patterns)


# Sample rounds by the game they are played in (codegen.game_key) and the moments wanted: two
# variants of one game (a house rule that changes only [about]) have one sample, named for each.
_SAMPLES: dict[tuple[str, tuple[str, ...]], Sample | None] = {}


def sample_for(v, engine=None) -> Sample | None:
    """The sample round of a variant from its generated engine, computed once per game.
    (`engine`, another backend's, is not used: the built-in bots play the generated game.)"""
    e = engine_for(v)  # first: a variant with no engine is a RulebookError, not a GenerationError
    key = (game_key(v), wanted_moments(v))
    if key not in _SAMPLES:
        if len(_SAMPLES) > 32:
            _SAMPLES.clear()
        _SAMPLES[key] = find_sample(v, e)
    sample = _SAMPLES[key]
    return None if sample is None else replace(sample, variant=v.name)


# --- the story ------------------------------------------------------------------------

def _seats(seats, lang: str) -> Text:
    return (join([str(s) for s in seats], "zh", "、") + plain("号")) if lang == "zh" else \
        (plain("Seat " if len(seats) == 1 else "Seats ") + join([str(s) for s in seats], "en"))


def _seats_lower(seats) -> Text:
    return plain("seat " if len(seats) == 1 else "seats ") + join([str(s) for s in seats], "en")


def _place(ctx, place: int, lang: str) -> Text:
    return plain(ctx.place_zh(place)) if lang == "zh" else ctx.place_en(place)


def _opposite(v, seat: int) -> int | None:
    for a, b in v.table.opposites:
        if seat in (a, b):
            return b if seat == a else a
    return None


def _event_text(ctx, ev: tuple, lang: str, last_player: int | None) -> Text | None:
    """What the engine logged after an action, in players' words (English: a clause, lower case)."""
    zh = lang == "zh"
    kind = ev[0]
    if kind == "lead":
        seat = ev[1]
        if last_player is not None and seat != last_player:
            return T("{s}号[[接风]]，接着先出", s=seat) if zh else T("seat {s} [[接风|takes over]] and leads", s=seat)
        return T("没人再管，{s}号得牌权，接着先出", s=seat) if zh else T("nobody beats that: seat {s} wins the lead", s=seat)
    if kind == "open":
        return T("{s}号的级牌没被打下来，{s}号[[开点]]", s=ev[1]) if zh else \
            T("seat {s}'s gouji play stood: seat {s} has [[开点|opened]]", s=ev[1])
    if kind == "lifted":
        return T("{s}号的烧牌被打下来，[[解烧]]", s=ev[1]) if zh else T("seat {s}'s burn is [[解烧|lifted]]", s=ev[1])
    if kind == "out":
        return T("{s}号出完了牌，是{p}", s=ev[1], p=_place(ctx, ev[2], lang)) if zh else \
            T("seat {s} is out: {p}", s=ev[1], p=_place(ctx, ev[2], lang))
    if kind == "burn_ok":
        return T("{s}号烧牌成功", s=ev[1]) if zh else T("seat {s}'s burn succeeds", s=ev[1])
    if kind == "burn_failed":
        return T("{s}号烧牌失败，得{p}", s=ev[1], p=_place(ctx, ev[2], lang)) if zh else \
            T("seat {s} fails the burn and takes {p}", s=ev[1], p=_place(ctx, ev[2], lang))
    if kind == "men_out":
        return T("{s}号被闷，当即出局，得{p}", s=ev[1], p=_place(ctx, ev[2], lang)) if zh else \
            T("seat {s} is 闷ed and out of play at once: {p}", s=ev[1], p=_place(ctx, ev[2], lang))
    if kind == "back":
        return T("{s}号的 {c} 又回到桌上", s=ev[1], c=cards(ev[2])) if zh else \
            T("seat {s}'s {c} is back on the table", s=ev[1], c=cards(ev[2]))
    if kind == "chaos":
        return T("还有牌的人不超过四家，开始[[四户乱缠]]") if zh else \
            T("at most four players hold cards: the [[四户乱缠|free-for-all]] begins")
    if kind == "turn_back":
        return T("又轮到{s}号", s=ev[1]) if zh else T("the turn comes back to seat {s}", s=ev[1])
    if kind == "asked_again":
        return T("再问{s}号一次", s=ev[1]) if zh else T("seat {s} is asked once more", s=ev[1])
    return None   # burn (said with the action), over, scores (said after the rounds)


def _step_texts(ctx, steps: list[Step], lang: str, patterns: bool) -> list[Text]:
    """The round as numbered lines: each action (passes in a row together), then what followed it."""
    zh = lang == "zh"
    v = ctx.v
    out: list[Text] = []
    passes: list[int] = []
    top: Step | None = None     # the play on the table
    last_player: int | None = None
    stop = plain("。" if zh else ".")

    def flush():
        if passes:
            line = _seats(passes, lang) + plain("过牌" if zh else (" pass" if len(passes) > 1 else " passes"))
            out.append(line + stop)
            passes.clear()

    for n, s in enumerate(steps):
        if s.action == "pass":
            if s.seat in passes:   # a second circle of passes: a line of its own
                flush()
            passes.append(s.seat)
        else:
            flush()
        text: Text | None = None
        whose = ""
        if top is not None and _opposite(v, s.seat) == top.seat and not patterns:
            whose = "（{t}号的对家）".format(t=top.seat) if zh else f" (seat {top.seat}'s opposite)"
        if s.action == "defer":
            text = T("{s}号{o}[[让牌]]，先让后面的人管", s=s.seat, o=whose) if zh else \
                T("Seat {s}{o} [[让牌|defers]], letting the players after them answer first", s=s.seat, o=whose)
        elif s.action == "burn":
            target = next((ev[2] for ev in s.events if ev[0] == "burn"), top.seat if top else None)
            text = T("{s}号[[烧牌]]：用 {c} 打{t}号的级牌", s=s.seat, c=cards(s.cards), t=target) if zh else \
                T("Seat {s} [[烧牌|burns]] seat {t}'s gouji play with {c}", s=s.seat, c=cards(s.cards), t=target)
        elif s.action == "play":
            what = _what(v, s, lang, patterns)
            if n == 0 or top is None:
                text = T("{s}号先出 {c}{w}", s=s.seat, c=cards(s.cards), w=what) if zh else \
                    T("Seat {s} leads {c}{w}", s=s.seat, c=cards(s.cards), w=what)
            elif patterns and s.lines is not None and top.lines is None:
                text = T("{s}号用炸弹 {c} 炸{w}", s=s.seat, c=cards(s.cards), w=what) if zh else \
                    T("Seat {s} bombs it with {c}{w}", s=s.seat, c=cards(s.cards), w=what)
            else:
                text = T("{s}号{o}管上 {c}{w}", s=s.seat, o=whose if top.gouji else "", c=cards(s.cards), w=what) if zh else \
                    T("Seat {s}{o} beats it with {c}{w}", s=s.seat, o=whose if top.gouji else "", c=cards(s.cards), w=what)
        if s.action in ("play", "burn"):
            top, last_player = s, s.seat
        after = [t for t in (_event_text(ctx, ev, lang, last_player) for ev in s.events) if t is not None]
        if text is None:
            if after:
                flush()
            for extra in after:
                out.append(_cap(extra) + stop)
            continue
        for extra in after:
            text += plain("；" if zh else "; ") + extra
        out.append(text + stop)
    flush()
    return out


def _what(v, s: Step, lang: str, patterns: bool) -> Text:
    from gouji_dsl.docs.pattern_examples import kind_names

    zh = lang == "zh"
    if patterns:
        if not s.kind:
            return Text()
        name = kind_names(v, _Kind(*s.kind))[0 if zh else 1]
        if s.lines is not None:
            return T("（{k}，{n}线）", k=name, n=s.lines) if zh else T(" ({k}, {n} lines)", k=name, n=s.lines)
        return T("（{k}）", k=name) if zh else T(" ({k})", k=name)
    if s.gouji:
        return T("（[[级牌]]）") if zh else T(", a [[级牌|gouji play]]")
    return Text()


def _outcome(ctx, sample: Sample, lang: str) -> list:
    zh = lang == "zh"
    v = ctx.v
    order = join([ctx.seat_zh(s, sample.places[s]) if zh else ctx.seat_en(s, sample.places[s]) for s in sample.finish],
                 lang, "、", ",")
    lines = [T("出完牌的顺序：{o}", o=order) if zh else T("Order of going out: {o}", o=order)]
    rest = sorted((s for s in sample.places if s not in sample.finish), key=lambda s: sample.places[s])
    if rest:
        held = join([ctx.seat_zh(s, sample.places[s]) if zh else ctx.seat_en(s, sample.places[s]) for s in rest],
                    lang, "、", ",")
        lines.append(T("手里还有牌的：{r}", r=held) if zh else T("Still holding cards: {r}", r=held))
    if sample.opened is not None and "open" in sample.wanted:
        players = range(1, v.table.players + 1)
        shut = [s for s in players if s not in sample.opened]
        line = (T("开点的：{a}", a=_seats(sample.opened, lang)) if sample.opened else T("没有人开点")) if zh else \
            (T("Opened: {a}", a=_seats_lower(sample.opened)) if sample.opened else T("Nobody opened"))
        if shut and sample.opened:
            line += T("；没开点的：{a}", a=_seats(shut, lang)) if zh else T("; did not open: {a}", a=_seats_lower(shut))
        lines.append(line)
    for men, beater in sample.men:
        lines.append(T("{a}号最后一手3之前的牌被{b}号打掉（闷）", a=men, b=beater) if zh else
                     T("Seat {a}'s play before their final 3s was beaten by seat {b}", a=men, b=beater))
    for burner, burned in sample.burns:
        lines.append(T("{a}号烧{b}号的牌，烧牌成功", a=burner, b=burned) if zh else
                     T("Seat {a} burned seat {b} and the burn succeeded", a=burner, b=burned))
    if sample.patterns:
        lines += _pattern_result(ctx, sample, lang)
    elif v.scoring.outcome == "win_draw_loss":  # the scores are a win (1), a draw (0) or a loss (-1)
        said = join([T("{s}号 {x}", s=s, x=outcome_word(x, lang)) if zh else T("seat {s} {x}", s=s, x=outcome_word(x, lang))
                     for s, x in enumerate(sample.scores, 1)], lang, "、", ",")
        lines.append(T("结果：{s}", s=said) if zh else T("Results: {s}", s=said))
    else:
        scores = join([T("{s}号 {x}", s=s, x=_signed(x)) if zh else T("seat {s} {x}", s=s, x=_signed(x))
                       for s, x in enumerate(sample.scores, 1)], lang, "、", ",")
        lines.append(T("得分：{s}", s=scores) if zh else T("Scores: {s}", s=scores))
    return [Bullets(lines)]


def _signed(x) -> str:
    from gouji_dsl.runtime.numbers import signed

    return signed(x) if x else "0"


def _pattern_result(ctx, sample: Sample, lang: str) -> list[Text]:
    zh = lang == "zh"
    v = ctx.v
    first = sample.finish[0]
    winners = next(tuple(t) for t in v.table.teams if first in t)
    won = sorted(sample.places[s] for s in winners)
    row = next((c for c in v.results.classes if sorted(c.winners) == won), None)
    out = []
    if row is not None:
        out.append(T("{w}一方获胜，名次是{p}：**{c}**", w=_seats(winners, lang), p="、".join(map(str, won)), c=row.zh) if zh else
                   T("{w} win with places {p}: **{c}** ({z})", w=_seats(winners, lang), p=", ".join(map(str, won)),
                     c=row.name.replace("_", " "), z=row.zh))
    scores = join([T("{s}号 {x}", s=s, x=_signed(x)) if zh else T("seat {s} {x}", s=s, x=_signed(x))
                   for s, x in enumerate(sample.scores, 1)], lang, "、", ",")
    out.append(T("得分：{s}", s=scores) if zh else T("Scores: {s}", s=scores))
    return out


def _tribute_lines(ctx, sample: Sample, lang: str) -> list[Text]:
    """Each tribute with the return that answers it (the first return the other way, in order)."""
    from gouji_dsl.rules.tribute import tribute_name

    zh = lang == "zh"
    paid = [t for t in sample.tributes if t["kind"] != "return"]
    returns = [t for t in sample.tributes if t["kind"] == "return"]

    def seat(s: int) -> Text:
        return ctx.seat_zh(s, sample.places.get(s)) if zh else ctx.seat_en(s, sample.places.get(s))

    def given(t) -> Text:
        return cards(t["cards"]) if t["cards"] else (plain("（没有牌）") if zh else plain("nothing"))

    out = []
    for t in paid:
        name = tribute_name(t["kind"], lang)
        line = (T("{k}：{a}把 {c} 进给{b}", k=name, a=seat(t["from"]), b=seat(t["to"]), c=given(t)) if zh else
                T("{k}: {a} pays {c} to {b}", k=_cap(name), a=seat(t["from"]), b=seat(t["to"]), c=given(t)))
        back = next((r for r in returns if r["from"] == t["to"] and r["to"] == t["from"]), None)
        if back is not None:
            returns.remove(back)
            line += (T("，{b}号[[还贡|还]] {c}", b=t["to"], c=given(back)) if zh else
                     T(", who [[还贡|returns]] {c}", c=given(back)))
        out.append(line + plain("。" if zh else "."))
    for r in returns:   # a return no tribute above answers (none in the engines today)
        out.append(T("[[还贡]]：{a}还给{b} {c}。", a=seat(r["from"]), b=seat(r["to"]), c=given(r)) if zh else
                   T("[[还贡|Return]]: {a} returns {c} to {b}.", a=seat(r["from"]), b=seat(r["to"]), c=given(r)))
    return out


def _cap(text: Text) -> Text:
    first = text.segs[0]
    if first.kind == "text" and first.text[:1].islower():
        from gouji_dsl.prose.text import Seg
        return Text((Seg(first.kind, first.text[:1].upper() + first.text[1:]),) + text.segs[1:])
    return text


_MOMENT_NAMES = {"play": ("出牌", "a play"), "defer": ("让牌", "a defer (让牌)"), "burn": ("烧牌", "a burn (烧牌)"),
                 "open": ("开点", "an opening (开点)"), "bomb": ("炸弹", "a bomb"), "pass": ("过牌", "a pass"),
                 "tribute": ("进贡", "tribute (进贡)")}


def sample_items(ctx, sample: Sample, lang: str) -> list:
    """The sample round as the chapter's blocks and items: an introduction, each round, the
    game's result and the next game's tribute."""
    zh = lang == "zh"
    shown = join([_MOMENT_NAMES[m][0 if zh else 1] for m in sample.moments], lang, "、", "and")
    n = len(sample.rounds)
    intro = (T("下面取自本玩法的引擎实际打完的一局：每个座位都由电脑按常规打法出牌，{r}的每一步都照录。这里能看到{m}。",
               r="这一轮" if n == 1 else "这两轮", m=shown) if zh else
             T("This is taken from a game this variant's engine played to the end, the computer playing every seat as a "
               "careful player would; every step of {r} is as it was played. It shows {m}.",
               r="the round" if n == 1 else "the two rounds", m=shown))
    items: list = []
    for i, steps in enumerate(sample.rounds):
        if zh:
            title = T("一轮出牌") if n == 1 else T("第一轮") if i == 0 else T("同一局后来的一轮")
        else:
            title = T("A round of play") if n == 1 else T("A round") if i == 0 else T("Later in the same game")
        items.append(ExampleItem(f"sample-round-{i + 1}", title, [Steps(_step_texts(ctx, steps, lang, sample.patterns))]))
    items.append(ExampleItem("sample-result", T("这一局的结果") if zh else T("How that game ended"), _outcome(ctx, sample, lang)))
    if sample.tributes:
        items.append(ExampleItem("sample-tribute", T("下一局的进贡") if zh else T("Tribute before the next game"),
                                 [Para(T("下一局发完牌后、出牌前：") if zh else T("After the next deal, before play:")),
                                  Steps(_tribute_lines(ctx, sample, lang))]))
    return [Para(intro)], items
