"""Table-driven error tests: a broken rule file -> its exact diagnostics.

Each case is a rule file (named house.gouji, in a folder beside the real
variants) and the full text of every diagnostic it must produce, in order:
position and message, the source line with its caret, the hint, and each
note with its own source line and caret.
"""
from __future__ import annotations

import pytest

from gouji_dsl.diagnostics import RuleErrors
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.paths import variants_dir
from gouji_dsl.phases import Compilation, check_variants
from helpers import diagnostics_for, scratch_workspace

Z = "variant house extends zaozhuang\n"
S = "abstract variant house extends shuangkou\n"
COPIES = "copies =\n  | card | copies |\n"  # [table] copies, rows follow
SOURCE_NOTES = "[about]\nsource_notes =\n  | rule | lines | quote | note | note_zh |\n"  # rows follow
SK_ROOT = "abstract variant house\n[about]\ngame = shuangkou\n[plays]\nshape = patterns\n"  # no parent: most rules unset


def shown(variant: str, path: str, message: str) -> str:
    """A diagnostic or note at rule `path` of a standard variant: position, message,
    source line and caret, read from the file (which moves as decisions are added)."""
    pos = Compilation(Workspace(), variant).model.origin(path).pos
    line = (variants_dir() / f"{variant}.gouji").read_text(encoding="utf-8").splitlines()[pos.line - 1]
    return f"{variant}.gouji:{pos.line}:{pos.col}: {message}\n    {line}\n    {' ' * (pos.col - 1)}^"


def rendered(tmp_path, source) -> list[str]:
    """Every diagnostic of rule file house.gouji rendered in full, file names relative."""
    ws = scratch_workspace(tmp_path, {"house": source})
    try:
        _good, diags = check_variants(ws, ["house"])
    except RuleErrors as errors:
        diags = errors.diagnostics
    folder = str(tmp_path / "variants") + "/"
    return [d.render(ws.sources).replace(folder, "").replace("variants/", "") for d in diags]


