"""Pictures in the books, drawn from the variant: the seating diagram (seats in playing
order round a table, lines between opposites, the teams shaded, arrows for the direction of
play) and card groups drawn as small card faces.

Both are inline SVG in the HTML (and so in the PDF), black-and-white safe (the teams are
black and white discs, the big joker a black card, the small one a white card), and the
same bytes for the same rules: coordinates are rounded and written with a fixed number of
decimals, and the SVG carries no ids (several pictures share one page). Every string that
may come from a rule file (an extra card kind's name) is escaped (`Markup.format`).
Markdown has no pictures: a card group stays a code span as players write it, and the
seating diagram is said in one sentence (`Figure.text`).

    cards("J J J J") -> Text               # a card group in a document: drawn as faces in HTML
    card_group(text) -> bool              # is this text a card group? (the notation of the books)
    faces_svg(text, lang, extra_names)    # the card faces of one group, as inline SVG
    seating_figure(v, lang) -> Figure     # the seating diagram of a variant
    mark_card_groups(doc, extras)         # code spans of the examples that are card groups -> card groups
"""
from __future__ import annotations

import functools
import math
import re

from markupsafe import Markup

from gouji_dsl.prose.document import Document, ExampleItem, Figure, QuickBox, block_texts
from gouji_dsl.prose.text import Seg, T, Text, join, plain
from gouji_dsl.model.types import CARDS

CARD_GROUP = "cards"          # the Seg kind of a card group
JOKERS = ("SJ", "BJ")
RANKS = CARDS[:13]            # 3 .. 2: what a wild joker may stand for
_WILD = re.compile(r"(SJ|BJ)=(" + "|".join(map(re.escape, RANKS)) + r")")


def cards(value) -> Text:
    """A card group in the books' notation ("7 7 7", "BJ=9 9 9"): a code span in Markdown,
    small card faces in HTML."""
    return Text((Seg(CARD_GROUP, str(value)),))


def card_tokens(text: str, extras=()) -> list[str] | None:
    """The tokens of a card group, or None when `text` is not one (an empty text, a word,
    a number that is not a card). `extras`: the variant's extra card kinds' tokens."""
    tokens = text.split()
    if not tokens or text != " ".join(tokens):
        return None
    for token in tokens:
        if token not in CARDS and token not in extras and not _WILD.fullmatch(token):
            return None
    return tokens


def card_group(text: str, extras=()) -> bool:
    return card_tokens(text, extras) is not None


# --- card faces --------------------------------------------------------------------

CARD_W, CARD_H = 21, 28       # one card, in SVG units
STEP = 14                     # the visible strip of each card but the last (a fanned hand)
TIGHT_STEP = 12               # the strip in long groups
LONG_GROUP = 8                # groups of more cards than this are fanned tighter
_EM_PER_UNIT = 1.9 / CARD_H   # the card's height is 1.9 em of the text around it
_JOKER_ZH = {"SJ": "小王", "BJ": "大王"}
_JOKER_EN = {"SJ": "small joker", "BJ": "big joker"}


def _n(x: float) -> str:
    """A coordinate, the same text on every machine."""
    text = f"{x:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _star(cx: float, cy: float, r: float, filled: bool, ink: str) -> Markup:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append(f"{_n(cx + radius * math.cos(angle))},{_n(cy + radius * math.sin(angle))}")
    fill = ink if filled else "none"
    return Markup('<polygon points="{}" fill="{}" stroke="{}" stroke-width="1"/>').format(" ".join(points), fill, ink)


def _diamond(cx: float, cy: float, r: float, ink: str) -> Markup:
    pts = f"{_n(cx)},{_n(cy - r)} {_n(cx + r * 0.7)},{_n(cy)} {_n(cx)},{_n(cy + r)} {_n(cx - r * 0.7)},{_n(cy)}"
    return Markup('<polygon points="{}" fill="{}"/>').format(pts, ink)


