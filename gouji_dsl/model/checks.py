"""Stage 3: semantic checks of a built rule model.

Each check reads the model and reports, at the position where the culprit
rule was written, what is inconsistent. Checks run on abstract variants
too, so they tolerate unset (None) rules.
"""
from __future__ import annotations

from collections import Counter
from typing import Callable

from gouji_dsl.model import schema as m
from gouji_dsl.diagnostics import Pos, Reporter, did_you_mean
from gouji_dsl.paths import sources_dir
from gouji_dsl.model.types import CARDS

CARDS_PER_DECK = 54
CHECKS: list[Callable[[m.Variant, Reporter], None]] = []


def check(fn):
    CHECKS.append(fn)
    return fn


def run_checks(variant: m.Variant) -> Reporter:
    rep = Reporter()
    for fn in CHECKS:
        fn(variant, rep)
    return rep


def at(v: m.Variant, path: str) -> Pos:
    origin = v.origin(path) or v.origin(path.split("[")[0]) or v.origin("variant")
    return origin.pos


def at_nearest(v: m.Variant, *paths: str) -> Pos:
    """The position of whichever rule the variant itself wrote, else of the first one."""
    for path in paths:
        origin = v.origin(path)
        if origin is not None and origin.variant == v.name:
            return origin.pos
    return at(v, paths[0])


def _get(v: m.Variant, section: str, name: str):
    sec = v.sections.get(section)
    return None if sec is None else getattr(sec, name)


@check
def citations(v: m.Variant, rep: Reporter) -> None:
    sources = {s.key: s for s in (_get(v, "about", "sources") or ())}
    decisions = {d.id for d in (_get(v, "about", "decisions") or ())}
    line_counts: dict[str, int | None] = {}
    for cite in v.citations:
        if cite.source in decisions:
            if cite.first_line is not None:
                rep.error(cite.pos, f"decision {cite.source} has no lines: cite it as @{cite.source}")
            continue
        if cite.source not in sources:
            rep.error(cite.pos, f"unknown source or decision '{cite.source}' in citation {cite.text}",
                      did_you_mean(cite.source, list(sources) + list(decisions)) or
                      "sources are listed in [about] sources, decisions in [about] decisions")
            continue
        if cite.first_line is None:
            # Rulebooks quote the cited lines; a whole document is no quotation.
            rep.error(cite.pos, f"citation {cite.text} names no line of source {cite.source}",
                      hint=f"cite the line(s) the rule comes from: @{cite.source}:L15 or @{cite.source}:L15-18")
            continue
        if cite.last_line is not None and cite.last_line < cite.first_line:
            rep.error(cite.pos, f"citation {cite.text} ends before it starts")
            continue
        file = sources[cite.source].file
        if file not in line_counts:
            path = sources_dir() / file
            try:
                line_counts[file] = len(path.read_text(encoding="utf-8").splitlines()) if path.is_file() else None
            except (OSError, UnicodeDecodeError):
                line_counts[file] = None
        count = line_counts[file]
        last = cite.last_line or cite.first_line
        if count is not None and (cite.first_line < 1 or last > count):
            rep.error(cite.pos, f"citation {cite.text} is out of range: source {cite.source} ({file}) has {count} lines")


@check
def seats(v: m.Variant, rep: Reporter) -> None:
    players = _get(v, "table", "players")
    teams = _get(v, "table", "teams")
    opposites = _get(v, "table", "opposites")
    if players is None:
        return
    all_seats = set(range(1, players + 1))
    if teams is not None:
        pos = at(v, "table.teams")
        listed = [s for team in teams for s in team]
        bad = sorted(s for s in listed if s not in all_seats)
        if bad:
            rep.error(pos, f"teams name seat {bad[0]}, but there are only seats 1..{players}")
        else:
            twice = sorted(s for s, c in Counter(listed).items() if c > 1)
            if twice:
                rep.error(pos, f"seat {twice[0]} is in both teams")
            missing = sorted(all_seats - set(listed))
            if missing:
                rep.error(pos, f"seat {missing[0]} is in no team", hint=f"the teams must share seats 1..{players} between them")
            elif len(teams[0]) != len(teams[1]):
                rep.error(pos, f"the teams are unequal ({len(teams[0])} and {len(teams[1])} players)")
    if opposites is not None:
        pos = at(v, "table.opposites")
        listed = [s for pair in opposites for s in pair]
        bad = sorted(s for s in listed if s not in all_seats)
        if bad:
            rep.error(pos, f"opposites name seat {bad[0]}, but there are only seats 1..{players}")
            return
        twice = sorted(s for s, c in Counter(listed).items() if c > 1)
        if twice:
            rep.error(pos, f"seat {twice[0]} has more than one opposite")
        elif set(listed) != all_seats:
            rep.error(pos, f"seat {sorted(all_seats - set(listed))[0]} has no opposite")
        elif teams is not None and not rep.failed:
            team_of = {s: i for i, team in enumerate(teams) for s in team}
            same_team = v.game == "shuangkou"
            for a, b in opposites:
                if (team_of.get(a) == team_of.get(b)) != same_team:
                    want = "partners on one team" if same_team else "opponents (on different teams)"
                    rep.error(pos, f"seats {a} and {b} face each other, so they must be {want}")
                    break


