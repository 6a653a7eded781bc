"""Table rows in inheritance (`=`, `+=`, `-=`) and the warnings for what an author probably forgot.

Error and warning cases are table-driven like test_errors.py: a rule file
(house.gouji, beside the real variants) -> the full text of every
diagnostic (with source line, caret, hint and notes), errors first, then
warnings. The builder tests read the
resolved model, as `gouji show` prints it.
"""
from __future__ import annotations

import pytest

from gouji_dsl.cli import main
from gouji_dsl.diagnostics import RuleErrors
from gouji_dsl.lang.fmt import format_file
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.lang.parser import parse_text
from gouji_dsl.paths import variants_dir
from gouji_dsl.phases import Compilation, check_variants
from helpers import scratch_workspace
from test_errors import shown

Z = "variant house extends zaozhuang\n"
# Lines 2-6: the house's own title and summary, so only the warning under test shows.
ABOUT = ('[about]\ntitle = "俱乐部"\ntitle_en = "Club"\nsummary = "Our club."\nsummary_zh = "俱乐部规则。"\n')
ZA = Z + ABOUT
THRESHOLDS = "  | rank | at_least |\n"


def messages(tmp_path, text: str) -> list[str]:
    ws = scratch_workspace(tmp_path, {"house": text})
    warnings: list = []
    try:
        _good, errors = check_variants(ws, ["house"], warnings)
    except RuleErrors as exc:
        errors = exc.diagnostics
    folder = str(tmp_path / "variants") + "/"
    return [d.render(ws.sources).replace(folder, "").replace("variants/", "") for d in errors + warnings]


