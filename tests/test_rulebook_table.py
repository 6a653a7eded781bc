"""The rulebook's worked examples for house-rule files that switch options no shipped variant
switches, one row each: every example is the simplest one the search rules allow, and is true of
the variant's engine. Also the example search's guards (an engine that disagrees with the rule
text, a table with no plain play, sample results the engine refuses) and its independence from
the order in which an engine lists its plays."""
from __future__ import annotations

from collections import Counter

import pytest

from gouji_dsl import engines
from gouji_dsl.docs import examples
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.prose.errors import RulebookError
from gouji_dsl.phases import Compilation
from gouji_dsl.runtime.cards import ResultError

from helpers import scratch_workspace


def thresholds(rows: dict[str, int]) -> str:
    return "[gouji]\nthresholds =\n  | rank | at_least |\n" + "".join(f"  | {r} | {k} |\n" for r, k in rows.items())


# Every triple from 7 to Q is a 级牌, K K K is not: the plain lead is K K K.
LEAD_K = thresholds({"7": 3, "8": 3, "9": 3, "10": 3, "J": 3, "Q": 3, "K": 4, "A": 2, "2": 1})
# Every triple from 7 to K is a 级牌: the plain lead is A A A, and nothing of one rank is above it.
LEAD_A = thresholds({"7": 3, "8": 3, "9": 3, "10": 3, "J": 3, "Q": 3, "K": 3, "A": 4, "2": 1})

HOUSES = {
    "lead-k": ("lianzhong", LEAD_K),
    "lead-a": ("lianzhong", LEAD_A),
    "lead-a-no-lone-2s": ("lianzhong", LEAD_A + "[plays]\nfillers_alone = no\n"),
    "single-ace": ("lianzhong", thresholds({"A": 1, "10": 5, "J": 4, "Q": 3, "K": 2, "2": 1})),
    "fives": ("lianzhong", thresholds({"9": 6, "10": 5, "J": 5, "Q": 5, "K": 5, "A": 5, "2": 1})),
    "pairs": ("zaozhuang", thresholds({"Q": 2, "K": 2, "A": 2, "2": 1})),
    "pair-of-2s": ("lianzhong", thresholds({"10": 5, "2": 2, "A": 2, "Q": 3, "K": 2})),
    "one-ace": ("lianzhong", thresholds({"A": 1, "10": 5})),
    "ace-triple": ("zaozhuang", thresholds({"Q": 2, "K": 2, "2": 3, "A": 3})),
    "four-to-ace": ("zaozhuang", thresholds({"4": 8, "5": 8, "6": 8, "7": 7, "8": 6, "9": 6, "10": 5, "J": 4,
                                             "Q": 3, "K": 2, "A": 2})),
    "no-ace-row": ("zaozhuang", thresholds({"4": 8, "5": 8, "6": 8, "7": 7, "8": 6, "9": 6, "10": 5, "J": 4, "Q": 3,
                                            "K": 2, "2": 1})),
    "five-to-ace": ("zaozhuang", thresholds({"5": 8, "6": 8, "7": 7, "8": 6, "9": 6, "10": 5, "J": 4, "Q": 3,
                                             "K": 2, "A": 2, "2": 1})),
    "burn-ace": ("lianzhong", thresholds({"A": 3, "K": 2, "Q": 5, "2": 1})),
    "burn-king": ("lianzhong", thresholds({"K": 3, "Q": 5, "2": 1, "A": 2})),
    "burn-rest-9": ("lianzhong", "[burning]\ncondition = size(rest) <= 9\n"),
    "burn-rest-10": ("lianzhong", "[burning]\ncondition = size(rest) <= 10\n"),
    "burn-always": ("lianzhong", "[burning]\ncondition = size(hand) >= 0\n"),
    "burn-sets": ("lianzhong", "[burning]\ncondition = not (sets(rest) > 1)\n"),
    # Pairs: K BJ and A BJ both beat Q Q; the burning play must carry the joker.
    "burn-pairs-joker": ("zaozhuang", thresholds({"Q": 2, "K": 2, "A": 2, "2": 1})
                         + "[burning]\nfirst_play_needs_joker = yes\ncondition = size(rest) <= 9\n"),
    "burn-max": ("lianzhong", "[burning]\ncondition = max(size(rest), count(rest, 4)) <= 2\n"),
    "no-burning": ("zaozhuang", "[burning]\nallowed = no\n"),
    "no-men": ("lianzhong", "[tribute]\norder = [shao, dian, luo]\nmen = 0\n"),
    "dian-2": ("zaozhuang", "[tribute]\ndian_max_level = 2\n"),
    "eight-players": ("lianzhong", "[table]\nplayers = 8\ndecks = 4\ncards_per_player = 27\n"
                      "teams = [[1, 3, 5, 7], [2, 4, 6, 8]]\nopposites = [[1, 2], [3, 4], [5, 6], [7, 8]]\n"
                      "[end]\nplaces =\n  | place | zh | en |\n"
                      + "".join(f'  | {i} | "{i}科" | "place {i}" |\n' for i in range(1, 9))
                      + "[scoring]\nplace_points = [4, 3, 2, 1, -1, -2, -3, -4]\n"),
    # 3s may be a 级牌 under 憋三, but take no fillers there (D22): the filler example is the 10s'.
    "threes-row": ("lianzhong", thresholds({"3": 3, "10": 5, "J": 4, "Q": 3, "K": 2, "A": 2, "2": 1})),
    "no-plain": ("lianzhong", thresholds({"7": 3, "8": 3, "9": 3, "10": 3, "J": 3, "Q": 3, "K": 3, "A": 3, "2": 1})),
}


