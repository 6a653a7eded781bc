"""Messages of the `gouji` command line (gouji_dsl/cli.py): key -> (English, Chinese).
See catalogue/__init__.py."""

MESSAGES: dict[str, tuple[str, str]] = {
    "cli.error": ("gouji: error: {message}", "gouji：错误：{message}"),
    "cli.internal_error": ("gouji: INTERNAL ERROR (a bug in gouji-dsl, not in your rule file): {kind}: {detail}",
                           "gouji：内部错误（这是 gouji-dsl 的缺陷，不是您规则文件的问题）：{kind}：{detail}"),
    "cli.internal_error_hint": ("  set GOUJI_DEBUG=1 to see the traceback, and please report it",
                                "  设置 GOUJI_DEBUG=1 可看到调用栈；请把它报告给我们"),
    "cli.help.path": ("also look for rule files in DIR (before GOUJI_PATH, the current folder and the standard "
                      "variants); may be repeated",
                      "也在 DIR 中查找规则文件（先于 GOUJI_PATH、当前文件夹和标准玩法）；可多次给出"),
    "cli.help.lang": ("the language of messages: zh Chinese, en English (default: GOUJI_LANG, the locale, then "
                      "the language of the rule files named, else Chinese)",
                      "提示信息的语言：zh 中文，en 英文（默认依次看 GOUJI_LANG、系统语言、所给规则文件的语言，否则中文）"),
}
MESSAGES.update({
    # what every command prints
    "cli.errors": ("gouji: {count} error(s)", "gouji：{count} 个错误"),
    "cli.warnings": ("gouji: {count} warning(s)", "gouji：{count} 个警告"),
    "cli.cannot_read": ("cannot read {file}: {reason}", "无法读取 {file}：{reason}"),
    "cli.no_such_file": ("no such file: {file}", "没有这个文件：{file}"),
    "cli.no_such_rule_file": ("no such rule file: {file}", "没有这个规则文件：{file}"),
    # gouji check
    "cli.check.passed": ("gouji: {count} variant(s) checked, no errors: {names}",
                         "gouji：已检查 {count} 个玩法，没有错误：{names}"),
    # gouji show
    "cli.show.rulings_alone": ("--rulings prints the project's rulings: give it alone",
                               "--rulings 打印本项目的裁定：请单独使用它"),
    "cli.show.name_variant": ("name the variant to show", "请给出要显示的玩法"),
    "cli.show.name_variant_hint": ("gouji show VARIANT, or gouji show --rules for every rule",
                                   "gouji show 玩法；或用 gouji show --rules 列出所有规则"),
    "cli.show.source_alone": ("--source prints the rule file as written: give it without --rules or --json",
                              "--source 原样打印规则文件：不要和 --rules 或 --json 一起用"),
    "cli.show.no_rule_file": ("no rule file for '{name}'", "玩法 '{name}' 没有规则文件"),
    "cli.show.query_too_long": ("the word to look up is {length} characters long: at most {limit}",
                                "要查的词有 {length} 个字符：最多 {limit} 个"),
    "cli.show.nothing_found": ("no section or rule has '{word}' in its name or meaning",
                               "没有哪一节或哪条规则的名称或含义里有 '{word}'"),
    "cli.show.nothing_found_hint": ("try a Chinese or English word (gouji show --rules 烧牌, gouji show --rules burn), "
                                    "or gouji show --rules for every rule",
                                    "换一个中文或英文词试试（gouji show --rules 烧牌，gouji show --rules burn），"
                                    "或用 gouji show --rules 列出所有规则"),
    # gouji fmt
    "cli.fmt.no_files": ("no rule files (*.gouji) in the current folder or on the search path",
                         "当前文件夹和搜索路径中都没有规则文件（*.gouji）"),
    "cli.fmt.no_files_hint": ("name the files to format: gouji fmt FILE ...", "请给出要整理的文件：gouji fmt 文件 ..."),
    "cli.fmt.would_reformat": ("would reformat {file}", "需要整理格式：{file}"),
    "cli.fmt.reformatted": ("reformatted {file}", "已整理格式：{file}"),
    "cli.fmt.already": ("gouji: {count} file(s) already formatted", "gouji：{count} 个文件格式已经规范"),
    # the files a command reads, which no output may overwrite (cli._inputs)
    "cli.input.rule_file": ("the rule file {file}", "规则文件 {file}"),
    "cli.input.case_file": ("the case file {file}", "用例文件 {file}"),
    "cli.input.history": ("the game history {file}", "对局记录 {file}"),
    # gouji build
    "cli.build.no_engine": ("variant '{name}' has no engine: it is abstract or not a Gouji variant",
                            "玩法 '{name}' 没有引擎：它是抽象玩法，或者不是够级玩法"),
    "cli.build.not_standard": ("variant '{name}' is not a standard variant: it is not built into the package's "
                               "generated/ folder ({folder})",
                               "玩法 '{name}' 不是标准玩法：不能生成到安装包的 generated/ 文件夹（{folder}）"),
    "cli.build.not_standard_hint": ("build it elsewhere: gouji build FILE -o DIR",
                                    "请生成到别处：gouji build 文件 -o 文件夹"),
    "cli.build.one_name_twice": ("{first} and {second} both declare variant '{name}': their engines and rulebooks "
                                 "would be written to the same files",
                                 "{first} 和 {second} 都声明为玩法 '{name}'：它们的引擎和规则书会写到同样的文件里"),
    "cli.build.one_name_twice_hint": ("build them one at a time, each into a folder of its own: gouji build FILE -o DIR",
                                      "一次只生成一个，各写到自己的文件夹：gouji build 文件 -o 文件夹"),
    "cli.build.out_of_date": ("out of date: {file}", "已过期：{file}"),
    "cli.build.stale": ("gouji: generated files are out of date: run `{command}`",
                        "gouji：生成的文件已过期：请运行 `{command}`"),
    "cli.build.up_to_date": ("gouji: generated files are up to date ({count} engine(s))",
                             "gouji：生成的文件都是最新的（{count} 个引擎）"),
    "cli.build.wrote": ("wrote {file}", "已写入 {file}"),
    "cli.build.rules_rewritten": ("wrote {file}: its Rules now lists the settings the rules register; building the "
                                  "engines with it", "已写入 {file}：其中的 Rules 已按规则登记的设置重写；接着用它生成引擎"),
    "cli.build.built": ("gouji: {count} engine(s) and their rulebooks built, {changed} file(s) changed",
                        "gouji：已生成 {count} 个引擎及其规则书，改动了 {changed} 个文件"),
    "cli.build.needs_compiled": ("--{option} goes with --compiled", "--{option} 要和 --compiled 一起用"),
    "cli.build.clean_and_status": ("--clean and --status do not go together", "--clean 和 --status 不能同时使用"),
    "cli.build.compiled_alone": ("--compiled compiles the shipped engines and the runtime as they are: "
                                 "it takes no variants, -o or --check",
                                 "--compiled 按原样编译随包的引擎和运行库：不接受玩法、-o 或 --check"),
    "cli.build.stale_compiled": ("gouji: warning: {count} compiled module(s) are now older than their source and "
                                 "still run instead of it: run `gouji build --compiled` again, or "
                                 "`gouji build --compiled --clean`",
                                 "gouji：警告：{count} 个编译过的模块比它的源码旧，却仍代替源码运行：请再运行一次 "
                                 "`gouji build --compiled`，或运行 `gouji build --compiled --clean`"),
    # gouji conform
    "cli.conform.no_such_file": ("no such case file: {file}", "没有这个用例文件：{file}"),
    "cli.conform.summary": ("{passed} passed, {failed} failed", "{passed} 个通过，{failed} 个失败"),
    "cli.conform.internal": ("gouji: {count} case(s) hit an internal error (a bug in gouji-dsl): please report it",
                             "gouji：有 {count} 个用例遇到内部错误（gouji-dsl 的缺陷）：请报告给我们"),
    # gouji play and replay
    "cli.play.games_at_least_one": ("--games must be at least 1", "--games 至少是 1"),
    "cli.play.games_at_most_hint": ("for statistics over many games: gouji simulate", "要统计很多局的结果，请用 gouji simulate"),
    "cli.replay.failed": ("gouji: {file}: {reason}", "gouji：{file}：{reason}"),
    "cli.replay.not_history": ("gouji: {file}: not a history file: {reason}", "gouji：{file}：不是对局记录文件：{reason}"),
    "cli.replay.too_deep": ("the JSON is nested too deeply", "JSON 嵌套太深"),
    "cli.replay.other_variant": ("{rules} is variant '{name}', but {file} was played in '{played}'",
                                 "{rules} 是玩法 '{name}'，但 {file} 是按 '{played}' 打的"),
    "cli.replay.verified": ("gouji: {count} game(s) replayed, every action verified",
                            "gouji：已重放 {count} 局，每个动作都已核对"),
    # gouji --help
    "cli.help.gouji": ("gouji-dsl: the rule language and compiler for Gouji (够级) and Shuangkou (双扣). Write a house "
                       "rule as a rule file that extends a standard variant, then check it, read its rules, build its "
                       "engine and rulebooks, compare it with another variant, and play or simulate games under it.",
                       "gouji-dsl：够级和双扣的规则语言与编译器。把自定规则写成继承某个标准玩法的规则文件，然后检查它、"
                       "查看它的规则、生成它的引擎和规则书、与别的玩法比较，并按它打牌或模拟对局。"),
    "cli.help.check": ("parse and validate variants (all by default)", "解析并检查玩法（默认检查全部）"),
    "cli.help.check_targets": ("variant names or rule files (default: every variant found)",
                               "玩法名称或规则文件（默认：找到的所有玩法）"),
    "cli.help.variant_or_file": ("a variant name or a rule file", "玩法名称或规则文件"),
    "cli.help.show": ("print a variant's rules after inheritance", "打印玩法继承之后的全部规则"),
    "cli.help.show_rules": ("every rule: its names, allowed values, meaning and (with a variant) value there; with "
                            "WORD (English or Chinese: 烧牌, burn) only the section or rules it names",
                            "所有规则：名称、可取的值、含义，以及（给出玩法时）该玩法中的值；给出 WORD（中文或英文："
                            "烧牌、burn）时只列出它说到的节或规则"),
    "cli.help.json": ("print JSON", "以 JSON 打印"),
    "cli.help.show_rulings": ("the project's rulings where the sources are silent or disagree (D1.., K1..), as rule "
                              "files cite them",
                              "资料没说或说法不一之处本项目的裁定（D1..、K1..），即规则文件引用的那些"),
    "cli.help.show_source": ("print the variant's rule file as written (a standard variant's too: messages cite "
                             "its lines)",
                             "原样打印玩法的规则文件（标准玩法的也可以：提示信息会引用它的行号）"),
    "cli.help.build": ("generate the engine modules into generated/ (all variants by default)",
                       "生成引擎模块到 generated/（默认生成全部玩法）"),
    "cli.help.build_variants": ("variant names or rule files (default: every standard variant)",
                                "玩法名称或规则文件（默认：所有标准玩法）"),
    "cli.help.build_check": ("fail if generated/ is out of date; write nothing", "generated/ 过期则失败；不写任何文件"),
    "cli.help.build_output": ("write the engines and rulebooks into DIR (default: a standard variant into the "
                              "package's generated/, a rule file of yours into the current folder)",
                              "把引擎和规则书写到 DIR（默认：标准玩法写到安装包的 generated/，您自己的规则文件写到当前文件夹）"),
    "cli.help.build_compiled": ("compile the runtime and the shipped engines with mypyc, in place (pip install "
                                "'gouji-dsl[compiled]'); the pure-Python engine stays the fallback",
                                "用 mypyc 就地编译运行库和随包的引擎（pip install 'gouji-dsl[compiled]'）；"
                                "纯 Python 引擎仍作后备"),
    "cli.help.build_clean": ("with --compiled: remove the compiled modules", "与 --compiled 一起用：删除编译出的模块"),
    "cli.help.build_status": ("with --compiled: list which modules are compiled", "与 --compiled 一起用：列出哪些模块已编译"),
    "cli.help.conform": ("run conformance case files (JSON lines: a position or hand, the expected answer)",
                         "运行一致性用例文件（每行一个 JSON：一个局面或一手牌，以及应得的答案）"),
    "cli.help.conform_files": ("case files (.jsonl), such as tests/conformance/*.jsonl",
                               "用例文件（.jsonl），例如 tests/conformance/*.jsonl"),
    "cli.help.conform_engine": ("the generated modules (default) or the reference interpreter",
                                "用生成的模块（默认）或参考解释器"),
    "cli.help.play": ("play complete games between built-in bots and print the transcript",
                      "让内置机器人打完整的对局，并打印牌谱"),
    "cli.help.play_seed": ("the seed of the deals (default 1): the same seed, the same games",
                           "发牌的种子（默认 1）：种子相同，对局相同"),
    "cli.help.play_games": ("games in the match (tribute carries over)", "一场打几局（进贡延续到下一局）"),
    "cli.help.play_bots": ("the bot at every seat: random, greedy (default), heuristic, search or search:N",
                           "每个座位的机器人：random、greedy（默认）、heuristic、search 或 search:N"),
    "cli.help.play_json": ("print the histories as JSON (for gouji replay)", "以 JSON 打印对局记录（供 gouji replay 使用）"),
    "cli.help.replay": ("replay a saved history (from gouji play --json), verifying each action",
                        "重放保存的对局记录（来自 gouji play --json），逐个核对动作"),
    "cli.help.replay_file": ("a history saved by gouji play --json", "gouji play --json 保存的对局记录"),
    "cli.help.replay_quiet": ("print only the verdict", "只打印结论"),
    "cli.help.replay_rules": ("the rule file the games were played under (by default the variant is looked up by "
                              "name, beside the history file first)",
                              "对局所用的规则文件（默认按名称查找玩法，先找对局记录旁边的）"),
    "cli.help.fmt": ("rewrite rule files in canonical form", "把规则文件改写成规范格式"),
    "cli.help.fmt_files": ("rule files (default: the .gouji files of your folders)",
                           "规则文件（默认：您文件夹中的 .gouji 文件）"),
    "cli.help.fmt_check": ("report files that need formatting; write nothing", "报告需要整理格式的文件；不写任何文件"),
    "cli.help.fmt_names": ("section, rule and value names: en English, zh Chinese, keep as written (default: the "
                           "language the file mostly writes them in)",
                           "节、规则和值的名称：en 英文，zh 中文，keep 保持原样（默认：文件中大多数名称所用的语言）"),
})

