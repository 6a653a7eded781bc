"""The generated engines against the reference interpreter, action for action.

The two are independent implementations of the game flow: a generated module
drives the fast flow of `gouji_dsl.runtime`, the reference interpreter its own
plain flow (`gouji_dsl.backends.oracle`, calling each rule's interpreter hook).
Seeded matches of several games (so tributes, returns, 点贡 levels and the
previous game's first player carry over) are played on both at once, each action
offered to one engine as an Action and to the other as text: at every step they
must agree on the player to move, the legal actions and what that player sees;
at the end of each game on the moves, places, result, tributes, scores and what
every seat sees. Not on the wording of their transcripts: each tells the game in
its own words (the oracle's are read here for the flow features it went through).

The actions are chosen by a seeded generator biased towards plays, burns,
deferring, declaring and revolting, so the flow rules are exercised; the test
counts how often each flow feature happened and fails when a feature that a
variant enables never did (an agreement over games that never burn proves
nothing about burning).
"""
from __future__ import annotations

import ast
import functools
import random
import re
from collections import Counter
from pathlib import Path

import pytest

import gouji_dsl
from gouji_dsl.model import registry
from gouji_dsl.model.expr import never
from gouji_dsl.rules.burning import burned_back
from gouji_dsl.runtime.state import Match
from strategies import ENGINE_VARIANTS, SHUANGKOU_VARIANTS, every_variant, one_of_each

MAX_STEPS = 5000  # far above any game; a longer one is a bug in both


@functools.lru_cache(maxsize=None)
def engines(name: str):
    return gouji_dsl.engine(name), gouji_dsl.reference_engine(name)


def choose(game, actions: list, rng: random.Random):
    """A legal action, biased towards what exercises the flow rules: burns, 革命, 宣点 and
    让牌 often; leads mostly of a whole set of the lowest rank and answers mostly with the
    smallest play, jokers spared, so hands shrink to the few sets burning needs (D12)."""
    by_kind: dict[str, list] = {}
    for action in actions:
        by_kind.setdefault(action.kind, []).append(action)
    for kind, chance in (("burn", 0.7), ("revolt", 0.5), ("declare", 0.4), ("defer", 0.3)):
        if kind in by_kind and rng.random() < chance:
            return rng.choice(by_kind[kind])
    plays = by_kind.get("play", [])
    if game.top is not None and rng.random() < 0.2:
        return actions[0]  # pass though able to play: later in the round that may matter (after_pass, D25)
    if not plays or rng.random() < 0.15:
        return rng.choice(actions)
    if rng.random() < 0.3:
        return rng.choice(plays)
    if game.top is None:  # rank first (jokers-only last), whole sets, nothing attached
        return min(plays, key=lambda a: (a.play[0] if a.play[0] >= 0 else 99, sum(a.play[2:]), -a.play[1]))
    return min(plays, key=lambda a: (sum(a.play[3:]), a.play[2], a.play[0]))


def features_of(game) -> set[str]:
    """The flow features a finished (or redealt) oracle game went through, from its record."""
    lines = game.transcript()
    kinds = {a.kind for a in game.history()}
    seen = {kind for kind in ("burn", "defer", "declare") if kind in kinds}
    for feature, text in (("failed burn", "fails the burn"), ("successful burn", "burn succeeds"),
                          ("解烧", "is lifted (解烧)"), ("burned 级牌 back", "is back on the table"),
                          ("四户乱缠", "四户乱缠"), ("革命", "sits out (革命)"), ("redeal", "revolutionaries: redeal"),
                          ("买3", "buys a 3"), ("要3", "is given a 3"), ("开点", "opens (开点)"), ("废点", "forfeits 开点 (废点)"),
                          ("tribute", "tribute "), ("还贡", "return: "),
                          ("turn back", "gets its turn back"), ("last chance", "is asked once more"),
                          ("final play", "with its final play (最后一手走)")):
        if any(text in line for line in lines):
            seen.add(feature)
    if game.result()["men"]:
        seen.add("闷")
    seen |= _lower_answers(game)
    if any("is 闷ed (闷) and takes place" in line for line in lines):
        seen.add("闷 out")
    out = set()
    for line in lines:  # a burn of a player who is out: of the 级牌 they went out with (going_out_gouji = as_usual)
        found = re.match(r"seat (\d+) goes out", line) or re.match(r"seat \d+ burns seat (\d+)'s", line)
        if found and "burns" in line and found.group(1) in out:
            seen.add("底牌 burned")
        elif found and "goes out" in line:
            out.add(found.group(1))
    return seen