@check
def deal(v: m.Variant, rep: Reporter) -> None:
    players, decks, each = (_get(v, "table", k) for k in ("players", "decks", "cards_per_player"))
    if None in (players, decks, each):
        return
    total = decks * CARDS_PER_DECK
    dealt = players * each
    if dealt != total:
        pos = at_nearest(v, "table.cards_per_player", "table.decks", "table.players")
        if dealt > total:
            rep.error(pos, f"{players} players × {each} cards = {dealt}, but {decks} deck(s) hold only {total} cards")
        else:
            rep.error(pos, f"{players} players × {each} cards = {dealt} leaves {total - dealt} of {decks} deck(s) × 54 = {total} cards undealt",
                      hint=f"with {decks} deck(s) deal {total // players} each" if total % players == 0 else None)


@check
def cards(v: m.Variant, rep: Reporter) -> None:
    order = _get(v, "cards", "order")
    jokers = _get(v, "cards", "jokers")
    if order is not None and jokers is not None and jokers:
        top = set(order[len(order) - len(jokers):])
        if top != set(jokers):
            rep.error(at(v, "cards.order"), "the jokers must be the highest cards of the order")
            return
    if v.game != "gouji":
        return
    # The Gouji engines deal whole 54-card decks and rank 3 < ... < A < 2 < SJ < BJ
    # (runtime.CARDS): another order or fewer jokers would be accepted but not played.
    if order is not None and tuple(order[:12]) != CARDS[:12]:
        rep.error(at(v, "cards.order"), "Gouji engines rank 3 < 4 < ... < K < A: keep the number cards in that order")
    elif order is not None and tuple(order) != CARDS:
        rep.error(at(v, "cards.order"), "Gouji engines rank A < 2 < SJ < BJ: keep the 2 and the jokers in that order",
                  hint="order = [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, SJ, BJ]")
    if jokers is not None and set(jokers) != {"SJ", "BJ"}:
        rep.error(at(v, "cards.jokers"), "Gouji is played with whole 54-card decks: both jokers are in play",
                  hint="jokers = [SJ, BJ]")


@check
def gouji_thresholds(v: m.Variant, rep: Reporter) -> None:
    thresholds = _get(v, "gouji", "thresholds")
    decks = _get(v, "table", "decks")
    if not thresholds or decks is None:
        return
    fillers = 4 * decks if _get(v, "gouji", "fillers_count") and _get(v, "cards", "filler") else 0
    for i, row in enumerate(thresholds):
        most = 4 * decks + (fillers if row.rank != _get(v, "cards", "filler") else 0)
        if row.at_least > most:
            rep.error(at(v, f"gouji.thresholds[{i}]"),
                      f"no play can hold {row.at_least} cards of rank {row.rank}: {decks} deck(s) give at most {most}")


@check
def threes(v: m.Variant, rep: Reporter) -> None:
    sec = v.sections.get("threes")
    if sec is None:
        return
    if sec.buy_three and sec.threes_last is False:
        rep.error(at(v, "threes.buy_three"), "buy_three = yes contradicts threes_last = no: 买3 exists only in 憋三",
                  notes=[(at(v, "threes.threes_last"), "threes_last set here")])
    if sec.ask_three and sec.buy_three is False:
        rep.error(at(v, "threes.ask_three"), "ask_three = yes needs buy_three = yes: 要3 happens when 买3 fails")
    if sec.buy_with and "3" in sec.buy_with:
        rep.error(at(v, "threes.buy_with"), "a player cannot pay for a 3 with a 3")


