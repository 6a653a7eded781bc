"""Differential tests: every generated engine agrees with the reference
interpreter, function by function, on Hypothesis-generated cases. A
disagreement shrinks to the smallest case and prints it in card notation.

No test discards its input: plays are drawn from the variant's legal plays
(strategies.legal_plays), and a test checks that those are exactly the valid
plays of the cards the other strategies draw from."""
from __future__ import annotations

import functools
import itertools
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

import gouji_dsl
from gouji_dsl.runtime.cards import ResultError, format_cards
from strategies import (STANDARD_CARD_VARIANTS, PLAY_CARDS_UNIVERSE, any_cards, hands, legal_plays, play_cards, play_to_cards,
                        results, variant_and_plays, variants)


@functools.lru_cache(maxsize=None)
def pair(name):
    return gouji_dsl.engine(name), gouji_dsl.reference_engine(name)


def shown(play):
    return format_cards(play_to_cards(play))


@pytest.mark.parametrize("name", STANDARD_CARD_VARIANTS)
def test_legal_plays_are_the_valid_plays_of_every_card_choice(name):
    """The plays the tests draw from are all, and only, the valid classifications of
    any cards within PLAY_CARDS_UNIVERSE, and each play's cards classify back to it."""
    gen, _ref = pair(name)
    # A play holds one rank (or none) besides 2s and jokers: every such choice of cards.
    most = PLAY_CARDS_UNIVERSE
    valid = set()
    for rank in range(-1, 12):
        for count in range(1, most[rank] + 1) if rank >= 0 else (0,):
            for twos, small, big in itertools.product(*(range(n + 1) for n in most[12:])):
                counts = [0] * 15
                if rank >= 0:
                    counts[rank] = count
                counts[12:] = [twos, small, big]
                c = gen.classify(tuple(counts))
                if c.valid:
                    valid.add(c.play)
    plays = legal_plays(name)
    assert set(plays) == valid
    assert len(plays) == len(valid), "each legal play listed once"
    assert all(gen.classify(play_to_cards(p)).play == p for p in plays)


@given(variants, st.one_of(any_cards, play_cards()))
def test_classify(name, cards):
    gen, ref = pair(name)
    assert gen.classify(cards) == ref.classify(cards), f"{name}: classify({format_cards(cards)})"


@given(variant_and_plays(2))
def test_beats(case):
    name, play, lead = case
    gen, ref = pair(name)
    assert gen.beats(play, lead) == ref.beats(play, lead), f"{name}: beats({shown(play)!r}, lead {shown(lead)!r})"


@given(variant_and_plays(1), hands())
def test_answers(case, hand):
    name, lead = case
    gen, ref = pair(name)
    got, want = sorted(gen.answers(hand, lead)), ref.answers(hand, lead)
    assert got == want, f"{name}: answers(hand {format_cards(hand)!r}, lead {shown(lead)!r})"
    assert all(gen.beats(p, lead) for p in got)


@given(variants, hands(max_rank=3, max_two=3, max_joker=2))
def test_plays(name, hand):
    gen, ref = pair(name)
    got = sorted(gen.plays(hand))
    assert got == ref.plays(hand), f"{name}: plays({format_cards(hand)!r})"
    assert len(set(got)) == len(got), "plays are distinct"


@given(variant_and_plays(1))
def test_opens(case):
    name, play = case
    gen, ref = pair(name)
    assert gen.opens(play) == ref.opens(play), f"{name}: opens({shown(play)!r})"


@given(variant_and_plays(1), hands(max_rank=4, max_two=3, max_joker=2))
def test_can_burn(case, hand):
    name, target = case
    gen, ref = pair(name)
    assert gen.can_burn(hand, target) == ref.can_burn(hand, target), \
        f"{name}: can_burn(hand {format_cards(hand)!r}, target {shown(target)!r})"


def _tribute_key(entries):
    return sorted((e["kind"], e["from"], e["to"], e["count"]) for e in entries)


def _outcome(fn, result):
    try:
        return fn(result)
    except ResultError as exc:
        return ("rejected", str(exc))


@given(variants, results())
def test_tributes_and_score(name, result):
    gen, ref = pair(name)
    got, want = _outcome(gen.tributes, result), _outcome(ref.tributes, result)
    if isinstance(want, list):
        got, want = _tribute_key(got), _tribute_key(want)
    assert got == want, f"{name}: tributes({result})"
    got, want = _outcome(gen.score, result), _outcome(ref.score, result)
    assert got == want, f"{name}: score({result})"
    if isinstance(got, list) and ref.v.scoring.zero_sum:
        assert sum(got) == 0


@given(variants, hands(), hands(max_rank=2, max_two=2, max_joker=1), hands(max_rank=1, max_two=1, max_joker=1),
       st.one_of(st.none(), hands()), st.booleans())