def _lower_answers(game) -> set[str]:
    """Answers of a lower rank than the play they answered, which only [plays] compare = any_play
    allows: "lower answer", and "3s answer" for one of 3s (under 憋三 the whole hand). The
    transcript's play lines, paired with the plays of the history; a line that may change what is
    on the table (a lead, a failed burn) forgets it, so nothing is guessed."""
    plays = iter([a.play for a in game.history() if a.kind in ("play", "burn")])
    top = None
    seen = set()
    for line in game.transcript():
        said = re.match(r"seat \d+(: (play|burn|pass|defer)\b| goes out)", line)
        if said is None:
            top = None
        elif said.group(2) in ("play", "burn"):
            play = next(plays)
            if top is not None and 0 <= play[0] < top[0]:
                seen |= {"lower answer"} | ({"3s answer"} if play[0] == 0 else set())
            top = play
    return seen


def enabled(v) -> set[str]:
    """The flow features a variant's rules make possible, that its run must show. 要3 and
    解烧 are counted too, but too rare in the default run to demand of every variant."""
    out = {"无头"}
    if v.open.method != "none":
        out.add("开点")
        if v.open.then_lead is not None:
            out.add("废点")
    if v.chaos.starts_at is not None:
        out.add("四户乱缠")
    if v.flow.pass_rule == "once_per_round":
        out |= {"turn back", "last chance"}
    if v.flow.going_out_gouji == "as_usual" and v.burning.allowed:
        out.add("底牌 burned")
    if v.burning.allowed:
        out |= {"burn", "successful burn"} | ({"failed burn"} if v.burning.can_fail else set())
        if v.burning.can_fail and burned_back(v):
            out.add("burned 级牌 back")
    if v.flow.defer:
        out.add("defer")
    if v.open.declare:
        out.add("declare")
    if v.revolution.allowed:
        out.add("革命")
    if v.threes.threes_last:
        out.add("闷")
    if v.plays.compare == "any_play":
        out |= {"lower answer", "3s answer"}
    if not never(v.plays.final_play):
        out.add("final play")
    if v.threes.men_out:
        out.add("闷 out")
    if "3" in v.buy.ranks:
        out.add("买3")
    if v.tribute.enabled:
        out.add("tribute")
        if v.tribute.returned:
            out.add("还贡")
    return out


def play_out(gen, ref, where: str, rng: random.Random, seen: Counter) -> None:
    """Play a game to its end on both engines, comparing them at every step and at the end."""
    headless = False
    for step in range(MAX_STEPS):
        seat = gen.current_player()
        assert seat == ref.current_player(), f"{where} step {step}: player to move"
        if gen.is_terminal():
            break
        actions = gen.legal_actions()
        assert [str(a) for a in actions] == [str(a) for a in ref.legal_actions()], f"{where} step {step}: legal actions"
        assert gen.observation(seat) == ref.observation(seat), f"{where} step {step}: seat {seat}'s observation"
        headless = headless or bool(ref.headless)
        action = choose(ref, actions, rng)
        # Each engine reads what it is offered its own way: one gets the action, the other its
        # text as a player writes it ("play 7 7 7"), by turns (not drawn: the seeded games stay as they were).
        as_text = step % 2 == 0
        gen.apply_action(str(action) if as_text else action)
        ref.apply_action(action if as_text else str(action))
    else:
        pytest.fail(f"{where}: no end after {MAX_STEPS} actions")
    assert ref.is_terminal()
    # What the two agree on is what players see and get, not how each tells the game: the moves,
    # the places, the result, the scores and the tributes (each engine's transcript is its own).
    assert [str(a) for a in gen.history()] == [str(a) for a in ref.history()], where
    assert (gen.places(), gen.result(), gen.returns()) == (ref.places(), ref.result(), ref.returns()), where
    assert gen.tribute_log == ref.tribute_log, where
    for seat in range(1, len(gen.places()) + 1):
        assert gen.observation(seat) == ref.observation(seat), f"{where}: seat {seat}'s final observation"
    seen.update(features_of(ref) | ({"无头"} if headless else set()))


def play_match(pair, seed: int, games: int, seen: Counter) -> None:
    """One seeded match of `games` games on both engines (generated, reference): tributes,
    returns, 点贡 levels and the previous game's first player out carry over."""
    gen_engine, ref_engine = pair
    name = ref_engine.VARIANT
    rng = random.Random(seed)
    gen_match, ref_match = Match(), Match()
    for number in range(games):
        game_seed = seed * 100 + number
        gen, ref = gen_engine.new_game(seed=game_seed, match=gen_match), ref_engine.new_game(seed=game_seed, match=ref_match)
        play_out(gen, ref, f"{name} match {seed} game seed {game_seed}", rng, seen)
        gen_match, ref_match = gen.next_match(), ref.next_match()