def _label(x: float, y: float, text: str, size: float, ink: str, width: float | None = None) -> Markup:
    """Text on a card; `width` squeezes it to that width (a "10" on a narrow strip)."""
    fit = Markup(' textLength="{}" lengthAdjust="spacingAndGlyphs"').format(_n(width)) if width else Markup("")
    return Markup('<text x="{}" y="{}" font-size="{}"{} fill="{}">{}</text>').format(_n(x), _n(y), _n(size), fit, ink, text)


def _rank(x: float, text: str, ink: str) -> Markup:
    """A rank in the card's corner, big enough to read in print: two characters ("10") squeezed."""
    if len(text) == 1:
        return _label(x + 2.2, 13.5, text, 13.5, ink)
    return _label(x + 1.3, 13, text, 12, ink, width=STEP - 2.2)


def _stacked(x: float, y: float, text: str, size: float, ink: str) -> Markup:
    """Chinese characters one under another (a joker's name on its narrow strip)."""
    return Markup("").join(_label(x, y + i * size * 1.02, ch, size, ink) for i, ch in enumerate(text))


def _face(x: float, token: str, lang: str, extra_names: dict) -> Markup:
    """One card at x: a rank, a joker (the big one black, the small one white), a wild joker
    (`BJ=9`: the rank it stands for on the joker's colours, with a star) or an extra card kind
    (grey, a double border)."""
    zh = lang == "zh"
    wild = _WILD.fullmatch(token)
    joker = wild.group(1) if wild else token if token in JOKERS else None
    dark = joker == "BJ"
    extra = token in extra_names
    paper, ink = ("#000", "#fff") if dark else ("#e0e0e0", "#000") if extra else ("#fff", "#000")
    parts = [Markup('<rect x="{}" y="0.5" width="{}" height="{}" rx="2.5" fill="{}" stroke="#000" stroke-width="1"/>')
             .format(_n(x + 0.5), CARD_W - 1, CARD_H - 1, paper)]
    if extra:
        parts.append(Markup('<rect x="{}" y="2.3" width="{}" height="{}" rx="1.5" fill="none" stroke="#000" '
                            'stroke-width="0.6"/>').format(_n(x + 2.3), CARD_W - 4.6, CARD_H - 4.6))
        name = extra_names[token][0] if zh else token
        if zh and len(name) == 1:
            parts.append(_label(x + 2.2, 14, name, 11, ink))
        elif zh and len(name) == 2:
            parts.append(_stacked(x + 2.8, 12, name, 10, ink))
        else:
            parts.append(_label(x + 2.5, 13, token, 11, ink, width=(STEP - 4) if len(token) > 1 else None))
        if not (zh and len(name) == 2):
            parts.append(_diamond(x + 7.5, 21.5, 3.5, ink))
    elif wild:
        parts.append(_rank(x, wild.group(2), ink))
        parts.append(_star(x + 7, 20.5, 4.2, dark, ink))
    elif joker:
        if zh:
            parts.append(_stacked(x + 1.8, 11.5, _JOKER_ZH[joker], 10.2, ink))
        else:
            parts.append(_label(x + 1.5, 11, joker, 9, ink, width=STEP - 3))
            parts.append(_star(x + 7, 19.5, 4.5, dark, ink))
    else:
        parts.append(_rank(x, token, ink))
    return Markup("").join(parts)


def spoken(token: str, lang: str, extra_names: dict) -> str:
    """How a reader (or a screen reader) says one card: 小王, 大王=9, 鹰; big joker as 9."""
    wild = _WILD.fullmatch(token)
    if wild:
        joker, rank = wild.groups()
        return f"{_JOKER_ZH[joker]}当{rank}" if lang == "zh" else f"{_JOKER_EN[joker]} as {rank}"
    if token in JOKERS:
        return _JOKER_ZH[token] if lang == "zh" else _JOKER_EN[token]
    if token in extra_names:
        return extra_names[token][0] if lang == "zh" else extra_names[token][1]
    return token


