"""Worked examples of a variant whose plays are patterns (Shuangkou): legal plays of
each type, bombs and their lines, wild cards, chain bombs, comparisons and one
scored game. The cards are built from the model's rows; the variant's engine
decides every verdict (`classify`, `beats`, `score`), and each verdict is checked
against what the rule text says, so a book never shows a claim its engine denies."""
from __future__ import annotations

from dataclasses import dataclass

from gouji_dsl.prose.errors import RulebookError
from gouji_dsl.prose.text import T, Text, num
from gouji_dsl.messages import msg
from gouji_dsl.model.expr import evaluate
from gouji_dsl.model.types import CARDS
from gouji_dsl.rules import results as rr
from gouji_dsl.rules.table import kind_copies

RANK_NAMES = CARDS[:13]          # 3 .. 2: the cards a wild may stand for
BOMB_KINDS = ("bomb", "chain_bomb", "joker_bomb")
# [patterns] bomb_ties names the kinds as the model does; the engine's type names differ for two.
TIE_NAME = {"bomb": "bomb", "chain_bomb": "chain", "joker_bomb": "joker_bomb"}
_JOKER_ZH = {"SJ": "小王", "BJ": "大王"}


@dataclass(frozen=True)
class PlayExample:
    """Written cards and what the engine's `classify` makes of them."""
    cards: str            # as the engine writes them back (as written when they are no play)
    valid: bool
    type: str | None      # the engine's type name: single ... straight, bomb, chain_bomb, joker_bomb
    lines: int | None
    length: int | None    # ranks of a run, bombs of a chain, jokers of a joker bomb
    top: int | None       # the highest effective rank (an index of CARDS)
    what: str             # why the book shows it (see `compute_pattern_examples`)
    note_zh: Text
    note_en: Text


@dataclass(frozen=True)
class Comparison:
    lead: str
    play: str
    beats: bool
    why_zh: Text
    why_en: Text
    what: str


@dataclass(frozen=True)
class ScoredGame:
    """One finished game, read from the rule text and checked against the engine's `score`."""
    result: dict                       # what `score` takes: finish and bombs
    bombs: list[tuple[int, str, int]]  # (seat, cards, lines), in the order played
    places: dict[int, int]             # seat -> place
    class_row: object                  # the [results] classes row of the result
    winners: tuple[int, ...]           # the winning team's seats
    merges: dict[int, list[tuple[int, int, int, int]]]   # winner -> [(L, N, add, merged)]
    best: dict[int, int]               # winner -> line count after merging
    top_lines: int                     # the winning team's best
    multiplier: int
    bonus: list[tuple[int, str, int, int]]   # (seat, cards, lines, each other player pays)
    gains: list[int]                   # net 给到分 of seats 1..n
    base: int
    scores: list[int]                  # the engine's score of seats 1..n


@dataclass
class PatternExamples:
    types: list[PlayExample]
    bombs: list[PlayExample]
    wilds: list[PlayExample]
    chains: list[PlayExample]
    beats: list[Comparison]
    game: ScoredGame


# --- cards --------------------------------------------------------------------------

def _tokens(*groups) -> str:
    """Written cards from (card, count) groups; a card may be a stand-in such as `BJ=9`."""
    return " ".join(" ".join([card] * count) for card, count in groups if count)


def _run(start: int, length: int, width: int) -> str:
    return _tokens(*[(RANK_NAMES[start + i], width) for i in range(length)])


def copies(v) -> dict[str, int]:
    """How many of each card the decks hold ([table] decks and copies)."""
    return kind_copies(v.table.decks, v.table.copies)


def _jokers(v, count: int) -> str:
    """`count` jokers, small ones first, as the decks hold them (a joker bomb's cards)."""
    small = min(count, copies(v)["SJ"])
    return _tokens(("SJ", small), ("BJ", count - small))