CASES = [
    # --- syntax ---------------------------------------------------------------
    ("missing equals", Z + "[table]\ndecks 6\n",
     ["house.gouji:3:7: error: unexpected '6'; expected '='\n"
      "    decks 6\n"
      "          ^\n"
      "  hint: a setting is written: key = value"]),
    ("no value after '=' (the next line is a rule)", Z + "[flow]\n让圈 =\n让牌 = yes\n",
     ["house.gouji:3:4: error: '让圈' has no value after '='\n"
      "    让圈 =\n"
      "         ^\n"
      "  hint: write the value on the same line (key = value); only a table starts on the next line, "
      "with a row such as | 10 | 5 |"]),
    ("no value after '=' (blank lines and a comment, then a section)", Z + "[flow]\ndefer =  # ?\n\n# c\n[table]\n",
     ["house.gouji:3:7: error: 'defer' has no value after '='\n"
      "    defer =  # ?\n"
      "          ^\n"
      "  hint: write the value on the same line (key = value); only a table starts on the next line, "
      "with a row such as | 10 | 5 |"]),
    ("a colon for '='", Z + "[flow]\n让圈: 1\n",
     ["house.gouji:3:3: error: unexpected character ':'\n"
      "    让圈: 1\n"
      "        ^\n"
      "  hint: a setting is written key = value: use '=' (not ':')"]),
    ("a full-width colon for '='", Z + "[flow]\n让圈：1\n",
     ["house.gouji:3:3: error: full-width colon '：' outside a string or comment\n"
      "    让圈：1\n"
      "        ^^\n"
      "  hint: a setting is written key = value: use '=' (not '：')"]),
    ("rule outside a section", Z + "decks = 6\n",
     ["house.gouji:2:1: error: unexpected 'decks'; expected '['\n"
      "    decks = 6\n"
      "    ^^^^^\n"
      "  hint: settings belong to a section: put a header such as [table] above them"]),
    ("no header", "[table]\ndecks = 6\n",
     ["house.gouji:1:1: error: unexpected '['; expected 'abstract' or 'variant'\n"
      "    [table]\n"
      "    ^\n"
      "  hint: a rule file starts with a header such as: variant zaozhuang extends gouji"]),
    ("two values", Z + "[table]\nplayers = 6 7\n",
     ["house.gouji:3:13: error: unexpected '7'; expected end of line\n"
      "    players = 6 7\n"
      "                ^\n"
      "  hint: one value per rule: write a list in brackets, [a, b], and start each rule on its own line"]),
    ("single quotes", Z + "[table]\ndirection = 'clockwise'\n",
     ['house.gouji:3:13: error: unexpected character "\'"\n'
      "    direction = 'clockwise'\n"
      "                ^\n"
      "  hint: strings are written in double quotes: \"...\""]),
    ("unterminated string", Z + '[about]\ntitle = "unterminated\n',
     ['house.gouji:3:9: error: unexpected character \'"\'\n'
      "    title = \"unterminated\n"
      "            ^\n"
      "  hint: a string must end on the line where it starts, with a closing double quote"]),
    ("number too large", Z + "[table]\ndecks = 99999999999\n",
     ["house.gouji:3:9: error: number too large (11 digits; at most 9)\n"
      "    decks = 99999999999\n"
      "            ^"]),
    ("deep nesting", Z + "[burning]\ncondition = " + "(" * 60 + "1" + ")" * 60 + "\n",
     ["house.gouji:3:53: error: brackets nested more than 40 deep\n"
      "    condition = ((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))\n"
      "                                                        ^\n"
      "  hint: a rule never needs this much nesting"]),
    ("too many operators", Z + "[burning]\ncondition = sets(hand)" + " + 1" * 160 + " <= 2\n",
     ["house.gouji:3:664: error: expression has more than 160 operators\n"
      "    ...+ 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 <= 2\n"
      "                                                                                                                                                                   ^^\n"
      "  hint: split the rule or simplify it"]),
    # The guards count tokens: brackets and operators in strings and comments are text,
    # and an escaped quote does not end a string (it once let 3,000 '(' through: exit 3).
    ("escaped quote, then deep nesting", Z + '[burning]\ncondition = "a\\"" == ' + "(" * 3000 + "1" + ")" * 3000 + "\n",
     ["house.gouji:3:62: error: brackets nested more than 40 deep\n"
      "    ...n = \"a\\\"\" == (((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((...\n"
      "                                                            ^\n"
      "  hint: a rule never needs this much nesting"]),
    ("escaped quote, then many operators", Z + '[burning]\ncondition = "a\\"" == ' + "1+" * 3000 + "1\n",
     ["house.gouji:3:341: error: expression has more than 160 operators\n"
      "    ...1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+...\n"
      "                                                            ^\n"
      "  hint: split the rule or simplify it"]),
    ("brackets in a comment", Z + "[table]\ndecks = 6  # " + "(" * 41 + "\n", []),
    ("dashes in a comment", Z + "[table]\ndecks = 6  # " + "-" * 170 + "\n", []),
    ("operators in a string", Z + '[about]\ntitle = "' + "((-" * 60 + '"\ntitle_en = "a \\" ((" # ((((\n',
     []),
    ("empty file", "",
     ["house.gouji:1:1: error: unexpected end of file; expected 'abstract' or 'variant'\n"
      "  hint: a rule file starts with a header such as: variant zaozhuang extends gouji"]),
    ("not utf-8", Z.encode() + b'[about]\ntitle = "\xff\xfe"\n',
     ["house.gouji:3:10: error: file is not valid UTF-8 (byte 0xff)\n"
      "  hint: save the rule file as UTF-8"]),
    ("saved as UTF-16 (Notepad's Unicode)", (Z + "[table]\ndecks = 6\n").encode("utf-16"),
     ["house.gouji:1:1: error: file is saved as UTF-16, not UTF-8\n"
      "  hint: save the rule file as UTF-8 (in Notepad: Save As, Encoding: UTF-8)"]),
    ("UTF-16 without a byte-order mark", (Z + "[table]\ndecks = 6\n").encode("utf-16-be"),
     ["house.gouji:1:1: error: file is saved as UTF-16, not UTF-8\n"
      "  hint: save the rule file as UTF-8 (in Notepad: Save As, Encoding: UTF-8)"]),
    ("binary junk", b"\x7fELF\x00\x01\x02variant",
     ["house.gouji:1:1: error: file contains a NUL byte: this is not a rule file (binary data?)"]),
    ("control character", Z + "[table]\ndecks = 6\x07\n",
     ["house.gouji:3:10: error: control character U+0007 is not allowed in a rule file\n"
      "    decks = 6?\n"
      "             ^"]),
    ("bad escape", Z + '[about]\ntitle = "a\\qb"\n',
     ["house.gouji:3:11: error: unknown escape '\\q' in string\n"
      "    title = \"a\\qb\"\n"
      "              ^\n"
      "  hint: the escapes are \\\" \\\\ \\n and \\t"]),
    ("header row with a value", Z + "[gouji]\nthresholds =\n  | rank | 5 |\n  | 10 | 5 |\n",
     ["house.gouji:4:12: error: the first row of a table names its columns: each cell must be a plain name\n"
      "      | rank | 5 |\n"
      "               ^\n"
      "  hint: for example: | rank | at_least |"]),
    # --- names and structure ----------------------------------------------------------
    ("unknown section", Z + "[tabel]\ndecks = 6\n",
     ["house.gouji:2:2: error: unknown section [tabel]: expected one of about (简介), burning (烧牌), buy (买牌), cards (牌), chaos (四户乱缠), end (终局), flow (出牌), gouji (级牌), headless (无头), info (报牌看牌), open (开点), patterns (牌型表), ...\n"
      "    [tabel]\n"
      "     ^\n"
      "  hint: did you mean 'table' (牌桌)?"]),
    ("unknown rule", Z + "[table]\ndeks = 6\n",
     ["house.gouji:3:1: error: unknown rule 'deks' in section [table]: expected one of cards_per_player (每人张数), copies (张数表), decks (副数), direction (方向), first_card (上班牌), first_leader (上班), first_seat (上班座位), opposites (对家), players (人数), redeal_if (重发条件), teams (联邦)\n"
      "    deks = 6\n"
      "    ^\n"
      "  hint: did you mean 'decks' (副数)?"]),
    ("a rule under another section's header", Z + "[flow]\nthrees_last = yes\n",
     ["house.gouji:3:1: error: unknown rule 'threes_last' in section [flow]: expected one of answer_gouji (谁能管级牌), answer_play (谁能管), defer (让牌), defer_to (让牌范围), going_out_gouji (底牌), gouji_answer (级牌应答), lead_return_circles (让圈), pass_rule (过牌), take_over (接风)\n"
      "    threes_last = yes\n"
      "    ^\n"
      "  hint: 'threes_last' is a rule of [threes] (憋三): move it under that header"]),
    ("unknown parent", "variant house extends zaozhuangg\n",
     ["house.gouji:1:23: error: unknown parent variant 'zaozhuangg'\n"
      "    variant house extends zaozhuangg\n"
      "                          ^\n"
      "  hint: did you mean 'zaozhuang'?"]),
    ("inheritance cycle", "variant house extends house\n",
     ["house.gouji:1:23: error: inheritance cycle: house -> house\n"
      "    variant house extends house\n"
      "                          ^"]),
    ("header name mismatch", "variant other extends zaozhuang\n",
     ["house.gouji:1:9: error: this file is named 'house' but its header says 'other'\n"
      "    variant other extends zaozhuang\n"
      "            ^\n"
      "  hint: write: variant house ... (the header name must match the file name), or name the file other.gouji"]),
    ("rule set twice", Z + "[table]\ndecks = 6\ndecks = 4\n",
     ["house.gouji:4:1: error: rule 'decks' is set twice in section [table]\n"
      "    decks = 4\n"
      "    ^\n"
      "house.gouji:3:1: note: first set here\n"
      "    decks = 6\n"
      "    ^"]),
    ("section twice", Z + "[table]\ndecks = 6\n[table]\nplayers = 6\n",
     ["house.gouji:4:2: error: section [table] appears twice in this file\n"
      "    [table]\n"
      "     ^\n"
      "  hint: put all its rules under one header\n"
      "house.gouji:2:2: note: first here\n"
      "    [table]\n"
      "     ^"]),
    ("table where a value belongs", Z + "[flow]\ndefer =\n  | a |\n  | 1 |\n",
     ["house.gouji:3:1: error: 'defer' takes a single value, not a table\n"
      "    defer =\n"
      "    ^\n"
      "  hint: write: defer = <yes or no (是/否)>"]),
    ("value where a table belongs", Z + "[gouji]\nthresholds = 5\n",
     ["house.gouji:3:14: error: 'thresholds' is a table: write 'thresholds =' and then rows, one per line\n"
      "    thresholds = 5\n"
      "                 ^\n"
      "  hint: the columns are: | rank | at_least |"]),
    ("unknown column", Z + "[gouji]\nthresholds =\n  | rank | at_least | extra |\n  | 10 | 5 | 1 |\n",
     ["house.gouji:4:23: error: unknown column 'extra' in table 'thresholds': expected at_least (张数), rank (点数)\n"
      "      | rank | at_least | extra |\n"
      "                          ^"]),
    ("missing column", Z + "[gouji]\nthresholds =\n  | rank |\n  | 10 |\n",
     ["house.gouji:3:1: error: table 'thresholds' lacks column(s) at_least\n"
      "    thresholds =\n"
      "    ^\n"
      "  hint: the first row names the columns: | rank | at_least |"]),
    ("row too short", Z + "[gouji]\nthresholds =\n  | rank | at_least |\n  | 10 |\n",
     ["house.gouji:5:3: error: row has 1 cells but the table has 2 columns\n"
      "      | 10 |\n"
      "      ^"]),
    ("duplicate row", Z + "[gouji]\nthresholds =\n  | rank | at_least |\n  | 10 | 5 |\n  | 10 | 6 |\n",
     ["house.gouji:6:3: error: duplicate row for 10 in table 'thresholds'\n"
      "      | 10 | 6 |\n"
      "      ^\n"
      "house.gouji:5:3: note: first row here\n"
      "      | 10 | 5 |\n"
      "      ^"]),
    ("section for another game", "abstract variant house extends shuangkou\n[burning]\nallowed = yes\n",
     ["house.gouji:3:1: error: section [burning] does not apply to game 'shuangkou'\n"
      "    allowed = yes\n"
      "    ^\n"
      "  hint: remove it, or change [about] game / [plays] shape"]),
    ("unset rules", "variant house\n[table]\ndecks = 6\n",
     ["house.gouji:1:9: error: variant 'house' leaves rules unset: [about] game, title, title_en, region, sources; [table] players, cards_per_player, teams, opposites, direction, first_leader; [cards] order, filler, jokers; [plays] shape, compare, same_size; [gouji] thresholds, jokers_make_gouji, fillers_count; [threes] threes_last; [flow] gouji_answer, defer, defer_to, pass_rule, lead_return_circles, going_out_gouji, take_over; [chaos] starts_at, after_first_out_with_revolution, lead_return_circles, pass_keeps_right; [burning] allowed, condition, teammates_may_burn, after_pass, ask_order, first_play_needs_joker, failure_leader, lift, counter_burn; [headless] cause, scope, pass_loses_gouji; [open] method, counts, declare; [revolution] allowed, condition, redeal_at, place, auto_open; [info] report_at, show_team_at, watch_after_out; [end] ends_when, remaining, sweep, places; [tribute] enabled, order, luo, sweep_luo, dian, dian_max_level, dian_graduation, shao, men, returned, mutual_dian_returned, return_limit, return_from_dealt, no_single_return; [scoring] place_points, team_sum, sweep_multiplier, open_points, zero_sum; [room] mode, min_games, leave_penalty, penalty_first_leaver_only\n"
      "    variant house\n"
      "            ^\n"
      "  hint: extend a variant that states them (variant NAME extends gouji), state them here, or mark the variant 'abstract'"]),
    # --- values -------------------------------------------------------------------------
    ("not yes or no", Z + "[flow]\ndefer = maybe\n",
     ["house.gouji:3:9: error: expected yes or no (是/否), found 'maybe'\n"
      "    defer = maybe\n"
      "            ^"]),
    ("misspelt policy", Z + "[flow]\npass_rule = round_except_oposite\n",
     ["house.gouji:3:13: error: unknown value 'round_except_oposite': expected one of none (过牌不失权), once_per_round (一轮一次), round (本轮无权), round_except_opposite (除对头牌外本轮无权)\n"
      "    pass_rule = round_except_oposite\n"
      "                ^\n"
      "  hint: did you mean 'round_except_opposite' (除对头牌外本轮无权)?"]),
    ("unknown rank in a table", Z + "[gouji]\nthresholds =\n  | rank | at_least |\n  | 10 | 5 |\n  | X | 4 |\n",
     ["house.gouji:6:5: error: 'X' is not a card: expected a rank from 3 to 2 (3 4 5 6 7 8 9 10 J Q K A 2)\n"
      "      | X | 4 |\n"
      "        ^"]),
    ("number out of range", Z + "[gouji]\nthresholds =\n  | rank | at_least |\n  | 10 | 500 |\n",
     ["house.gouji:5:10: error: 500 is out of range: expected a whole number from 1 to 100\n"
      "      | 10 | 500 |\n"
      "             ^"]),
    ("several errors at once", Z + "[table]\ncards_per_player = 36\n[flow]\ndefer = 1\n[burning]\nlift = anyon\n",
     ["house.gouji:3:1: error: 6 players × 36 cards = 216 leaves 108 of 6 deck(s) × 54 = 324 cards undealt\n"
      "    cards_per_player = 36\n"
      "    ^\n"
      "  hint: with 6 deck(s) deal 54 each",
      "house.gouji:5:9: error: expected yes or no (是/否), found the number 1\n"
      "    defer = 1\n"
      "            ^",
      "house.gouji:7:8: error: unknown value 'anyon': expected one of anyone (任何人), no (不解烧), opposite_or_headless (对家或无头), or an expression giving yes/no (a condition)\n"
      "    lift = anyon\n"
      "           ^\n"
      "  hint: did you mean 'anyone' (任何人)?"]),
    ("repeated list item", Z + "[tribute]\norder = [dian, luo, dian]\n",
     ["house.gouji:3:21: error: dian appears twice in this list\n"
      "    order = [dian, luo, dian]\n"
      "                        ^\n"
      "house.gouji:3:10: note: first here\n"
      "    order = [dian, luo, dian]\n"
      "             ^"]),
    # --- expressions --------------------------------------------------------------------
    ("expression of the wrong type", Z + "[burning]\ncondition = sets(hand) - jokers(hand)\n",
     ["house.gouji:3:13: error: this expression gives a number, but the setting needs yes/no (a condition)\n"
      "    condition = sets(hand) - jokers(hand)\n"
      "                ^"]),
    ("unknown variable", Z + "[burning]\ncondition = sets(hnd) - jokers(hand) <= 2\n",
     ["house.gouji:3:18: error: unknown name 'hnd' (names available here: hand (手牌), rest (余牌))\n"
      "    condition = sets(hnd) - jokers(hand) <= 2\n"
      "                     ^\n"
      "  hint: did you mean 'hand' (手牌)?"]),
    ("variable of another setting", Z + "[open]\ncounts = gouji(play) and level > 1\n",
     ["house.gouji:3:26: error: unknown name 'level' (names available here: play (这手牌))\n"
      "    counts = gouji(play) and level > 1\n"
      "                             ^"]),
    ("unknown function", Z + "[burning]\ncondition = set(hand) <= 2\n",
     ["house.gouji:3:13: error: unknown function 'set': expected one of carry_rule (带王规则), count (某点张数), count_from (某点及以上张数), gouji (是级牌), jokers (王数), max (较大者), min (较小者), sets (套数), size (张数)\n"
      "    condition = set(hand) <= 2\n"
      "                ^\n"
      "  hint: did you mean 'sets' (套数)?"]),
    ('seat expression: unknown function', Z + '[burning]\nlift = beater == opposite(burner) or opend(beater)\n',
     ["house.gouji:3:38: error: unknown function 'opend': expected one of cards_left (剩牌数), distance (相隔), failed (烧牌失败), forfeited (废点), headless (无头), holds_top (桌上是他的牌), next (下家), number (座位号), opened (已开点), opposite (对家), out (已走), passed (本轮已过), ...\n    lift = beater == opposite(burner) or opend(beater)\n                                         ^\n  hint: did you mean 'opened' (已开点)?"]),
    ('seat expression: a card function', Z + '[burning]\nlift = size(hand) > 2\n',
     ["house.gouji:3:8: error: unknown function 'size': expected one of cards_left (剩牌数), distance (相隔), failed (烧牌失败), forfeited (废点), headless (无头), holds_top (桌上是他的牌), next (下家), number (座位号), opened (已开点), opposite (对家), out (已走), passed (本轮已过), ...\n    lift = size(hand) > 2\n           ^"]),
    ('seat expression: seats are not ordered', Z + '[burning]\nlift = beater < opposite(burner)\n',
     ["house.gouji:3:8: error: '<' compares numbers; found a player (seat) and a player (seat)\n    lift = beater < opposite(burner)\n           ^"]),
    ('seat expression: a player where a condition is needed', Z + '[burning]\nlift = opposite(beater)\n',
     ['house.gouji:3:8: error: this expression gives a player (seat), but the setting needs yes/no (a condition)\n    lift = opposite(beater)\n           ^']),
    ('seat expression: argument count', Z + '[burning]\nlift = headless(beater, burner)\n',
     ['house.gouji:3:8: error: headless() takes 1 argument(s), not 2\n    lift = headless(beater, burner)\n           ^']),
    ('seat expression: a name of another rule', Z + '[burning]\nlift = owner == beater\n',
     ["house.gouji:3:8: error: unknown name 'owner' (names available here: beater (打牌者), burner (烧牌者))\n    lift = owner == beater\n           ^"]),
    ('seat expression: misspelt shorthand', Z + '[burning]\nlift = opposite_or_headles\n',
     ["house.gouji:3:8: error: unknown value 'opposite_or_headles': expected one of anyone (任何人), no (不解烧), opposite_or_headless (对家或无头), or an expression giving yes/no (a condition)\n    lift = opposite_or_headles\n           ^\n  hint: did you mean 'opposite_or_headless' (对家或无头)?"]),
    ('seat expression: misspelt Chinese function', Z + '[burning]\n解烧 = 打牌者 == 对门(烧牌者)\n',
     ["house.gouji:3:13: error: unknown function '对门': expected one of cards_left (剩牌数), distance (相隔), failed (烧牌失败), forfeited (废点), headless (无头), holds_top (桌上是他的牌), next (下家), number (座位号), opened (已开点), opposite (对家), out (已走), passed (本轮已过), ...\n    解烧 = 打牌者 == 对门(烧牌者)\n                     ^^\n  hint: did you mean '对家' (opposite)?"]),

    ("function not called", Z + "[open]\ncounts = gouji\n",
     ["house.gouji:3:10: error: 'gouji' is a function: call it, e.g. gouji(hand)\n"
      "    counts = gouji\n"
      "             ^"]),
    ("wrong arity", Z + "[open]\ncounts = size(play, 2) > 1\n",
     ["house.gouji:3:10: error: size() takes 1 argument(s), not 2\n"
      "    counts = size(play, 2) > 1\n"
      "             ^"]),
    ("and on a number", Z + "[burning]\ncondition = sets(hand) <= 2 and 3\n",
     ["house.gouji:3:13: error: 'and' joins conditions; found yes/no (a condition) and a number\n"
      "    condition = sets(hand) <= 2 and 3\n"
      "                ^"]),
    ("unknown card in a call", Z + "[revolution]\ncondition = count(hand, Z) == 0\n",
     ["house.gouji:3:25: error: 'Z' is not a card: expected a card (3 4 5 6 7 8 9 10 J Q K A 2 SJ BJ; 小王 = SJ, 大王 = BJ)\n"
      "    condition = count(hand, Z) == 0\n"
      "                            ^"]),
    # [scoring] scale: a positive whole number or fraction, never a decimal; expressions have no '/'
    ("a scale of 0", Z + "[scoring]\nscale = 0\n",
     ["house.gouji:3:9: error: 0 is not positive: expected a positive number up to 1000: whole (3) or a fraction p/q (1/3) with a denominator of at most 1000\n"
      "    scale = 0\n"
      "            ^"]),
    ("a negative scale", Z + "[scoring]\nscale = -1/3\n",
     ["house.gouji:3:9: error: -1/3 is not positive: expected a positive number up to 1000: whole (3) or a fraction p/q (1/3) with a denominator of at most 1000\n"
      "    scale = -1/3\n"
      "            ^"]),
    ("a scale dividing by zero", Z + "[scoring]\nscale = 1/0\n",
     ["house.gouji:3:11: error: 1/0 divides by zero: expected a positive number up to 1000: whole (3) or a fraction p/q (1/3) with a denominator of at most 1000\n"
      "    scale = 1/0\n"
      "              ^"]),
    ("a scale's denominator too large", Z + "[scoring]\nscale = 1/1001\n",
     ["house.gouji:3:11: error: denominator 1001 is too large: expected a positive number up to 1000: whole (3) or a fraction p/q (1/3) with a denominator of at most 1000\n"
      "    scale = 1/1001\n"
      "              ^"]),
    ("a scale too large", Z + "[scoring]\nscale = 2000\n",
     ["house.gouji:3:9: error: 2000 is out of range: expected a positive number up to 1000: whole (3) or a fraction p/q (1/3) with a denominator of at most 1000\n"
      "    scale = 2000\n"
      "            ^"]),
    ("a fraction of names", Z + "[scoring]\nscale = x/3\n",
     ["house.gouji:3:9: error: expected a positive number up to 1000: whole (3) or a fraction p/q (1/3) with a denominator of at most 1000, found an expression\n"
      "    scale = x/3\n"
      "            ^\n"
      "  hint: a fraction is two whole numbers with '/' between them, such as 1/3"]),
    ("a scale that is a sum", Z + "[scoring]\nscale = 1/3 + 1\n",
     ["house.gouji:3:9: error: expected a positive number up to 1000: whole (3) or a fraction p/q (1/3) with a denominator of at most 1000, found an expression\n"
      "    scale = 1/3 + 1\n"
      "            ^\n"
      "  hint: write a whole number (3) or a fraction (1/3); 0.5 is written 1/2"]),
    ("a decimal scale", Z + "[scoring]\nscale = 1.5\n",
     ["house.gouji:3:10: error: unexpected character '.'\n"
      "    scale = 1.5\n"
      "             ^\n"
      "  hint: numbers have no decimal point: write a fraction, 3/2 for 1.5"]),
    ("division in a condition", Z + "[burning]\ncondition = size(hand) / 2 >= 1\n",
     ["house.gouji:3:13: error: '/' writes a fraction (such as [scoring] scale = 1/3); expressions have no division\n"
      "    condition = size(hand) / 2 >= 1\n"
      "                ^"]),
    # --- semantic checks ------------------------------------------------------------------
    ("card arithmetic", Z + "[table]\ndecks = 4\n",
     ["house.gouji:3:1: error: 6 players × 54 cards = 324, but 4 deck(s) hold only 216 cards\n"
      "    decks = 4\n"
      "    ^"]),
    ("seat that does not exist", Z + "[table]\nteams = [[1, 3, 7], [2, 4, 6]]\n",
     ["house.gouji:3:1: error: teams name seat 7, but there are only seats 1..6\n"
      "    teams = [[1, 3, 7], [2, 4, 6]]\n"
      "    ^"]),
    ("a fixed first leader without its seat", Z + "[table]\nfirst_leader = fixed_seat\n",
     ["house.gouji:3:1: error: first_leader = fixed_seat needs first_seat: the seat that leads first\n"
      "    first_leader = fixed_seat\n"
      "    ^\n"
      "  hint: add [table] first_seat = 1 (or another seat)"]),
    ("a card holder leads without a card", Z + "[table]\nfirst_leader = card_holder\n",
     ["house.gouji:3:1: error: first_leader = card_holder needs first_card: the card whose holder leads first\n"
      "    first_leader = card_holder\n"
      "    ^\n"
      "  hint: add [table] first_card = BJ (or another card)"]),
    ("a first card without a card holder", Z + "[table]\nfirst_card = BJ\n",
     ["house.gouji:3:1: error: first_card has no effect unless first_leader = card_holder (it is random)\n"
      "    first_card = BJ\n"
      "    ^\n"
      "  hint: set [table] first_leader = card_holder, or remove first_card"]),
    ("a first seat without a fixed first leader", Z + "[table]\nfirst_seat = 2\n",
     ["house.gouji:3:1: error: first_seat has no effect unless first_leader = fixed_seat (it is random)\n"
      "    first_seat = 2\n"
      "    ^\n"
      "  hint: set [table] first_leader = fixed_seat, or remove first_seat"]),
    # [table] copies, cards_per_player = all, redeal_if; [buy] (issue 12)
    ('more copies than the decks hold', Z + "[table]\n" + COPIES + "  | 3 | 25 |\ncards_per_player = all\n",
     ['house.gouji:5:3: error: 6 deck(s) hold only 24 cards of 3, not 25\n'
      '      | 3 | 25 |\n'
      '      ^\n'
      '  hint: keep at most 24 (or shuffle more decks together)',
      'house.gouji:6:1: error: cards_per_player = all deals every card, but the 325 cards (6 deck(s) with the copies table) do not share out evenly among 6 players (1 left over)\n'
      '    cards_per_player = all\n'
      '    ^\n'
      '  hint: keep 324 or 330 cards in the deck']),
    ('cards_per_player = all that does not divide', Z + "[table]\n" + COPIES + "  | 3 | 5 |\ncards_per_player = all\n",
     ['house.gouji:6:1: error: cards_per_player = all deals every card, but the 305 cards (6 deck(s) with the copies table) do not share out evenly among 6 players (5 left over)\n'
      '    cards_per_player = all\n'
      '    ^\n'
      '  hint: keep 300 or 306 cards in the deck']),
    ('copies that leave too few cards for the deal', Z + "[table]\n" + COPIES + "  | 3 | 6 |\n",
     ['house.gouji:3:1: error: 6 players × 54 cards = 324, but the deck holds only 306 cards\n'
      '    copies =\n'
      '    ^']),
    ('copies that leave cards undealt', Z + "[table]\n" + COPIES + "  | 3 | 6 |\ncards_per_player = 50\n",
     ['house.gouji:6:1: error: 6 players × 50 cards = 300 leaves 6 of the 306 cards of the deck undealt\n'
      '    cards_per_player = 50\n'
      '    ^\n'
      '  hint: deal 51 each (or cards_per_player = all)']),
    ('a redeal condition met in every deal', Z + "[table]\nredeal_if = count_from(hand, J) < 30\n",
     ['house.gouji:3:1: error: redeal_if holds for some hand in every one of 200 sample deals: the cards would be dealt again (almost) forever\n'
      '    redeal_if = count_from(hand, J) < 30\n'
      '    ^\n'
      '  hint: loosen the condition, e.g. ask for fewer cards']),
    ('paying for a card with its own rank', Z + "[buy]\nranks = [3, 4]\nprice = [4, 2]\n",
     ['house.gouji:4:1: error: a player cannot pay for a 4 with a 4\n'
      '    price = [4, 2]\n'
      '    ^\n'
      'house.gouji:3:1: note: 4 is bought here\n'
      '    ranks = [3, 4]\n'
      '    ^']),
    ("opposites on one team", Z + "[table]\nopposites = [[1, 3], [2, 5], [4, 6]]\n",
     ["house.gouji:3:1: error: seats 1 and 3 face each other, so they must be opponents (on different teams)\n"
      "    opposites = [[1, 3], [2, 5], [4, 6]]\n"
      "    ^"]),
    ("jokers not on top", Z + "[cards]\norder = [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, SJ, 2, BJ]\n",
     ["house.gouji:3:1: error: the jokers must be the highest cards of the order\n"
      "    order = [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, SJ, 2, BJ]\n"
      "    ^"]),
    ("jokers swapped", Z + "[cards]\norder = [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, BJ, SJ]\n",
     ["house.gouji:3:1: error: Gouji engines rank A < 2 < SJ < BJ: keep the 2 and the jokers in that order\n"
      "    order = [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, BJ, SJ]\n"
      "    ^\n"
      "  hint: order = [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, SJ, BJ]"]),
    ("one joker", Z + "[cards]\njokers = [BJ]\n",
     ["house.gouji:3:1: error: Gouji is played with whole 54-card decks: both jokers are in play\n"
      "    jokers = [BJ]\n"
      "    ^\n"
      "  hint: jokers = [SJ, BJ]"]),
    # --- [cards] extra: extra card kinds (the eagle 鹰 of lamb-cn, issue 12) ---
    ('extra kind token is a card', Z + '[cards]\nextra =\n  | token | zh | en | copies |\n  | BJ | "鹰" | "eagle" | 6 |\n',
     ["house.gouji:5:5: error: 'BJ' is a card already: an extra card kind needs a new token\n"
      '      | BJ | "鹰" | "eagle" | 6 |\n'
      '        ^\n'
      '  hint: pick an unused token, e.g. Y for the eagle (鹰)']),
    ('extra kind token not a token', Z + '[cards]\nextra =\n  | token | zh | en | copies |\n  | y1 | "鹰" | "eagle" | 6 |\n',
     ["house.gouji:5:5: error: 'y1' cannot be a card token: expected a new card token (1 to 4 letters, the first a capital, e.g. Y)\n"
      '      | y1 | "鹰" | "eagle" | 6 |\n'
      '        ^']),
    ('extra kind missing from the order', Z + '[cards]\nextra =\n  | token | zh | en | copies |\n  | Y | "鹰" | "eagle" | 6 |\njokers = [SJ, BJ, Y]\n[table]\ncards_per_player = all\n',
     ['gouji.gouji:66:1: error: the jokers must be the highest cards of the order\n'
      '    order = [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, SJ, BJ]  @000:L26 @001:L40 @003:L30 @004:L35\n'
      '    ^',
     'gouji.gouji:66:1: error: the order leaves out Y: every card kind has its place\n'
      '    order = [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, SJ, BJ]  @000:L26 @001:L40 @003:L30 @004:L35\n'
      '    ^\n'
      '  hint: order = [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, SJ, BJ, Y]']),
    ('extra kind below the big joker', Z + '[cards]\nextra =\n  | token | zh | en | copies |\n  | Y | "鹰" | "eagle" | 6 |\norder = [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, SJ, Y, BJ]\njokers = [SJ, BJ, Y]\n[table]\ncards_per_player = all\n',
     ['house.gouji:6:1: error: Gouji engines rank A < 2 < SJ < BJ: keep the 2 and the jokers in that order\n'
      '    order = [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, SJ, Y, BJ]\n'
      '    ^\n'
      '  hint: order = [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, SJ, BJ, Y]',
     'house.gouji:6:1: error: Y ranks below the big joker: extra card kinds rank above BJ\n'
      '    order = [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, SJ, Y, BJ]\n'
      '    ^\n'
      '  hint: order = [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, SJ, BJ, Y]']),
    ('extra kind not a joker', Z + '[cards]\nextra =\n  | token | zh | en | copies |\n  | Y | "鹰" | "eagle" | 6 |\norder = [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, SJ, BJ, Y]\n[table]\ncards_per_player = all\n',
     ['gouji.gouji:68:1: error: Y plays as a joker: list it among the jokers\n'
      '    jokers = [SJ, BJ]                                    @000:L26 @001:L40 @003:L30 @004:L35\n'
      '    ^\n'
      '  hint: jokers = [SJ, BJ, Y]',
     'house.gouji:6:1: error: the jokers must be the highest cards of the order\n'
      '    order = [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, SJ, BJ, Y]\n'
      '    ^']),
    ('extra kind without copies', Z + '[cards]\nextra =\n  | token | zh | en | copies |\n  | Y | "鹰" | "eagle" | 0 |\norder = [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, SJ, BJ, Y]\njokers = [SJ, BJ, Y]\n',
     ['house.gouji:5:25: error: 0 is out of range: expected a whole number from 1 to 1000\n'
      '      | Y | "鹰" | "eagle" | 0 |\n'
      '                             ^',
     "house.gouji:6:58: error: 'Y' is not a card: expected a card (3 4 5 6 7 8 9 10 J Q K A 2 SJ BJ; 小王 = SJ, 大王 = BJ)\n"
      '    order = [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, SJ, BJ, Y]\n'
      '                                                             ^',
     "house.gouji:7:19: error: 'Y' is not a card: expected a joker (SJ BJ; 小王 = SJ, 大王 = BJ)\n"
      '    jokers = [SJ, BJ, Y]\n'
      '                      ^']),
    ('extra kind name with markup', Z + '[cards]\nextra =\n  | token | zh | en | copies |\n  | Y | "鹰" | "<b>eagle" | 6 |\norder = [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, SJ, BJ, Y]\njokers = [SJ, BJ, Y]\n[table]\ncards_per_player = all\n',
     ["house.gouji:5:3: error: the name '<b>eagle' of Y must be plain printable text\n"
      '      | Y | "鹰" | "<b>eagle" | 6 |\n'
      '      ^\n'
      '  hint: e.g. zh = "鹰", en = "eagle"']),
    ('extra kind undeclared in a formula', Z + '[table]\nredeal_if = count(hand, Y) > 2\n',
     ["house.gouji:3:25: error: 'Y' is not a card: expected a card (3 4 5 6 7 8 9 10 J Q K A 2 SJ BJ; 小王 = SJ, 大王 = BJ)\n"
      '    redeal_if = count(hand, Y) > 2\n'
      '                            ^']),
    ('extra kind in the copies table', Z + '[cards]\nextra =\n  | token | zh | en | copies |\n  | Y | "鹰" | "eagle" | 6 |\norder = [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, SJ, BJ, Y]\njokers = [SJ, BJ, Y]\n[table]\ncopies =\n  | card | copies |\n  | Y | 3 |\n',
     ["house.gouji:11:5: error: 'Y' is not allowed here: expected a card (3 4 5 6 7 8 9 10 J Q K A 2 SJ BJ; 小王 = SJ, 大王 = BJ)\n"
      '      | Y | 3 |\n'
      '        ^',
     'zaozhuang.gouji:26:1: error: 6 players × 54 cards = 324 leaves 6 of the 330 cards of the deck undealt\n'
      '    cards_per_player = 54                                @000:L15\n'
      '    ^\n'
      '  hint: deal 55 each (or cards_per_player = all)']),
    ('extra kind leaves the deal uneven', Z + '[cards]\nextra =\n  | token | zh | en | copies |\n  | Y | "鹰" | "eagle" | 5 |\norder = [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, SJ, BJ, Y]\njokers = [SJ, BJ, Y]\n[table]\ncards_per_player = all\n',
     ['house.gouji:9:1: error: cards_per_player = all deals every card, but the 329 cards (6 deck(s) × 54 and 5 extra cards) do not share out evenly among 6 players (5 left over)\n'
      '    cards_per_player = all\n'
      '    ^\n'
      '  hint: keep 324 or 330 cards in the deck']),
    ('nothing is higher than the eagle', Z + '[cards]\nextra =\n  | token | zh | en | copies |\n  | Y | "鹰" | "eagle" | 6 |\norder = [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, SJ, BJ, Y]\njokers = [SJ, BJ, Y]\n[table]\ncards_per_player = all\n[plays]\njoker_kills =\n  | joker | by_higher | by_same | by_lower |\n  | Y | 1 | 2 | none |\n',
     ['house.gouji:13:3: error: no joker is higher than Y: by_higher cannot kill it\n'
      '      | Y | 1 | 2 | none |\n'
      '      ^\n'
      '  hint: write by_higher = none in this row']),
    ("revolution cause without revolution", Z + "[headless]\ncause = opposite_out_or_revolution\n",
     ["house.gouji:3:1: error: cause = opposite_out_or_revolution contradicts [revolution] allowed = no\n"
      "    cause = opposite_out_or_revolution\n"
      "    ^\n"
      "  hint: write cause = opposite_out\n"
      + shown("gouji", "revolution.allowed", "note: revolution switched off here")]),
    ("a constraints row for 3 under 憋三", "variant house extends lianzhong\n[ranks]\nconstraints =\n  | rank | last_only |\n  | 3 | yes |\n",
     ["house.gouji:5:3: error: 3s are played by 憋三 here ([threes] threes_last = yes: the last play, all the 3s, 3s only), "
      "so a constraints row for 3 would contradict or repeat it\n"
      "      | 3 | yes |\n"
      "      ^\n"
      "  hint: set [threes] threes_last = no, or remove the row for 3\n"
      + shown("lianzhong", "threes.threes_last", "note: threes_last set here")]),
    ("a constraints row that constrains nothing", Z + "[ranks]\nconstraints =\n  | rank | single | bare |\n  | 7 | no | no |\n",
     ["house.gouji:5:3: error: the row for 7 constrains nothing: every column is no\n"
      "      | 7 | no | no |\n"
      "      ^\n"
      "  hint: remove the row (in a child variant: constraints -= with | rank | and | 7 |)"]),
    ("unreachable threshold", "variant house extends lianzhong\n[gouji]\nthresholds =\n  | rank | at_least |\n  | 10 | 40 |\n",
     ["house.gouji:5:3: error: no play can hold 40 cards of rank 10: 4 deck(s) give at most 32\n"
      "      | 10 | 40 |\n"
      "      ^"]),
    ("incomplete tribute table", Z + "[tribute]\ndian =\n  | declared | opened | me_gives | opp_gives |\n  | neither | me | 0 | level |\n  | neither | both | 0 | 0 |\n",
     ["house.gouji:3:1: error: the 点贡 table has no row for declared = neither, opened = neither\n"
      "    dian =\n"
      "    ^\n"
      "  hint: every case needs a row, or a row for the same case with the players swapped"]),
    ("tribute table contradicting its mirror", "variant house extends lianzhong-bubiesan\n[tribute]\ndian =\n"
     "  | declared | opened | me_gives | opp_gives |\n  | neither | me | 0 | 1 |\n  | neither | opp | 0 | 1 |\n"
     "  | neither | neither | 1 | 1 |\n  | neither | both | 0 | 0 |\n  | both | me | 0 | 4 |\n  | both | neither | 2 | 2 |\n"
     "  | both | both | 2 | 2 |\n  | me | me | 0 | 3 |\n  | me | neither | 1 | 2 |\n  | me | both | 2 | 0 |\n  | me | opp | 3 | 0 |\n",
     ["house.gouji:6:3: error: this row contradicts its mirror (declared = neither, opened = me) with the players swapped\n"
      "      | neither | opp | 0 | 1 |\n"
      "      ^\n"
      "house.gouji:5:3: note: mirror row here\n"
      "      | neither | me | 0 | 1 |\n"
      "      ^"]),
    ("declaring rows without declaring", Z + "[tribute]\ndian =\n  | declared | opened | me_gives | opp_gives |\n"
     "  | neither | me | 0 | level |\n  | neither | neither | 1 | 1 |\n  | neither | both | 0 | 0 |\n  | both | both | 2 | 2 |\n",
     ["house.gouji:8:3: error: row for declared = both, but nobody can declare ([open] declare = no)\n"
      "      | both | both | 2 | 2 |\n"
      "      ^"]),
    ("luo table", Z + "[tribute]\nluo =\n  | payer | receiver | count |\n  | 6 | 6 | 2 |\n  | 5 | 9 | 1 |\n",
     ["house.gouji:5:3: error: place 6 cannot pay tribute to itself\n"
      "      | 6 | 6 | 2 |\n"
      "      ^",
      "house.gouji:6:3: error: place 9 does not exist: there are 6 places\n"
      "      | 5 | 9 | 1 |\n"
      "      ^"]),
    ("not zero-sum", Z + "[scoring]\nplace_points = [4, 2, 0, 0, -2, -2]\n",
     ["house.gouji:3:1: error: place points add up to 2, so games would not be zero-sum\n"
      "    place_points = [4, 2, 0, 0, -2, -2]\n"
      "    ^\n"
      + shown("gouji", "scoring.zero_sum", "note: zero_sum = yes set here")]),
    # zero_sum is about the points, also where they only decide a win, a draw or a loss.
    ("not zero-sum under win, draw or loss", Z + "[scoring]\noutcome = win_draw_loss\nplace_points = [4, 2, 0, 0, -2, -2]\n",
     ["house.gouji:4:1: error: place points add up to 2, so games would not be zero-sum\n"
      "    place_points = [4, 2, 0, 0, -2, -2]\n"
      "    ^\n"
      + shown("gouji", "scoring.zero_sum", "note: zero_sum = yes set here")]),
    ("misspelt outcome", Z + "[scoring]\noutcome = win_loss\n",
     ["house.gouji:3:11: error: unknown value 'win_loss': expected one of points (计分), win_draw_loss (胜平负)\n"
      "    outcome = win_loss\n"
      "              ^\n"
      "  hint: did you mean 'win_draw_loss' (胜平负)?"]),
    ("men tribute without threes last", Z + "[tribute]\nmen = 1\n",
     ["house.gouji:3:1: error: men = 1 but 'men' is not in the tribute order\n"
      "    men = 1\n"
      "    ^\n"
      "  hint: add men to [tribute] order, or set men = 0",
      "house.gouji:3:1: error: men = 1 contradicts [threes] threes_last = no\n"
      "    men = 1\n"
      "    ^\n"
      "  hint: without it there is no such tribute: in [tribute] set men = 0\n"
      + shown("gouji", "threes.threes_last", "note: threes_last = no set here")]),
    ("out when 闷ed without threes last", Z + "[threes]\nmen_out = yes\n",
     ["house.gouji:3:1: error: men_out = yes contradicts [threes] threes_last = no: only 憋三 has players 闷ed\n"
      "    men_out = yes\n"
      "    ^\n"
      "  hint: set threes_last = yes, or remove men_out\n"
      + shown("gouji", "threes.threes_last", "note: threes_last = no set here")]),
    ("a tribute taken out without its order", "variant house extends lianzhong\n[tribute]\nshao = 0\n",
     [shown("lianzhong", "tribute.order", "error: the tribute order lists 'shao' but shao = 0") + "\n"
      "  hint: take shao out of the order: order = [men, dian, luo]\n"
      "house.gouji:3:1: note: shao set here\n"
      "    shao = 0\n"
      "    ^"]),
    ("revolution option without revolution", Z + "[revolution]\nauto_open = yes\n",
     ["house.gouji:3:1: error: auto_open = yes contradicts [revolution] allowed = no\n"
      "    auto_open = yes\n"
      "    ^\n"
      + shown("gouji", "revolution.allowed", "note: revolution switched off here")]),
    ("free-for-all from the start", Z + "[chaos]\nstarts_at = 6\n",
     ["house.gouji:3:1: error: the free-for-all cannot start with 6 players holding cards: there are 6\n"
      "    starts_at = 6\n"
      "    ^"]),
    ("counter-burning without burning", Z + "[burning]\nallowed = no\ncounter_burn = yes\n",
     ["house.gouji:4:1: error: counter_burn = yes contradicts [burning] allowed = no\n"
      "    counter_burn = yes\n"
      "    ^"]),
    ("the burned 级牌 back where the burned player never leads", Z + "[burning]\nfailure_leader = [next(burner)]\nburned_back = yes\n",
     ["house.gouji:4:1: error: burned_back = yes never acts: failure_leader = [next(burner)] never gives the table to the burned player (write `burned` in its list)\n"
      "    burned_back = yes\n"
      "    ^"]),
    ("burn ask order without the opposite", Z + "[burning]\nask_order = [1, 2, 4, 5]\n",
     ["house.gouji:3:1: error: ask_order must name opposite (对家): where the 级牌 player's opposite answers among the burners\n"
      "    ask_order = [1, 2, 4, 5]\n"
      "    ^\n"
      "  hint: e.g. ask_order = [1, 2, opposite, 4, 5]"]),
    ("burn ask order counting the opposite", Z + "[burning]\nask_order = [1, 2, 3, opposite]\n",
     ["house.gouji:3:1: error: 3 seats after every player sits their opposite: write opposite (对家), not 3\n"
      "    ask_order = [1, 2, 3, opposite]\n"
      "    ^"]),
    ("leads-only joker check where any beat lifts a burn", Z + "[burning]\njoker_check = leads_only\n",
     ["house.gouji:3:1: error: joker_check = leads_only changes nothing with [burning] lift = anyone: any play beaten "
      "lifts the burn, so a burner still bound never answers a play\n"
      "    joker_check = leads_only\n"
      "    ^\n"
      "  hint: lift = opposite_or_headless or lift = no"]),
    ("free burns after more rounds than cards", Z + "[burning]\nfree_after_rounds = 60\n",
     ["house.gouji:3:1: error: free_after_rounds = 60 never acts: a player holding 54 cards plays 级牌 in at most "
      "54 rounds, and the rule frees his 级牌 only after 60\n"
      "    free_after_rounds = 60\n"
      "    ^"]),
    ("burn ask order beyond the table", Z + "[burning]\nask_order = [opposite, 7]\n",
     ["house.gouji:3:1: error: ask_order counts seat 7 after the 级牌 player, but with 6 players the others sit 1 to 5 seats after him\n"
      "    ask_order = [opposite, 7]\n"
      "    ^"]),
    ("free-for-all after a revolution, without revolution", Z + "[chaos]\nafter_first_out_with_revolution = yes\n",
     ["house.gouji:3:1: error: after_first_out_with_revolution = yes contradicts [revolution] allowed = no\n"
      "    after_first_out_with_revolution = yes\n"
      "    ^\n"
      + shown("gouji", "revolution.allowed", "note: revolution switched off here")]),
    ("revolutionary's place that does not exist", Z + "[revolution]\nplace = 7\n",
     ["house.gouji:3:1: error: place 7 does not exist: there are 6 players\n"
      "    place = 7\n"
      "    ^"]),
    ("place names", Z + "[end]\nplaces =\n  | place | zh | en |\n" + "".join(f'  | {i} | "{i}科" | "p{i}" |\n' for i in (1, 2, 3, 4, 5, 8)),
     ["house.gouji:3:1: error: place 6 has no name\n"
      "    places =\n"
      "    ^\n"
      "  hint: name places 1..6",
      "house.gouji:10:3: error: place 8 does not exist: there are 6 players\n"
      '      | 8 | "8科" | "p8" |\n'
      "      ^"]),
    ("graduation without levels", Z + "[tribute]\ndian_max_level = 1\ndian_graduation = yes\n",
     ["house.gouji:4:1: error: 点贡毕业 needs levels: set dian_max_level above 1\n"
      "    dian_graduation = yes\n"
      "    ^"]),
    ("play types in Gouji", Z + "[plays]\nshape = patterns\n",
     ["house.gouji:3:1: error: Gouji plays are one rank with fillers and jokers: shape = one_rank\n"
      "    shape = patterns\n"
      "    ^"]),
    ("joker kills in Shuangkou, a Gouji rule", "variant house extends shuangkou\n[plays]\n"
     "joker_kills =\n  | joker | by_same |\n  | BJ    | 2       |\n",
     ["house.gouji:3:1: error: rule 'joker_kills' of [plays] does not apply to game 'shuangkou'\n"
      "    joker_kills =\n"
      "    ^\n"
      "  hint: remove it, or change [about] game"]),
    ("joker kill by a higher joker of the top joker", "variant house extends lianzhong\n[plays]\njoker_kills =\n"
     "  | joker | by_higher |\n  | BJ    | 1         |\n",
     ["house.gouji:5:3: error: no joker is higher than BJ: by_higher cannot kill it\n"
      "      | BJ    | 1         |\n"
      "      ^\n"
      "  hint: write by_higher = none in this row"]),
    ("joker kill by the kind below the lowest joker", "variant house extends lianzhong\n[plays]\njoker_kills +=\n"
     "  | joker | by_lower |\n  | SJ    | 3        |\n",
     ["house.gouji:5:3: error: no joker is just below SJ: by_lower cannot kill it\n"
      "      | SJ    | 3        |\n"
      "      ^\n"
      "  hint: write by_lower = none in this row"]),
    # [plays] final_play 最后一手走: a condition on the play of the whole hand, and a play that exists.
    ("final play: a number, not a condition", Z + "[plays]\nfinal_play = size(play)\n",
     ["house.gouji:3:14: error: this expression gives a number, but the setting needs yes/no (a condition)\n"
      "    final_play = size(play)\n"
      "                 ^"]),
    ("final play: the hand is not its name", Z + "[plays]\nfinal_play = count(hand, 3) == size(play)\n",
     ["house.gouji:3:20: error: unknown name 'hand' (names available here: play (这手牌))\n"
      "    final_play = count(hand, 3) == size(play)\n"
      "                       ^"]),
    ("final play of jokers only where jokers may not go alone",
     Z + "[plays]\njokers_alone = no\nfinal_play = jokers(play) == size(play)\n",
     ["house.gouji:4:1: error: final_play asks for a play of jokers only, but jokers_alone = no: no such play exists "
      "here, so the rule would never let anyone go out\n"
      "    final_play = jokers(play) == size(play)\n"
      "    ^\n"
      "  hint: ask for a play this variant has, or set jokers_alone = yes\n"
      "house.gouji:3:1: note: set here\n"
      "    jokers_alone = no\n"
      "    ^"]),
    ("final play of 2s only where fillers may not go alone",
     Z + "[plays]\nfillers_alone = no\nfinal_play = size(play) <= 3 and size(play) == count(play, 2)\n",
     ["house.gouji:4:1: error: final_play asks for a play of 2s only, but fillers_alone = no: no such play exists "
      "here, so the rule would never let anyone go out\n"
      "    final_play = size(play) <= 3 and size(play) == count(play, 2)\n"
      "    ^\n"
      "  hint: ask for a play this variant has, or set fillers_alone = yes\n"
      "house.gouji:3:1: note: set here\n"
      "    fillers_alone = no\n"
      "    ^"]),
    ("final play in Shuangkou, a Gouji rule", "variant house extends shuangkou\n[plays]\nfinal_play = yes\n",
     ["house.gouji:3:1: error: rule 'final_play' of [plays] does not apply to game 'shuangkou'\n"
      "    final_play = yes\n"
      "    ^\n"
      "  hint: remove it, or change [about] game"]),
    ("unknown citation source", Z.rstrip("\n") + " @009:L1\n",
     ["house.gouji:1:33: error: unknown source or decision '009' in citation @009:L1\n"
      "    variant house extends zaozhuang @009:L1\n"
      "                                    ^\n"
      "  hint: did you mean '004'?"]),
    ("citation past the end", Z.rstrip("\n") + " @000:L9999\n",
     ["house.gouji:1:33: error: citation @000:L9999 is out of range: source 000 (000_d8750651ba4cd99f.txt) has 157 lines\n"
      "    variant house extends zaozhuang @000:L9999\n"
      "                                    ^"]),
    ("decision with a line", Z.rstrip("\n") + " @D12:L3\n",
     ["house.gouji:1:33: error: decision D12 has no lines: cite it as @D12\n"
      "    variant house extends zaozhuang @D12:L3\n"
      "                                    ^"]),
    ("citation without a line", Z + "[table]\ndecks = 6 @001\n",
     ["house.gouji:3:11: error: citation @001 names no line of source 001\n"
      "    decks = 6 @001\n"
      "              ^\n"
      "  hint: cite the line(s) the rule comes from: @001:L15 or @001:L15-18"]),
    ("own source not listed", Z + '[about]\nsource = "009"\n',
     ["house.gouji:3:1: error: [about] source = \"009\" is not a listed source: the variant's own source must be a row "
      "of [about] sources\n"
      '    source = "009"\n'
      "    ^\n"
      "  hint: did you mean '004'?"]),
    ("source note quoting words its lines do not hold", Z + SOURCE_NOTES + '  | "flow.pass_rule" | "000:L38" | "對頭為法定扣牌人" | "x" | "x" |\n',
     ["house.gouji:5:3: error: the quote 「對頭為法定扣牌人」 is not in 000:L38 (000_d8750651ba4cd99f.txt): quote the "
      "source's words as written\n"
      '      | "flow.pass_rule" | "000:L38" | "對頭為法定扣牌人" | "x" | "x" |\n'
      "      ^"]),
    ("source note next to no rule", Z + SOURCE_NOTES + '  | "flow.passes" | "000:L39" | "對頭為法定扣牌人" | "x" | "x" |\n',
     ["house.gouji:5:3: error: source note names 'flow.passes', which is no rule of gouji: write section.rule, e.g. "
      "flow.pass_rule\n"
      '      | "flow.passes" | "000:L39" | "對頭為法定扣牌人" | "x" | "x" |\n'
      "      ^"]),
    ("source note lines written as no citation", Z + SOURCE_NOTES + '  | "flow.pass_rule" | "000-39" | "對頭" | "x" | "x" |\n',
     ["house.gouji:5:3: error: source note lines '000-39' name no source lines: write them as 001:L54 or 003:L32-34\n"
      '      | "flow.pass_rule" | "000-39" | "對頭" | "x" | "x" |\n'
      "      ^"]),
    ("no 开点, but 点贡 and open points depend on it", Z + "[open]\nmethod = none\n",
     ["house.gouji:3:1: error: method = none (no 开点), but [tribute] order lists dian: 点贡 is paid by who opened; "
      "[scoring] open_points = 6 scores 开点\n"
      "    method = none\n"
      "    ^\n"
      "  hint: keep 开点 (method = survives or wins_lead), or switch off what depends on it\n"
      "zaozhuang.gouji:53:1: note: set here\n"
      "    order = [dian, luo]                                  @000:L59 @D20\n"
      "    ^\n"
      "zaozhuang.gouji:70:1: note: set here\n"
      "    open_points = 6                                      @000:L94 @000:L95 @D21\n"
      "    ^"]),
    # --- rules the engines do not implement: refused, never ignored ---------------------
    ("answers of another size", "variant house extends lianzhong\n[plays]\nsame_size = no\n",
     ["house.gouji:3:1: error: same_size = no is not supported by the engines yet: Gouji answers have as many cards as the play\n"
      "    same_size = no\n"
      "    ^\n"
      "  hint: set same_size = yes"]),
    ("top-card comparison in Gouji", "variant house extends lianzhong\n[plays]\ncompare = top_card\n",
     ["house.gouji:3:1: error: compare = top_card is not supported by the engines yet in Gouji: plays compare card by card\n"
      "    compare = top_card\n"
      "    ^\n"
      "  hint: set compare = card_by_card"]),
    # 随便管 is Gouji's: which of a Shuangkou answer's type, length, top card and lines would still count is unsaid.
    ("any play answers, in Shuangkou", "variant house extends shuangkou\n[plays]\ncompare = any_play\n",
     ["house.gouji:3:1: error: compare = any_play is a Gouji rule: a Shuangkou answer is weighed by its type, length, "
      "top card and a bomb's lines, and 'any play answers' leaves unsaid which of them still count\n"
      "    compare = any_play\n"
      "    ^\n"
      "  hint: set compare = top_card"]),
    ("a filler other than 2", Z + "[cards]\nfiller = 3\n",
     ["house.gouji:3:1: error: filler = 3 is not supported by the engines yet: the filler is 2, or none\n"
      "    filler = 3\n"
      "    ^\n"
      "  hint: set filler = 2 or filler = none"]),
    ("aces as fillers", Z + "[cards]\nfiller = A\n",
     ["house.gouji:3:1: error: filler = A is not supported by the engines yet: the filler is 2, or none\n"
      "    filler = A\n"
      "    ^\n"
      "  hint: set filler = 2 or filler = none"]),
    ("anyone answers, yet burning", Z + "[flow]\ngouji_answer = anyone\n",
     ["house.gouji:3:1: error: gouji_answer = anyone contradicts [burning] allowed = yes: when anyone may answer a 级牌, there is nothing to burn\n"
      "    gouji_answer = anyone\n"
      "    ^\n"
      "  hint: set [burning] allowed = no as well\n"
      + shown("gouji", "burning.allowed", "note: burning allowed here")]),
    ("a Gouji rule of a shared section in Shuangkou", "variant house extends shuangkou\n[flow]\ndefer = yes\n",
     ["house.gouji:3:1: error: rule 'defer' of [flow] does not apply to game 'shuangkou'\n"
      "    defer = yes\n"
      "    ^\n"
      "  hint: remove it, or change [about] game"]),
    ("a filler in Shuangkou", "variant house extends shuangkou\n[cards]\nfiller = 2\n",
     ["house.gouji:3:1: error: filler = 2 is not supported by the engines yet in Shuangkou: its plays have no fillers (K2)\n"
      "    filler = 2\n"
      "    ^\n"
      "  hint: set filler = none"]),
    ("heat room with tribute", Z + "[room]\nmode = haixuan\n",
     ["house.gouji:3:1: error: a 海选 room (mode = haixuan) has no tribute: enabled = yes contradicts it\n"
      "    mode = haixuan\n"
      "    ^\n"
      "  hint: set [tribute] enabled = no, or [room] mode = normal\n"
      "house.gouji:3:1: note: mode = haixuan set here\n"
      "    mode = haixuan\n"
      "    ^",
      "house.gouji:3:1: error: a 海选 room (mode = haixuan) has no leaving penalty\n"
      "    mode = haixuan\n"
      "    ^\n"
      "  hint: set leave_penalty = 0 and min_games = 0, or [room] mode = normal\n"
      "house.gouji:3:1: note: mode = haixuan set here\n"
      "    mode = haixuan\n"
      "    ^"]),
    ("rank table out of order", Z + "[room]\nranks =\n  | title | points_min | coins_min |\n  | \"a\" | 0 | 0 |\n  | \"b\" | 0 | 10 |\n",
     ["house.gouji:6:3: error: rank 'b' needs no more points_min than the rank before it: ranks are looked up by points_min, lowest first\n"
      "      | \"b\" | 0 | 10 |\n"
      "      ^"]),
    ("minimum games without a penalty", "variant house extends lianzhong\n[room]\nmin_games = 3\n",
     ["house.gouji:3:1: error: min_games has no effect without a leaving penalty (leave_penalty = 0)\n"
      "    min_games = 3\n"
      "    ^\n"
      "  hint: set [room] leave_penalty, or leave min_games = 0 and penalty_first_leaver_only = no\n"
      + shown("gouji", "room.leave_penalty", "note: leave_penalty = 0 here")]),
    ("first leaver only without a penalty", Z + "[room]\nleave_penalty = 0\nmin_games = 0\n",
     ["house.gouji:3:1: error: penalty_first_leaver_only = yes has no effect without a leaving penalty (leave_penalty = 0)\n"
      "    leave_penalty = 0\n"
      "    ^\n"
      "  hint: set [room] leave_penalty, or leave min_games = 0 and penalty_first_leaver_only = no\n"
      "house.gouji:3:1: note: leave_penalty = 0 here\n"
      "    leave_penalty = 0\n"
      "    ^"]),
    # --- Shuangkou play types and joker bombs (abstract variants: checked, not built) -----------
    ("a play type longer at least than at most", S + "[patterns]\ntypes =\n  | name | zh | width | min_length | max_length |\n"
     '  | "single" | "单张" | 1 | 1 | 1 |\n  | "straight" | "顺子" | 1 | 6 | 5 |\n',
     ["house.gouji:6:3: error: 'straight': min_length 6 is above max_length 5\n"
      '      | "straight" | "顺子" | 1 | 6 | 5 |\n'
      "      ^"]),
    # Checks run on abstract variants, which may leave rules unset: a joker bomb is measured
    # against the decks only when both are known.
    ("joker bombs, decks unset", SK_ROOT + '[patterns]\njoker_bombs =\n  | name | zh | jokers | lines |\n  | "k" | "k" | 5 | 6 |\n',
     []),
    ("decks, joker bombs unset", SK_ROOT + "[table]\ndecks = 1\n", []),
    ("joker bombs and decks", SK_ROOT + '[table]\ndecks = 1\n[patterns]\njoker_bombs =\n  | name | zh | jokers | lines |\n  | "k" | "k" | 3 | 6 |\n',
     ["house.gouji:11:3: error: 1 deck(s) hold only 2 jokers\n"
      '      | "k" | "k" | 3 | 6 |\n'
      "      ^"]),
    ("a wild big joker", S + "[patterns]\nwilds = [BJ]\n", []),  # shuangkou plays with both jokers
    ("a wild joker, jokers unset", SK_ROOT + "[patterns]\nwilds = [BJ]\n",
     ["house.gouji:7:1: error: BJ is not one of the jokers, so it cannot be wild\n"
      "    wilds = [BJ]\n"
      "    ^"]),
    # --- Shuangkou results ([results]: classes, multipliers, merging, 给到分) ----------------------
    ("a result class removed", S + "[results]\nclasses -=\n  | name |\n  | \"single\" |\n",
     ["house.gouji:3:1: error: no result class for winners at places 1, 3\n"
      "    classes -=\n"
      "    ^\n"
      "  hint: the winning team holds place 1; add a row for each way its other places can fall"]),
    ("losers in no set order scored apart", S + "[results]\nclasses =\n  | name | zh | winners | scores |\n"
     '  | "double" | "双扣" | [1, 2] | [3, 3, -3, -4] |\n  | "single" | "单扣" | [1, 3] | [2, -2, 2, -2] |\n'
     '  | "level" | "平扣" | [4, 1] | [1, -1, -1, 1] |\n',
     ["house.gouji:5:3: error: 'double': places 3, 4 go in no set order to the players still holding cards when the "
      "game ends, so they must score alike\n"
      '      | "double" | "双扣" | [1, 2] | [3, 3, -3, -4] |\n'
      "      ^"]),
    ("a gap in the multipliers", S + "[results]\nmultipliers +=\n  | lines | multiplier |\n  | 14 | 40 |\n",
     ["house.gouji:5:3: error: no row for 13 lines: the rows must run without gaps from 4 to 14 lines\n"
      "      | 14 | 40 |\n"
      "      ^"]),
    ("a bomb bonus that falls", S + "[results]\nbonus +=\n  | lines | each |\n  | 5 | 3 |\n",
     ["house.gouji:5:3: error: each falls from 3 at 5 lines to 2 at 6: more lines never count for less\n"
      "      | 5 | 3 |\n"
      "      ^"]),
    ("merge rows that overlap", S + "[results]\nmerge =\n  | lines_from | lines_to | add |\n  | 4 | 6 | -2 |\n  | 6 | 64 | -1 |\n",
     ["house.gouji:6:3: error: lines 6..6 are in two merge rows\n"
      "      | 6 | 64 | -1 |\n"
      "      ^\n"
      "house.gouji:5:3: note: the other row\n"
      "      | 4 | 6 | -2 |\n"
      "      ^"]),
    ("a redraw after no such result", S + "[results]\nredraw_after = [\"triple\"]\n",
     ["house.gouji:3:1: error: 'triple' is not a result class\n"
      "    redraw_after = [\"triple\"]\n"
      "    ^\n"
      "  hint: one of double, single, level"]),
    ("a redraw with a drawn first leader", S + "[table]\nfirst_leader = random\n",
     ["house.gouji:3:1: error: redraw_after needs [table] first_leader = previous_first: otherwise no game's leader depends on the last\n"
      "    first_leader = random\n"
      "    ^\n"
      "  hint: set [table] first_leader = previous_first, or remove redraw_after"]),
    # --- tribute tables -------------------------------------------------------------------------------
    ("a tribute order, 闷贡 unset", "abstract variant house\n[about]\ngame = gouji\n[tribute]\norder = [dian]\n", []),
    ("an empty 落贡 table the order uses", Z + "[tribute]\nluo =\n  | payer | receiver | count |\n",
     ["house.gouji:3:1: error: the tribute order lists 'luo' but the luo table is empty\n"
      "    luo =\n"
      "    ^"]),
    ("an empty 落贡 table the order does not use", Z + "[tribute]\norder = [dian]\nluo =\n  | payer | receiver | count |\n", []),
    ("a 点贡 row that is its own mirror, uneven", Z + "[tribute]\ndian =\n  | declared | opened  | me_gives | opp_gives |\n"
     "  | neither  | me      | 0        | level     |\n  | neither  | neither | 1        | 2         |\n"
     "  | neither  | both    | 0        | 0         |\n",
     ["house.gouji:6:3: error: declared = neither, opened = neither is the same seen from either player, so me_gives and opp_gives must be equal\n"
      "      | neither  | neither | 1        | 2         |\n"
      "      ^"]),
    ("the second step of 开点 is a play", Z + "[open]\nthen_lead = gouji(hand)\n",
     ["house.gouji:3:19: error: unknown name 'hand' (names available here: play (这手牌))\n"
      "    then_lead = gouji(hand)\n"
      "                      ^"]),
]