ERRORS = [
    ("+= with no inherited table", "variant house extends lianzhong\n[room]\nranks +=\n  | title | points_min | coins_min |\n"
     '  | "兵" | 0 | 0 |\n',
     ["house.gouji:3:7: error: 'ranks +=' changes an inherited table, but no variant this one extends states 'ranks'\n"
      "    ranks +=\n"
      "          ^\n"
      "  hint: state the whole table with 'ranks ='"]),
    ("-= with no parent at all", "abstract variant house\n[gouji]\nthresholds -=\n  | rank |\n  | 10 |\n",
     ["house.gouji:3:12: error: 'thresholds -=' changes an inherited table, but no variant this one extends states 'thresholds'\n"
      "    thresholds -=\n"
      "               ^\n"
      "  hint: state the whole table with 'thresholds ='"]),
    ("-= of a key the parent lacks", Z + "[gouji]\nthresholds -=\n  | rank |\n  | 9 |\n",
     ["house.gouji:5:3: error: the inherited table 'thresholds' has no row for 9\n"
      "      | 9 |\n"
      "      ^\n"
      "  hint: its rows are for 10, J, Q, K, A, 2"]),
    ("-= of a two-column key the parent lacks", Z + "[tribute]\ndian -=\n  | declared | opened |\n  | both | both |\n",
     ["house.gouji:5:3: error: the inherited table 'dian' has no row for both / both\n"
      "      | both | both |\n"
      "      ^\n"
      "  hint: its rows are for neither / me, neither / neither, neither / both"]),
    ("+= on a setting", Z + "[flow]\nlead_return_circles += 1\n",
     ["house.gouji:3:21: error: '+=' changes rows of a table, but 'lead_return_circles' takes a single value\n"
      "    lead_return_circles += 1\n"
      "                        ^\n"
      "  hint: write: lead_return_circles = <a whole number from 1 to 3>"]),
    ("-= on a setting", Z + "[tribute]\norder -= [luo]\n",
     ["house.gouji:3:7: error: '-=' changes rows of a table, but 'order' takes a single value\n"
      "    order -= [luo]\n"
      "          ^\n"
      "  hint: write: order = <a list of one of dian (点贡), luo (落贡), men (闷贡), shao (烧贡)>"]),
    ("+= rows on a setting", Z + "[flow]\ndefer +=\n  | a |\n  | 1 |\n",
     ["house.gouji:3:1: error: 'defer' takes a single value, not a table\n"
      "    defer +=\n"
      "    ^\n"
      "  hint: write: defer = <yes or no (是/否)>"]),
    ("+= without the key column", Z + "[gouji]\nthresholds +=\n  | at_least |\n  | 4 |\n",
     ["house.gouji:3:1: error: 'thresholds +=' rows must give the key column(s) rank: they say which row to replace\n"
      "    thresholds +=\n"
      "    ^\n"
      "  hint: the columns are: | rank | at_least |"]),
    ("+= without one of two key columns", Z + "[tribute]\ndian +=\n  | declared | me_gives | opp_gives |\n"
     "  | neither | 0 | 2 |\n",
     ["house.gouji:3:1: error: 'dian +=' rows must give the key column(s) opened: they say which row to replace\n"
      "    dian +=\n"
      "    ^\n"
      "  hint: the columns are: | declared | opened | me_gives | opp_gives |"]),
    ("+= row lacking a value column", Z + "[gouji]\nthresholds +=\n  | rank |\n  | 10 |\n",
     ["house.gouji:3:1: error: table 'thresholds' lacks column(s) at_least\n"
      "    thresholds +=\n"
      "    ^\n"
      "  hint: the first row names the columns: | rank | at_least |"]),
    ("-= with a value column", Z + "[gouji]\nthresholds -=\n" + THRESHOLDS + "  | 10 | 5 |\n",
     ["house.gouji:4:12: error: 'thresholds -=' rows give only the key column(s) rank, not 'at_least'\n"
      "      | rank | at_least |\n"
      "               ^\n"
      "  hint: a row to remove is named by its key: | rank |"]),
    ("-= without the key columns", Z + "[tribute]\ndian -=\n  | declared |\n  | neither |\n",
     ["house.gouji:3:1: error: 'dian -=' rows must give the key column(s) opened\n"
      "    dian -=\n"
      "    ^\n"
      "  hint: a row to remove is named by its key: | declared | opened |"]),
    ("-= on a keyless table", "abstract variant house extends shuangkou-baibian\n[patterns]\nchain_rules -=\n"
     "  | smallest_bomb |\n  | 4 |\n",
     ["house.gouji:3:13: error: 'chain_rules' has no key columns, so '-=' cannot name the rows to remove\n"
      "    chain_rules -=\n"
      "                ^\n"
      "  hint: state the whole table with 'chain_rules ='",
      # A rule in error is left unset, like any other, and the checks see no chain table.
      shown("shuangkou-baibian", "patterns.chains", "error: chains = yes needs chain_rules: which bombs make a chain")]),
    ("= and += for one table", Z + "[gouji]\nthresholds =\n" + THRESHOLDS + "  | 10 | 5 |\nthresholds +=\n" + THRESHOLDS + "  | J | 3 |\n",
     ["house.gouji:6:1: error: table 'thresholds' is both replaced ('=') and changed ('+=') in this file\n"
      "    thresholds +=\n"
      "    ^\n"
      "  hint: write either 'thresholds =' with every row, or only the changes with 'thresholds +=' / 'thresholds -='\n"
      "house.gouji:3:1: note: first here\n"
      "    thresholds =\n"
      "    ^"]),
    ("-= and = for one table", Z + "[gouji]\nthresholds -=\n  | rank |\n  | J |\nthresholds =\n" + THRESHOLDS + "  | 10 | 5 |\n",
     ["house.gouji:6:1: error: table 'thresholds' is both replaced ('=') and changed ('-=') in this file\n"
      "    thresholds =\n"
      "    ^\n"
      "  hint: write either 'thresholds =' with every row, or only the changes with 'thresholds +=' / 'thresholds -='\n"
      "house.gouji:3:1: note: first here\n"
      "    thresholds -=\n"
      "    ^"]),
    ("+= twice", Z + "[gouji]\nthresholds +=\n" + THRESHOLDS + "  | 10 | 4 |\nthresholds +=\n" + THRESHOLDS + "  | J | 3 |\n",
     ["house.gouji:6:1: error: 'thresholds +=' appears twice in section [gouji]\n"
      "    thresholds +=\n"
      "    ^\n"
      "  hint: put all its rows under one 'thresholds +='\n"
      "house.gouji:3:1: note: first here\n"
      "    thresholds +=\n"
      "    ^"]),
    ("-= leaving too few rows", Z + "[gouji]\nthresholds -=\n  | rank |\n  | 10 |\n  | J |\n  | Q |\n  | K |\n  | A |\n  | 2 |\n",
     ["house.gouji:3:1: error: table 'thresholds' needs at least 1 row(s), but 0 remain\n"
      "    thresholds -=\n"
      "    ^"]),
    ("a merged row is still checked", Z + "[tribute]\nluo +=\n  | payer | receiver | count |\n  | 6 | 6 | 2 |\n",
     ["house.gouji:5:3: error: place 6 cannot pay tribute to itself\n"
      "      | 6 | 6 | 2 |\n"
      "      ^"]),
    ("duplicate keys within one +=", Z + "[gouji]\nthresholds +=\n" + THRESHOLDS + "  | 10 | 4 |\n  | 10 | 3 |\n",
     ["house.gouji:6:3: error: duplicate row for 10 in table 'thresholds'\n"
      "      | 10 | 3 |\n"
      "      ^\n"
      "house.gouji:5:3: note: first row here\n"
      "      | 10 | 4 |\n"
      "      ^"]),
    ("-= with a repeated key column", Z + "[gouji]\nthresholds -=\n  | rank | 点数 |\n  | 9 | 9 |\n",
     ["house.gouji:4:12: error: column 'rank' appears twice\n"
      "      | rank | 点数 |\n"
      "               ^^"]),
    ("Chinese key column names in -=", Z + "[gouji]\n门槛 -=\n  | 点数 |\n  | 9 |\n",
     ["house.gouji:5:3: error: the inherited table 'thresholds' has no row for 9\n"
      "      | 9 |\n"
      "      ^\n"
      "  hint: its rows are for 10, J, Q, K, A, 2"]),
]