class _Reader:
    """The engine's view of written cards, kept with what the book says of them."""

    def __init__(self, v, e):
        self.v, self.e = v, e

    def play(self, cards: str, what: str, zh: Text | None = None, en: Text | None = None) -> PlayExample:
        c = self.e.classify(self.e.parse_cards(cards))
        if not c.valid:
            return PlayExample(cards, False, None, None, None, None, what, zh or Text(), en or Text())
        return PlayExample(self.e.format_cards(c.play), True, c.type, c.lines, c.play[1], c.play[2], what,
                           zh or Text(), en or Text())

    def legal(self, cards: str, what: str, zh: Text | None = None, en: Text | None = None) -> PlayExample:
        found = self.play(cards, what, zh, en)
        if not found.valid:
            raise RulebookError(msg("commands.book.example_not_a_play", variant=self.v.name, cards=cards, what=what))
        return found


# --- the examples of the plays chapter ---------------------------------------------

def _start(v, length: int) -> int:
    """Where a run example starts: at 5 when it fits, lower when the run is long."""
    low, high = (RANK_NAMES.index(r) for r in v.patterns.run_ranks)
    return max(low, min(low + 2, high - length + 1))


def _type_examples(v, read: _Reader) -> list[PlayExample]:
    """The shortest play of every type row the engine gives that type, then cards that are no play."""
    out = []
    for row in v.patterns.types:
        start = RANK_NAMES.index("8") if row.max_length == 1 else _start(v, row.min_length)
        if row.min_length == 1:
            zh = T("单独一张") if row.width == 1 else T("{w}张同点数的牌", w=row.width)
            en = T("one card") if row.width == 1 else T("{w} cards of one rank", w=num(row.width))
        else:
            zh = T("至少{n}个相连点数，每个点数{w}张", n=row.min_length, w=row.width)
            en = T("at least {n} consecutive ranks, {w} of each", n=row.min_length, w=row.width)
        found = read.play(_run(start, row.min_length, row.width), "type", zh, en)
        if found.valid and found.type == row.name:   # a row other rows or bombs shadow has no example
            out.append(found)
            out += _more_of_type(v, read, row)
    if not out:
        raise RulebookError(msg("commands.book.no_type_example", variant=v.name))
    low, high = (RANK_NAMES.index(r) for r in v.patterns.run_ranks)
    runs = [row for row in v.patterns.types if row.min_length > 1 and row.width < v.patterns.bomb_min]
    if runs and high < RANK_NAMES.index("2"):
        row = runs[-1]
        cards = _run(high + 2 - row.min_length, row.min_length, row.width)
        found = read.play(cards, "past_run", T("连牌不能连到{c}", c=RANK_NAMES[high + 1]),
                          T("a run never reaches {c}", c=RANK_NAMES[high + 1]))
        if not found.valid:
            out.append(found)
    for row in runs:
        if row.min_length > 2 and not _has_type(v, row.width, row.min_length - 1):
            found = read.play(_run(_start(v, row.min_length), row.min_length - 1, row.width), "short_run",
                              T("{t}至少要{n}组", t=row.zh, n=row.min_length),
                              T("a {t} needs at least {n} ranks", t=_en_name(row.name), n=row.min_length))
            if not found.valid:
                out.append(found)
            break
    if v.cards.jokers and not v.patterns.wilds:
        joker = v.cards.jokers[-1]
        found = read.play(_tokens(("8", 2), (joker, 1)), "joker_mixed",
                          T("{j}不能和别的牌一起出", j=_JOKER_ZH.get(joker, joker)),
                          T("a joker is never played with other cards"))
        if not found.valid:
            out.append(found)
    return out