def test_chinese_aliases_are_accepted(tmp_path):
    source = Z + "[烧牌]\n解烧 = 对家或无头\n烧牌顺序 = [1, 2, 对家, 4, 5]\n[牌桌]\n副数 = 6\n"
    assert diagnostics_for(tmp_path, source) == []


# --- written by Chinese players ------------------------------------------------------
# Allowed values are named in both languages, did-you-mean works from either, and
# full-width punctuation (a Chinese input method) gets the half-width character to
# type instead.

CHINESE_CASES = [
    ("misspelt Chinese policy", Z + "[烧牌]\n解烧 = 对家或无投\n",
     ["house.gouji:3:6: error: unknown value '对家或无投': expected one of anyone (任何人), no (不解烧), opposite_or_headless (对家或无头), or an expression giving yes/no (a condition)\n"
      "    解烧 = 对家或无投\n"
      "           ^^\n"
      "  hint: did you mean '对家或无头' (opposite_or_headless)?"]),
    ("misspelt English policy", Z + "[burning]\nlift = anyon\n",
     ["house.gouji:3:8: error: unknown value 'anyon': expected one of anyone (任何人), no (不解烧), opposite_or_headless (对家或无头), or an expression giving yes/no (a condition)\n"
      "    lift = anyon\n"
      "           ^\n"
      "  hint: did you mean 'anyone' (任何人)?"]),
    ("one wrong character of two", Z + "[烧牌]\n挂王检查 = 每首\n",
     ["house.gouji:3:8: error: unknown value '每首': expected one of every_play (每手), leads_only (只查发牌)\n"
      "    挂王检查 = 每首\n"
      "               ^^\n"
      "  hint: did you mean '每手' (every_play)?"]),
    ("misspelt name in a list of seats", Z + "[burning]\nask_order = [1, 2, oposite, 4, 5]\n",
     ["house.gouji:3:20: error: unknown value 'oposite': expected one of opposite (对家)\n"
      "    ask_order = [1, 2, oposite, 4, 5]\n"
      "                       ^\n"
      "  hint: did you mean 'opposite' (对家)?"]),
    ("misspelt Chinese yes", Z + "[出牌]\n让牌 = 是的\n",
     ["house.gouji:3:6: error: expected yes or no (是/否), found '是的'\n"
      "    让牌 = 是的\n"
      "           ^^\n"
      "  hint: did you mean '是' (yes)?"]),
    ("misspelt English yes", Z + "[flow]\ndefer = yess\n",
     ["house.gouji:3:9: error: expected yes or no (是/否), found 'yess'\n"
      "    defer = yess\n"
      "            ^\n"
      "  hint: did you mean 'yes' (是)?"]),
    ("misspelt Chinese section", Z + "[烧牌牌]\n解烧 = 任何人\n",
     ["house.gouji:2:2: error: unknown section [烧牌牌]: expected one of about (简介), burning (烧牌), buy (买牌), cards (牌), chaos (四户乱缠), end (终局), flow (出牌), gouji (级牌), headless (无头), info (报牌看牌), open (开点), patterns (牌型表), ...\n"
      "    [烧牌牌]\n"
      "     ^^\n"
      "  hint: did you mean '烧牌' (burning)?"]),
    ("section like no other", Z + "[xyz]\n",
     ["house.gouji:2:2: error: unknown section [xyz]: expected one of about (简介), burning (烧牌), buy (买牌), cards (牌), chaos (四户乱缠), end (终局), flow (出牌), gouji (级牌), headless (无头), info (报牌看牌), open (开点), patterns (牌型表), ...\n"
      "    [xyz]\n"
      "     ^\n"
      "  hint: `gouji show --rules` lists every section and rule"]),
    ("misspelt Chinese rule", Z + "[牌桌]\n副树 = 6\n",
     ["house.gouji:3:1: error: unknown rule '副树' in section [table]: expected one of cards_per_player (每人张数), copies (张数表), decks (副数), direction (方向), first_card (上班牌), first_leader (上班), first_seat (上班座位), opposites (对家), players (人数), redeal_if (重发条件), teams (联邦)\n"
      "    副树 = 6\n"
      "    ^^\n"
      "  hint: did you mean '副数' (decks)?"]),
    ("misspelt Chinese column", Z + "[级牌]\n门槛 =\n  | 点数 | 张树 |\n  | 10 | 5 |\n",
     ["house.gouji:3:1: error: table 'thresholds' lacks column(s) at_least\n"
      "    门槛 =\n"
      "    ^^\n"
      "  hint: the first row names the columns: | rank | at_least |",
      "house.gouji:4:10: error: unknown column '张树' in table 'thresholds': expected at_least (张数), rank (点数)\n"
      "      | 点数 | 张树 |\n"
      "               ^^\n"
      "  hint: did you mean '张数' (at_least)?"]),
    ("misspelt Chinese joker", Z + "[cards]\njokers = [小王, 大玉]\n",
     ["house.gouji:3:15: error: '大玉' is not a card: expected a joker (SJ BJ; 小王 = SJ, 大王 = BJ)\n"
      "    jokers = [小王, 大玉]\n"
      "                    ^^\n"
      "  hint: did you mean '大王' (BJ)?"]),
    ("optional value", Z + "[info]\nreport_at = never\n",
     ["house.gouji:3:13: error: expected a whole number from 1 to 1000 or none (无), found 'never'\n"
      "    report_at = never\n"
      "                ^"]),
    ("optional value, nearly none", Z + "[info]\nreport_at = non\n",
     ["house.gouji:3:13: error: expected a whole number from 1 to 1000 or none (无), found 'non'\n"
      "    report_at = non\n"
      "                ^\n"
      "  hint: did you mean 'none' (无)?"]),
    ("misspelt Chinese variable", Z + "[burning]\ncondition = sets(手派) <= 2\n",
     ["house.gouji:3:18: error: unknown name '手派' (names available here: hand (手牌), rest (余牌))\n"
      "    condition = sets(手派) <= 2\n"
      "                     ^^\n"
      "  hint: did you mean '手牌' (hand)?"]),
    # --- full-width punctuation, one case per character class --------------------------
    ("full-width equals", Z + "[table]\ndecks ＝ 6\n",
     ["house.gouji:3:7: error: full-width equals sign '＝' outside a string or comment\n"
      "    decks ＝ 6\n"
      "          ^^\n"
      "  hint: use the half-width '=' (not '＝')"]),
    # The caret lines up under a Chinese name: each character is two columns wide.
    ("full-width equals after a Chinese name", Z + "[牌桌]\n副数 ＝ 6\n",
     ["house.gouji:3:4: error: full-width equals sign '＝' outside a string or comment\n"
      "    副数 ＝ 6\n"
      "         ^^\n"
      "  hint: use the half-width '=' (not '＝')"]),
    ("full-width comma", Z + "[table]\nteams = [[1，3, 5], [2, 4, 6]]\n",
     ["house.gouji:3:12: error: full-width comma '，' outside a string or comment\n"
      "    teams = [[1，3, 5], [2, 4, 6]]\n"
      "               ^^\n"
      "  hint: use the half-width ',' (not '，')"]),
    ("ideographic comma", Z + "[tribute]\norder = [luo、dian]\n",
     ["house.gouji:3:13: error: ideographic comma '、' outside a string or comment\n"
      "    order = [luo、dian]\n"
      "                ^^\n"
      "  hint: use the half-width ',' (not '、')"]),
    ("Chinese brackets", Z + "【table】\ndecks = 6\n",
     ["house.gouji:2:1: error: Chinese bracket '【' outside a string or comment\n"
      "    【table】\n"
      "    ^^\n"
      "  hint: use the half-width '[' (not '【')",
      "house.gouji:2:7: error: Chinese bracket '】' outside a string or comment\n"
      "    【table】\n"
      "           ^^\n"
      "  hint: use the half-width ']' (not '】')"]),
    ("Chinese quotation marks", Z + "[about]\ntitle = “枣庄，俱乐部”\n",
     ["house.gouji:3:9: error: Chinese quotation mark '“' outside a string or comment\n"
      "    title = “枣庄，俱乐部”\n"
      "            ^\n"
      '  hint: use the half-width \'"\' (not \'“\')',
      "house.gouji:3:16: error: Chinese quotation mark '”' outside a string or comment\n"
      "    title = “枣庄，俱乐部”\n"
      "                         ^\n"
      '  hint: use the half-width \'"\' (not \'”\')']),
    ("full-width parentheses", Z + "[burning]\ncondition = sets（hand） <= 2\n",
     ["house.gouji:3:17: error: full-width parenthesis '（' outside a string or comment\n"
      "    condition = sets（hand） <= 2\n"
      "                    ^^\n"
      "  hint: use the half-width '(' (not '（')",
      "house.gouji:3:22: error: full-width parenthesis '）' outside a string or comment\n"
      "    condition = sets（hand） <= 2\n"
      "                          ^^\n"
      "  hint: use the half-width ')' (not '）')"]),
    ("full-width colon", Z + "[table]\ndecks = 6  @000：L15\n",
     ["house.gouji:3:16: error: full-width colon '：' outside a string or comment\n"
      "    decks = 6  @000：L15\n"
      "                   ^^\n"
      "  hint: use the half-width ':' (not '：')"]),
    ("full-width semicolon", Z + "[table]\ndecks = 6；\n",
     ["house.gouji:3:10: error: full-width semicolon '；' outside a string or comment\n"
      "    decks = 6；\n"
      "             ^^\n"
      "  hint: remove the '；': a rule ends at the end of its line"]),
    ("full-width bar", Z + "[gouji]\nthresholds =\n  | rank | at_least |\n  ｜ 10 | 5 |\n",
     ["house.gouji:5:3: error: full-width bar '｜' outside a string or comment\n"
      "      ｜ 10 | 5 |\n"
      "      ^^\n"
      "  hint: use the half-width '|' (not '｜')"]),
    ("full-width at sign", Z + "[table]\ndecks = 6  ＠000:L15\n",
     ["house.gouji:3:12: error: full-width at sign '＠' outside a string or comment\n"
      "    decks = 6  ＠000:L15\n"
      "               ^^\n"
      "  hint: use the half-width '@' (not '＠')"]),
    ("full-width number sign, rest is its comment", Z + "[table]\ndecks = 6  ＃ 六副牌，一百张\n",
     ["house.gouji:3:12: error: full-width number sign '＃' outside a string or comment\n"
      "    decks = 6  ＃ 六副牌，一百张\n"
      "               ^^\n"
      "  hint: use the half-width '#' (not '＃')"]),
    ("ideographic space", Z + "[table]\ndecks =　6\n",
     ["house.gouji:3:8: error: ideographic space '\u3000' outside a string or comment\n"
      "    decks =\u30006\n"
      "           ^^\n"
      "  hint: use an ordinary space (not the full-width '\u3000')"]),
    ("a falling multiplier, in Chinese", S + "[结算]\n翻倍 +=\n  | 线数 | 翻倍数 |\n  | 13 | 30 |\n",
     ["house.gouji:5:3: error: multiplier falls from 32 at 12 lines to 30 at 13: more lines never count for less\n"
      "      | 13 | 30 |\n"
      "      ^"]),
    ("full-width digit", Z + "[table]\ndecks = ６\n",
     ["house.gouji:3:9: error: full-width character '６' outside a string or comment\n"
      "    decks = ６\n"
      "            ^^\n"
      "  hint: use the half-width '6' (not '６')"]),
]