def play_position(pair, seed: int, seen: Counter) -> None:
    """A seeded end-game position: one to ten cards a seat from a shuffled deck (half the
    time with the jokers dealt first), sometimes a seat already out (its opposite 无头).
    Small hands meet the burning conditions often, so burns, failed burns, 解烧 and
    burned 级牌 back on the table happen here."""
    gen_engine, ref_engine = pair
    name = ref_engine.VARIANT
    rng = random.Random(seed)
    decks, players = ref_engine.v.table.decks, ref_engine.PLAYERS
    deck = [card for card in range(13) for _ in range(4 * decks)] + [13, 14] * decks
    copies = {row.token: row.copies for row in ref_engine.v.cards.extra}  # extra card kinds: the eagle Y
    deck += [card for card, token in enumerate(ref_engine.kinds.extras, 15) for _ in range(copies[token])]
    kinds = ref_engine.kinds.size
    rng.shuffle(deck)
    if rng.random() < 0.5:  # jokers first: burners who carry jokers through several plays (D12, D15)
        deck.sort(key=lambda card: card < 13)
    seats = list(range(1, players + 1))
    out = {rng.choice(seats): 1} if rng.random() < 0.5 else {}
    hands = {}
    for seat in seats:
        if seat not in out:
            size = rng.randint(1, 10)
            hands[seat] = tuple(deck[:size].count(card) for card in range(kinds))
            del deck[:size]
    leader = rng.choice([s for s in seats if s not in out])
    gen = gen_engine.new_position(hands, leader, out=out or None)
    ref = ref_engine.new_position(hands, leader, out=out or None)
    play_out(gen, ref, f"{name} position seed {seed}", rng, seen)


def run(pair, matches, games: int, positions: int) -> Counter:
    """Play and compare (`matches`: how many, or which seeds); fail if a flow feature the
    variant enables never happened."""
    seen: Counter = Counter()
    for seed in range(matches) if isinstance(matches, int) else matches:
        play_match(pair, seed, games, seen)
    for seed in range(positions):
        play_position(pair, seed, seen)
    never = sorted(enabled(pair[1].v) - set(seen))
    assert not never, f"{pair[1].VARIANT}: the run never showed {never} (seen: {dict(seen)})"
    return seen


@pytest.mark.parametrize("name", every_variant(ENGINE_VARIANTS))
def test_generated_and_oracle_agree_over_seeded_matches_and_positions(name):
    run(engines(name), matches=2, games=3, positions=100)


@pytest.mark.slow
@pytest.mark.parametrize("name", ENGINE_VARIANTS)
def test_generated_and_oracle_agree_over_many_matches(name, request):
    """About a minute and a half a variant."""
    expression = request.config.getoption("markexpr") or ""
    if "slow" not in expression or "not slow" in expression:
        pytest.skip("a soak run of minutes: select with -m slow")
    run(engines(name), matches=40, games=4, positions=2000)


# --- house rules: the options no standard variant switches on ------------------------------------
# Each is one rule changed in a child of a standard variant; both engines are built in memory.