def _more_of_type(v, read: _Reader, row) -> list[PlayExample]:
    """A second play of a type: a run one rank longer, up to the run range's top; for a
    type of one rank, jokers played as themselves (when the decks hold enough of one)."""
    low, high = (RANK_NAMES.index(r) for r in v.patterns.run_ranks)
    if row.min_length > 1:
        length = row.min_length + 1
        if length > row.max_length or length > high - low + 1:
            return []
        cards = _run(high - length + 1, length, row.width)
        zh = T("{n}个相连点数，到{a}为止", n=length, a=RANK_NAMES[high])
        en = T("{n} consecutive ranks, up to {a}", n=length, a=RANK_NAMES[high])
    else:
        held = copies(v)
        joker = next((j for j in reversed(v.cards.jokers) if held.get(j, 0) >= row.width), None)
        if joker is not None:
            cards = _tokens((joker, row.width))
            zh = T("王不和别的牌一起出时就是它本身")
            en = T("jokers on their own are themselves")
        else:
            cards = _tokens(("2", row.width))
            zh = T("2不能连牌，但可以单独成{t}", t=row.zh)
            en = T("2s never join a run, but make a {t} of their own", t=_en_name(row.name))
    found = read.play(cards, "type_more", zh, en)
    return [found] if found.valid and found.type == row.name else []


def _bomb_examples(v, read: _Reader) -> list[PlayExample]:
    """A bomb of every size one rank's cards allow, then every joker bomb."""
    p = v.patterns
    most = copies(v)["9"]
    out = [read.legal(_tokens(("9", size)), "bomb") for size in range(p.bomb_min, most + 1)]
    for row in p.joker_bombs:
        out.append(read.legal(_jokers(v, row.jokers), "joker_bomb", T("{z}", z=row.zh), T("{z}", z=row.zh)))
    return out


def _wild_examples(v, read: _Reader) -> list[PlayExample]:
    """Each wild card in a run and in a bomb; the largest bomb; a wild alone; wilds with no natural card."""
    p = v.patterns
    if not p.wilds:
        return []
    out = []
    straight = next((row for row in p.types if row.width == 1 and row.min_length > 1), None)
    for wild in p.wilds:
        name_zh = _JOKER_ZH[wild]
        if straight:
            start = _start(v, straight.min_length)
            stand = RANK_NAMES[start + straight.min_length - 1]
            cards = _run(start, straight.min_length - 1, 1) + f" {wild}={stand}"
            out.append(read.legal(cards, "wild_run", T("{j}当作{c}", j=name_zh, c=stand), T("the {j} stands for a {c}", j=wild, c=stand)))
        cards = _tokens(("8", p.bomb_min - 1), (f"{wild}=8", 1))
        out.append(read.legal(cards, "wild_bomb", T("{j}当作8", j=name_zh), T("the {j} stands for an 8", j=wild)))
    held = copies(v)
    most = held["9"]
    cards = _tokens(("9", most), *[(f"{w}=9", held[w]) for w in p.wilds])
    out.append(read.legal(cards, "largest", T("一个点数的全部{n}张加上所有百搭", n=most),
                          T("all {n} cards of a rank and every wild card", n=most)))
    wild = p.wilds[-1]
    out.append(read.legal(_tokens((wild, 1)), "wild_alone", T("单独出的{j}就是它本身", j=_JOKER_ZH[wild]),
                          T("alone, the {j} is itself", j=wild)))
    found = read.play(_tokens((f"{wild}=8", 2)), "wild_only", T("百搭要和至少一张真牌一起出才能当作别的牌"),
                      T("wild cards stand for other cards only beside a natural card"))
    if not found.valid:
        out.append(found)
    return out