@pytest.mark.parametrize("source,expected", [c[1:] for c in CASES + CHINESE_CASES],
                         ids=[c[0] for c in CASES + CHINESE_CASES])
def test_error_message(tmp_path, source, expected):
    assert rendered(tmp_path, source) == expected


def test_full_width_punctuation_is_text_in_strings_and_comments(tmp_path):
    marks = "，、＝【】“”‘’（）：；。｜＠＃\u3000６"
    source = Z + f'# {marks}\n[about]\ntitle = "枣庄{marks}"  # {marks}\n'
    assert diagnostics_for(tmp_path, source) == []


# --- large files: bounded work, bounded output ------------------------------------------

def test_a_huge_list_is_refused_at_the_token_limit_quickly(tmp_path):
    """A 1 MB one-line list once took 18 s and 450 MB; the token limit refuses it
    before the parser builds its tree (about 1 KB per token)."""
    import time

    source = Z + "[scoring]\nplace_points = [" + ", ".join(["1"] * 330_000) + "]\n"
    started = time.perf_counter()
    assert diagnostics_for(tmp_path, source) == [
        "house.gouji:3:30002: error: file has more than 20000 values, names and symbols: too large for a rule file"]
    assert time.perf_counter() - started < 10


def test_strings_and_comments_do_not_count_towards_the_token_limit(tmp_path):
    source = Z + "# ( [ + - and or\n" * 30_000 + '[about]\ntitle_en = "' + "( " * 90 + '"\n'
    assert diagnostics_for(tmp_path, source) == []