def faces_svg(text: str, lang: str, extra_names: dict | None = None) -> Markup:
    """The cards of one group as a fanned row of small faces (one inline SVG); the group as
    players say it is its accessible name. Text that is no card group is an error."""
    return _faces_svg(text, lang, tuple(sorted((extra_names or {}).items())))


# A book draws the same few groups hundreds of times (every example of every rule, in three
# formats of two languages): each is drawn once. The drawing is a pure function of its arguments.
@functools.lru_cache(maxsize=4096)
def _faces_svg(text: str, lang: str, extras: tuple[tuple[str, tuple[str, str]], ...]) -> Markup:
    extra_names = dict(extras)
    tokens = card_tokens(text, tuple(extra_names))
    if tokens is None:
        raise ValueError(f"not a card group: {text!r}")
    step = STEP if len(tokens) <= LONG_GROUP else TIGHT_STEP
    width = step * (len(tokens) - 1) + CARD_W
    said = " ".join(spoken(t, lang, extra_names) for t in tokens)
    body = Markup("").join(_face(i * step, t, lang, extra_names) for i, t in enumerate(tokens))
    return Markup('<svg class="cards" role="img" aria-label="{}" viewBox="0 0 {} {}" width="{}em" height="{}em">'
                  '<title>{}</title>{}</svg>').format(
        said, width, CARD_H, _n(width * _EM_PER_UNIT), _n(CARD_H * _EM_PER_UNIT), said, body)


def extra_names_of(v) -> dict[str, tuple[str, str]]:
    """The variant's extra card kinds: token -> (Chinese name, English name)."""
    if "cards" not in v.sections:
        return {}
    return {row.token: (row.zh, row.en) for row in v.cards.extra}


# --- the card groups of a document ---------------------------------------------------

def _marked(text: Text, extras: tuple) -> Text:
    if not any(s.kind == "code" and card_group(s.text, extras) for s in text.segs):
        return text
    return Text(tuple(Seg(CARD_GROUP, s.text) if s.kind == "code" and card_group(s.text, extras) else s
                      for s in text.segs))


def _mark_block(block, extras: tuple) -> None:
    for text in block_texts(block):
        marked = _marked(text, extras)
        if marked is not text:
            _replace(block, text, marked)


def _replace(block, old: Text, new: Text) -> None:
    """Put `new` where `old` is in the block (a paragraph's, a note's, a list's or a table's text)."""
    if getattr(block, "text", None) is old:
        block.text = new
        return
    for holder in [getattr(block, "items", None), getattr(block, "head", None)] + \
            [row.cells for row in getattr(block, "rows", [])]:
        if holder is None:
            continue
        for i, t in enumerate(holder):
            if t is old:
                holder[i] = new


def mark_card_groups(doc: Document, extras=()) -> None:
    """Draw the card groups of the examples as cards: every code span of an example (and of
    the quick card) that is a card group in the books' notation becomes a card group. The
    rule sentences keep their code spans (a `2` there may be a count, not a card)."""
    extras = tuple(extras)
    for ch in doc.chapters:
        for item in ch.items:
            if isinstance(item, (ExampleItem, QuickBox)):
                for block in item.blocks:
                    _mark_block(block, extras)


# --- the seating diagram -------------------------------------------------------------

_SEAT_R = 12          # a seat's disc
_RING = 62            # the seats' distance from the table's centre
_TABLE = 44           # the table's radius
_PAD = 6
_SIZE = 2 * (_RING + _SEAT_R + _PAD)


def seat_angles(players: int, direction: str) -> dict[int, float]:
    """Each seat's angle on the page (radians, y downwards): seat 1 at the bottom (where the
    reader sits), the next seats following the direction of play as seen from above."""
    sign = -1 if direction == "counter_clockwise" else 1   # on the page, y grows downwards
    step = 2 * math.pi / players
    return {seat: math.pi / 2 + sign * (seat - 1) * step for seat in range(1, players + 1)}