WARNINGS = [
    ("= drops inherited rows", ZA + "[gouji]\nthresholds =\n" + THRESHOLDS + "  | 10 | 4 |\n",
     ["house.gouji:8:1: warning: 'thresholds =' replaces the whole inherited table and drops its row(s) for J, Q, K, A, 2\n"
      "    thresholds =\n"
      "    ^\n"
      "  hint: to change only some rows, write 'thresholds +=': a row with the same rank replaces the inherited one, the others stay\n"
      + shown("gouji", "gouji.thresholds", "note: the inherited table (gouji)")]),
    ("= keeping every key does not warn", ZA + "[end]\nplaces =\n  | place | zh | en |\n" +
     "".join(f'  | {i} | "{i}科" | "p{i}" |\n' for i in range(1, 7)), []),
    ("changed rules, inherited title", Z + "[flow]\nlead_return_circles = 1\n",
     ["house.gouji:1:1: warning: variant 'house' changes rules but keeps the title of 'zaozhuang': its rulebooks would be titled as that variant's\n"
      "    variant house extends zaozhuang\n"
      "    ^\n"
      "  hint: give it a title of its own, in either language: [about] title = \"...\" (名称)"]),
    ("own title, inherited summary: a house rule is only its changes", Z + '[about]\ntitle = "俱乐部"\n[flow]\ndefer = no\n', []),
    ("an inherited summary that names a changed row: no warning", Z + '[about]\ntitle = "俱乐部"\n[tribute]\n点贡 +=\n'
     '  | declared | opened | me_gives | opp_gives |\n  | neither | neither | 2 | 2 |\n', []),
    ("an inherited summary that names what is turned off", Z + '[about]\ntitle = "俱乐部"\n[tribute]\n顺序 = [落贡]\n',
     ["house.gouji:1:1: warning: variant 'house' keeps the [about] summary of 'zaozhuang', which names dian in tribute.order (点贡), turned off here\n"
      "    variant house extends zaozhuang\n"
      "    ^\n"
      "  hint: give the variant its own: [about] summary = \"...\"",
      "house.gouji:1:1: warning: variant 'house' keeps the [about] summary_zh of 'zaozhuang', which names dian in tribute.order (点贡), turned off here\n"
      "    variant house extends zaozhuang\n"
      "    ^\n"
      "  hint: give the variant its own: [about] summary_zh = \"...\""]),
    ("the summaries written anew: no warning", Z + '[about]\ntitle = "俱乐部"\nsummary = "No open tribute."\n'
     'summary_zh = "不进点贡。"\n[tribute]\n顺序 = [落贡]\n', []),
    ("only [about] changed: no title warning", Z + '[about]\nregion = "我们俱乐部"\n', []),
    ("a table change counts as a rule change", Z + "[gouji]\nthresholds +=\n" + THRESHOLDS + "  | 10 | 4 |\n",
     ["house.gouji:1:1: warning: variant 'house' changes rules but keeps the title of 'zaozhuang': its rulebooks would be titled as that variant's\n"
      "    variant house extends zaozhuang\n"
      "    ^\n"
      "  hint: give it a title of its own, in either language: [about] title = \"...\" (名称)"]),
    ("dian table, dian not in the order", ZA + "[tribute]\norder = [luo]\ndian +=\n"
     "  | declared | opened | me_gives | opp_gives |\n  | neither | me | 0 | 2 |\n",
     ["house.gouji:8:1: warning: the 点贡 table [tribute] dian cannot matter: 'dian' (点贡) is not in [tribute] order\n"
      "    order = [luo]\n"
      "    ^\n"
      "  hint: remove dian, or change [tribute] order\n"
      "house.gouji:9:1: note: dian is written here\n"
      "    dian +=\n"
      "    ^"]),
    ("dian table, tribute off in the parent", ZA.replace("zaozhuang", "zaozhuang-haixuan") + "[tribute]\ndian +=\n"
     "  | declared | opened | me_gives | opp_gives |\n  | neither | me | 0 | 2 |\n",
     [shown("zaozhuang-haixuan", "tribute.enabled", "warning: the 点贡 table [tribute] dian cannot matter: no tribute is paid ([tribute] enabled = no)") + "\n"
      "  hint: remove dian, or change [tribute] enabled\n"
      "house.gouji:8:1: note: dian is written here\n"
      "    dian +=\n"
      "    ^"]),
    ("inherited tables under tribute off: no warning", ZA + "[tribute]\nenabled = no\n", []),
    ("luo rows, luo not in the order", ZA + "[tribute]\norder = [dian]\nluo =\n  | payer | receiver | count |\n"
     "  | 6 | 1 | 2 |\n  | 5 | 2 | 1 |\n",
     ["house.gouji:8:1: warning: the 落贡 table [tribute] luo cannot matter: 'luo' (落贡) is not in [tribute] order\n"
      "    order = [dian]\n"
      "    ^\n"
      "  hint: remove luo, or change [tribute] order\n"
      "house.gouji:9:1: note: luo is written here\n"
      "    luo =\n"
      "    ^"]),
    ("sweep_luo without 串三户", ZA + "[end]\nsweep = no\n[tribute]\nsweep_luo = as_usual\n",
     ["house.gouji:8:1: warning: [tribute] sweep_luo cannot matter: no game ends in a 串三户 ([end] sweep = no)\n"
      "    sweep = no\n"
      "    ^\n"
      "  hint: remove sweep_luo, or change [end] sweep\n"
      "house.gouji:10:1: note: sweep_luo is written here\n"
      "    sweep_luo = as_usual\n"
      "    ^"]),
    ("a second step of 开点 without 开点", ZA + "[open]\nmethod = none\nthen_lead = gouji(play)\n[tribute]\norder = [luo]\n"
     "[scoring]\nopen_points = 0\n",
     ["house.gouji:8:1: warning: [open] then_lead cannot matter: nobody opens ([open] method = none)\n"
      "    method = none\n"
      "    ^\n"
      "  hint: remove then_lead, or change [open] method\n"
      "house.gouji:9:1: note: then_lead is written here\n"
      "    then_lead = gouji(play)\n"
      "    ^"]),
    ("a price without buying", ZA + "[buy]\nprice = [BJ]\n",
     [shown("gouji", "buy.ranks", "warning: [buy] price cannot matter: nobody buys cards ([buy] ranks = [])") + "\n"
      "  hint: remove price, or change [buy] ranks\n"
      "house.gouji:8:1: note: price is written here\n"
      "    price = [BJ]\n"
      "    ^"]),
    ("a price with buying: no warning", ZA.replace("zaozhuang", "lianzhong") + "[buy]\nprice = [BJ]\n", []),
    ("sellers and the order without buying", ZA + "[buy]\nsellers = [next]\norder = by_round\n",
     [shown("gouji", "buy.ranks", "warning: [buy] sellers cannot matter: nobody buys cards ([buy] ranks = [])") + "\n"
      "  hint: remove sellers, or change [buy] ranks\n"
      "house.gouji:8:1: note: sellers is written here\n"
      "    sellers = [next]\n"
      "    ^",
      shown("gouji", "buy.ranks", "warning: [buy] order cannot matter: nobody buys cards ([buy] ranks = [])") + "\n"
      "  hint: remove order, or change [buy] ranks\n"
      "house.gouji:9:1: note: order is written here\n"
      "    order = by_round\n"
      "    ^"]),
    ("answer_gouji where anyone answers a 级牌", ZA + "[flow]\ngouji_answer = anyone\n"
     "answer_gouji = opposite_or_any_headless\n[burning]\nallowed = no\n",
     ["house.gouji:8:1: warning: [flow] answer_gouji cannot matter: anyone answers a 级牌 like any play "
      "([flow] gouji_answer = anyone)\n"
      "    gouji_answer = anyone\n"
      "    ^\n"
      "  hint: remove answer_gouji, or change [flow] gouji_answer\n"
      "house.gouji:9:1: note: answer_gouji is written here\n"
      "    answer_gouji = opposite_or_any_headless\n"
      "    ^"]),
    ("the 无头 rules where who may answer is written", ZA + "[flow]\nanswer_play = not passed(answerer)\n"
     "answer_gouji = answerer == opposite(owner)\n[headless]\nscope = any_play\npass_loses_gouji = no\n",
     ["house.gouji:8:1: warning: [headless] scope cannot matter: [flow] answer_play is written, and says who may answer "
      "by itself\n"
      "    answer_play = not passed(answerer)\n"
      "    ^\n"
      "  hint: remove scope, or change [flow] answer_play\n"
      "house.gouji:11:1: note: scope is written here\n"
      "    scope = any_play\n"
      "    ^",
      "house.gouji:9:1: warning: [headless] pass_loses_gouji cannot matter: [flow] answer_gouji is written, and says who "
      "may answer by itself\n"
      "    answer_gouji = answerer == opposite(owner)\n"
      "    ^\n"
      "  hint: remove pass_loses_gouji, or change [flow] answer_gouji\n"
      "house.gouji:12:1: note: pass_loses_gouji is written here\n"
      "    pass_loses_gouji = no\n"
      "    ^"]),
    ("pass_keeps_right where who may answer in 四户乱缠 is written",
     ZA + "[chaos]\nanswer = not passed(answerer)\npass_keeps_right = no\n",
     ["house.gouji:8:1: warning: [chaos] pass_keeps_right cannot matter: [chaos] answer is written, and says who may "
      "answer by itself\n"
      "    answer = not passed(answerer)\n"
      "    ^\n"
      "  hint: remove pass_keeps_right, or change [chaos] answer\n"
      "house.gouji:9:1: note: pass_keeps_right is written here\n"
      "    pass_keeps_right = no\n"
      "    ^"]),
    ("count_from without a counted seller", ZA.replace("zaozhuang", "lianzhong") + "[buy]\ncount_from = opposite\n",
     [shown("lianzhong", "buy.sellers", "warning: [buy] count_from cannot matter: no seller is counted to "
            "([buy] sellers has no in_turn)") + "\n"
      "  hint: remove count_from, or change [buy] sellers\n"
      "house.gouji:8:1: note: count_from is written here\n"
      "    count_from = opposite\n"
      "    ^"]),
    ("count_from with a counted seller: no warning",
     ZA.replace("zaozhuang", "lianzhong") + "[buy]\nsellers = [in_turn]\ncount_from = opposite\n", []),
    ("defer_to without deferring", ZA + "[flow]\ndefer = no\ndefer_to = any_play\n",
     ["house.gouji:8:1: warning: [flow] defer_to cannot matter: nobody may defer ([flow] defer = no)\n"
      "    defer = no\n"
      "    ^\n"
      "  hint: remove defer_to, or change [flow] defer\n"
      "house.gouji:9:1: note: defer_to is written here\n"
      "    defer_to = any_play\n"
      "    ^"]),
    ("chaos rules without 四户乱缠", ZA + "[chaos]\nstarts_at = none\nlead_return_circles = 1\n",
     ["house.gouji:8:1: warning: [chaos] lead_return_circles cannot matter: there is no 四户乱缠 ([chaos] starts_at = none)\n"
      "    starts_at = none\n"
      "    ^\n"
      "  hint: remove lead_return_circles, or change [chaos] starts_at\n"
      "house.gouji:9:1: note: lead_return_circles is written here\n"
      "    lead_return_circles = 1\n"
      "    ^"]),
    ("inherited chaos rules without 四户乱缠: no warning", ZA + "[chaos]\nstarts_at = none\n", []),
    ("joker kills where any play answers", ZA + "[plays]\ncompare = any_play\njokers_rank_lowest = yes\njoker_kills +=\n"
     "  | joker | by_same |\n  | SJ | 2 |\n",
     ["house.gouji:8:1: warning: [plays] joker_kills cannot matter: any play of as many cards answers, nothing is compared "
      "([plays] compare = any_play)\n"
      "    compare = any_play\n"
      "    ^\n"
      "  hint: remove joker_kills, or change [plays] compare\n"
      "house.gouji:10:1: note: joker_kills is written here\n"
      "    joker_kills +=\n"
      "    ^",
      "house.gouji:8:1: warning: [plays] jokers_rank_lowest cannot matter: any play of as many cards answers, nothing is "
      "compared ([plays] compare = any_play)\n"
      "    compare = any_play\n"
      "    ^\n"
      "  hint: remove jokers_rank_lowest, or change [plays] compare\n"
      "house.gouji:9:1: note: jokers_rank_lowest is written here\n"
      "    jokers_rank_lowest = yes\n"
      "    ^"]),
    ("inherited joker kills where any play answers: no warning", ZA + "[plays]\ncompare = any_play\n", []),
    # [scoring] outcome = win_draw_loss keeps only the sign of a score: a positive factor of every score
    # never changes it, nor does one of every place point where no open points are added.
    ("a scale under win, draw or loss", ZA + "[scoring]\noutcome = win_draw_loss\nscale = 2\n",
     ["house.gouji:8:1: warning: [scoring] scale cannot matter: a game gives only a win, a draw or a loss, the sign of "
      "a score, which a positive scale never changes ([scoring] outcome = win_draw_loss)\n"
      "    outcome = win_draw_loss\n"
      "    ^\n"
      "  hint: remove scale, or change [scoring] outcome\n"
      "house.gouji:9:1: note: scale is written here\n"
      "    scale = 2\n"
      "    ^"]),
    ("a sweep multiplier under win, draw or loss without open points",
     ZA.replace("zaozhuang", "lianzhong") + "[scoring]\nsweep_multiplier = 3\noutcome = 胜平负\n",
     ["house.gouji:9:1: warning: [scoring] sweep_multiplier cannot matter: a game gives only a win, a draw or a loss, "
      "the sign of a score, and without open points multiplying every place point never changes it "
      "([scoring] outcome = win_draw_loss)\n"
      "    outcome = 胜平负\n"
      "    ^\n"
      "  hint: remove sweep_multiplier, or change [scoring] outcome\n"
      "house.gouji:8:1: note: sweep_multiplier is written here\n"
      "    sweep_multiplier = 3\n"
      "    ^"]),
    # With open points a doubled place point can outweigh them where a single one did not.
    ("a sweep multiplier under win, draw or loss with open points: no warning",
     ZA + "[scoring]\nsweep_multiplier = 3\noutcome = win_draw_loss\n", []),
    ("an inherited sweep multiplier under win, draw or loss: no warning",
     ZA.replace("zaozhuang", "lianzhong") + "[scoring]\noutcome = win_draw_loss\n", []),
    ("an abstract variant's defaults: no warning", "abstract " + ZA + "[flow]\ndefer = no\ndefer_to = any_play\n", []),
    ("warnings do not hide errors", ZA + "[table]\ndecks = 4\n[gouji]\nthresholds =\n" + THRESHOLDS + "  | 10 | 4 |\n",
     ["house.gouji:8:1: error: 6 players × 54 cards = 324, but 4 deck(s) hold only 216 cards\n"
      "    decks = 4\n"
      "    ^"]),
]