@check
def tribute(v: m.Variant, rep: Reporter) -> None:
    sec = v.sections.get("tribute")
    players = _get(v, "table", "players")
    if sec is None:
        return
    order = sec.order or ()
    threes_last = _get(v, "threes", "threes_last")
    burning = _get(v, "burning", "allowed")
    for kind, amount, needs, needed_name in (("men", sec.men, threes_last, "[threes] threes_last"),
                                             ("shao", sec.shao, burning, "[burning] allowed")):
        if amount is None or sec.order is None:
            continue
        if amount > 0 and kind not in order:
            rep.error(at(v, f"tribute.{kind}"), f"{kind} = {amount} but '{kind}' is not in the tribute order",
                      hint=f"add {kind} to [tribute] order, or set {kind} = 0")
        if amount == 0 and kind in order:
            rep.error(at(v, "tribute.order"), f"the tribute order lists '{kind}' but {kind} = 0",
                      notes=[(at(v, f"tribute.{kind}"), f"{kind} set here")])
        if amount > 0 and needs is False:
            rep.error(at(v, f"tribute.{kind}"), f"{kind} = {amount} contradicts {needed_name} = no")
    if sec.luo and players:
        for i, row in enumerate(sec.luo):
            for place in (row.payer, row.receiver):
                if place > players:
                    rep.error(at(v, f"tribute.luo[{i}]"), f"place {place} does not exist: there are {players} places")
                    break
            else:
                if row.payer == row.receiver:
                    rep.error(at(v, f"tribute.luo[{i}]"), f"place {row.payer} cannot pay tribute to itself")
    if sec.luo is not None and "luo" in order and not sec.luo:
        rep.error(at(v, "tribute.luo"), "the tribute order lists 'luo' but the luo table is empty")
    if sec.dian is not None:
        _dian_table(v, sec, rep)
    if sec.dian_graduation and sec.dian_max_level == 1:
        rep.error(at(v, "tribute.dian_graduation"), "点贡毕业 needs levels: set dian_max_level above 1")


_SWAP = {"me": "opp", "opp": "me", "both": "both", "neither": "neither"}


def _dian_table(v: m.Variant, sec: m.TributeRules, rep: Reporter) -> None:
    declare = _get(v, "open", "declare")
    rows = {(r.declared, r.opened): (i, r) for i, r in enumerate(sec.dian)}
    for (declared, opened), (i, row) in rows.items():
        if declared != "neither" and declare is False:
            rep.error(at(v, f"tribute.dian[{i}]"), f"row for declared = {declared}, but nobody can declare ([open] declare = no)")
        mirror = rows.get((_SWAP[declared], _SWAP[opened]))
        if mirror is not None:
            j, other = mirror
            if (row.me_gives.text, row.opp_gives.text) != (other.opp_gives.text, other.me_gives.text):
                if (declared, opened) == (_SWAP[declared], _SWAP[opened]):
                    rep.error(at(v, f"tribute.dian[{i}]"),
                              f"declared = {declared}, opened = {opened} is the same seen from either player, so me_gives and opp_gives must be equal")
                elif i < j:
                    rep.error(at(v, f"tribute.dian[{j}]"),
                              f"this row contradicts its mirror (declared = {declared}, opened = {opened}) with the players swapped",
                              notes=[(at(v, f"tribute.dian[{i}]"), "mirror row here")])
    if declare is None:
        return
    declared_cases = ("neither", "both", "me", "opp") if declare else ("neither",)
    missing = [f"declared = {d}, opened = {o}" for d in declared_cases for o in ("me", "opp", "both", "neither")
               if (d, o) not in rows and (_SWAP[d], _SWAP[o]) not in rows]
    if missing:
        rep.error(at(v, "tribute.dian"), f"the 点贡 table has no row for {missing[0]}" +
                  (f" (and {len(missing) - 1} more case(s))" if len(missing) > 1 else ""),
                  hint="every case needs a row, or a row for the same case with the players swapped")


@check
def scoring(v: m.Variant, rep: Reporter) -> None:
    points = _get(v, "scoring", "place_points")
    players = _get(v, "table", "players")
    if points is None or players is None:
        return
    if len(points) != players:
        rep.error(at(v, "scoring.place_points"), f"{len(points)} place points for {players} places")
        return
    if list(points) != sorted(points, reverse=True):
        rep.error(at(v, "scoring.place_points"), "place points must not rise from a better place to a worse one")
    if _get(v, "scoring", "zero_sum") and sum(points) != 0:
        rep.error(at(v, "scoring.place_points"), f"place points add up to {sum(points)}, so games would not be zero-sum",
                  notes=[(at(v, "scoring.zero_sum"), "zero_sum = yes set here")])


