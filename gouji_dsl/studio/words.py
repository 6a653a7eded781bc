"""The table's events and refusals in the players' words: the engines' English transcript lines
("seat 4: play J J", "seat 2 goes out, place 3") and their reasons for refusing an action
("3 SJ is not a legal play") put into the catalogue's sentences, in Chinese or English.

    event_words(line, language) -> str          one line of `game.transcript()`
    transcript_words(lines, language, ...)      every line of a game, each play said as a lead (先出)
                                                or an answer (管), each pass by its phase (不宣点 ...)
    refusal_words(reason, language) -> str      the reason of an IllegalAction

Each is a table of regular expressions, one per format the engines write (gouji_dsl/runtime:
the `self.log.append` lines of flow.py and setup.py, the actions as `transcript()` writes them,
the reasons of `_why_illegal`, `_why_not_seat`, `string_to_action` and the card notations), each
to a catalogue message (catalogue/table.py, `studio.table.event.*` and `studio.table.refusal.*`)
filled with what the line says: seat numbers, places, cards as the engine writes them. The
English is the engine's own line, word for word; the Chinese says it as players do (3号先出 J J,
4号管 Q Q, 5号过牌, 2号走科（三科）, 烧牌, 开点). A line no pattern matches is given back as it is: never
lost, never an exception (a new format of the engines shows in English until it has its pattern;
tests/test_studio_words.py plays games of every kind to find one).
"""
from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from gouji_dsl.messages import Message, Named, msg
from gouji_dsl.rules.tribute import TRIBUTE_KIND

# The places' names when the variant's are not given: the base rules' (variants/gouji.gouji) and
# Shuangkou's, as the studio's page names them.
_DEFAULT_PLACES = {
    "gouji": ("studio.page.place.gouji_1", "studio.page.place.gouji_2", "studio.page.place.gouji_3",
              "studio.page.place.gouji_4", "studio.page.place.gouji_5", "studio.page.place.gouji_6"),
    "shuangkou": ("studio.page.place.shuangkou_1", "studio.page.place.shuangkou_2",
                  "studio.page.place.shuangkou_3", "studio.page.place.shuangkou_4"),
}

_SEAT = r"seat (?P<seat>\d+)"
_CARDS = r"(?P<cards>\S.*?)"