def _chain_examples(v, read: _Reader) -> list[PlayExample]:
    """The shortest chain of every chain rule, a chain one bomb short of it, and bombs of
    different sizes (a chain only when chain_unequal)."""
    p = v.patterns
    if not p.chains:
        return []
    out = []
    start = RANK_NAMES.index("5")
    for row in p.chain_rules:
        cards = _tokens(*[(RANK_NAMES[start + i], row.smallest_bomb) for i in range(row.min_bombs)])
        single = evaluate(p.bomb_lines, {"cards": row.smallest_bomb}, {})
        lines = evaluate(p.chain_lines, {"smallest": single, "bombs": row.min_bombs}, {})
        found = read.legal(cards, "chain",
                           T("{s}线{n}连环：{s} + {n} = {l}线", s=single, n=row.min_bombs, l=lines),
                           T("{n} bombs of {s} lines in a row ({s}线{n}连环): {s} + {n} = {l} lines",
                             n=row.min_bombs, s=single, l=lines))
        if found.lines != lines:
            raise RulebookError(msg("commands.book.chain_lines_differ", variant=v.name, cards=cards, found=found.lines,
                                    formula=p.chain_lines.text, lines=lines))
        out.append(found)
    first = p.chain_rules[0]
    shorter = [r for r in p.chain_rules if r.smallest_bomb <= first.smallest_bomb <= r.largest_bomb
               and r.min_bombs <= first.min_bombs - 1]
    if first.min_bombs > 2 and not shorter:
        cards = _tokens(*[(RANK_NAMES[start + i], first.smallest_bomb) for i in range(first.min_bombs - 1)])
        found = read.play(cards, "short_chain", T("{s}张的炸弹至少要{n}个相连", s=first.smallest_bomb, n=first.min_bombs),
                          T("bombs of {s} cards need {n} in a row", s=first.smallest_bomb, n=first.min_bombs))
        if not found.valid:
            out.append(found)
    # Bombs of different sizes, the smallest first: a chain only where chain_unequal says so.
    most = copies(v)["5"]
    sizes = [first.smallest_bomb, min(first.smallest_bomb + 2, most), min(first.smallest_bomb + 1, most)]
    sizes = sizes[:max(first.min_bombs, 2)]
    if len(set(sizes)) < 2:   # one rank's cards make only one size of bomb in the chain rules
        return out
    cards = _tokens(*[(RANK_NAMES[start + i], size) for i, size in enumerate(sizes)])
    if p.chain_unequal:
        single = evaluate(p.bomb_lines, {"cards": min(sizes)}, {})
        lines = evaluate(p.chain_lines, {"smallest": single, "bombs": len(sizes)}, {})
        zh = T("张数不同的炸弹相连，按最小的炸弹计：{s} + {n} = {l}线", s=single, n=len(sizes), l=lines)
        en = T("bombs of different sizes in a row count by the smallest: {s} + {n} = {l} lines", s=single, n=len(sizes), l=lines)
    else:
        zh, en = T("张数不同的炸弹不能连成连环炸"), T("bombs of different sizes make no chain")
    found = read.play(cards, "unequal_chain", zh, en)
    if found.valid != bool(p.chain_unequal):
        raise RulebookError(msg("commands.book.chain_unequal_refused" if p.chain_unequal
                                else "commands.book.chain_unequal_accepted", variant=v.name, cards=cards))
    out.append(found)
    return out


# --- comparisons ---------------------------------------------------------------------

def _en_name(name: str) -> str:
    return name.replace("_", " ")


def kind_names(v, play: PlayExample) -> tuple[str, str]:
    """(zh, en) name of a legal play's type: the type row's, a joker bomb's row, or the bomb kinds'."""
    p = v.patterns
    if play.type == "joker_bomb":
        row = next((r for r in p.joker_bombs if r.jokers == play.length), None)
        return (row.zh, f"{_en_name(row.name)} ({row.zh})") if row else ("王炸", "joker bomb")
    if play.type == "bomb":
        return "炸弹", "bomb"
    if play.type == "chain_bomb":
        return "连环炸", "chain bomb"
    row = next(r for r in p.types if r.name == play.type)
    return row.zh, _en_name(row.name)