@check
def places(v: m.Variant, rep: Reporter) -> None:
    places = _get(v, "end", "places")
    players = _get(v, "table", "players")
    if places is None or players is None:
        return
    have = {p.place for p in places}
    for i, p in enumerate(places):
        if p.place > players:
            rep.error(at(v, f"end.places[{i}]"), f"place {p.place} does not exist: there are {players} players")
    missing = sorted(set(range(1, players + 1)) - have)
    if missing:
        rep.error(at(v, "end.places"), f"place {missing[0]} has no name", hint=f"name places 1..{players}")
    place = _get(v, "revolution", "place")
    if place is not None and place > players:
        rep.error(at(v, "revolution.place"), f"place {place} does not exist: there are {players} players")
    starts = _get(v, "chaos", "starts_at")
    if starts is not None and starts >= players:
        rep.error(at(v, "chaos.starts_at"), f"the free-for-all cannot start with {starts} players holding cards: there are {players}")


@check
def contradictions(v: m.Variant, rep: Reporter) -> None:
    revolution = _get(v, "revolution", "allowed")
    if revolution is False:
        for path, what in (("revolution.auto_open", "auto_open = yes"),
                           ("chaos.after_first_out_with_revolution", "after_first_out_with_revolution = yes")):
            section, name = path.split(".")
            if _get(v, section, name):
                rep.error(at(v, path), f"{what} contradicts [revolution] allowed = no",
                          notes=[(at(v, "revolution.allowed"), "revolution switched off here")])
        # Without revolution this cause is opposite_out under another name: accepted, it would change nothing.
        if _get(v, "headless", "cause") == "opposite_out_or_revolution":
            rep.error(at(v, "headless.cause"), "cause = opposite_out_or_revolution contradicts [revolution] allowed = no",
                      hint="write cause = opposite_out", notes=[(at(v, "revolution.allowed"), "revolution switched off here")])
    if _get(v, "burning", "allowed") is False and _get(v, "burning", "counter_burn"):
        rep.error(at(v, "burning.counter_burn"), "counter_burn = yes contradicts [burning] allowed = no")
    if _get(v, "room", "leave_penalty") and _get(v, "room", "min_games") == 0:
        rep.error(at(v, "room.leave_penalty"), "a leaving penalty needs a minimum number of games (min_games = 0)")
    # Without a penalty these two change nothing: accepted, they would be rules the engine ignores.
    if _get(v, "room", "leave_penalty") == 0:
        for path, what in (("room.min_games", "min_games"), ("room.penalty_first_leaver_only", "penalty_first_leaver_only = yes")):
            section, name = path.split(".")
            if _get(v, section, name):
                rep.error(at_nearest(v, path, "room.leave_penalty"), f"{what} has no effect without a leaving penalty (leave_penalty = 0)",
                          hint="set [room] leave_penalty, or leave min_games = 0 and penalty_first_leaver_only = no",
                          notes=[(at(v, "room.leave_penalty"), "leave_penalty = 0 here")])
    if _get(v, "plays", "big_joker_doubling") and _get(v, "plays", "compare") == "top_card":
        rep.error(at(v, "plays.big_joker_doubling"), "big joker doubling is a rule of card-by-card comparison")
    if v.game == "gouji" and _get(v, "plays", "shape") == "patterns":
        rep.error(at(v, "plays.shape"), "Gouji plays are one rank with fillers and jokers: shape = one_rank")