# --- the transcript's lines ------------------------------------------------------------------
# (pattern, key): the pattern's named groups fill the message's names; a group named `place`,
# `kind`, `places` or `scores` is said through its converter (below). First match wins.
_EVENT_TABLE: tuple[tuple[str, str], ...] = (
    # the actions, as `transcript()` writes them ("seat N: " and the action's text)
    (_SEAT + r": play " + _CARDS, "studio.table.event.play"),
    (_SEAT + r": burn " + _CARDS, "studio.table.event.burn"),
    (_SEAT + r": pass", "studio.table.event.pass"),
    (_SEAT + r": defer", "studio.table.event.defer"),
    (_SEAT + r": declare", "studio.table.event.declare"),
    (_SEAT + r": revolt", "studio.table.event.revolt"),
    # runtime/setup.py: the deal, its tributes and the buying of cards
    (r"deal \(seed (?P<seed>.*)\)", "studio.table.event.deal_seed"),
    (r"redeal: " + _SEAT + r"'s hand meets \[table\] redeal_if", "studio.table.event.redeal"),
    (r"tribute (?P<kind>\w+): " + _SEAT + r" gives seat (?P<to>\d+) nothing", "studio.table.event.tribute_nothing"),
    (r"tribute (?P<kind>\w+): " + _SEAT + r" gives seat (?P<to>\d+) " + _CARDS, "studio.table.event.tribute"),
    (r"return: " + _SEAT + r" gives seat (?P<to>\d+) nothing", "studio.table.event.return_nothing"),
    (r"return: " + _SEAT + r" gives seat (?P<to>\d+) " + _CARDS, "studio.table.event.return"),
    (_SEAT + r" is given a (?P<card>\S+) by teammate (?P<teammate>\d+)", "studio.table.event.given"),
    (_SEAT + r" buys a (?P<card>\S+) from seat (?P<seller>\d+) for nothing", "studio.table.event.buy_free"),
    (_SEAT + r" buys a (?P<card>\S+) from seat (?P<seller>\d+) for (?P<price>\S+)", "studio.table.event.buy"),
    # runtime/flow.py: the course of play
    (r"(?P<count>\d+) revolutionaries: redeal", "studio.table.event.revolutionaries"),
    (_SEAT + r" sits out \(革命\)", "studio.table.event.sits_out"),
    (_SEAT + r" gets its turn back", "studio.table.event.turn_back"),
    (_SEAT + r"'s burn is lifted \(解烧\)", "studio.table.event.burn_lifted"),
    (_SEAT + r" burns seat (?P<burned>\d+)'s 级牌 \(烧牌\)", "studio.table.event.burns"),
    (_SEAT + r" opens \(开点\)", "studio.table.event.opens"),
    (_SEAT + r" forfeits 开点 \(废点\)", "studio.table.event.forfeits_open"),
    (_SEAT + r" goes out over the table with its final play \(最后一手走\)", "studio.table.event.final_play"),
    (_SEAT + r" goes out, place (?P<place>\d+)", "studio.table.event.out"),
    (_SEAT + r"'s burn succeeds", "studio.table.event.burn_succeeds"),
    (_SEAT + r" fails the burn \(烧牌失误\) and takes place (?P<place>\d+)", "studio.table.event.burn_fails"),
    (_SEAT + r" is 闷ed \(闷\) and takes place (?P<place>\d+)", "studio.table.event.menned_out"),
    (_SEAT + r"'s " + _CARDS + r" is back on the table", "studio.table.event.back"),
    (r"四户乱缠 \(free-for-all\) begins", "studio.table.event.chaos"),
    (r"game over: (?P<places>seat \d+ place \d+(?:, seat \d+ place \d+)*)", "studio.table.event.over"),
    (r"scores: \[(?P<scores>[^\]]*)\]", "studio.table.event.scores"),
    (_SEAT + r" is asked once more", "studio.table.event.asked_again"),
    (_SEAT + r" leads", "studio.table.event.leads"),
)
EVENT_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), key) for p, key in _EVENT_TABLE)

# An action's line said by what it is in the game: a play that leads or answers, a pass by phase.
_PLAY_AS = {True: "studio.table.event.lead", False: "studio.table.event.beat"}
_PASS_AS = {"play": "studio.table.event.pass_play", "declare": "studio.table.event.pass_declare",
            "revolt": "studio.table.event.pass_revolt"}
# Going out is 走科 in Gouji, 出完牌 in Shuangkou.
_OUT_AS = {"shuangkou": "studio.table.event.out_shuangkou"}