@pytest.mark.parametrize("source,expected", [c[1:] for c in ERRORS + WARNINGS], ids=[c[0] for c in ERRORS + WARNINGS])
def test_table_errors_and_warnings(tmp_path, source, expected):
    assert messages(tmp_path, source) == expected


# --- the resolved model ---------------------------------------------------------

def build(tmp_path, files: dict[str, str], name: str = "house"):
    ws = scratch_workspace(tmp_path, files)
    return Compilation(ws, name).checked


def thresholds(variant) -> list[tuple[str, int]]:
    return [(r.rank, r.at_least) for r in variant.gouji.thresholds]


BASE = [("10", 5), ("J", 4), ("Q", 3), ("K", 2), ("A", 2), ("2", 1)]


def test_merge_replaces_one_row_in_place_and_appends_new_keys(tmp_path):
    v = build(tmp_path, {"house": ZA + "[gouji]\nthresholds +=\n" + THRESHOLDS + "  | 10 | 4 |  @D4\n  | 9 | 6 |\n"})
    assert thresholds(v) == [("10", 4)] + BASE[1:] + [("9", 6)]
    # Each row cites where it was written: the changed and new rows here, the rest in gouji.gouji.
    assert (v.origins["gouji.thresholds[0]"].variant, v.origins["gouji.thresholds[0]"].pos.line) == ("house", 10)
    assert v.origins["gouji.thresholds[0]"].cites == ("@D4",)
    assert (v.origins["gouji.thresholds[6]"].variant, v.origins["gouji.thresholds[6]"].pos.line) == ("house", 11)
    parent = build(tmp_path, {}, "zaozhuang")
    assert v.origins["gouji.thresholds[1]"] == parent.origins["gouji.thresholds[1]"]  # the J row, in gouji.gouji
    assert v.origins["gouji.thresholds[1]"].variant == "gouji"
    assert v.origins["gouji.thresholds"].variant == "house"  # the table's origin is its nearest statement