@pytest.fixture(scope="module")
def variants(tmp_path_factory):
    ws = scratch_workspace(tmp_path_factory.mktemp("houses"),
                           {name: f"variant {name} extends {base}\n{text}" for name, (base, text) in HOUSES.items()})
    return {name: Compilation(ws, name).checked for name in HOUSES}


def beats_of(ex) -> list:
    return [(b.lead, b.play, b.beats, b.what) for b in ex.beats]


# The comparison examples: the plain lead is the lowest triple from 7 up that is no 级牌; then
# the simplest answers (fewest jokers, then fewest 2s, then the lowest rank).
STANDARD_BEATS = [("7 7 7", "8 8 8", True, "plain"), ("7 7 7", "8 8 2", True, "filler"),
                  ("7 7 7", "8 8 8 8", False, "size"), ("7 7 SJ", "8 8 BJ", True, "small_joker"),
                  ("7 7 SJ", "8 8 SJ", False, "small_joker"), ("7 7 BJ", "8 8 BJ", False, "big_joker")]


@pytest.mark.parametrize("name,beats,nothing", [
    # K K K leads: A A A and A A 2 beat it; a big joker in the lead has no answer (no doubling).
    ("lead-k", [("K K K", "A A A", True, "plain"), ("K K K", "A A 2", True, "filler"),
                ("K K K", "A A A A", False, "size"), ("K K SJ", "A A BJ", True, "small_joker"),
                ("K K SJ", "A A SJ", False, "small_joker"), ("K K BJ", "A A BJ", False, "big_joker")], ["K K BJ"]),
    # A A A leads: no rank is above A, and three 2s alone are no answer "of one rank with 2s":
    # the size example falls back to the lead itself, and A A SJ / A A BJ have no example answer.
    ("lead-a", [("A A A", "A A A", False, "size")], ["A A BJ"]),
    ("lead-a-no-lone-2s", [("A A A", "A A A", False, "size")], ["A A BJ"]),
    ("single-ace", STANDARD_BEATS, ["7 7 BJ"]),
    # Zaozhuang doubling: one big joker in the lead is taken by two.
    ("pairs", STANDARD_BEATS[:5] + [("7 7 BJ", "8 8 BJ BJ", True, "big_joker"),
                                    ("7 7 BJ", "8 8 BJ", False, "big_joker")], []),
])
def test_the_comparison_examples(variants, name, beats, nothing):
    ex = examples.examples_for(variants[name])
    assert (beats_of(ex), ex.nothing_beats) == (beats, nothing)


def test_a_filler_answer_of_aces_says_the_2s_count_as_aces(variants):
    filler = next(b for b in examples.examples_for(variants["lead-k"]).beats if b.what == "filler")
    assert filler.why_en.plain() == "the 2s count as As; card by card: A > K, A > K, A > K"
    assert filler.why_zh.plain() == "贴上的2当作A；逐张比较：A>K，A>K，A>K"