# --- the engines' reasons for refusing an action ----------------------------------------------
_REFUSAL_TABLE: tuple[tuple[str, str], ...] = (
    # runtime/flow.py: _why_illegal, _why_not_seat, apply_action
    (r"the game is over", "studio.table.refusal.over"),
    (r"it is seat (?P<turn>\d+)'s turn, not seat (?P<seat>\d+)'s", "studio.table.refusal.not_turn"),
    (_SEAT + r" has finished \(place (?P<place>\d+)\) and plays no more", "studio.table.refusal.finished"),
    (_SEAT + r" may not answer a 级牌 of seat (?P<top>\d+): only seat (?P<opposite>\d+) \(opposite\) or a burner may",
     "studio.table.refusal.not_opposite"),
    (_SEAT + r" must choose (?P<choices>\w+(?: or \w+)*) now, not (?P<action>.+)", "studio.table.refusal.must_choose"),
    (_SEAT + r" leads and may not pass", "studio.table.refusal.leads"),
    (_SEAT + r" may not defer \(让牌\) now: only the opposite of a non-级牌 play, first to answer it, may",
     "studio.table.refusal.defer"),
    (_SEAT + r" may not burn \(烧牌\): this game has no burning", "studio.table.refusal.no_burning"),
    (_SEAT + r" may not burn \(烧牌\) this play: a burn answers a 级牌 of a player who is not one's opposite",
     "studio.table.refusal.burn_not_here"),
    (_SEAT + r" may answer the 级牌 of seat (?P<top>\d+) only by burning it \('burn " + _CARDS
     + r"'\): only seat (?P<opposite>\d+) \(opposite\) answers it plainly", "studio.table.refusal.burn_only"),
    (_SEAT + r" may not answer seat (?P<top>\d+)'s play: it may only go out with all its cards, 'play " + _CARDS
     + r"' \(\[plays\] final_play\)", "studio.table.refusal.final_play_only"),
    (_SEAT + r" does not hold " + _CARDS, "studio.table.refusal.not_held"),
    (_CARDS + r" is not a legal play", "studio.table.refusal.not_a_play"),
    (_CARDS + r" does not beat (?P<top>\S.*)", "studio.table.refusal.not_beat"),
    (r"(?P<rank>\S+)s may only be played one at a time \(\[ranks\] single\)", "studio.table.refusal.rank_single"),
    (r"(?P<rank>\S+)s may only be played with no 2s or jokers attached \(\[ranks\] bare\)",
     "studio.table.refusal.rank_bare"),
    (r"(?P<rank>\S+)s may only be played all together, every (?P=rank) one holds \(\[ranks\] all_at_once\)",
     "studio.table.refusal.rank_all"),
    (r"(?P<rank>\S+)s may only be played as one's last play \(\[ranks\] last_only\)", "studio.table.refusal.rank_last"),
    (r"3s may only be played as one's last play, all of them together \(憋三\)", "studio.table.refusal.threes_last"),
    (r"(?P<action>.+) is not allowed now", "studio.table.refusal.not_now"),
    # runtime/actions.py: an action's text that does not read
    (r"empty action", "studio.table.refusal.empty"),
    (r"cannot read action (?P<text>.+): expected 'play CARDS', 'burn CARDS', 'pass', 'defer', 'declare' or 'revolt'",
     "studio.table.refusal.unreadable"),
    (_CARDS + r" is not one play", "studio.table.refusal.not_one_play"),
    (r"'(?P<kind>\w+) \.\.\.' holds more of a card than (?P<decks>\d+) deck\(s\) have", "studio.table.refusal.too_many"),
    (r"an action of (?P<length>[\d,]+) characters is no action \(at most (?P<most>[\d,]+)\)",
     "studio.table.refusal.too_long"),
    (r"(?P<value>.+) is not an action string", "studio.table.refusal.not_text"),
    # runtime/cards.py, runtime/patterns.py: a card that does not read (clipped at 200 characters)
    (r"unknown card (?P<token>.+?) \(token (?P<position>\d+)\): expected one of (?P<cards>.+?) \(or (?P<also>.+)\)",
     "studio.table.refusal.unknown_card_also"),
    (r"unknown card (?P<token>.+?) \(token (?P<position>\d+)\): expected one of (?P<cards>.+)",
     "studio.table.refusal.unknown_card"),
    (r"unknown card (?P<token>.+?) \(token (?P<position>\d+)\)", "studio.table.refusal.unknown_card_short"),
    (r"(?P<token>.+?) \(token (?P<position>\d+)\): only a joker \(SJ or BJ\) can stand for another card",
     "studio.table.refusal.stand_in_joker"),
    (r"(?P<token>.+?) \(token (?P<position>\d+)\): unknown card (?P<card>.+) after '='",
     "studio.table.refusal.stand_in_unknown"),
    (r"(?P<token>.+?) \(token (?P<position>\d+)\): a joker stands for a card from 3 to 2, not for a joker",
     "studio.table.refusal.stand_in_for_joker"),
    (r"cards must be written as a string of tokens, not (?P<kind>\w+)", "studio.table.refusal.cards_not_text"),
    # runtime/pattern_kinds.py: a hand written with a stand-in
    (r"a hand holds cards as they are: write BJ, not BJ=9 \(a stand-in is chosen when playing\)",
     "studio.table.refusal.hand_stand_in"),
)
REFUSAL_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p, re.DOTALL), key) for p, key in _REFUSAL_TABLE)