def compare_story(v, play: PlayExample, lead: PlayExample) -> tuple[bool, Text, Text]:
    """Whether `play` beats `lead` and why, from the rule text ([plays] compare and
    same_size, [patterns] bomb_ties): the caller checks it against the engine."""
    bomb, led_bomb = play.type in BOMB_KINDS, lead.type in BOMB_KINDS
    pz, pe = kind_names(v, play)
    lz, le = kind_names(v, lead)
    if not led_bomb:
        if bomb:
            return True, T("炸弹可以打任何不是炸弹的牌"), T("a bomb beats any play that is not a bomb")
        if play.type != lead.type:
            return False, T("牌型不同（{a}对{b}）", a=pz, b=lz), T("not the same type ({a} against {b})", a=pe, b=le)
        if play.length != lead.length:
            return (False, T("同是{t}，但长度不同（{a}个点数对{b}个点数）", t=pz, a=play.length, b=lead.length),
                    T("both are a {t}, but of different lengths ({a} ranks against {b})", t=pe, a=play.length, b=lead.length))
        higher = play.top > lead.top
        x, y = CARDS[play.top], CARDS[lead.top]
        if higher:
            return True, T("同是{t}、长度相同，比最大的牌：{x}比{y}大", t=pz, x=x, y=y), \
                T("same type and length; the top cards compare: {x} is higher than {y}", x=x, y=y)
        return False, T("同是{t}、长度相同，比最大的牌：{x}不比{y}大", t=pz, x=x, y=y), \
            T("same type and length; the top cards compare: {x} is not higher than {y}", x=x, y=y)
    if not bomb:
        return False, T("只有炸弹能打炸弹"), T("only a bomb beats a bomb")
    if play.lines != lead.lines:
        more = play.lines > lead.lines
        return (more, T("{a}线{c}{b}线", a=play.lines, b=lead.lines, c="多于" if more else "少于"),
                T("{a} lines {c} {b}", a=play.lines, b=lead.lines, c="beat" if more else "lose to"))
    if play.type != lead.type:
        ties = list(v.patterns.bomb_ties)
        stronger = ties.index(TIE_NAME[play.type]) < ties.index(TIE_NAME[lead.type])
        pk, lk = kind_names_of_kind(play.type), kind_names_of_kind(lead.type)
        if stronger:
            return True, T("同为{n}线，{a}大于{b}", n=play.lines, a=pk[0], b=lk[0]), \
                T("both have {n} lines, and a {a} outranks a {b}", n=play.lines, a=pk[1], b=lk[1])
        return False, T("同为{n}线，{a}小于{b}", n=play.lines, a=pk[0], b=lk[0]), \
            T("both have {n} lines, and a {a} ranks below a {b}", n=play.lines, a=pk[1], b=lk[1])
    higher = play.top > lead.top
    x, y = CARDS[play.top], CARDS[lead.top]
    return (higher, T("同为{n}线的{t}，比点数：{x}{c}{y}大", n=play.lines, t=pz, x=x, y=y, c="比" if higher else "不比"),
            T("both are {t}s of {n} lines; the ranks compare: {x} is {c} {y}", t=pe, n=play.lines, x=x, y=y,
              c="higher than" if higher else "not higher than"))


def kind_names_of_kind(kind: str) -> tuple[str, str]:
    return {"bomb": ("炸弹", "bomb"), "chain_bomb": ("连环炸", "chain bomb"), "joker_bomb": ("王炸", "joker bomb")}[kind]