@pytest.mark.parametrize("name,gouji", [
    # threshold: the first row of 2 to 4 cards of a rank 3..A, and one card fewer; filler: the first
    # row of 3 or more, two of its cards replaced by 2s; filler_low: the same with the highest rank
    # 4..A that has no row; joker: the lowest rank 4..A with no row, with a small joker.
    ("lead-a", [("7 7 7", "7", 3, True, "threshold"), ("7 7", "7", 2, False, "below"),
                ("7 2 2", "7", 3, True, "filler"), ("6 2 2", "6", 3, False, "filler_low"),
                ("4 SJ", "4", 2, True, "joker")]),
    ("single-ace", [("J J J J", "J", 4, True, "threshold"), ("J J J", "J", 3, False, "below"),
                    ("10 10 10 2 2", "10", 5, True, "filler"), ("9 9 9 2 2", "9", 5, False, "filler_low"),
                    ("4 SJ", "4", 2, True, "joker")]),
    # No row of 2 to 4 cards: the first row is the example.
    ("fives", [("9 9 9 9 9 9", "9", 6, True, "threshold"), ("9 9 9 9 9", "9", 5, False, "below"),
               ("9 9 9 9 2 2", "9", 6, True, "filler"), ("8 8 8 8 2 2", "8", 6, False, "filler_low"),
               ("4 SJ", "4", 2, True, "joker")]),
    # A first row of one card has no "one card fewer".
    ("one-ace", [("A", "A", 1, True, "threshold"), ("10 10 10 2 2", "10", 5, True, "filler"),
                 ("K K K 2 2", "K", 5, False, "filler_low"), ("4 SJ", "4", 2, True, "joker")]),
    # Rows of 2 only (the 2 row aside): no filler example.
    ("pairs", [("Q Q", "Q", 2, True, "threshold"), ("Q", "Q", 1, False, "below"), ("4 SJ", "4", 2, True, "joker")]),
    # The 2s' own row is no example of a rank (A is the first row of a rank 3..A).
    ("pair-of-2s", [("A A", "A", 2, True, "threshold"), ("A", "A", 1, False, "below"),
                    ("10 10 10 2 2", "10", 5, True, "filler"), ("J J J 2 2", "J", 5, False, "filler_low"),
                    ("4 SJ", "4", 2, True, "joker")]),
    ("ace-triple", [("Q Q", "Q", 2, True, "threshold"), ("Q", "Q", 1, False, "below"),
                    ("A 2 2", "A", 3, True, "filler"), ("J 2 2", "J", 3, False, "filler_low"),
                    ("4 SJ", "4", 2, True, "joker")]),
    # Every rank 4..A has a row: no low filler example and no joker example.
    ("four-to-ace", [("J J J J", "J", 4, True, "threshold"), ("J J J", "J", 3, False, "below"),
                     ("4 4 4 4 4 4 2 2", "4", 8, True, "filler")]),
    # A is the only rank 4..A with no row: it is both the low filler rank and the joker example's.
    ("no-ace-row", [("J J J J", "J", 4, True, "threshold"), ("J J J", "J", 3, False, "below"),
                    ("4 4 4 4 4 4 2 2", "4", 8, True, "filler"), ("A A A A A A 2 2", "A", 8, False, "filler_low"),
                    ("A SJ", "A", 2, True, "joker")]),
    ("five-to-ace", [("J J J J", "J", 4, True, "threshold"), ("J J J", "J", 3, False, "below"),
                     ("5 5 5 5 5 5 2 2", "5", 8, True, "filler"), ("4 4 4 4 4 4 2 2", "4", 8, False, "filler_low"),
                     ("4 SJ", "4", 2, True, "joker")]),
    ("threes-row", [("3 3 3", "3", 3, True, "threshold"), ("3 3", "3", 2, False, "below"),
                    ("10 10 10 2 2", "10", 5, True, "filler"), ("9 9 9 2 2", "9", 5, False, "filler_low"),
                    ("4 SJ", "4", 2, True, "joker")]),
])
def test_the_gouji_examples(variants, name, gouji):
    v = variants[name]
    assert examples.examples_for(v).gouji == gouji
    e = engines.from_model(v, "generated")
    for cards, rank, size, is_gouji, _why in gouji:
        c = e.classify(e.parse_cards(cards))
        assert (c.valid, c.rank, c.size, bool(c.gouji)) == (True, rank, size, is_gouji), cards