# The actions' names, as the table's buttons say them (catalogue/table.py's labels).
_ACTION_LABELS = {"play": "studio.table.play", "burn": "studio.table.burn", "pass": "studio.table.pass",
                  "defer": "studio.table.defer", "declare": "studio.table.declare", "revolt": "studio.table.revolt"}
_PASS_LABELS = {"declare": "studio.table.pass_declare", "revolt": "studio.table.pass_revolt"}
_SIMPLE = ("pass", "defer", "declare", "revolt")  # the actions without cards


def event_words(line: str, language: str, *, game: str = "gouji", places: Sequence[str] = (),
                phase: str | None = None, lead: bool | None = None) -> str:
    """A line of an engine's transcript in `language` ("zh" or "en"); a line no pattern matches
    as it is. `game`: "gouji" or "shuangkou" (who goes out: 走科 or 出完牌); `places`: the
    variant's names of the places in Chinese, the first place first (engine.RULES.place_names;
    none: the base rules'); `phase` ("declare", "revolt" or "play") and `lead` (True: the play
    leads, False: it answers) say an action's line as what it was (transcript_words knows them)."""
    found = _matched(EVENT_PATTERNS, line)
    if found is None:
        return line
    match, key = found
    if key == "studio.table.event.play" and lead is not None:
        key = _PLAY_AS[lead]
    elif key == "studio.table.event.pass" and phase in _PASS_AS:
        key = _PASS_AS[phase]
    elif key == "studio.table.event.out":
        key = _OUT_AS.get(game, key)
    values: dict[str, object] = dict(match.groupdict())
    if "place" in values:
        values["place"] = _place(match["place"], tuple(places) or _default_places(game))
    if "kind" in values:
        values["kind"] = _tribute_kind(match["kind"])
    if "places" in values:
        values["places"] = _standings(match["places"], tuple(places) or _default_places(game))
    if "scores" in values:
        values["scores"] = _scores(match["scores"])
    return msg(key, **values).text(language)


def transcript_words(lines: Sequence[str], language: str, *, game: str = "gouji", places: Sequence[str] = (),
                     players: int = 6, declare: bool = False, revolution: bool = False) -> list[str]:
    """Every line of a game's transcript in `language` (event_words), each play said as a lead
    (先出) or an answer (管), each pass as the phase's (不宣点, 不革命, 过牌). `players`,
    `declare`, `revolution`: the rules' (engine.PLAYERS, engine.RULES.declare and .revolution),
    which say the phase of an action before the first play: every seat is asked in turn to
    declare (宣点) first, then those who may revolt (革命)."""
    said = []
    asked = 0           # actions since the deal, before its first play
    before_play = True  # no play or burn since the deal
    leading = True      # the table is empty: the next play leads
    for line in lines:
        phase: str | None = None
        lead: bool | None = None
        action = _ACTION.fullmatch(line)
        if action is not None:
            kind = action["kind"]
            if before_play and kind in ("play", "burn"):
                before_play = False
            if before_play:
                phase = "declare" if declare and asked < players else "revolt" if revolution else None
                asked += 1
            else:
                phase = "play"
            if kind == "play":
                lead, leading = leading, False
            elif kind == "burn":
                leading = False
        elif line.startswith("deal ("):
            asked, before_play, leading = 0, True, True
        elif _LEADS.fullmatch(line):
            leading = True
        said.append(event_words(line, language, game=game, places=places, phase=phase, lead=lead))
    return said