def _comparisons(v, e, read: _Reader, types, bombs, chains) -> list[Comparison]:
    """Pairs the rule text decides one way each: the same type by its top card, another type
    or length, bombs against other plays, more lines, and ties of lines between kinds."""
    out: list[Comparison] = []

    def add(lead: PlayExample, play: PlayExample, what: str):
        verdict = bool(e.beats(e.classify(e.parse_cards(play.cards)).play, e.classify(e.parse_cards(lead.cards)).play))
        ok, zh, en = compare_story(v, play, lead)
        if ok != verdict:
            raise RulebookError(msg("commands.book.comparison_disagrees", variant=v.name, play=play.cards, lead=lead.cards,
                                    book=ok, engine=verdict))
        out.append(Comparison(lead.cards, play.cards, verdict, zh, en, what))

    legal = [t for t in types if t.valid and t.what == "type"]   # the shortest of each type
    run = max(legal, key=lambda t: (t.length or 0, -(t.top or 0)))   # the longest shortest run: a straight
    shift = _shifted(v, read, run)
    if shift is not None:
        up, down, longer = shift
        add(run, up, "higher")
        if down is not None:
            add(run, down, "lower")
        if longer is not None:
            add(run, longer, "length")
    # Two types of one rank each (a single and a pair): a higher play of the other type does not beat.
    one = next((t for t in legal if t.length == 1 and t.type != run.type), None)
    another = next((t for t in legal if t.length == 1 and t.type not in (run.type, one and one.type)), None)
    if one and another:
        add(one, read.legal(_tokens((CARDS[(one.top or 0) + 1], _width(v, another.type))), "type"), "type")
    smallest = bombs[0]
    add(run, smallest, "bomb_beats")
    add(smallest, read.legal(_tokens(("A", 3)), "type") if _has_type(v, 3, 1) else one or run, "bomb_only")
    same_lines = read.legal(_tokens(("10", v.patterns.bomb_min)), "bomb")
    add(smallest, same_lines, "bomb_rank")
    bigger = next((b for b in bombs if b.type == "bomb" and (b.lines or 0) > (smallest.lines or 0)), None)
    if bigger:
        add(bigger, read.legal(_tokens(("A", v.patterns.bomb_min)), "bomb"), "fewer_lines")
        low_big = read.legal(_tokens(("3", _cards_of(bigger))), "bomb")
        add(smallest, low_big, "more_lines")
    # Ties of lines between kinds: each joker bomb or chain against the bomb of its lines.
    for special in [b for b in bombs if b.type == "joker_bomb"] + [c for c in chains if c.valid][:1]:
        rival = next((b for b in bombs if b.type == "bomb" and b.lines == special.lines), None)
        if rival is not None:
            add(rival, special, "tie")
            add(special, read.legal(_tokens(("A", _cards_of(rival))), "bomb"), "tie")
    chain = next((c for c in chains if c.valid), None)
    if chain is not None:
        joker = next((b for b in bombs if b.type == "joker_bomb" and b.lines == chain.lines), None)
        if joker is not None:
            add(chain, joker, "tie")
    return out


def _cards_of(play: PlayExample) -> int:
    return len(play.cards.split())


def _width(v, type_name: str) -> int:
    return next(r.width for r in v.patterns.types if r.name == type_name)


def _has_type(v, width: int, length: int) -> bool:
    return any(r.width == width and r.min_length <= length <= r.max_length for r in v.patterns.types)


def _shifted(v, read: _Reader, run: PlayExample):
    """The run one rank higher, one rank lower and one rank longer (None where the run range ends)."""
    width = _width(v, run.type)
    low, high = (RANK_NAMES.index(r) for r in v.patterns.run_ranks)
    start = run.top - run.length + 1
    if run.length == 1:
        low, high = 0, RANK_NAMES.index("2")
    if run.top + 1 > high:
        return None
    up = read.legal(_run(start + 1, run.length, width), "type")
    down = read.legal(_run(start - 1, run.length, width), "type") if start > low else None
    row = next(r for r in v.patterns.types if r.name == run.type)
    longer = read.play(_run(start, run.length + 1, width), "type") if run.length < row.max_length else None
    return up, down, longer if longer is not None and longer.valid and longer.type == run.type else None


# --- a scored game ---------------------------------------------------------------------