HOUSE_RULES = [
    ("zaozhuang", "[burning]\nteammates_may_burn = no"),
    ("zaozhuang", "[burning]\nafter_pass = no"),
    ("zaozhuang", "[burning]\nfirst_play_needs_joker = yes"),
    ("zaozhuang", "[burning]\ncounter_burn = yes"),
    ("zaozhuang", "[burning]\nlift = no"),
    ("zaozhuang", "[burning]\nask_order = [1, 2, opposite, 4, 5]"),
    ("zaozhuang", "[burning]\nask_order = [opposite, 5, 1]"),
    ("zaozhuang", "[burning]\nlift = opposite_or_headless"),
    ("zaozhuang", "[burning]\njoker_check = leads_only\nlift = no"),
    ("zaozhuang", "[burning]\nfree_after_rounds = 2"),
    # zhoujxMT's burning (research/peers/zhoujxmt.md B3, B4, B6, B8) all at once.
    ("lianzhong", "[burning]\nask_order = [1, 2, opposite, 4, 5]\nafter_pass = no\nlift = opposite_or_headless\n"
                  "joker_check = leads_only\nfree_after_rounds = 3"),
    ("zaozhuang", "[burning]\nfailure_leader = next_player"),
    ("zaozhuang", "[flow]\ngouji_answer = anyone\n[burning]\nallowed = no"),
    ("zaozhuang", "[flow]\ndefer_to = any_play"),
    ("zaozhuang", "[flow]\npass_rule = round"),
    ("zaozhuang", "[flow]\nlead_return_circles = 1"),
    ("zaozhuang", "[flow]\ngoing_out_gouji = opposite_answers"),
    ("zaozhuang", "[flow]\ngoing_out_gouji = loses_status"),
    ("zaozhuang", "[flow]\ngoing_out_gouji = as_usual"),
    ("zaozhuang", "[flow]\npass_rule = once_per_round"),
    ("huangjindao", "[flow]\npass_rule = once_per_round\ngoing_out_gouji = as_usual\n[chaos]\nstarts_at = none"),
    # lamb-cn's turn flow (research/peers/lamb-cn.md F2-F7, F11): one circle a round, anyone answers
    # a 级牌, no burning, 让牌 on any play, no 四户乱缠.
    ("zaozhuang", "[flow]\npass_rule = once_per_round\ngouji_answer = anyone\nlead_return_circles = 1\ndefer_to = any_play\n"
                  "[burning]\nallowed = no\n[chaos]\nstarts_at = none"),
    ("zaozhuang", "[chaos]\nstarts_at = none"),
    ("zaozhuang", "[flow]\ngouji_answer = anyone\ngoing_out_gouji = as_usual\n[burning]\nallowed = no"),
    ("zaozhuang", "[flow]\ntake_over = partner"),
    ("zaozhuang", "[burning]\nfailure_leader = [opposite(burned), next(burner)]"),
    ("zaozhuang", "[burning]\nfailure_leader = burned_player_leads\nburned_back = yes"),
    ("lianzhong", "[burning]\ncan_fail = no"),
    ("zaozhuang", "[flow]\ntake_over = [next(next(winner)), opposite(winner)]"),
    ("zaozhuang", "[chaos]\npass_keeps_right = no"),
    ("zaozhuang", "[chaos]\nlead_return_circles = 1"),
    ("zaozhuang", "[headless]\ncause = opposite_of_first_out"),
    ("zaozhuang", "[headless]\nscope = any_play"),
    ("zaozhuang", "[headless]\npass_loses_gouji = no"),
    ("zaozhuang", "[open]\nmethod = wins_lead"),
    # The deal (issue 12): a copies table dealt out whole (lamb-cn keeps 6 of its 24 threes), a
    # redeal condition over each hand (zhoujxMT: fewer than 11 cards of J or higher; 20 here, to redeal
    # often), and 买牌 of two ranks in rounds (lamb-cn) and buyer by buyer, paid and free.
    ("zaozhuang", "[table]\ncopies =\n  | card | copies |\n  | 3 | 6 |\ncards_per_player = all"),
    # lamb-cn's eagle (research/peers/lamb-cn.md C3, P7): an extra card kind Y above BJ, a joker, with
    # its kills; 330 cards dealt out whole. The features of zaozhuang (burning, tribute ...) stay on.
    ("zaozhuang", "[cards]\nextra =\n  | token | zh | en | copies |\n  | Y | \"鹰\" | \"eagle\" | 6 |\n"
                  "order = [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, SJ, BJ, Y]\njokers = [SJ, BJ, Y]\n"
                  "[table]\ncards_per_player = all\n[plays]\njoker_kills =\n  | joker | by_higher | by_same | by_lower |\n"
                  "  | SJ | 1 | 2 | none |\n  | BJ | 1 | 2 | 3 |\n  | Y | none | 2 | 3 |\njokers_rank_lowest = yes\n"
                  "jokers_one_kind = yes"),
    ("zaozhuang", "[table]\nredeal_if = count_from(hand, J) < 19 or count(hand, 2) + jokers(hand) < 4"),
    ("zaozhuang", "[table]\ncopies =\n  | card | copies |\n  | 3 | 6 |\n  | 4 | 6 |\ncards_per_player = all\n"
                  "[buy]\nranks = [3, 4]\nsellers = [opposite, teammate_before, teammate_after, previous, next]\n"
                  "no_price = free"),
    ("zaozhuang", "[threes]\nthrees_last = yes\n[table]\ncopies =\n  | card | copies |\n  | 3 | 6 |\n  | 5 | 6 |\n"
                  "cards_per_player = 48\n[buy]\nranks = [3, 5]\nsellers = [next, opposite, teammate_after]\nprice = [BJ, 2]\norder = by_buyer\n"
                  "seller_min = 1"),
    # The card rules every standard variant shares: the other branch of each engine-template switch.
    ("zaozhuang", "[cards]\nfiller = none"),
    ("zaozhuang", "[plays]\nfillers_alone = no"),
    ("zaozhuang", "[plays]\njokers_alone = no"),
    # lamb-cn's joker kills (research/peers/lamb-cn.md P2, P6, P7): 二杀一 and 三杀一, jokers alone of one
    # kind and ranked by their lowest joker; and a big joker that three small jokers kill (the general path).
    ("zaozhuang", "[plays]\njoker_kills =\n  | joker | by_higher | by_same | by_lower |\n  | SJ | 1 | 2 | none |\n"
                  "  | BJ | none | 2 | 3 |\njokers_rank_lowest = yes\njokers_one_kind = yes"),
    ("lianzhong", "[plays]\njoker_kills +=\n  | joker | by_lower |\n  | BJ | 3 |"),
    # 随便管 (issue 33): any play of as many cards answers (with 憋三: test_..._when_any_play_answers_with_threes_last).
    ("zaozhuang", "[plays]\ncompare = any_play"),
    # 最后一手走: a last play of 3s goes out whatever is on the table (issue 33), in 憋三 where 3s wait
    # for the last play; and 枣庄 where a last play of jokers only goes out whatever the table holds.
    ("lianzhong", "[plays]\nfinal_play = count(play, 3) == size(play)"),
    ("zaozhuang", "[plays]\nfinal_play = jokers(play) == size(play)"),
    ("zaozhuang", "[gouji]\njokers_make_gouji = no"),
    ("zaozhuang", "[gouji]\nfillers_count = no"),
    ("zaozhuang", "[scoring]\nteam_sum = no"),
    # Results without points (issue 33): each player's own place and open points decide a win, a draw or a loss.
    ("zaozhuang", "[scoring]\noutcome = win_draw_loss\nteam_sum = no"),
    # Burn conditions of the other shapes the engine template realises: over the rest other
    # than the carry rule alone, carry_rule inside a larger formula (憋三 too), over the hand.
    ("zaozhuang", "[burning]\ncondition = carry_rule(rest) and jokers(hand) >= 1"),
    ("zaozhuang", "[burning]\ncondition = jokers(rest) >= 1\nfirst_play_needs_joker = yes"),
    ("lianzhong", "[burning]\ncondition = carry_rule(rest) or size(rest) == 0"),
    ("huangjindao", "[burning]\nfirst_play_needs_joker = yes"),
    ("zaozhuang", "[end]\nends_when = all_out"),
    ("zaozhuang", "[end]\nremaining = playing_order"),
    ("zaozhuang", "[end]\nremaining = seat_order"),
    ("lianzhong", "[scoring]\nscale = 1/3\nsweep_multiplier = 6"),
    ("zaozhuang", "[scoring]\nscale = 3/2"),
    ("zaozhuang", "[end]\nsweep = no"),
    ("qingdao", "[info]\nshow_team_at = 5\nreport_at = 3"),
    ("lianzhong", "[tribute]\nno_single_return = yes"),
    ("lianzhong", "[tribute]\nmutual_dian_returned = yes"),
    ("lianzhong", "[tribute]\nreturn_limit = not_above_received\nreturn_from_dealt = yes"),
    ("lianzhong", "[buy]\nsellers = [opposite]"),  # 买3 without 要3
    ("lianzhong", "[buy]\nsellers = [in_turn]\nteammates_paid = yes"),  # from whoever has two, counted from the next
    ("lianzhong", "[buy]\nsellers = [teammate_after, in_turn]\ncount_from = [opposite(buyer)]\nseller_min = 1"),
    ("lianzhong", "[threes]\nmen_out = yes"),  # 闷ed: out of play at once, from the bottom
    ("lianzhong", "[table]\nfirst_leader = previous_first"),
    ("lianzhong", "[table]\nfirst_leader = fixed_seat\nfirst_seat = 4"),
    ("lianzhong", "[revolution]\nauto_open = yes"),
    ("lianzhong", "[burning]\nfailure_leader = burned_player_leads"),
    ("zaozhuang", "[table]\nfirst_leader = card_holder\nfirst_card = BJ"),
    ("lianzhong", "[open]\nmethod = none\ndeclare = no\n[tribute]\norder = [men, shao, luo]"),
    ("lianzhong", "[chaos]\nafter_first_out_with_revolution = yes\nstarts_at = 3"),
    # [ranks] constraints: lamb-cn's 3s and 4s (many 3s held at once: the hand columns lapse),
    # and with 憋三 and fillers: 9s last and all together, Ks one at a time with 2s or jokers.
    ("zaozhuang", "[ranks]\nconstraints =  # 3 single and last, 4 all at once and bare\n"
                  "  | rank | single | last_only | all_at_once | bare |\n  | 3 | yes | yes | no | yes |\n  | 4 | no | no | yes | yes |"),
    # 开点 in two steps: a 级牌 opens only if the player then leads a 级牌 too, else 废点.
    ("lianzhong", "[open]\nthen_lead = gouji(play)"),
    ("lianzhong", "[ranks]\nconstraints =  # 9 last and all at once, K single\n"
                  "  | rank | single | last_only | all_at_once | bare |\n  | 9 | no | yes | yes | no |\n  | K | yes | no | no | no |"
                  "\n[revolution]\nallowed = no\n[headless]\ncause = opposite_of_first_out"),
]