_ACTION = re.compile(r"seat \d+: (?P<kind>play|burn|pass|defer|declare|revolt)(?: .*)?")
_LEADS = re.compile(r"seat \d+ leads")


def refusal_words(reason: str, language: str) -> str:
    """An engine's reason for refusing an action (an IllegalAction's text) in `language`; a
    reason no pattern matches as it is."""
    found = _matched(REFUSAL_PATTERNS, reason)
    if found is None:
        return reason
    match, key = found
    values: dict[str, object] = dict(match.groupdict())
    if "choices" in values:
        values["choices"] = _choices(match["choices"])
    if "action" in values:
        values["action"] = _action(match["action"])
    return msg(key, **values).text(language)


def reason_named(reason: str) -> Named:
    """An engine's reason as a value of a catalogue message: the reason in each language."""
    return Named(reason, refusal_words(reason, "zh"))


# --- what a line's values are in words ---------------------------------------------------------

def _matched(table: tuple[tuple[re.Pattern[str], str], ...], text: object) -> tuple[re.Match[str], str] | None:
    if not isinstance(text, str):
        return None
    for pattern, key in table:
        match = pattern.fullmatch(text)
        if match is not None:
            return match, key
    return None


@functools.lru_cache(maxsize=None)
def _default_places(game: str) -> tuple[str, ...]:
    return tuple(msg(key).text("zh") for key in _DEFAULT_PLACES.get(game, _DEFAULT_PLACES["gouji"]))


def _place(number: str, names: Sequence[str]) -> Named:
    """A place: its number in English (as the engine writes it), its name in Chinese (三科)."""
    place = int(number)
    name = names[place - 1] if 1 <= place <= len(names) else msg("studio.page.place.nth", place=place).text("zh")
    return Named(number, name)


def _tribute_kind(kind: str) -> Named:
    member = TRIBUTE_KIND.members.get(kind)
    return Named(kind, member.zh if member is not None else kind)


_STANDING = re.compile(r"seat (\d+) place (\d+)")


def _standings(text: str, names: Sequence[str]) -> Named:
    """"seat 1 place 6, seat 2 place 3": "1号大落、2号三科"."""
    return _listed(text, [msg("studio.table.event.standing", seat=seat, place=_place(place, names))
                          for seat, place in _STANDING.findall(text)])


def _scores(text: str) -> Named:
    """"-4, 4, 2/3": "1号-4分、2号+4分、3号+2/3分"."""
    scores = [s.strip() for s in text.split(",")] if text.strip() else []
    return _listed(text, [msg("studio.table.event.score", seat=seat, score=_signed(score))
                          for seat, score in enumerate(scores, 1)])


def _signed(score: str) -> str:
    return score if score.startswith(("-", "+")) or score.strip("0") in ("", "/") else "+" + score


def _listed(english: str, items: Sequence[Message]) -> Named:
    """A list the engine writes (`english`, kept as it is) and its items in Chinese."""
    return Named(english, msg("studio.table.event.separator").text("zh").join(item.text("zh") for item in items))


def _choices(text: str) -> Named:
    """"pass or declare": "不宣点或宣点" (a pass named by what the others are)."""
    kinds = text.split(" or ")
    passing = next((_PASS_LABELS[k] for k in kinds if k in _PASS_LABELS), "studio.table.pass")
    labels = [msg(passing if k == "pass" else _ACTION_LABELS[k]).text("zh") if k in _SIMPLE else k for k in kinds]
    return Named(text, msg("studio.table.refusal.or").text("zh").join(labels))


def _action(text: str) -> Named:
    """An action as the engine writes it ("play 3 3", "pass"): as the table's button says it in
    Chinese (出 3 3, 过); one that is not an action's text (a forged one) as it is."""
    kind, _, cards = text.partition(" ")
    key = _ACTION_LABELS.get(kind)
    if key is None or bool(cards) != (kind in ("play", "burn")):
        return Named(text, text)
    return Named(text, msg(key, cards=cards).text("zh") if cards else msg(key).text("zh"))