def test_thousands_of_errors_print_the_first_hundred_and_a_count(tmp_path, capsys):
    from gouji_dsl.cli import main

    (tmp_path / "house.gouji").write_text(Z + "[table]\n" + "decks = 6\n" * 3000, encoding="utf-8")
    assert main(["check", str(tmp_path / "house.gouji")]) == 1
    err = capsys.readouterr().err.splitlines()
    assert sum(1 for line in err if ": error: " in line) == 100
    assert "... and 2899 more error(s) (the first 100 are shown)" in err
    assert err[-1] == "gouji: 2999 error(s)"
    assert len(err) < 1000


def test_a_long_line_is_shown_around_the_caret():
    from gouji_dsl.diagnostics import MAX_EXCERPT, Diagnostic, Pos, SourceCache
    from gouji_dsl.messages import msg

    sources = SourceCache()
    sources.add("f.gouji", "x = [" + "1, " * 5000 + "Z]\n")
    col = 5 + 3 * 5000 + 1
    lines = Diagnostic(Pos("f.gouji", 1, col), msg("syntax.syntax_error")).render(sources).splitlines()
    assert len(lines[1]) < MAX_EXCERPT + 10
    assert lines[1].startswith("    ...") and lines[1].endswith("Z]")
    assert lines[1][lines[2].index("^")] == "Z"