def _at(angle: float, radius: float) -> tuple[float, float]:
    c = _SIZE / 2
    return c + radius * math.cos(angle), c + radius * math.sin(angle)


def _arrow(a0: float, a1: float, radius: float) -> Markup:
    """An arc at `radius` from angle a0 to a1 with an arrowhead at a1."""
    x0, y0 = _at(a0, radius)
    x1, y1 = _at(a1, radius)
    sweep = 1 if a1 > a0 else 0
    arc = Markup('<path d="M{} {} A{} {} 0 0 {} {} {}" fill="none" stroke="#000" stroke-width="1.3"/>').format(
        _n(x0), _n(y0), radius, radius, sweep, _n(x1), _n(y1))
    # the arrowhead: along the tangent at a1, pointing the way of travel
    direction = 1 if a1 > a0 else -1
    tx, ty = -math.sin(a1) * direction, math.cos(a1) * direction
    nx, ny = math.cos(a1), math.sin(a1)
    tip = (x1 + tx * 3, y1 + ty * 3)
    back = (x1 - tx * 3.5, y1 - ty * 3.5)
    pts = [tip, (back[0] + nx * 3.2, back[1] + ny * 3.2), (back[0] - nx * 3.2, back[1] - ny * 3.2)]
    head = Markup('<polygon points="{}" fill="#000"/>').format(" ".join(f"{_n(x)},{_n(y)}" for x, y in pts))
    return arc + head


def seating_svg(players: int, teams, opposites, direction: str, label: str) -> Markup:
    """The table seen from above: seats numbered in playing order, the first team's seats as
    black discs and the other's as white ones, a dashed line between opposites, an arrow
    from each seat to the next in the direction of play."""
    angles = seat_angles(players, direction)
    first_team = set(teams[0]) if teams else set()
    parts = [Markup('<circle cx="{c}" cy="{c}" r="{r}" fill="#eee" stroke="#000" stroke-width="1"/>').format(
        c=_n(_SIZE / 2), r=_TABLE)]
    for a, b in opposites:
        (xa, ya), (xb, yb) = _at(angles[a], _RING - _SEAT_R), _at(angles[b], _RING - _SEAT_R)
        parts.append(Markup('<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#000" stroke-width="1.2" '
                            'stroke-dasharray="4 3"/>').format(_n(xa), _n(ya), _n(xb), _n(yb)))
    gap = (_SEAT_R + 4) / _RING   # the arcs stop short of the seats' discs
    step = 2 * math.pi / players
    for seat in range(1, players + 1):
        a0 = angles[seat]
        a1 = a0 + (step if direction == "clockwise" else -step)
        inward = 1 if a1 > a0 else -1
        if step - 2 * gap > 0.05:
            parts.append(_arrow(a0 + inward * gap, a1 - inward * gap, _RING))
    for seat in range(1, players + 1):
        x, y = _at(angles[seat], _RING)
        dark = seat in first_team
        parts.append(Markup('<circle cx="{}" cy="{}" r="{}" fill="{}" stroke="#000" stroke-width="1.3"/>').format(
            _n(x), _n(y), _SEAT_R, "#000" if dark else "#fff"))
        parts.append(Markup('<text x="{}" y="{}" font-size="13" font-weight="700" text-anchor="middle" fill="{}">{}'
                            '</text>').format(_n(x), _n(y + 4.6), "#fff" if dark else "#000", seat))
    return Markup('<svg class="seating" role="img" aria-label="{l}" viewBox="0 0 {s} {s}" width="{s}" height="{s}">'
                  '<title>{l}</title>{b}</svg>').format(
        l=label, s=_SIZE, b=Markup("").join(parts))