@pytest.mark.parametrize("name,opens", [
    # The first one-card row, the first two-card row of a rank 3..A, then the lowest rank with no
    # row as a pair with a small joker and without.
    ("lead-k", [("2", True), ("A A", True), ("4 4 SJ", True), ("4 4", False)]),
    ("lead-a", [("2", True), ("4 4 SJ", True), ("4 4", False)]),
    ("lead-a-no-lone-2s", [("4 4 SJ", True), ("4 4", False)]),   # a lone 2 is no play here
    ("single-ace", [("A", True), ("K K", True), ("4 4 SJ", True), ("4 4", False)]),
    ("pair-of-2s", [("A A", True), ("4 4 SJ", True), ("4 4", False)]),
    ("four-to-ace", [("K K", True)]),
])
def test_the_opening_examples(variants, name, opens):
    assert examples.examples_for(variants[name]).opens == opens


@pytest.mark.parametrize("name,target,good,bad,plays", [
    # The row closest to 3 cards (then the lowest rank) below A; beaten by the next rank and a big
    # joker, plus 4, 5, 6... until the condition turns.
    ("burn-ace", "K K", "4 5 A A BJ", "4 5 6 A A BJ", ("A A", "A A")),     # A's row: nothing of one rank beats A
    ("burn-king", "K K K", "4 5 A A A BJ", "4 5 6 A A A BJ", ("A A A", "A A A")),
    ("burn-rest-9", "Q Q Q", "4 5 6 7 8 9 10 J K K K BJ", "4 5 6 7 8 9 10 J K K K A BJ", ("K K K", "K K K")),
    ("burn-sets", "Q Q Q", "4 K K K BJ", "4 5 K K K BJ", ("K K K", "K K K")),
])
def test_the_burn_examples(variants, name, target, good, bad, plays):
    v = variants[name]
    burn = examples.examples_for(v).burn
    assert (burn["target"], burn["good"], burn["bad"]) == (target, good, bad)
    assert (burn["good_detail"]["play"], burn["bad_detail"]["play"]) == plays
    # The rest's sets: the extra cards 4, 5, ... and the beater's rank when a card of it is left.
    sets = [len(set(burn[hand].split()) - {"BJ", target.split()[0], plays[0].split()[0]}) for hand in ("good", "bad")]
    assert [burn["good_detail"]["rest_sets"], burn["bad_detail"]["rest_sets"]] == sets
    e = engines.from_model(v, "generated")
    t = e.classify(e.parse_cards(target)).play
    assert e.can_burn(e.parse_cards(good), t) and not e.can_burn(e.parse_cards(bad), t)


def test_the_failing_hand_shows_its_simplest_play_too(variants):
    # The bad hand holds an A as well: A BJ also beats Q Q and fails, but K BJ is the simpler play.
    burn = examples.examples_for(variants["burn-pairs-joker"]).burn
    assert (burn["target"], burn["good"], burn["bad"]) == ("Q Q", "4 5 6 7 8 9 10 J K K BJ", "4 5 6 7 8 9 10 J K K A BJ")
    good, bad = burn["good_detail"], burn["bad_detail"]
    assert (good["play"], good["rest"], good["ok"], good["parts"]) == ("K BJ", "4 5 6 7 8 9 10 J K", True, [("size(rest)", 9)])
    assert (bad["play"], bad["rest"], bad["ok"], bad["parts"]) == ("K BJ", "4 5 6 7 8 9 10 J K A", False, [("size(rest)", 10)])


@pytest.mark.parametrize("hand,expect,message", [
    ("4 5 BJ", True, "no play of 4 5 BJ beats Q Q Q"),
    # After K K K or K K BJ the rest (BJ, or K) goes out in one play: every play may burn.
    ("K K K BJ", False, "the burn example disagrees with the rule's condition"),
])
def test_a_burn_detail_the_rule_cannot_give_stops_the_rulebook(hand, expect, message):
    from gouji_dsl.lang.loader import Workspace
    v = Compilation(Workspace(), "lianzhong").checked
    e = engines.from_model(v, "generated")
    target = e.classify(e.parse_cards("Q Q Q")).play
    with pytest.raises(RulebookError, match=f"^lianzhong: {message}$"):
        examples._burn_detail(v, e, engines.from_model(v, "reference"), e.parse_cards(hand), target, expect)


def test_the_burn_example_walks_through_not_and_comparisons(variants):
    burn = examples.examples_for(variants["burn-sets"]).burn
    good, bad = burn["good_detail"], burn["bad_detail"]
    assert (good["rest"], good["ok"], good["parts"], good["rest_sets"], good["rest_jokers"], good["uses_carry"]) \
        == ("4 BJ", True, [("sets(rest)", 1)], 1, 1, False)
    assert (bad["rest"], bad["ok"], bad["parts"], bad["rest_sets"]) == ("4 5 BJ", False, [("sets(rest)", 2)], 2)