def test_an_error_in_a_parent_file_points_at_the_first_rule_it_names(tmp_path):
    # house writes none of the rules the check names, so the error points at the first of
    # them (cards_per_player) where the parent wrote it, not at another of them (decks).
    ws = scratch_workspace(tmp_path, {"base": "abstract variant base extends zaozhuang\n[table]\ncards_per_player = 40\ndecks = 3\n",
                                      "house": 'variant house extends base\n[about]\ntitle = "x"\n'})
    _good, diags = check_variants(ws, ["house"])
    assert [d.render(ws.sources).replace(str(tmp_path) + "/", "") for d in diags] == [
        "variants/base.gouji:3:1: error: 6 players × 40 cards = 240, but 3 deck(s) hold only 162 cards\n"
        "    cards_per_player = 40\n"
        "    ^"]


def test_positions_of_unset_rules_and_of_table_rows():
    from gouji_dsl.facets.checks import at

    v = Compilation(Workspace(), "shuangkou-baibian").model
    header = v.origin("variant").pos
    assert (header.line, header.col) == (3, 1)
    assert at(v, "patterns.chain_unequal") == header  # unset (its default): the variant's header
    row = at(v, "patterns.chain_rules[1]")  # a row: its own line, in the file that wrote it
    assert row.file.endswith("shuangkou-baibian.gouji") and row.line == v.origin("patterns.chain_rules").pos.line + 3
    assert at(v, "patterns.types[0]").file.endswith("shuangkou.gouji")  # inherited rows: the parent's line