def test_returnable(name, hand, received, given, payer_hand, teammates):
    """D20: which cards a receiver may return for a tribute (return_from_dealt, return_limit,
    no_single_return), asked of both engines directly: a seeded game reaches few of the cases."""
    gen, ref = pair(name)
    assert gen.returnable(hand, received, given, payer_hand, teammates) == \
        ref.returnable(hand, received, given, payer_hand, teammates), f"{name}: returnable"


@given(variants, st.lists(st.lists(st.integers(1, 6), unique=True, max_size=6), max_size=6))
def test_graduation_across_a_match(name, opened_per_game):
    gen, ref = pair(name)
    results = [{"opened": opened} for opened in opened_per_game]
    assert gen.graduated(results) == ref.graduated(results), f"{name}: graduated after {opened_per_game}"


# --- joker kills ([plays] joker_kills, jokers_rank_lowest, jokers_one_kind) in house rules -----------------
# No standard variant kills a joker with more cards than it (zaozhuang's D3 aside), so two house
# rules take the generated engine's general path: lamb-cn's kills (the conformance house rule) and
# a table with counts no one plays, to catch a count read from the wrong column.
KILL_COUNTS = ('variant kill-counts extends zaozhuang\n[about]\ntitle = "杀王张数"\ntitle_en = "Kill counts"\n'
               'summary = "Odd kill counts."\nsummary_zh = "杀王张数。"\n[plays]\njoker_kills =\n'
               "  | joker | by_higher | by_same | by_lower |\n  | SJ | 2 | 3 | none |\n  | BJ | none | 2 | 4 |\n")
KILL_VARIANTS = ["kills", "kill-counts"]  # drawn by name; kill_files gives their rule files


@pytest.fixture(scope="session")
def kill_files(tmp_path_factory) -> dict[str, str]:
    """The two house rules' files: kill-counts is written in pytest's temporary folder for the run."""
    folder = tmp_path_factory.mktemp("kills")
    (folder / "kill-counts.gouji").write_text(KILL_COUNTS, encoding="utf-8")
    return {"kills": str(Path(__file__).parent / "conformance" / "kills.gouji"),
            "kill-counts": str(folder / "kill-counts.gouji")}


@functools.lru_cache(maxsize=None)
def kill_plays(path):
    return tuple(gouji_dsl.reference_engine(path).plays(PLAY_CARDS_UNIVERSE))


def draw_plays(data, path: str, how_many: int) -> list:
    """Plays of the variant in `path` (its plays need its engine, so they are drawn in the test)."""
    return [data.draw(st.sampled_from(kill_plays(path))) for _ in range(how_many)]


@given(st.sampled_from(KILL_VARIANTS), st.one_of(any_cards, play_cards()))
def test_joker_kills_classify(kill_files, name, cards):
    gen, ref = pair(kill_files[name])
    assert gen.classify(cards) == ref.classify(cards), f"{name}: classify({format_cards(cards)})"


@given(st.sampled_from(KILL_VARIANTS), st.data())
def test_joker_kills_beats(kill_files, name, data):
    play, lead = draw_plays(data, kill_files[name], 2)
    gen, ref = pair(kill_files[name])
    assert gen.beats(play, lead) == ref.beats(play, lead), f"{name}: beats({shown(play)!r}, lead {shown(lead)!r})"


@given(st.sampled_from(KILL_VARIANTS), st.data(), hands(max_joker=4))
def test_joker_kills_answers(kill_files, name, data, hand):
    [lead] = draw_plays(data, kill_files[name], 1)
    gen, ref = pair(kill_files[name])
    got, want = sorted(gen.answers(hand, lead)), ref.answers(hand, lead)
    assert got == want, f"{name}: answers(hand {format_cards(hand)!r}, lead {shown(lead)!r})"
    assert len(set(got)) == len(got), "each answer listed once"
    assert all(gen.beats(p, lead) for p in got)


@given(st.sampled_from(KILL_VARIANTS), hands(max_rank=3, max_two=3, max_joker=3))
def test_joker_kills_plays_and_leads(kill_files, name, hand):
    gen, ref = pair(kill_files[name])
    assert sorted(gen.plays(hand)) == ref.plays(hand), f"{name}: plays({format_cards(hand)!r})"
    if any(hand):  # nobody leads with no cards
        assert gen.lead_actions(hand) == ref.lead_actions(hand), f"{name}: lead_actions({format_cards(hand)!r})"


@given(st.sampled_from(KILL_VARIANTS), st.data(), hands(max_rank=4, max_two=3, max_joker=3))
def test_joker_kills_can_burn(kill_files, name, data, hand):
    [target] = draw_plays(data, kill_files[name], 1)
    gen, ref = pair(kill_files[name])
    assert gen.can_burn(hand, target) == ref.can_burn(hand, target), \
        f"{name}: can_burn(hand {format_cards(hand)!r}, target {shown(target)!r})"