def test_remove_drops_rows_and_renumbers_origins(tmp_path):
    v = build(tmp_path, {"house": ZA + "[gouji]\nthresholds -=\n  | rank |\n  | J |\n  | 2 |\n"})
    assert thresholds(v) == [("10", 5), ("Q", 3), ("K", 2), ("A", 2)]
    assert [v.origins[f"gouji.thresholds[{i}]"].variant for i in range(4)] == ["gouji"] * 4
    assert "gouji.thresholds[4]" not in v.origins


def test_replace_states_the_whole_table(tmp_path):
    v = build(tmp_path, {"house": ZA + "[gouji]\nthresholds =\n" + THRESHOLDS + "  | 9 | 6 |\n"})
    assert thresholds(v) == [("9", 6)]


def test_remove_then_add_in_one_file_changes_a_key(tmp_path):
    v = build(tmp_path, {"house": ZA + "[gouji]\nthresholds -=\n  | rank |\n  | 10 |\nthresholds +=\n" + THRESHOLDS + "  | 9 | 6 |\n"})
    assert thresholds(v) == BASE[1:] + [("9", 6)]


def test_changes_apply_along_the_lineage_root_first(tmp_path):
    club = ZA.replace("house", "club") + "[gouji]\nthresholds +=\n" + THRESHOLDS + "  | 10 | 4 |\n"
    house = "variant house extends club\n" + ABOUT + "[gouji]\nthresholds -=\n  | rank |\n  | 2 |\n"
    v = build(tmp_path, {"club": club, "house": house})
    assert thresholds(v) == [("10", 4)] + BASE[1:5]
    assert [v.origins[f"gouji.thresholds[{i}]"].variant for i in range(2)] == ["club", "gouji"]