def swatch(kind: str) -> Markup:
    """The legend's small pictures: a black or white seat, a dashed line, an arrow."""
    if kind in ("dark", "light"):
        fill = "#000" if kind == "dark" else "#fff"
        body = Markup('<circle cx="8" cy="8" r="6" fill="{}" stroke="#000" stroke-width="1.3"/>').format(fill)
    elif kind == "opposite":
        body = Markup('<line x1="1" y1="8" x2="21" y2="8" stroke="#000" stroke-width="1.2" stroke-dasharray="4 3"/>')
    else:
        body = Markup('<line x1="1" y1="8" x2="16" y2="8" stroke="#000" stroke-width="1.3"/>'
                      '<polygon points="22,8 15,4.5 15,11.5" fill="#000"/>')
    width = 16 if kind in ("dark", "light") else 22
    return Markup('<svg class="swatch" viewBox="0 0 {w} 16" width="{w}" height="16" aria-hidden="true">{b}</svg>').format(w=width, b=body)


_DIRECTION = {"counter_clockwise": ("逆时针", "counter-clockwise"), "clockwise": ("顺时针", "clockwise")}


def seats_text(seats, lang: str) -> Text:
    return join([str(s) for s in seats], lang, "、", "and") + (plain("号") if lang == "zh" else Text())


def seating_figure(v, lang: str) -> Figure:
    """The seating diagram of variant `v` in the book's language, with its legend and the
    sentence that says it (Markdown has no pictures)."""
    zh = lang == "zh"
    t = v.table
    players, teams, opposites, direction = t.players, list(t.teams), list(t.opposites), t.direction
    way_zh, way_en = _DIRECTION[direction]
    order = plain(("→" if zh else " → ").join([str(s) for s in range(1, players + 1)] + ["1"]))
    pairs = join([T("{a}号与{b}号", a=a, b=b) if zh else T("{a} and {b}", a=a, b=b) for a, b in opposites], lang,
                 "、", ",")
    dashes = plain(("、" if zh else ", ").join(f"{a}和{b}" if zh else f"{a} & {b}" for a, b in opposites))
    team_a, team_b = (teams + [[], []])[:2]
    partners = all(any(a in team and b in team for team in teams) for a, b in opposites)
    if zh:
        label = f"座位图：{players}个座位，按出牌顺序{way_zh}编号"
        legend = [(swatch("dark"), T("黑色：{s}一方", s=seats_text(team_a, lang))),
                  (swatch("light"), T("白色：{s}一方", s=seats_text(team_b, lang))),
                  (swatch("opposite"), T("虚线：对家（{p}）", p=dashes)),
                  (swatch("arrow"), T("箭头：出牌方向（{w}）", w=way_zh))]
        text = T("座位：从1号起{w}轮转，{o}；对家：{p}（{r}）；{a}一方，{b}一方。", w=way_zh, o=order, p=pairs,
                 r="同一方" if partners else "敌方", a=seats_text(team_a, lang), b=seats_text(team_b, lang))
    else:
        label = f"Seating: {players} seats, numbered {way_en} in playing order"
        legend = [(swatch("dark"), T("Black: seats {s}, a team", s=seats_text(team_a, lang))),
                  (swatch("light"), T("White: seats {s}, a team", s=seats_text(team_b, lang))),
                  (swatch("opposite"), T("Dashed: opposites ({p})", p=dashes)),
                  (swatch("arrow"), T("Arrows: the way play goes ({w})", w=way_en))]
        text = T("Seats: play passes {w} from seat 1, {o}; opposites: {p} ({r}); seats {a} are one team, seats {b} "
                 "the other.", w=way_en, o=order, p=pairs, r="partners" if partners else "opponents",
                 a=join([str(s) for s in team_a], lang), b=join([str(s) for s in team_b], lang))
    svg = seating_svg(players, teams, opposites, direction, label)
    return Figure("seating", svg, legend, text)