def test_the_burn_example_names_the_parts_of_nested_calls(variants):
    # A call inside a call is shown as "…" in its caller and then on its own line.
    burn = examples.examples_for(variants["burn-max"]).burn
    assert (burn["target"], burn["good"], burn["bad"]) == ("Q Q Q", "4 K K K BJ", "4 5 K K K BJ")
    assert burn["good_detail"]["parts"] == [("max(…, …)", 2), ("size(rest)", 2), ("count(rest, 4)", 1)]
    assert burn["bad_detail"]["parts"] == [("max(…, …)", 3), ("size(rest)", 3), ("count(rest, 4)", 1)]


@pytest.mark.parametrize("name", [
    "burn-rest-10",   # nine extra cards at most leave 10 after the burning play: every hand may burn
    "burn-always",
    "no-burning",
])
def test_no_burn_example_when_every_hand_gets_the_same_verdict(variants, name):
    assert examples.examples_for(variants[name]).burn is None


def test_a_condition_a_card_more_can_only_meet_is_shown_the_other_way_round(tmp_path):
    """Found by the rule-file soak: `sets(hand) - jokers(hand) >= 2` is met by a card more, never
    lost by one, and the handout had no example to give (an internal error). The two hands a card
    apart are shown with the one that may burn first, as for any condition."""
    path = tmp_path / "house.gouji"
    path.write_text("variant house extends huangjindao\n\n[about]\ntitle = \"俱乐部\"\n\n[burning]\n"
                    "condition = sets(hand) - jokers(hand) >= 2\n", encoding="utf-8")
    ws = Workspace()
    v = Compilation(ws, ws.resolve_argument(str(path))).checked
    burn = examples.compute_examples(v, engines.from_model(v, "generated")).burn
    assert (burn["good_detail"]["ok"], burn["bad_detail"]["ok"]) == (True, False)
    good, bad = (Counter(burn[k].split()) for k in ("good", "bad"))
    assert sum((good - bad).values()) == 1 and not bad - good  # the one that may burn holds a card more


def test_a_table_with_no_plain_triple_has_no_comparison_examples(variants):
    with pytest.raises(RulebookError, match="^no-plain: no plain play found for the comparison examples$"):
        examples.compute_examples(variants["no-plain"], engines.from_model(variants["no-plain"], "generated"))


# --- the tribute samples -------------------------------------------------------------------------

@pytest.mark.parametrize("name,keys", [
    ("no-men", ["burns", "declared", "finish", "opened"]),      # 憋三 without 闷贡: no `men`
    ("dian-2", ["finish", "opened", "previous"]),               # 点贡 levels: a previous game
    ("no-burning", ["finish", "opened", "previous"]),
])
def test_the_ordinary_sample_result_holds_what_the_variant_scores(variants, name, keys):
    ordinary = examples.examples_for(variants[name]).tribute[0]
    assert (sorted(ordinary["result"]), ordinary["result"]["finish"], ordinary["sweep"]) == (keys, [1, 4, 3, 2, 5, 6], False)


def test_the_sample_results_of_a_table_of_eight(variants):
    # The ordinary game: a seat, its opposite, a teammate, then the rest in seat order; the sweep:
    # three of the first seat's team on top (串三户), then everyone else.
    samples = examples.examples_for(variants["eight-players"]).tribute
    assert [(s["result"]["finish"], s["result"]["opened"], s["sweep"]) for s in samples] \
        == [([1, 2, 3, 4, 5, 6, 7, 8], [1, 4, 5], False), ([1, 3, 5, 2, 4, 6, 7, 8], [1, 2], True)]


class Engine:
    """The variant's engine with some of its functions replaced."""

    def __init__(self, engine, **replaced):
        self._engine, self._replaced = engine, replaced

    def __getattr__(self, name):
        return self._replaced.get(name) or getattr(self._engine, name)


def refusing(e, *keys):
    """An engine whose tributes refuse a result holding any of `keys`."""
    def tributes(result):
        if any(k in result for k in keys):
            raise ResultError("refused")
        return e.tributes(result)
    return Engine(e, tributes=tributes)


