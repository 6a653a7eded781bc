"""One row per semantic check: a house rule file and every error it gets.

The rows cover each error a check can give (and its neighbour that is fine),
so a check that stops reporting, reports at the wrong place, or reports a
rule that is sound fails here. The diagnostics are compared in full in
test_errors.py; here only their located first lines."""
from __future__ import annotations

import pytest

from helpers import diagnostics_for

SK = "abstract variant house extends shuangkou\n\n"
ZZ = "variant house extends zaozhuang\n\n"
TABLE = "abstract variant house\n\n[table]\nplayers = 6\n"
CHAIN = "  | smallest_bomb | largest_bomb | min_bombs |\n"
TYPES = "[patterns]\ntypes =\n  | name | zh | width | min_length | max_length |\n"
THRESHOLDS = "[gouji]\nthresholds =\n  | rank | at_least |\n"
COPIES = "copies =\n  | card | copies |\n"
CITE = ZZ + "[flow]\nlead_return_circles = 1  "
SOURCE_000 = "source 000 (000_d8750651ba4cd99f.txt) has 157 lines"
KILLS = "[plays]\njoker_kills =\n  | joker | by_higher | by_same | by_lower |\n"
RANKS = "[ranks]\nconstraints =\n  | rank | single | last_only | all_at_once | bare |\n"
DIAN = "[tribute]\ndian =\n  | declared | opened | me_gives | opp_gives |\n"
EAGLE = '[cards]\nextra =\n  | token | zh | en | copies |\n  | Y | "鹰" | "eagle" | 6 |\n'
EAGLE_ORDER = "order = [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, SJ, BJ, Y]\n"
EAGLE_JOKERS = "jokers = [SJ, BJ, Y]\n"
ALL = "[table]\ncards_per_player = all\n"