def house_engines(tmp_path, base: str, text: str):
    from gouji_dsl.backends.codegen import engine_module
    from gouji_dsl.backends.reference import Reference
    from gouji_dsl.lang.loader import Workspace
    from gouji_dsl.phases import Compilation

    path = tmp_path / "house.gouji"
    path.write_text(f"variant house extends {base}\n{text}\n", encoding="utf-8")
    ws = Workspace()
    model = Compilation(ws, ws.resolve_argument(str(path))).checked
    return engine_module(model), Reference(model)


# One house rule of each section in the default run; CI plays the others too (-m wide).
@pytest.mark.parametrize("base, text", one_of_each(HOUSE_RULES, lambda rule: rule[1].split("]")[0],
                                                   ids=[t.split("\n")[1] for _b, t in HOUSE_RULES]))
def test_generated_and_oracle_agree_on_house_rules(tmp_path, base, text):
    # Match seed 43 has a 革命 in every Lianzhong house rule here that allows one, which the
    # revolution rules need (seed 3 had, before D28 changed which cards a mutual 点贡 moves).
    run(house_engines(tmp_path, base, text), matches=[43 if base == "lianzhong" else 3], games=2, positions=40)


# Lifts of a file's own (burning.lift as an expression), one calling every seat function of
# model.expr.SEAT_FUNCTIONS: the two engines read the expressions independently (State._holds and
# its specialised code; backends/oracle/predicates.py), and these runs do lift burns.
OWN_LIFTS = ["beater == opposite(burner) or opened(beater)",
             "(played(beater) and holds_top(burner)) or failed(opposite(beater)) or sits_out(previous(beater))"
             " or forfeited(opposite(burner))",
             "teammate(beater, next(burner)) or (passed(beater) and cards_left(beater) >= 3) or out(opposite(burner))"
             " or headless(beater)"]