# --- any play answers ([plays] compare = any_play, 随便管) in house rules -----------------------------------
# The generated engine's any_play branch switches on the other card rules as the card-by-card one
# does: 枣庄 for beginners (the conformance house rule), 联众's 憋三 (a hand of 3s alone answers
# as the last play) with 2s and mixed jokers that may not go alone, and no filler with jokers that
# may not go alone and [ranks] constraints (answers then filtered by the whole hand).
ANY_PLAY_THREES = ('variant any-play-threes extends lianzhong\n[about]\ntitle = "随便管憋三"\n[plays]\ncompare = any_play\n'
                   "fillers_alone = no\njokers_one_kind = yes\n")
ANY_PLAY_BARE = ('variant any-play-bare extends zaozhuang\n[about]\ntitle = "随便管无贴牌"\n[cards]\nfiller = none\n'
                 "[plays]\ncompare = any_play\njokers_alone = no\n[ranks]\nconstraints =\n"
                 "  | rank | single | last_only | all_at_once | bare |\n  | 3 | yes | yes | no | yes |\n  | 9 | no | no | yes | no |\n")
ANY_PLAY_VARIANTS = ["beginners", "any-play-threes", "any-play-bare"]


@pytest.fixture(scope="session")
def any_play_files(tmp_path_factory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("any-play")
    (folder / "any-play-threes.gouji").write_text(ANY_PLAY_THREES, encoding="utf-8")
    (folder / "any-play-bare.gouji").write_text(ANY_PLAY_BARE, encoding="utf-8")
    return {"beginners": str(Path(__file__).parent / "conformance" / "beginners.gouji"),
            "any-play-threes": str(folder / "any-play-threes.gouji"), "any-play-bare": str(folder / "any-play-bare.gouji")}


@given(st.sampled_from(ANY_PLAY_VARIANTS), st.data())
def test_any_play_beats(any_play_files, name, data):
    play, lead = draw_plays(data, any_play_files[name], 2)
    gen, ref = pair(any_play_files[name])
    assert gen.beats(play, lead) == ref.beats(play, lead), f"{name}: beats({shown(play)!r}, lead {shown(lead)!r})"


@given(st.sampled_from(ANY_PLAY_VARIANTS), st.data(), hands(max_joker=4))
def test_any_play_answers(any_play_files, name, data, hand):
    """answers, and what the fast flow asks instead where the engine has them: has_answer and
    the sorted answer actions."""
    [lead] = draw_plays(data, any_play_files[name], 1)
    gen, ref = pair(any_play_files[name])
    got, want = sorted(gen.answers(hand, lead)), ref.answers(hand, lead)
    where = f"{name}: hand {format_cards(hand)!r}, lead {shown(lead)!r}"
    assert got == want, f"answers({where})"
    assert len(set(got)) == len(got), "each answer listed once"
    if hasattr(gen, "has_answer"):
        assert gen.has_answer(hand, lead) == bool(want), f"has_answer({where})"
    if hasattr(gen, "answer_actions"):
        assert [a.play for a in gen.answer_actions(hand, lead)] == want, f"answer_actions({where})"


@given(st.data(), st.integers(0, 14))
def test_any_play_answers_with_threes_only_as_the_last_play(any_play_files, data, other):
    """憋三 under 随便管: 3s answer a play of their number only as the whole hand; `other`, one
    card of another kind held besides (0: none). Random hands seldom hold exactly the lead's size in 3s."""
    path = any_play_files["any-play-threes"]
    [lead] = draw_plays(data, path, 1)
    hand = [0] * 15
    hand[0] = sum(lead[1:])
    if other:
        hand[other] += 1
    hand = tuple(hand)
    gen, ref = pair(path)
    want = ref.answers(hand, lead)
    where = f"hand {format_cards(hand)!r}, lead {shown(lead)!r}"
    assert ((0, hand[0], 0, 0, 0) in want) == (not other), f"3s answer only as the last play: {where}"
    assert sorted(gen.answers(hand, lead)) == want, f"answers({where})"
    assert gen.has_answer(hand, lead) == bool(want), f"has_answer({where})"
    assert [a.play for a in gen.answer_actions(hand, lead)] == want, f"answer_actions({where})"


@given(st.sampled_from(ANY_PLAY_VARIANTS), st.data(), hands(max_rank=4, max_two=3, max_joker=3))
def test_any_play_can_burn(any_play_files, name, data, hand):
    [target] = draw_plays(data, any_play_files[name], 1)
    gen, ref = pair(any_play_files[name])
    assert gen.can_burn(hand, target) == ref.can_burn(hand, target), \
        f"{name}: can_burn(hand {format_cards(hand)!r}, target {shown(target)!r})"


def test_any_play_house_rules_take_each_branch(any_play_files):
    """The three house rules reach what the tests above compare: the engines of the two without
    [ranks] constraints have has_answer and answer_actions; a 3s-only hand answers under 憋三."""
    names = {name: pair(path)[0] for name, path in any_play_files.items()}
    assert all(hasattr(names[n], "has_answer") and hasattr(names[n], "answer_actions") for n in ("beginners", "any-play-threes"))
    assert not hasattr(names["any-play-bare"], "has_answer")
    gen = names["any-play-threes"]
    assert gen.answers((2,) + (0,) * 14, (11, 2, 0, 0, 0)) == [(0, 2, 0, 0, 0)]


# --- extra card kinds: the eagle (tests/conformance/eagle.gouji, lamb-cn's Y with its kills) --------------

EAGLE_FILE = Path(__file__).parent / "conformance" / "eagle.gouji"


@functools.lru_cache(maxsize=None)
def eagle_pair():
    return gouji_dsl.engine(str(EAGLE_FILE)), gouji_dsl.reference_engine(str(EAGLE_FILE))


@st.composite
def eagle_cards(draw, max_rank: int = 3, max_joker: int = 3, ranks: int = 2):
    """16 counts: a few ranks, 2s, and each joker kind (SJ, BJ, the eagle Y)."""
    counts = [0] * 16
    for rank in draw(st.lists(st.integers(0, 11), max_size=ranks)):
        counts[rank] = draw(st.integers(0, max_rank))
    counts[12] = draw(st.integers(0, 2))
    for kind in (13, 14, 15):
        counts[kind] = draw(st.integers(0, max_joker))
    return tuple(counts)


@st.composite
def eagle_plays(draw):
    gen, _ref = eagle_pair()
    c = gen.classify(draw(eagle_cards(ranks=1).filter(lambda cards: gen.classify(cards).valid)))
    return c.play


@given(eagle_cards(ranks=3))
def test_eagle_classify(cards):
    gen, ref = eagle_pair()
    assert gen.classify(cards) == ref.classify(cards), f"classify({gen.format_cards(cards)})"


@given(eagle_plays(), eagle_plays())
def test_eagle_beats(play, lead):
    gen, ref = eagle_pair()
    assert gen.beats(play, lead) == ref.beats(play, lead), f"beats({gen.format_cards(play)!r}, lead {gen.format_cards(lead)!r})"


@given(eagle_plays(), eagle_cards(ranks=3).filter(any))
def test_eagle_answers_plays_and_burns(lead, hand):
    gen, ref = eagle_pair()
    got = sorted(gen.answers(hand, lead))
    assert got == ref.answers(hand, lead), f"answers(hand {gen.format_cards(hand)!r}, lead {gen.format_cards(lead)!r})"
    assert sorted(gen.plays(hand)) == ref.plays(hand), f"plays({gen.format_cards(hand)!r})"
    assert [str(a) for a in gen.lead_actions(hand)] == [str(a) for a in ref.lead_actions(hand)]
    assert gen.can_burn(hand, lead) == ref.can_burn(hand, lead)


@pytest.fixture(scope="session")
def eagle_any_play_file(tmp_path_factory) -> str:
    """The eagle's house rule with 随便管 (its [plays] section is the file's last): the any_play
    branch with an extra joker kind."""
    text = EAGLE_FILE.read_text(encoding="utf-8").replace("variant eagle extends", "variant eagle-any-play extends")
    path = tmp_path_factory.mktemp("eagle-any-play") / "eagle-any-play.gouji"
    path.write_text(text + "compare = any_play\n", encoding="utf-8")
    return str(path)


@given(eagle_plays(), eagle_plays(), eagle_cards(ranks=3).filter(any))
def test_eagle_any_play(eagle_any_play_file, play, lead, hand):
    gen, ref = pair(eagle_any_play_file)
    assert gen.beats(play, lead) == ref.beats(play, lead), f"beats({gen.format_cards(play)!r}, lead {gen.format_cards(lead)!r})"
    want = ref.answers(hand, lead)
    where = f"hand {gen.format_cards(hand)!r}, lead {gen.format_cards(lead)!r}"
    assert sorted(gen.answers(hand, lead)) == want, f"answers({where})"
    assert gen.has_answer(hand, lead) == bool(want), f"has_answer({where})"
    assert [a.play for a in gen.answer_actions(hand, lead)] == want, f"answer_actions({where})"
    assert gen.can_burn(hand, lead) == ref.can_burn(hand, lead), f"can_burn({where})"