@pytest.mark.parametrize("refused,kept", [
    # lianzhong's sample holds declared, burns and men; the sample drops one of them at a time
    # (men, burns, declared), then all.
    ((), ["burns", "declared", "finish", "men", "opened"]),
    (("men",), ["burns", "declared", "finish", "opened"]),
    (("burns",), ["declared", "finish", "men", "opened"]),
    (("declared",), ["burns", "finish", "men", "opened"]),
    (("men", "burns"), ["finish", "opened"]),
])
def test_a_sample_the_engine_refuses_drops_one_part_at_a_time(refused, kept):
    from gouji_dsl.lang.loader import Workspace
    v = Compilation(Workspace(), "lianzhong").checked
    e = engines.from_model(v, "generated")
    samples = examples._tribute_samples(v, refusing(e, *refused))
    assert sorted(samples[0]["result"]) == kept
    assert samples[0]["tributes"] == e.tributes(samples[0]["result"])


def test_a_variant_whose_engine_refuses_every_sample_has_no_rulebook():
    from gouji_dsl.lang.loader import Workspace
    v = Compilation(Workspace(), "lianzhong").checked
    e = engines.from_model(v, "generated")
    with pytest.raises(RulebookError, match="^lianzhong: the engine accepts none of the sample results$"):
        examples._tribute_samples(v, refusing(e, "finish"))


def test_a_refused_sweep_is_left_out(variants):
    from gouji_dsl.lang.loader import Workspace
    v = Compilation(Workspace(), "lianzhong").checked
    e = engines.from_model(v, "generated")
    sweep = [1, 3, 5, 2, 4, 6]
    both = examples._tribute_samples(v, e)
    assert [(s["result"]["finish"], s["sweep"]) for s in both] == [([1, 4, 3, 2, 5, 6], False), (sweep, True)]

    def tributes(result):
        if result["finish"] == sweep:
            raise ResultError("refused")
        return e.tributes(result)
    assert [s["sweep"] for s in examples._tribute_samples(v, Engine(e, tributes=tributes))] == [False]


# --- the search does not depend on the engine's order, and checks the engine -------------------

@pytest.mark.parametrize("name", ["lead-k", "pairs", "lead-a", "burn-sets"])
def test_the_examples_do_not_depend_on_the_order_the_engine_lists_plays_in(variants, name):
    v = variants[name]
    e = engines.from_model(v, "generated")
    backwards = Engine(e, answers=lambda *a: list(reversed(e.answers(*a))), plays=lambda *a: list(reversed(e.plays(*a))))
    assert examples.compute_examples(v, backwards) == examples.compute_examples(v, e)


def test_an_engine_that_disagrees_with_the_rule_text_stops_the_rulebook(variants):
    v = variants["lead-k"]
    e = engines.from_model(v, "generated")
    contrary = Engine(e, beats=lambda play, lead: not e.beats(play, lead))
    with pytest.raises(RulebookError, match=r"^lead-k: the rulebook's comparison of A A A with K K K "
                                            r"disagrees with the engine \(True vs False\)$"):
        examples.compute_examples(v, contrary)


@pytest.mark.parametrize("held,cleared", [(32, False), (33, True)])
def test_the_example_cache_is_emptied_when_it_holds_more_than_32_engines(monkeypatch, variants, held, cleared):
    cache = {f"engine-{i}": None for i in range(held)}
    monkeypatch.setattr(examples, "_EXAMPLES", cache)
    v = variants["lead-k"]
    ex = examples.examples_for(v)
    assert len(cache) == (1 if cleared else held + 1)
    assert examples.examples_for(v) is ex and len(cache) == (1 if cleared else held + 1)   # computed once


def test_a_variant_with_no_engine_has_no_examples(monkeypatch, variants):
    from gouji_dsl.backends.codegen import GenerationError

    def no_engine(v, kind):
        raise GenerationError("the template cannot say this")
    monkeypatch.setattr(engines, "from_model", no_engine)
    with pytest.raises(RulebookError, match="^variant 'lead-k' has no engine to compute the rulebook's examples: "
                                            "the template cannot say this$"):
        examples.engine_for(variants["lead-k"])


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_rulebook_for_a_3s_threshold_under_biesan_builds(tmp_path, lang):
    from gouji_dsl.docs.book import build_document

    base, text = HOUSES["threes-row"]
    ws = scratch_workspace(tmp_path, {"threes-row": f"variant threes-row extends {base}\n{text}"})
    doc = build_document(Compilation(ws, "threes-row").checked, lang, ws)
    assert doc.chapters and any(ch.items for ch in doc.chapters)