# Rankings of the players left of a file's own (end.remaining): in playing order from a stated
# seat (the last player out's opposite), and by arithmetic of numbers.
OWN_RANKINGS = ["[distance(opposite(last), player)]", "[cards_left(player) - number(player), distance(last, player)]"]


# About 2 s each: the first in the default run, the others in the wide run (CI).
@pytest.mark.parametrize("lift", [OWN_LIFTS[0]] + [pytest.param(x, marks=pytest.mark.wide) for x in OWN_LIFTS[1:]])
def test_generated_and_oracle_agree_on_lifts_of_a_files_own(tmp_path, lift):
    seen = run(house_engines(tmp_path, "zaozhuang", f"[burning]\nlift = {lift}"), matches=[3], games=3, positions=150)
    assert seen["解烧"] >= 1


@pytest.mark.wide
def test_generated_and_oracle_agree_when_only_players_who_have_opened_burn(tmp_path):
    """枣庄 with burning only for players who have opened (burning.who): rarer burns, so more
    games and positions (about 6 s: in the wide run; test_rule_options has its positions)."""
    seen = run(house_engines(tmp_path, "zaozhuang", "[burning]\nwho = opened(burner)"), matches=4, games=4, positions=400)
    assert seen["successful burn"] >= 1 and seen["failed burn"] >= 1


@pytest.mark.wide
def test_generated_and_oracle_agree_when_any_play_answers_with_threes_last(tmp_path):
    """联众 with 随便管 (compare = any_play): a hand of 3s alone answers a play of its size as the
    last play (憋三). Anyone beats a burner's play, so a burn is lifted before it can fail: more
    positions show a failed one (about 4 s: in the wide run)."""
    seen = run(house_engines(tmp_path, "lianzhong", "[plays]\ncompare = any_play\njokers_one_kind = yes"),
               matches=4, games=3, positions=300)
    assert seen["3s answer"] >= 1 and seen["闷"] >= 1 and seen["failed burn"] >= 1


@pytest.mark.parametrize("ranking", [OWN_RANKINGS[0]] + [pytest.param(x, marks=pytest.mark.wide) for x in OWN_RANKINGS[1:]])
def test_generated_and_oracle_agree_on_rankings_of_a_files_own(tmp_path, ranking):
    run(house_engines(tmp_path, "zaozhuang", f"[end]\nremaining = {ranking}"), matches=[3], games=3, positions=60)


# Who may answer, of a file's own (flow.answer_play, flow.answer_gouji, chaos.answer): a pass loses
# the right to answer one's own team only; nobody but the opposite answers a 无头 player's 级牌; in
# 四户乱缠 a player who passed may still answer while their opposite's play is on the table.
OWN_ANSWERS = ["[flow]\nanswer_play = not passed(answerer) or not teammate(answerer, owner)",
               "[flow]\nanswer_gouji = answerer == opposite(owner) or (headless(answerer) and not passed_plain(answerer))",
               "[chaos]\nanswer = not passed(answerer) or holds_top(opposite(answerer))"]


@pytest.mark.parametrize("answer", [OWN_ANSWERS[0]] + [pytest.param(x, marks=pytest.mark.wide) for x in OWN_ANSWERS[1:]])
def test_generated_and_oracle_agree_on_who_may_answer_of_a_files_own(tmp_path, answer):
    run(house_engines(tmp_path, "zaozhuang", answer), matches=[3], games=2, positions=80)