def test_keyless_table_merge_appends(tmp_path):
    house = ("abstract variant house extends shuangkou-baibian\n[about]\nsummary = \"x\"\nsummary_zh = \"x\"\n"
             "[patterns]\nchain_rules +=\n  | smallest_bomb | largest_bomb | min_bombs |\n  | 13 | 16 | 2 |\n")
    ws = scratch_workspace(tmp_path, {"house": house})
    v = Compilation(ws, "house").checked
    assert [(r.smallest_bomb, r.min_bombs) for r in v.patterns.chain_rules] == [(4, 3), (6, 2), (13, 2)]


def test_two_column_keys_merge(tmp_path):
    v = build(tmp_path, {"house": ZA + "[tribute]\ndian +=\n  | opened | declared | opp_gives | me_gives |\n"
                                  "  | me | neither | level + 1 | 0 |\n"})
    rows = {(r.declared, r.opened): r.opp_gives.text for r in v.tribute.dian}
    assert list(rows) == [("neither", "me"), ("neither", "neither"), ("neither", "both")]
    assert rows[("neither", "me")] == "level + 1"


def test_show_cites_the_row_where_it_was_written(tmp_path, capsys):
    path = tmp_path / "club.gouji"
    path.write_text(ZA.replace("house", "club") + "[gouji]\nthresholds +=\n" + THRESHOLDS + "  | 10 | 4 |\n",
                    encoding="utf-8")
    import json
    assert main(["show", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["sections"]["gouji"]["thresholds"][0] == {"rank": "10", "at_least": 4}
    assert data["origins"]["gouji.thresholds[0]"]["variant"] == "club"
    assert data["origins"]["gouji.thresholds[0]"]["line"] == 10
    assert data["origins"]["gouji.thresholds[1]"]["variant"] == "gouji"


def test_user_file_resolves_its_parent_among_the_standard_variants(tmp_path):
    path = tmp_path / "club.gouji"
    path.write_text(ZA.replace("house", "club") + "[end]\nplaces +=\n  | place | zh | en |\n  | 6 | \"垫底\" | \"bottom\" |\n",
                    encoding="utf-8")
    ws = Workspace()
    name = ws.resolve_argument(str(path))
    v = Compilation(ws, name).checked
    assert [p.zh for p in v.end.places] == ["头科", "二科", "三科", "四科", "二落", "垫底"]
    assert Compilation(ws, name).warnings == []


# --- formatting and the command line ----------------------------------------------

def test_fmt_prints_the_operators_back_and_is_idempotent():
    text = (Z + "[gouji]\n门槛   +=  @D4\n  |点数|张数|\n  |10|4|\n"
            "[end]\nplaces-=\n  | place |\n  | 6 |\n[flow]\ndefer += yes\n")
    once = format_file(parse_text(text, "house.gouji"), text)
    assert once == (Z + "\n[gouji]\nthresholds +=" + " " * 40 + "@D4\n  | rank | at_least |\n  | 10   | 4        |\n"
                    "\n[end]\nplaces -=\n  | place |\n  | 6     |\n\n[flow]\ndefer += yes\n")
    assert format_file(parse_text(once, "house.gouji"), once) == once


def test_lexer_highlights_the_operators():
    from pygments.token import Error, Operator

    from gouji_dsl.lang.lexer import GoujiLexer

    text = Z + "[gouji]\nthresholds +=\n" + THRESHOLDS + "  | 10 | 4 |\n[end]\nplaces -=  @D19\n  | place |\n  | 6 |\n"
    tokens = list(GoujiLexer().get_tokens(text))
    assert not [t for t in tokens if t[0] in Error]
    assert [v for t, v in tokens if t is Operator] == ["+=", "-="]


def test_check_prints_warnings_and_exits_0(tmp_path, capsys):
    path = tmp_path / "club.gouji"
    path.write_text("variant club extends zaozhuang\n[gouji]\nthresholds =\n" + THRESHOLDS + "  | 10 | 4 |\n",
                    encoding="utf-8")
    assert main(["check", str(path)]) == 0
    captured = capsys.readouterr()
    assert "club.gouji:1:1: warning: variant 'club' changes rules but keeps the title of" in captured.err
    assert "club.gouji:3:1: warning: 'thresholds =' replaces the whole inherited table" in captured.err
    assert "    thresholds =\n    ^\n" in captured.err
    assert "gouji: 2 warning(s)" in captured.err
    assert "error" not in captured.err
    assert "1 variant(s) checked, no errors: club" in captured.out


@pytest.mark.parametrize("name", sorted(p.stem for p in variants_dir().glob("*.gouji")))
def test_standard_variants_have_no_warnings(name):
    assert Compilation(Workspace(), name).warnings == []