def merge_steps(v, lines: list[int]) -> tuple[list[tuple[int, int, int, int]], int]:
    """How one player's bombs merge ([results] merge, read as runtime.results does):
    [(L, N, add, L + N + add), ...] and the line count left at the end (0 for no bomb)."""
    values = sorted(lines)
    steps = []
    while True:
        for value in sorted(set(values)):
            row = next((r for r in v.results.merge if r.lines_from <= value <= r.lines_to), None)
            n = values.count(value)
            if row is not None and n >= 2:
                merged = value + n + row.add
                steps.append((value, n, row.add, merged))
                values = sorted([x for x in values if x != value] + [merged])
                break
        else:
            return steps, (values[-1] if values else 0)


def _scored_game(v, e, bombs: list[PlayExample]) -> ScoredGame:
    """A game won by the first player out's team with its partner third (a finish that also
    leaves a player holding cards), where one winner plays two bombs of equal lines (they
    merge), the other winner a smaller bomb, and the losers a joker bomb and the smallest bomb."""
    teams = v.table.teams
    first = teams[0][0]
    partner = next(s for s in teams[0] if s != first)
    rivals = list(teams[1])
    finish = [first, rivals[0], partner]
    read = _Reader(v, e)
    size, most = v.patterns.bomb_min, copies(v)["4"]
    # Each bomb of its own rank, so that the decks hold every card of the game.
    big, mid_size = min(size + 2, most), min(size + 1, most)
    pair_a, pair_b = read.legal(_tokens(("4", big)), "bomb"), read.legal(_tokens(("J", big)), "bomb")
    mid = read.legal(_tokens(("7", mid_size)), "bomb")
    smallest = read.legal(_tokens(("Q", size)), "bomb")
    joker = max((b for b in bombs if b.type == "joker_bomb"), key=lambda b: b.lines or 0, default=smallest)
    played = [(first, pair_a), (rivals[0], joker), (partner, mid), (first, pair_b), (rivals[-1], smallest)]
    result = {"finish": finish, "bombs": [[seat, b.lines] for seat, b in played]}
    scores = list(e.score(result))
    # The rule text's reading, part by part (gouji_dsl.rules.results' reference reading).
    places = rr.reference_places(v, finish)
    winners = next(tuple(t) for t in teams if first in t)
    won = sorted(places[s] for s in winners)
    row = next((c for c in v.results.classes if sorted(c.winners) == won), None)
    if row is None:
        raise RulebookError(msg("commands.book.no_result_class", variant=v.name, places=won))
    merges, best = {}, {}
    for seat in winners:
        merges[seat], best[seat] = merge_steps(v, [b.lines for s, b in played if s == seat])
    top = max(best.values())
    times = 1 if v.results.no_doubling else rr.reference_multiplier(v, top)
    bonus = [(seat, b.cards, b.lines, rr.reference_bonus(v, b.lines)) for seat, b in played]
    players = v.table.players
    gains = [0] * players
    for seat, _cards, _lines, each in bonus:
        for other in range(1, players + 1):
            if other != seat:
                gains[other - 1] -= each
                gains[seat - 1] += each
    base = v.results.base
    told = [base * (row.scores[places[s] - 1] * times + gains[s - 1]) for s in range(1, players + 1)]
    if pair_a.lines != pair_b.lines or told != scores:
        raise RulebookError(msg("commands.book.score_disagrees", variant=v.name, result=result, book=told,
                                  engine=scores))
    return ScoredGame(result, [(s, b.cards, b.lines) for s, b in played], places, row, winners, merges, best, top,
                      times, bonus, gains, base, scores)


def compute_pattern_examples(v, e) -> PatternExamples:
    """Every worked example of a pattern variant's book, from engine `e` (generated or reference)."""
    read = _Reader(v, e)
    types = _type_examples(v, read)
    bombs = _bomb_examples(v, read)
    wilds = _wild_examples(v, read)
    chains = _chain_examples(v, read)
    beats = _comparisons(v, e, read, types, bombs, chains)
    return PatternExamples(types, bombs, wilds, chains, beats, _scored_game(v, e, bombs))