ROWS = [
    # [patterns]
    (SK + "[patterns]\nchains = yes\nchain_lines = smallest + bombs\n",
     ["house.gouji:4:1: error: chains = yes needs chain_rules: which bombs make a chain"]),
    (SK + "[patterns]\nchains = yes\nchain_rules =\n" + CHAIN + "  | 4 | 5 | 3 |\n",
     ["house.gouji:4:1: error: chains = yes needs chain_lines: a chain's strength in lines"]),
    (SK + "[patterns]\nchain_unequal = yes\n", ["house.gouji:4:1: error: chain_unequal = yes needs chains = yes"]),
    # a lone last card must be a play (soak finding: no legal action); a bomb must fit the decks' 8 of a rank
    (SK + TYPES + '  | "pair" | "对子" | 2 | 1 | 1 |\n',
     ["house.gouji:4:1: error: no play type is a single card (width 1, min_length 1): a player left with one card "
      "could not lead it"]),
    (SK + TYPES + '  | "one" | "一张" | 1 | 1 | 3 |\n', []),
    (SK + "[patterns]\nbomb_min = 9\n",
     ["house.gouji:4:1: error: a bomb of 9 cards of one rank cannot be made: 2 deck(s) hold 8 of each rank"]),
    (SK + "[patterns]\nbomb_min = 8\n", []),
    (SK + "[patterns]\nchains = yes\nchain_lines = smallest + bombs\nchain_rules =\n" + CHAIN + "  | 3 | 5 | 3 |\n",
     ["house.gouji:8:3: error: a bomb has at least 4 cards (bomb_min)"]),
    (SK + "[patterns]\nchains = yes\nchain_lines = smallest + bombs\nchain_rules =\n" + CHAIN + "  | 4 | 4 | 3 |\n", []),
    (SK + TYPES + '  | "single" | "单张" | 1 | 1 | 1 |\n  | "pair_run" | "连对" | 2 | 4 | 3 |\n',
     ["house.gouji:7:3: error: 'pair_run': min_length 4 is above max_length 3"]),
    (SK + TYPES + '  | "single" | "单张" | 1 | 1 | 1 |\n  | "pair_run" | "连对" | 2 | 3 | 3 |\n', []),
    # [table]
    (TABLE + "teams = [[1, 3, 5, 6], [2, 4]]\n", ["house.gouji:5:1: error: the teams are unequal (4 and 2 players)"]),
    (TABLE + "teams = [[1, 3, 5], [2, 4, 7]]\n", ["house.gouji:5:1: error: teams name seat 7, but there are only seats 1..6"]),
    (TABLE + "teams = [[1, 3, 5], [2, 4, 5]]\n",
     ["house.gouji:5:1: error: seat 5 is in both teams", "house.gouji:5:1: error: seat 6 is in no team"]),
    (TABLE + "teams = [[1, 3, 5], [2, 4]]\n", ["house.gouji:5:1: error: seat 6 is in no team"]),
    (TABLE + "teams = [[1, 3, 5], [2, 4, 6]]\n", []),
    (TABLE + "opposites = [[1, 4], [2, 5], [3, 7]]\n",
     ["house.gouji:5:1: error: opposites name seat 7, but there are only seats 1..6"]),
    (TABLE + "opposites = [[1, 4], [2, 5]]\n", ["house.gouji:5:1: error: seat 3 has no opposite"]),
    (TABLE + "teams = [[1, 3, 5], [2, 4, 6]]\nopposites = [[1, 3], [2, 5], [4, 6]]\n",
     ["house.gouji:6:1: error: seats 1 and 3 face each other, so they must be opponents (on different teams)"]),
    (TABLE + "teams = [[1, 3, 5], [2, 4, 6]]\nopposites = [[1, 4], [2, 5], [3, 6]]\n", []),
    # [table] copies, cards_per_player = all, redeal_if (issue 12); six decks hold 24 of a rank
    (ZZ + "[table]\n" + COPIES + "  | 3 | 25 |\n  | 4 | 23 |\n",
     ["house.gouji:6:3: error: 6 deck(s) hold only 24 cards of 3, not 25"]),
    (ZZ + "[table]\n" + COPIES + "  | 3 | 24 |\n  | BJ | 6 |\n", []),
    (ZZ + "[table]\n" + COPIES + "  | 3 | 5 |\ncards_per_player = all\n",
     ["house.gouji:7:1: error: cards_per_player = all deals every card, but the 305 cards (6 deck(s) with the copies table) "
      "do not share out evenly among 6 players (5 left over)"]),
    (ZZ + "[table]\n" + COPIES + "  | 3 | 6 |\ncards_per_player = all\n", []),
    (ZZ + "[table]\n" + COPIES + "  | 3 | 6 |\ncards_per_player = 51\n", []),
    (ZZ + "[table]\ncards_per_player = all\n", []),
    ("abstract variant house\n\n[table]\nplayers = 4\ndecks = 1\ncards_per_player = all\n",
     ["house.gouji:6:1: error: cards_per_player = all deals every card, but the 54 cards (1 deck(s) × 54) "
      "do not share out evenly among 4 players (2 left over)"]),
    (ZZ + "[table]\n" + COPIES + "  | 3 | 6 |\n", ["house.gouji:4:1: error: 6 players × 54 cards = 324, but the deck holds only 306 cards"]),
    (ZZ + "[table]\nredeal_if = count_from(hand, J) < 30\n",
     ["house.gouji:4:1: error: redeal_if holds for some hand in every one of 200 sample deals: the cards would be dealt "
      "again (almost) forever"]),
    (ZZ + "[table]\nredeal_if = count_from(hand, J) < 11\n", []),
    (ZZ + "[table]\nredeal_if = gouji(hand) or size(hand) > 0\n", []),  # not sampled: the engines' cap stops it
    # [buy] (issue 12)
    (ZZ + "[buy]\nranks = [3, 4]\nprice = [4, 2]\n", ["house.gouji:5:1: error: a player cannot pay for a 4 with a 4"]),
    (ZZ + "[buy]\nranks = [3, 4]\nprice = [2, SJ, BJ]\n", []),
    ("variant house extends lianzhong\n\n[buy]\nprice = [3, 4]\n",
     ["house.gouji:4:1: error: a player cannot pay for a 3 with a 3"]),
    ("variant house extends lianzhong\n\n[buy]\nprice = [4]\n", []),
    # [about] citations: source 000 has 157 lines
    (CITE + "@000:L157\n", []), (CITE + "@000:L1-157\n", []),
    (CITE + "@000:L158\n", [f"house.gouji:4:26: error: citation @000:L158 is out of range: {SOURCE_000}"]),
    (CITE + "@000:L0\n", [f"house.gouji:4:26: error: citation @000:L0 is out of range: {SOURCE_000}"]),
    (CITE + "@000:L150-158\n", [f"house.gouji:4:26: error: citation @000:L150-158 is out of range: {SOURCE_000}"]),
    # [plays] joker_kills: each way names a joker kind that exists; kills are Gouji's (card by card)
    (ZZ + KILLS + "  | SJ | 1 | 2 | none |\n  | BJ | none | 2 | 3 |\n", []),
    (ZZ + KILLS + "  | SJ | 1 | 2 | 3 |\n  | BJ | 1 | 2 | none |\n",
     ["house.gouji:6:3: error: no joker is just below SJ: by_lower cannot kill it",
      "house.gouji:7:3: error: no joker is higher than BJ: by_higher cannot kill it"]),
    (SK + "[plays]\ncompare = top_card\njoker_kills =\n  | joker | by_same |\n  | BJ | 2 |\n",
     ["house.gouji:5:1: error: rule 'joker_kills' of [plays] does not apply to game 'shuangkou'"]),
    (SK + "[plays]\ncompare = top_card\n", []),
    # [plays] compare: 随便管 is Gouji's; card by card is not Shuangkou's engines'
    (ZZ + "[plays]\ncompare = any_play\n", []),
    (SK + "[plays]\ncompare = any_play\n",
     ["house.gouji:4:1: error: compare = any_play is a Gouji rule: a Shuangkou answer is weighed by its type, length, top "
      "card and a bomb's lines, and 'any play answers' leaves unsaid which of them still count"]),
    (SK + "[plays]\ncompare = card_by_card\n",
     ["house.gouji:4:1: error: compare = card_by_card is not supported by the engines yet in Shuangkou: plays of a type "
      "compare by their top card (K2)"]),
    # [gouji] thresholds: six decks hold 24 of a rank, and 24 filler 2s when fillers count
    (ZZ + THRESHOLDS + "  | 10 | 48 |\n  | 2 | 24 |\n", []),
    (ZZ + THRESHOLDS + "  | 10 | 49 |\n  | 2 | 25 |\n",
     ["house.gouji:6:3: error: no play can hold 49 cards of rank 10: 6 deck(s) give at most 48",
      "house.gouji:7:3: error: no play can hold 25 cards of rank 2: 6 deck(s) give at most 24"]),
    (ZZ + THRESHOLDS + "  | 10 | 25 |\nfillers_count = no\n",
     ["house.gouji:6:3: error: no play can hold 25 cards of rank 10: 6 deck(s) give at most 24"]),
    (ZZ + THRESHOLDS + "  | 10 | 24 |\nfillers_count = no\n", []),
    # [table] first_leader = fixed_seat and first_seat
    (ZZ + "[table]\nfirst_leader = fixed_seat\n",
     ["house.gouji:4:1: error: first_leader = fixed_seat needs first_seat: the seat that leads first"]),
    (ZZ + "[table]\nfirst_leader = fixed_seat\nfirst_seat = 7\n", ["house.gouji:5:1: error: seat 7 does not exist: there are 6 players"]),
    (ZZ + "[table]\nfirst_seat = 2\n",
     ["house.gouji:4:1: error: first_seat has no effect unless first_leader = fixed_seat (it is random)"]),
    (ZZ + "[table]\nfirst_leader = fixed_seat\nfirst_seat = 6\n", []),
    # [threes]
    # [ranks] constraints
    (ZZ + RANKS + "  | 5 | no | no | no | no |\n",
     ["house.gouji:6:3: error: the row for 5 constrains nothing: every column is no"]),
    (ZZ + RANKS + "  | 5 | yes | no | yes | no |\n",
     ["house.gouji:6:3: error: single and all_at_once contradict for 5: a player holding two 5s could play them "
      "neither one at a time nor all together"]),
    ("variant house extends lianzhong\n\n" + RANKS + "  | 3 | no | yes | no | yes |\n",
     ["house.gouji:6:3: error: 3s are played by 憋三 here ([threes] threes_last = yes: the last play, all the 3s, "
      "3s only), so a constraints row for 3 would contradict or repeat it"]),
    (ZZ + RANKS + "  | 3 | yes | yes | no | yes |\n  | 4 | no | no | yes | yes |\n", []),
    (ZZ + "[ranks]\nconstraints =\n  | rank | bare |\n  | 2 | yes |\n",
     ["house.gouji:6:5: error: '2' is not allowed here: expected a rank from 3 to A (3 4 5 6 7 8 9 10 J Q K A)"]),
    # [cards]
    (ZZ + "[cards]\norder = [4, 3, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, SJ, BJ]\n",
     ["house.gouji:4:1: error: Gouji engines rank 3 < 4 < ... < K < A: keep the number cards in that order"]),
    # [cards] extra: the eagle, declared, ranked above BJ, a joker, dealt out evenly; and its neighbour that is fine
    (ZZ + EAGLE + "order = [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, SJ, Y, BJ]\n" + EAGLE_JOKERS + ALL,
     ["house.gouji:7:1: error: Gouji engines rank A < 2 < SJ < BJ: keep the 2 and the jokers in that order",
      "house.gouji:7:1: error: Y ranks below the big joker: extra card kinds rank above BJ"]),
    (ZZ + EAGLE + EAGLE_ORDER + "jokers = [SJ, BJ]\n" + ALL,
     ["house.gouji:7:1: error: the jokers must be the highest cards of the order",
      "house.gouji:8:1: error: Y plays as a joker: list it among the jokers"]),
    (ZZ + EAGLE + EAGLE_ORDER + EAGLE_JOKERS,
     ["zaozhuang.gouji:26:1: error: 6 players × 54 cards = 324 leaves 6 of the 330 cards of the deck undealt"]),
    (ZZ + EAGLE + EAGLE_ORDER + EAGLE_JOKERS + ALL, []),
    (ZZ + "[table]\nredeal_if = count(hand, Y) > 2\n",
     ["house.gouji:4:25: error: 'Y' is not a card: expected a card (3 4 5 6 7 8 9 10 J Q K A 2 SJ BJ; 小王 = SJ, 大王 = BJ)"]),
    (ZZ + EAGLE + EAGLE_ORDER + EAGLE_JOKERS + ALL + "redeal_if = count(hand, Y) > 5\n", []),
    # [room]
    (ZZ + "[room]\nmin_games = 0\n",
     ["house.gouji:4:1: error: a leaving penalty needs a minimum number of games (min_games = 0)"]),
    (ZZ + "[room]\nleave_penalty = 0\n",
     ["house.gouji:4:1: error: min_games has no effect without a leaving penalty (leave_penalty = 0)",
      "house.gouji:4:1: error: penalty_first_leaver_only = yes has no effect without a leaving penalty (leave_penalty = 0)"]),
    (ZZ + "[room]\nranks =\n  | title | points_min | coins_min |\n"  # two faults, one error: the first
     '  | "a" | 0 | 0 |\n  | "b" | 0 | 5 |\n  | "c" | 0 | 6 |\n',
     ["house.gouji:7:3: error: rank 'b' needs no more points_min than the rank before it: "
      "ranks are looked up by points_min, lowest first"]),
    (ZZ + "[room]\nranks =\n  | title | points_min | coins_min |\n" '  | "a" | 0 | 0 |\n  | "b" | 1 | 0 |\nrank_by = coins\n',
     ["house.gouji:7:3: error: rank 'b' needs no more coins_min than the rank before it: "
      "ranks are looked up by coins_min, lowest first"]),
    (ZZ + "[room]\nranks =\n  | title | points_min | coins_min |\n" '  | "a" | 0 | 0 |\n  | "b" | 1 | 1 |\nrank_by = coins\n', []),
    (ZZ + "[room]\nmode = haixuan\n",
     ["house.gouji:4:1: error: a 海选 room (mode = haixuan) has no tribute: enabled = yes contradicts it",
      "house.gouji:4:1: error: a 海选 room (mode = haixuan) has no leaving penalty"]),
    ("variant house extends zaozhuang-haixuan\n\n[tribute]\nenabled = yes\n",
     ["house.gouji:4:1: error: a 海选 room (mode = haixuan) has no tribute: enabled = yes contradicts it"]),
    ("variant house extends zaozhuang-haixuan\n\n[room]\nleave_penalty = 5\nmin_games = 2\n",
     ["house.gouji:4:1: error: a 海选 room (mode = haixuan) has no leaving penalty"]),
    # [scoring]
    (ZZ + "[scoring]\nplace_points = [3, 2, 1, 0, -1, -2]\n",
     ["house.gouji:4:1: error: place points add up to 3, so games would not be zero-sum"]),
    (ZZ + "[scoring]\nplace_points = [3, 2, 1, -1, 0, -5]\n",
     ["house.gouji:4:1: error: place points must not rise from a better place to a worse one"]),
    (ZZ + "[scoring]\nplace_points = [3, 2, 1, -1, -2, -3]\n", []),
    # [burning]
    (ZZ + "[burning]\nask_order = [1, 2, 4, 5]\n",
     ["house.gouji:4:1: error: ask_order must name opposite (对家): where the 级牌 player's opposite answers among the burners"]),
    (ZZ + "[burning]\nask_order = [1, 2, 3, opposite]\n",
     ["house.gouji:4:1: error: 3 seats after every player sits their opposite: write opposite (对家), not 3"]),
    (ZZ + "[burning]\nask_order = [1, 6, opposite]\n",
     ["house.gouji:4:1: error: ask_order counts seat 6 after the 级牌 player, but with 6 players the others sit 1 to 5 seats after him"]),
    (ZZ + "[burning]\nask_order = [5, opposite, 1]\n", []),
    (ZZ + "[burning]\njoker_check = leads_only\n",
     ["house.gouji:4:1: error: joker_check = leads_only changes nothing with [burning] lift = anyone: any play beaten "
      "lifts the burn, so a burner still bound never answers a play"]),
    (ZZ + "[burning]\njoker_check = leads_only\nlift = opposite_or_headless\n", []),
    (ZZ + "[burning]\nfree_after_rounds = 54\n",
     ["house.gouji:4:1: error: free_after_rounds = 54 never acts: a player holding 54 cards plays 级牌 in at most "
      "54 rounds, and the rule frees his 级牌 only after 54"]),
    (ZZ + "[burning]\nfree_after_rounds = 53\n", []),
    # Opposites at no fixed distance: every seat may be counted, each 级牌 player's own opposite is skipped.
    (ZZ + "[table]\nopposites = [[1, 2], [3, 6], [4, 5]]\n[burning]\nask_order = [1, 2, 3, 4, 5, opposite]\n", []),
    # [tribute]
    (ZZ + "[tribute]\nmen = 1\n", ["house.gouji:4:1: error: men = 1 but 'men' is not in the tribute order",
                                   "house.gouji:4:1: error: men = 1 contradicts [threes] threes_last = no"]),
    (ZZ + "[tribute]\norder = [dian, luo, shao]\nshao = 0\n",
     ["house.gouji:4:1: error: the tribute order lists 'shao' but shao = 0"]),
    (ZZ + "[tribute]\norder = [dian, luo, shao]\nshao = 1\n[burning]\nallowed = no\n",
     ["house.gouji:5:1: error: shao = 1 contradicts [burning] allowed = no"]),
    (ZZ + "[tribute]\norder = [dian, luo, shao]\nshao = 1\n", []),
    ("variant house extends lianzhong\n\n[tribute]\nmen = 0\n",
     ["lianzhong.gouji:47:1: error: the tribute order lists 'men' but men = 0"]),
    (ZZ + "[tribute]\nluo =\n  | payer | receiver | count |\n  | 7 | 1 | 1 |\n",
     ["house.gouji:6:3: error: place 7 does not exist: there are 6 places"]),
    (ZZ + "[tribute]\nluo =\n  | payer | receiver | count |\n  | 7 | 8 | 1 |\n",  # one error a row
     ["house.gouji:6:3: error: place 7 does not exist: there are 6 places"]),
    (ZZ + "[tribute]\nluo =\n  | payer | receiver | count |\n  | 1 | 9 | 1 |\n",
     ["house.gouji:6:3: error: place 9 does not exist: there are 6 places"]),
    (ZZ + "[tribute]\nluo =\n  | payer | receiver | count |\n  | 2 | 2 | 1 |\n",
     ["house.gouji:6:3: error: place 2 cannot pay tribute to itself"]),
    (ZZ + "[tribute]\nluo =\n  | payer | receiver | count |\n  | 6 | 1 | 1 |\n", []),
    ("abstract variant house\n\n" + DIAN + "  | neither | me | 0 | level |\n", []),  # no [open] declare: cases unknown
    (ZZ + DIAN + "  | neither | me | 0 | level |\n",
     ["house.gouji:4:1: error: the 点贡 table has no row for declared = neither, opened = both (and 1 more case(s))"]),
    ("variant house extends lianzhong\n\n" + DIAN + "  | neither | me | 0 | level |\n  | neither | neither | 1 | 1 |\n"
     "  | neither | both | 0 | 0 |\n",
     ["house.gouji:4:1: error: the 点贡 table has no row for declared = both, opened = me (and 11 more case(s))"]),
    (ZZ + DIAN + "  | neither | me | 0 | level |\n  | neither | neither | 1 | 2 |\n  | neither | both | 0 | 0 |\n",
     ["house.gouji:7:3: error: declared = neither, opened = neither is the same seen from either player, "
      "so me_gives and opp_gives must be equal"]),
    (ZZ + DIAN + "  | me | me | 0 | level |\n  | neither | me | 0 | level |\n  | neither | neither | 1 | 1 |\n"
     "  | neither | both | 0 | 0 |\n",
     ["house.gouji:6:3: error: row for declared = me, but nobody can declare ([open] declare = no)"]),
    # The same rows, with 点贡 left out of the tribute order: unused, so not wrong.
    ("variant house extends lianzhong-bubiesan\n\n[open]\ndeclare = no\n\n[tribute]\norder = [shao, luo]\n", []),
    # [table] first_leader = card_holder: a card somebody holds.
    (ZZ + "[table]\nfirst_leader = card_holder\nfirst_card = SJ\ncards_per_player = all\ncopies =\n  | card | copies |\n"
     "  | SJ | 0 |\n", ["house.gouji:5:1: error: nobody can hold first_card = SJ: the copies table keeps none of it"]),
    (ZZ + "[table]\nfirst_leader = card_holder\nfirst_card = SJ\ncards_per_player = all\ncopies =\n  | card | copies |\n"
     "  | SJ | 0 |\n  | BJ | 0 |\n", ["house.gouji:5:1: error: nobody can hold first_card = SJ: the copies table keeps none of it"]),
    (ZZ + "[table]\nfirst_leader = card_holder\nfirst_card = SJ\ncards_per_player = all\ncopies =\n  | card | copies |\n"
     "  | SJ | 6 |\n", []),
    # [open] method = none: nothing may depend on who opened.
    (ZZ + "[open]\nmethod = none\n",
     ["house.gouji:4:1: error: method = none (no 开点), but [tribute] order lists dian: 点贡 is paid by who opened; "
      "[scoring] open_points = 6 scores 开点"]),
    (ZZ + "[open]\nmethod = none\n\n[tribute]\nenabled = no\n\n[scoring]\nopen_points = 0\n", []),
    ("variant house extends zhoujxmt\n\n[open]\ndeclare = yes\n",
     ["house.gouji:4:1: error: method = none (no 开点), but [open] declare = yes: 宣点 bets on 开点"]),
    ("variant house extends lianzhong-bubiesan\n\n[open]\nmethod = none\ndeclare = no\n\n[tribute]\norder = [shao, luo]\n"
     "\n[revolution]\nauto_open = yes\n",
     ["house.gouji:4:1: error: method = none (no 开点), but [revolution] auto_open = yes opens a revolutionary's opposite"]),
    (ZZ + "[tribute]\ndian_max_level = 1\n", ["zaozhuang.gouji:63:1: error: 点贡毕业 needs levels: set dian_max_level above 1"]),
    (ZZ + "[tribute]\ndian_max_level = 2\n", []),
    (ZZ + "[tribute]\nluo =\n  | payer | receiver | count |\n",
     ["house.gouji:4:1: error: the tribute order lists 'luo' but the luo table is empty"]),
    (ZZ + DIAN + "  | neither | me | 0 | level |\n  | neither | neither | 1 | 1 |\n",
     ["house.gouji:4:1: error: the 点贡 table has no row for declared = neither, opened = both"]),
    (ZZ + DIAN + "  | neither | me | 0 | level |\n  | neither | opp | 0 | level |\n  | neither | neither | 1 | 1 |\n"
     "  | neither | both | 0 | 0 |\n",
     ["house.gouji:7:3: error: this row contradicts its mirror (declared = neither, opened = me) with the players swapped"]),
]


@pytest.mark.parametrize("text, expected", ROWS, ids=[f"row{i}" for i in range(len(ROWS))])
def test_check(tmp_path, text, expected):
    assert diagnostics_for(tmp_path, text) == expected