# argparse's own words (cli.ARGPARSE_WORDS), in its %-style: the placeholders are argparse's.
MESSAGES.update({
    "cli.argparse.usage": ("usage: ", "用法："),
    "cli.argparse.positional": ("positional arguments", "参数"),
    "cli.argparse.options": ("options", "选项"),
    "cli.argparse.help": ("show this help message and exit", "显示本帮助并退出"),
    "cli.argparse.version": ("show program's version number and exit", "显示版本号并退出"),
    "cli.argparse.required": ("the following arguments are required: %s", "缺少以下参数：%s"),
    "cli.argparse.unrecognized": ("unrecognized arguments: %s", "无法识别的参数：%s"),
    "cli.argparse.invalid_choice": ("invalid choice: %(value)r (choose from %(choices)s)",
                                    "无效的选择：%(value)r（可选：%(choices)s）"),
    "cli.argparse.argument": ("argument %(argument_name)s: %(message)s", "参数 %(argument_name)s：%(message)s"),
    "cli.argparse.expected_one": ("expected one argument", "需要一个值"),
    "cli.argparse.invalid_value": ("invalid %(type)s value: %(value)r", "无效的 %(type)s 值：%(value)r"),
    "cli.argparse.ambiguous": ("ambiguous option: %(option)s could match %(matches)s",
                               "有歧义的选项：%(option)s 可能是 %(matches)s"),
})