@check
def patterns(v: m.Variant, rep: Reporter) -> None:
    sec = v.sections.get("patterns")
    if sec is None:
        return
    for i, t in enumerate(sec.types or ()):
        if t.min_length > t.max_length:
            rep.error(at(v, f"patterns.types[{i}]"), f"'{t.name}': min_length {t.min_length} is above max_length {t.max_length}")
    if sec.chains:
        if not sec.chain_rules:
            rep.error(at(v, "patterns.chains"), "chains = yes needs chain_rules: which bombs make a chain")
        if sec.chain_lines is None:
            rep.error(at(v, "patterns.chains"), "chains = yes needs chain_lines: a chain's strength in lines")
    elif sec.chain_unequal:
        rep.error(at(v, "patterns.chain_unequal"), "chain_unequal = yes needs chains = yes")
    for i, rule in enumerate(sec.chain_rules or ()):
        if rule.smallest_bomb > rule.largest_bomb:
            rep.error(at(v, f"patterns.chain_rules[{i}]"), "smallest_bomb is above largest_bomb")
        elif sec.bomb_min is not None and rule.smallest_bomb < sec.bomb_min:
            rep.error(at(v, f"patterns.chain_rules[{i}]"), f"a bomb has at least {sec.bomb_min} cards (bomb_min)")
    jokers = set(_get(v, "cards", "jokers") or ())
    for card in sec.wilds or ():
        if card not in jokers:
            rep.error(at(v, "patterns.wilds"), f"{card} is not one of the jokers, so it cannot be wild")
    decks = _get(v, "table", "decks")
    if decks and sec.joker_bombs:
        for i, bomb in enumerate(sec.joker_bombs):
            if bomb.jokers > 2 * decks:
                rep.error(at(v, f"patterns.joker_bombs[{i}]"), f"{decks} deck(s) hold only {2 * decks} jokers")


# Rule values the engines (generated and reference) do not implement. The
# checker refuses them, so that everything `gouji check` accepts is played as
# written and `gouji build` / `gouji doc` never fail on a checked file.
_UNSUPPORTED_HINT = "is not supported by the engines yet"


@check
def engine_support(v: m.Variant, rep: Reporter) -> None:
    if v.game == "shuangkou":
        if not v.abstract:
            rep.error(at(v, "variant"), "Shuangkou variants have no engine yet: mark it abstract",
                      hint=f"write 'abstract variant {v.name} ...' in the header")
        return
    if _get(v, "plays", "same_size") is False:
        rep.error(at(v, "plays.same_size"), f"same_size = no {_UNSUPPORTED_HINT}: Gouji answers have as many cards as the play",
                  hint="set same_size = yes")
    if _get(v, "plays", "compare") == "top_card":
        rep.error(at(v, "plays.compare"), f"compare = top_card {_UNSUPPORTED_HINT} in Gouji: plays compare card by card",
                  hint="set compare = card_by_card")
    filler = _get(v, "cards", "filler")
    if filler not in (None, "2"):
        rep.error(at(v, "cards.filler"), f"filler = {filler} {_UNSUPPORTED_HINT}: the filler is 2, or none",
                  hint="set filler = 2 or filler = none")
    if _get(v, "flow", "gouji_answer") == "anyone" and _get(v, "burning", "allowed"):
        rep.error(at_nearest(v, "flow.gouji_answer", "burning.allowed"),
                  "gouji_answer = anyone contradicts [burning] allowed = yes: when anyone may answer a 级牌, there is nothing to burn",
                  hint="set [burning] allowed = no as well",
                  notes=[(at(v, "burning.allowed"), "burning allowed here")])


@check
def room(v: m.Variant, rep: Reporter) -> None:
    # A 海选 (heat) room has no tribute and no minimum games (000:L7, 000:L76);
    # the engines read those two rules, so the room kind must agree with them.
    if _get(v, "room", "mode") == "haixuan":
        mode_set = [(at(v, "room.mode"), "mode = haixuan set here")]
        if _get(v, "tribute", "enabled"):
            rep.error(at_nearest(v, "tribute.enabled", "room.mode"), "a 海选 room (mode = haixuan) has no tribute: enabled = yes contradicts it",
                      hint="set [tribute] enabled = no, or [room] mode = normal", notes=mode_set)
        if _get(v, "room", "leave_penalty"):
            rep.error(at_nearest(v, "room.leave_penalty", "room.mode"), "a 海选 room (mode = haixuan) has no leaving penalty",
                      hint="set leave_penalty = 0 and min_games = 0, or [room] mode = normal", notes=mode_set)
    ranks = _get(v, "room", "ranks") or ()
    column = "points_min" if _get(v, "room", "rank_by") != "coins" else "coins_min"
    for i in range(1, len(ranks)):
        if getattr(ranks[i], column) <= getattr(ranks[i - 1], column):
            rep.error(at(v, f"room.ranks[{i}]"),
                      f"rank '{ranks[i].title}' needs no more {column} than the rank before it: ranks are looked up by {column}, lowest first")
            break