def test_every_seat_function_is_in_an_expression_of_a_files_own():
    from gouji_dsl.model.expr import SEAT_FUNCTIONS

    assert all(any(f"{name}(" in text for text in OWN_LIFTS + OWN_RANKINGS + OWN_ANSWERS) for name in SEAT_FUNCTIONS)


# --- independence: the oracle's flow shares no code with the fast flow -----------------------------

SHARED_DATA = {"gouji_dsl.runtime.cards": None, "gouji_dsl.runtime.actions": None, "gouji_dsl.runtime.state": {"Match"},
               "gouji_dsl.runtime.pattern_kinds": {"PatternNotation", "PatternPlay"}}  # Shuangkou's card notation


def _runtime_imports(source: str, bindings: bool = False) -> list[tuple[str, set]]:
    """(module, names) of every import of gouji_dsl.runtime or model.semantics in `source`;
    with `bindings`, the names are (name bound, name imported or "*" for a whole module)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = {(a.asname or a.name, a.name) for a in node.names}
            if node.module == "gouji_dsl.runtime":
                found += [(f"gouji_dsl.runtime.{n}", {(local, "*")}) for local, n in names]
            elif node.module.startswith(("gouji_dsl.runtime", "gouji_dsl.model.semantics")):
                found.append((node.module, names))
        elif isinstance(node, ast.Import):
            found += [(a.name, {(a.asname or a.name, "*")}) for a in node.names
                      if a.name.startswith(("gouji_dsl.runtime", "gouji_dsl.model.semantics"))]
    if bindings:
        return found
    return [(module, {imported for _local, imported in names}) for module, names in found]


def test_the_oracle_shares_no_flow_code_with_the_fast_flow():
    """The oracle's modules (its flow, the reference's card functions, the pattern reference) and
    every rule's interpreter region import from the runtime only card notation, actions and
    Match: never its Game, Rules, flow or setup, nor anything of model.semantics (the seats,
    teams and card kinds the generated engines are built from), so a bug cannot hide in code
    both engines run."""
    import gouji_dsl.backends.oracle as oracle
    import gouji_dsl.rules as rules

    backends = Path(oracle.__file__).parent.parent
    sources = {path.name: path.read_text(encoding="utf-8") for path in
               [*Path(oracle.__file__).parent.glob("*.py"), backends / "reference.py", backends / "pattern_reference.py"]}
    for name, source in sources.items():
        for module, names in _runtime_imports(source):
            assert module in SHARED_DATA, f"{name} imports {module}"
            allowed = SHARED_DATA[module]
            assert allowed is None or names <= allowed, f"{name} imports {sorted(names)} from {module}"
    # A rule module imports at its top what all its regions use: its interpreter region may use,
    # of what the module imports from the runtime or model.semantics, only the shared data.
    regions = 0
    for path in Path(rules.__file__).parent.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        if "# --- interpreter ---" not in text:
            continue
        regions += 1
        bound = {}  # name bound at the module's top -> (module, name imported or "*")
        for module, names in _runtime_imports(text, bindings=True):
            bound.update((local, (module, imported)) for local, imported in names)
        region = text.split("# --- interpreter ---", 1)[1].split("\n# --- ", 1)[0].split("\n", 1)[1]
        used = {node.id for node in ast.walk(ast.parse(region)) if isinstance(node, ast.Name)}
        for local in sorted(used & set(bound)):
            module, imported = bound[local]
            assert module in SHARED_DATA, f"rules/{path.name} (interpreter) uses {local} of {module}"
            allowed = SHARED_DATA[module]
            assert allowed is None or imported in allowed, f"rules/{path.name} (interpreter) uses {imported} from {module}"
    assert len(sources) > 5 and regions > 15


# The fast engine's readings of what it is given: the oracle reads the same inputs with its own
# (backends/oracle/readings.py), so a mistake in either shows as a disagreement here.
FAST_READINGS = {"read_action", "normal_action", "string_to_action", "replay_history", "read_result", "sum_tributes",
                 "dian_cell", "pair_states"}


def test_the_oracle_reads_for_itself():
    """No module of the oracle (its flow, the reference's card functions, the pattern reference)
    and no interpreter region of a rule module names one of the fast engine's readings."""
    import gouji_dsl.backends.oracle as oracle
    import gouji_dsl.rules as rules

    backends = Path(oracle.__file__).parent.parent
    sources = {path.name: path.read_text(encoding="utf-8")
               for path in [*Path(oracle.__file__).parent.glob("*.py"), backends / "reference.py",
                            backends / "pattern_reference.py"]}
    for path in Path(rules.__file__).parent.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        if "# --- interpreter ---" in text:
            region = text.split("# --- interpreter ---", 1)[1].split("\n# --- ", 1)[0]
            sources[f"rules/{path.name}"] = region.split("\n", 1)[1]  # (the rest of the marker line)
    for name, source in sources.items():
        tree = ast.parse(source)
        named = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
        named |= {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
        named |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for alias in node.names}
        assert not named & FAST_READINGS, f"{name} uses {sorted(named & FAST_READINGS)}"


def test_an_oracle_game_holds_the_fields_of_its_state_and_nothing_else():
    """The oracle keeps its own state (backends/oracle/state.py; not the fast engine's State):
    every attribute of its games is a field of OracleState and every field is set, after a deal,
    at a position, at the end of a game and of the next one of its match (tribute), and in each
    one's clone (which copies by that list of fields)."""
    import dataclasses

    from gouji_dsl.backends.oracle.state import OracleState

    fields = {f.name for f in dataclasses.fields(OracleState)}
    for name in ("lianzhong", "zaozhuang", "shuangkou"):
        reference = engines(name)[1]
        games = [reference.new_game(seed=1),
                 reference.new_position({seat: "7 7 BJ" for seat in range(1, reference.PLAYERS + 1)}, leader=2)]
        if not reference.pattern_plays:  # (a pattern game's whole hands are slow to list plays of)
            rng, match = random.Random(1), None
            for _ in range(2):
                game = reference.new_game(seed=rng.randrange(100), match=match)
                while not game.is_terminal():
                    game.apply_action(rng.choice(game.legal_actions()))
                games.append(game)
                match = game.next_match()
        for game in games + [game.clone() for game in games]:
            assert set(vars(game)) == fields, (name, sorted(set(vars(game)) ^ fields))


def test_every_interpreter_hook_is_called_by_the_oracle(monkeypatch):
    """A hook the flow never calls would be a rule the interpreter silently ignores."""
    from gouji_dsl.facets import hooks
    from gouji_dsl.facets import spec

    called = set()
    ask = hooks.ask

    def recording_ask(key, *args):
        called.add(spec.facet(key, "interpreter"))
        return ask(key, *args)

    for module in ("setup", "table", "game", "position"):
        monkeypatch.setattr(f"gouji_dsl.backends.oracle.{module}.ask", recording_ask)
    for section in ("flow", "buy", "burning", "headless", "open", "revolution", "info", "end"):
        monkeypatch.setattr(f"gouji_dsl.rules.{section}.ask", recording_ask)  # hooks that ask other hooks
    for name in ("lianzhong", "zaozhuang"):  # between them every hook has work: 要3, 解烧, 革命 ...
        for seed in (2, 43):  # match 2 has a 要3, match 43 a 革命 (lianzhong)
            play_match(engines(name), seed, 2, Counter())
        for seed in range(100):
            play_position(engines(name), seed, Counter())
    hooked = {key: fn for key in registry.rule_keys() if callable(fn := spec.facet(key, "interpreter"))}
    assert len(hooked) > 40
    assert not sorted(key for key, fn in hooked.items() if fn not in called)


@pytest.mark.parametrize("name", ENGINE_VARIANTS)
def test_generated_and_oracle_agree_on_a_given_deal(name):
    """`new_game(deal=...)` (explicit chance, issue 15): both engines start from the same hands
    and play the same game; the deal replaces only the first shuffle."""
    gen_engine, ref_engine = engines(name)
    donor = gen_engine.new_game(seed=21)
    deal = [tuple(hand) for hand in donor.dealt]
    for seed in (5, 6):
        gen, ref = gen_engine.new_game(seed=seed, deal=deal), ref_engine.new_game(seed=seed, deal=deal)
        assert [list(h) for h in gen.dealt] == [list(h) for h in ref.dealt] == [list(h) for h in deal]
        play_out(gen, ref, f"{name} given deal, seed {seed}", random.Random(seed), Counter())
    with pytest.raises(ValueError, match="is dealt 1 cards"):
        ref_engine.new_game(deal=[(1,) + (0,) * (len(deal[0]) - 1)] * len(deal))


@pytest.mark.parametrize("name", SHUANGKOU_VARIANTS)
def test_both_shuangkou_engines_start_from_a_given_deal(name):
    gen_engine, ref_engine = engines(name)
    deal = [tuple(hand) for hand in gen_engine.new_game(seed=21).dealt]
    gen, ref = gen_engine.new_game(seed=3, deal=deal), ref_engine.new_game(seed=3, deal=deal)
    # (the hands only: the interpreter lists a wild Shuangkou lead in minutes)
    assert [list(h) for h in gen.dealt] == [list(h) for h in ref.dealt] == [list(h) for h in deal]
    assert gen.current_player() == ref.current_player()
