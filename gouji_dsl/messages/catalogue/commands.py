"""Messages of commands: key -> (English, Chinese). See catalogue/__init__.py."""

MESSAGES: dict[str, tuple[str, str]] = {
    # gouji studio
    "commands.studio.help": ("the studio: write, check, compare, print, simulate and play a house rule in a web page",
                             "工作室：在网页里写、检查、对比、打印、模拟和试玩家规"),
    "commands.studio.description": ("Serve Gouji Studio on this machine and open it in the browser: the rule file in an "
                                    "editor that checks it as you type, its differences from its parent, its handout, "
                                    "a simulation, and a card table to play it against bots.",
                                    "在本机运行够级工作室并在浏览器中打开：边打字边检查规则文件，对比上级玩法，"
                                    "预览和打印规则书，模拟，还可以跟机器人打一局。"),
    "commands.studio.help_target": ("a rule file to open, or the folder of house rules (default: the current folder)",
                                    "要打开的规则文件，或家规所在的文件夹（默认：当前文件夹）"),
    "commands.studio.help_host": ("the address to serve on (default 127.0.0.1: this machine only)",
                                  "服务的地址（默认 127.0.0.1：只有本机能访问）"),
    "commands.studio.help_port": ("the port (default: a free one)", "端口（默认：任选一个空闲的）"),
    "commands.studio.help_no_browser": ("do not open the browser", "不打开浏览器"),
    "commands.studio.help_read_only": ("nothing can be saved (for a club's members)", "不能保存（给俱乐部成员用）"),
    "commands.studio.no_such_target": ("'{target}' is neither a folder nor a .gouji file", "'{target}' 既不是文件夹也不是 .gouji 文件"),
    "commands.studio.cannot_listen": ("cannot serve on {host} port {port}: {reason}", "无法在 {host} 端口 {port} 上服务：{reason}"),
    "commands.studio.bad_port": ("port {port} is not from 0 to 65535", "端口 {port} 不在 0 到 65535 之间"),
    "commands.studio.not_installed": ("the studio needs its web server: install gouji-dsl with its studio extra",
                                      "工作室需要它的网页服务器：请安装 gouji-dsl 的 studio 附加组件"),
    "commands.studio.install_hint": ("install it with: python3 -m pip install 'gouji-dsl[studio]'",
                                     "安装命令：python3 -m pip install 'gouji-dsl[studio]'"),
    "commands.studio.serving": ("Gouji Studio: {address}  (folder {folder}; Ctrl+C stops it)",
                                "够级工作室：{address}  （文件夹 {folder}；按 Ctrl+C 停止）"),
    "commands.studio.stopped": ("gouji studio: stopped", "gouji studio：已停止"),
    # gouji lsp
    "commands.lsp.help": ("run the language server for editors (Language Server Protocol, on stdin and stdout)",
                          "运行给编辑器用的语言服务器（语言服务器协议，经标准输入输出）"),
    "commands.lsp.description": ("Start the rule language's language server: an editor (VS Code, Neovim, Helix, ...) "
                                 "starts `gouji lsp` and talks to it on stdin and stdout. It reports each rule file's "
                                 "errors as it is typed, and answers hover, completion, go to definition, outline, "
                                 "formatting and quick fixes. Editor set-up: docs/editors.md.",
                                 "启动规则语言的语言服务器：编辑器（VS Code、Neovim、Helix 等）运行 `gouji lsp`，经标准输入输出"
                                 "跟它通信。边打字边报规则文件的错误，还提供悬停说明、补全、跳转到定义、大纲、格式化和快速修复。"
                                 "编辑器怎么设置：docs/editors.md。"),
    "commands.lsp.help_stdio": ("talk on stdin and stdout (the default and only way; accepted because editors pass it)",
                                "经标准输入输出通信（默认、也是唯一的方式；有的编辑器会加这个选项）"),
    # docs/rulebook.py
    "commands.doc.help": ("write a variant's rulebook, handout or house-rule sheet (Chinese or English; Markdown, HTML or PDF)",
                          "写出玩法的规则书、规则速查或自定规则改动表（中文或英文；Markdown、HTML 或 PDF）"),
    "commands.doc.description": ("Print a variant's rulebook (the reference, with --handout the rules at the table, "
                                 "with --quick the one-page quick card), "
                                 "or with --changes the house-rule sheet of a rule file (what differs from the variant it extends); "
                                 "--format pdf prints an A4 PDF with headless Chromium. "
                                 "--all writes every standard variant's books into generated/rulebooks/.",
                                 "输出玩法的规则书（完整版；加 --handout 则是牌桌上用的规则速查，加 --quick 则是一页的速查卡），"
                                 "或加 --changes 输出规则文件的自定规则改动表（与它继承的玩法有哪些不同）；"
                                 "--format pdf 用无界面的 Chromium 打印 A4 PDF。"
                                 "--all 把每个标准玩法的规则书写入 generated/rulebooks/。"),
    "commands.doc.help_lang": ("zh or en (default: GOUJI_LANG, the locale, the rule file's language, else zh)",
                               "zh 或 en（默认依次看 GOUJI_LANG、系统语言、规则文件的语言，否则 zh）"),
    "commands.doc.help_format": ("md (default), html, or pdf (A4, needs Chromium; written to -o or "
                                 "VARIANT[.handout|.changes|.quick].LANG.pdf)",
                                 "md（默认）、html 或 pdf（A4，需要 Chromium；写到 -o 指定的文件，"
                                 "或 VARIANT[.handout|.changes|.quick].LANG.pdf）"),
    "commands.doc.help_handout": ("the handout: only the rules in play, in the order a game unfolds, with examples",
                                  "规则速查：只列本玩法用到的规则，按一局牌的进行顺序，附例子"),
    "commands.doc.help_changes": ("the house-rule sheet: what the file changes from the variant it extends",
                                  "自定规则改动表：这个文件相对它继承的玩法改了什么"),
    "commands.doc.help_quick": ("the quick card: one A4 side for the table (seats, card order, 级牌, what beats what, "
                                "burning, tribute, scoring)",
                                "速查卡：一页A4，放在牌桌上（座位、牌的大小、级牌、谁管谁、烧牌、进贡、计分）"),
    "commands.doc.help_output": ("write to PATH (atomically) instead of printing", "写入 PATH（整个文件一次写成），不在屏幕上输出"),
    "commands.doc.help_all": ("write every concrete variant's books (reference, handout and quick card, md and html) into "
                              "generated/rulebooks/",
                              "把每个具体玩法的规则书（完整版、规则速查和速查卡，md 和 html）写入 generated/rulebooks/"),
    "commands.doc.wrote": ("wrote {path}", "已写入 {path}"),
    "commands.doc.removed": ("removed {path}", "已删除 {path}"),
    "commands.doc.all_written": ("gouji: {books} rulebook(s), {changed} file(s) changed",
                                 "gouji：{books} 份规则书，改动了 {changed} 个文件"),
    "commands.doc.all_alone": ("--all writes every rulebook: give no VARIANT, --lang, --format, --handout, --changes, "
                               "--quick or -o with it",
                               "--all 会写出所有规则书：不要同时给 VARIANT、--lang、--format、--handout、--changes、--quick 或 -o"),
    "commands.doc.no_variant": ("name a variant (or use --all)", "请给出玩法名（或用 --all）"),
    "commands.doc.no_variant_hint": ("e.g. gouji doc zaozhuang --lang en --format html",
                                     "例如 gouji doc zaozhuang --lang en --format html"),
    "commands.doc.output_file": ("rulebook file (-o)", "规则书文件（-o）"),
    "commands.doc.extends_nothing": ("'{name}' extends no variant: --changes lists what a file changes from the "
                                     "variant it extends",
                                     "'{name}' 没有继承任何玩法：--changes 列出的是文件相对它继承的玩法改了什么"),
    "commands.doc.no_sheet_abstract": ("variant '{name}' has no house-rule sheet: it is abstract",
                                       "玩法 '{name}' 没有自定规则改动表：它是抽象玩法"),
    "commands.doc.extends_abstract": ("'{name}' extends '{parent}', which is abstract (no one plays it): a house-rule "
                                      "sheet says what a file changes from a playable variant",
                                      "'{name}' 继承的 '{parent}' 是抽象玩法（没人照它打牌）：自定规则改动表说的是"
                                      "文件相对一个能打的玩法改了什么"),
    "commands.doc.extends_abstract_hint": ("`gouji doc {name}` writes its whole rulebook; `gouji diff A B` compares "
                                           "two variants",
                                           "`gouji doc {name}` 写出它的完整规则书；`gouji diff A B` 比较两个玩法"),
    "commands.doc.no_rulebook_abstract": ("variant '{name}' has no rulebook: it is abstract",
                                          "玩法 '{name}' 没有规则书：它是抽象玩法"),
    "commands.doc.wrote_pdf_one": ("wrote {path} ({pages} page)", "已写入 {path}（{pages} 页）"),
    "commands.doc.wrote_pdf": ("wrote {path} ({pages} pages)", "已写入 {path}（{pages} 页）"),
    # diff/command.py
    "commands.diff.help": ("what two variants do differently, rule by rule, with counterexamples (or --matrix)",
                           "两个玩法在哪些规则上不同，逐条列出，并举出反例（或用 --matrix 列表）"),
    "commands.diff.description": ("Compare two variants rule by rule, with situations where their engines disagree; "
                                  "or, with --matrix, print the rule-by-variant table. Exit status: 0 identical, "
                                  "1 different, 2 error.",
                                  "逐条规则比较两个玩法，并给出两者引擎结果不同的牌局；"
                                  "或用 --matrix 输出规则对玩法的对照表。退出码：0 相同，1 不同，2 出错。"),
    "commands.diff.help_variants": ("the two variants to compare (names or rule files); with --matrix any number",
                                    "要比较的两个玩法（玩法名或规则文件）；用 --matrix 时个数不限"),
    "commands.diff.help_matrix": ("the table of every rule that differs among the variants, one per game (all "
                                  "concrete variants by default)",
                                  "列出各玩法之间不同的每条规则，每种游戏一张表（默认包括所有具体玩法）"),
    "commands.diff.help_lang": ("language of the prose, zh or en (default: GOUJI_LANG, the locale, the rule files' "
                                "language, else zh)",
                                "说明文字的语言，zh 或 en（默认依次看 GOUJI_LANG、系统语言、规则文件的语言，否则 zh）"),
    "commands.diff.help_format": ("text, md or json for a diff (default text); md or html for --matrix (default md)",
                                  "比较结果用 text、md 或 json（默认 text）；--matrix 用 md 或 html（默认 md）"),
    "commands.diff.help_emit_cases": ("write the card and result counterexamples as a .jsonl case file",
                                      "把牌型和结算的反例写成 .jsonl 一致性用例文件"),
    "commands.diff.help_no_examples": ("compare rules only: do not search for counterexamples",
                                       "只比较规则：不找反例"),
    "commands.diff.two_concrete_of_one_game": ("two concrete variants of one game", "同一种游戏的两个具体玩法"),
    "commands.diff.two_concrete_of": ("two concrete {game} variants", "两个具体的{game}玩法"),
    "commands.diff.case_file": ("case file (--emit-cases)", "用例文件（--emit-cases）"),
    "commands.diff.emit_cases_matrix": ("--emit-cases compares two variants: it does not go with --matrix",
                                        "--emit-cases 用于比较两个玩法：不能和 --matrix 一起用"),
    "commands.diff.matrix_format": ("--matrix prints md or html, not {fmt}", "--matrix 只输出 md 或 html，不能输出 {fmt}"),
    "commands.diff.diff_format": ("a diff prints text, md or json, not {fmt}", "比较结果只输出 text、md 或 json，不能输出 {fmt}"),
    "commands.diff.diff_format_hint": ("html is for --matrix", "html 用于 --matrix"),
    "commands.diff.two_variants": ("gouji diff compares two variants, {count} given",
                                   "gouji diff 比较两个玩法，这里给了 {count} 个"),
    "commands.diff.two_variants_hint": ("gouji diff A B, or gouji diff --matrix [VARIANT ...]",
                                        "gouji diff A B，或 gouji diff --matrix [VARIANT ...]"),
    "commands.diff.emit_cases_needs": ("--emit-cases needs {pair}: {reason}", "--emit-cases 需要{pair}：{reason}"),
    # sim/command.py
    "commands.simulate.help": ("play many seeded games of variants and report what their rules do, with confidence "
                               "intervals; with two or more, which differences are significant",
                               "按种子打很多局，报告各玩法的规则实际打出来是什么样子，附置信区间；"
                               "给两个以上玩法时，说明哪些差别是显著的"),
    "commands.simulate.description": ("Play N seeded games of each variant between bots and report team win rates, "
                                      "串三户, score spread, game length, tribute, places by seat and team, burns, 开点 "
                                      "and 革命, each with a confidence interval. Every variant after the first is "
                                      "compared with the first (played on the same seeds): the primary figures are "
                                      "tested, the others described.",
                                      "让机器人把每个玩法按种子打 N 局，报告各队胜率、串三户、分差、每局长度、进贡、"
                                      "各座位和各队的名次、烧牌、开点和革命，每项都附置信区间。第一个之后的每个玩法都"
                                      "和第一个比较（用相同的种子打）：主要指标做检验，其余只作描述。"),
    "commands.simulate.help_variants": ("variant names or rule files; with two or more, their differences are tested",
                                        "玩法名或规则文件；给两个以上时检验它们的差别"),
    "commands.simulate.help_games": ("games per variant (default 1000)", "每个玩法打多少局（默认 1000）"),
    "commands.simulate.help_match_games": ("games per match: tribute carries over within a match (default 4; 1: no "
                                           "tribute)",
                                           "每场打几局：进贡在一场之内延续到下一局（默认 4；1 表示不进贡）"),
    "commands.simulate.help_csv": ("write the figures as CSV", "把数据写成 CSV"),
    "commands.simulate.help_plot": ("draw score and length distributions and win rates: FILE.html (a standalone page) "
                                    "or FILE.png (needs gouji-dsl[plot])",
                                    "画出得分和每局长度的分布以及胜率：FILE.html（单独的网页）或 FILE.png"
                                    "（需要 gouji-dsl[plot]）"),
    "commands.arena.help": ("pit bots against each other over seeded deals and print win rates with confidence "
                            "intervals",
                            "让机器人在按种子发的牌上互相对打，输出胜率和置信区间"),
    "commands.arena.description": ("Every pair of bots plays the same seeded deals twice, the teams swapped "
                                   "(duplicate format), so the luck of the deal cancels out; prints each bot's win "
                                   "rate and score margin against the other with confidence intervals and a p-value.",
                                   "每两个机器人用同样的牌各打两次，第二次交换队伍（复式赛制），抵消牌运；"
                                   "输出每个机器人对另一个的胜率和得分差，附置信区间和 p 值。"),
    "commands.arena.help_variant": ("the variant the bots play: a name or a rule file",
                                    "机器人打的玩法：玩法名或规则文件"),
    "commands.arena.help_games": ("deals per pair of bots; each is played twice (default 200)",
                                  "每对机器人发几手牌；每手牌打两次（默认 200）"),
    "commands.simulate.help_bots": ("bots: {bots}; a search bot's budget as search:N (rollouts a move). Default "
                                    "{default}",
                                    "机器人：{bots}；search 机器人的计算量写作 search:N（每步推演 N 次）。默认 {default}"),
    "commands.simulate.help_workers": ("processes to play in (default: all cores)", "用几个进程打（默认用上所有核心）"),
    "commands.simulate.help_ray": ("play on a Ray cluster (pip install 'gouji-dsl[ray]'): its address "
                                   "(ray://host:10001, auto), or 'local' for a Ray instance on this machine",
                                   "在 Ray 集群上打（pip install 'gouji-dsl[ray]'）：集群地址（ray://host:10001、auto），"
                                   "或 'local' 表示在本机启动 Ray"),
    "commands.simulate.help_confidence": ("of the intervals (default 0.95)", "区间的置信度（默认 0.95）"),
    "commands.simulate.help_json": ("write the full results as JSON", "把全部结果写成 JSON"),
    "commands.simulate.help_progress": ("a progress bar with an ETA on stderr (default: when stderr is a terminal)",
                                        "在 stderr 上显示进度条和预计剩余时间（默认：stderr 是终端时显示）"),
    "commands.simulate.bots_commas": ("--bots {written!r}: name bots separated by commas",
                                      "--bots {written!r}：请写机器人的名字，用逗号隔开"),
    "commands.simulate.bots_are": ("the bots are {bots}", "机器人有 {bots}"),
    "commands.simulate.workers_at_least_one": ("--workers must be at least 1", "--workers 至少是 1"),
    "commands.simulate.workers_capped": ("gouji: --workers {workers} is more than the {cores} core(s) here: using {cores}",
                                         "gouji：--workers {workers} 超过了本机的 {cores} 个核：只用 {cores} 个"),
    "commands.simulate.games_at_most": ("--games {games} is too many: at most {most} in one run",
                                        "--games {games} 太多了：一次最多 {most}"),
    "commands.simulate.games_at_most_hint": ("run several times with different --seed values and compare the results",
                                             "可以用不同的 --seed 分几次运行，再比较结果"),
    "commands.simulate.confidence_range": ("--confidence is a share between 0.5 and 1, e.g. 0.95",
                                           "--confidence 是 0.5 到 1 之间的比例，例如 0.95"),
    "commands.simulate.json_file": ("JSON file (--json)", "JSON 文件（--json）"),
    "commands.simulate.match_games_at_least_one": ("--match-games must be at least 1", "--match-games 至少是 1"),
    "commands.simulate.help_bot_mixes": ("bots: one for every seat, one a team, or one a seat, separated by commas; "
                                         "give --bots again to repeat the whole run with another mix and see which "
                                         "conclusions hold for every mix. Bots: {bots}; a search bot's budget as "
                                         "search:N (rollouts a move). Default {default}",
                                         "机器人：每个座位同一个、每队一个或每个座位一个，用逗号隔开；再给一次 --bots "
                                         "就换一组机器人把整个模拟再跑一遍，看哪些结论对每组机器人都成立。可用：{bots}；"
                                         "search 机器人的计算量写作 search:N（每步推演 N 次）。默认 {default}"),
    "commands.simulate.help_precision": ("play further rounds of games until every tested figure's interval is at "
                                         "most W wide: shares in points (0.04: 4 points), other figures relative to "
                                         "their value (0.04: 4 per cent of it); --games is the first round",
                                         "一轮一轮加打，直到每个检验指标的区间宽度不超过 W：比率按百分点算（0.04 即 4 "
                                         "个百分点），其他指标按其数值的比例算（0.04 即百分之四）；--games 是第一轮的局数"),
    "commands.simulate.precision_range": ("--precision is a width above 0 and below 10 (0.04: 4 points), not "
                                          "{precision}",
                                          "--precision 是大于 0、小于 10 的宽度（0.04 即 4 个百分点），不是 {precision}"),
    "commands.simulate.too_many_mixes": ("--bots is given {count} times: at most {most} bot mixes a run",
                                         "--bots 给了 {count} 次：一次模拟最多 {most} 组机器人"),
    "commands.simulate.mix_twice": ("a bot mix is given twice: {mixes}", "有一组机器人给了两次：{mixes}"),
    "commands.simulate.csv_file": ("CSV file (--csv)", "CSV 文件（--csv）"),
    "commands.simulate.variant_twice": ("a variant is named twice: {variants}", "有玩法给了两次：{variants}"),
    "commands.simulate.plot_file": ("plot file (--plot)", "图表文件（--plot）"),
    "commands.simulate.raw_file": ("raw data file (--raw)", "原始数据文件（--raw）"),
    "commands.simulate.help_raw": ("write a row for every game played (its seeds, a hash of the deal, the bots and "
                                   "every number of its record): FILE.csv, or FILE.parquet (needs "
                                   "gouji-dsl[parquet])",
                                   "把打过的每一局写成一行（种子、发牌的哈希、机器人和这一局记下的每个数）："
                                   "FILE.csv，或 FILE.parquet（需要 gouji-dsl[parquet]）"),
    "commands.arena.two_bots": ("an arena needs at least two bots: --bots search,heuristic",
                                "对打至少要两个机器人：--bots search,heuristic"),
    "commands.arena.bot_twice": ("--bots names a bot twice: {bots}", "--bots 里有机器人给了两次：{bots}"),
    # sim/parallel.py
    "commands.simulate.no_ray": ("Ray is not installed: pip install 'gouji-dsl[ray]' (or run without --ray: all "
                                 "cores of this machine are used by default)",
                                 "没有安装 Ray：pip install 'gouji-dsl[ray]'（或者不加 --ray：默认用上本机所有核心）"),
    "commands.simulate.ray_unreachable": ("cannot reach the Ray cluster at {address!r}: {reason}",
                                          "连不上 {address!r} 的 Ray 集群：{reason}"),
    "commands.simulate.ray_client": ("--ray {address}: a ray:// address needs Ray's client part, which is not "
                                     "installed: pip install 'gouji-dsl[ray]' (it installs ray[client])",
                                     "--ray {address}：ray:// 地址要用 Ray 的客户端部分，但没有安装：pip install "
                                     "'gouji-dsl[ray]'（会装上 ray[client]）"),
    "commands.simulate.progress": ("{label} [{bar}] {done:,}/{total:,} games {share:4.0%}  {rate}  {elapsed} so far, "
                                   "ETA {eta} ",
                                   "{label} [{bar}] {done:,}/{total:,} 局 {share:4.0%}  {rate}  已用 {elapsed}，"
                                   "预计还需 {eta} "),
    "commands.simulate.progress_rate": ("{rate} games/s", "每秒 {rate} 局"),
    "commands.simulate.progress_pace": ("{seconds} s/game", "每局 {seconds} 秒"),
    # sim/plot.py
    "commands.simulate.no_matplotlib": ("drawing a .png needs matplotlib, which is not installed: pip install "
                                        "'gouji-dsl[plot]', or write .html, which needs nothing",
                                        "画 .png 需要 matplotlib，但没有安装：pip install 'gouji-dsl[plot]'，"
                                        "或者改写 .html，它什么都不需要"),
    "commands.simulate.plot_suffix": ("--plot {path}: cannot draw a '{suffix}' file; name a file ending in {suffixes}",
                                      "--plot {path}：画不了 '{suffix}' 文件；请给以 {suffixes} 结尾的文件名"),
    "commands.simulate.plot_no_suffix": ("--plot {path}: cannot draw a 'file without a suffix' file; name a file "
                                         "ending in {suffixes}",
                                         "--plot {path}：文件名没有后缀，画不了；请给以 {suffixes} 结尾的文件名"),
    "commands.simulate.not_results": ("not simulation results (format {form!r}, expected {expected})",
                                      "不是模拟结果（格式为 {form!r}，应为 {expected}）"),
    "commands.simulate.bad_edges": ("distribution '{name}': {edges} edges for {counts} counts",
                                    "分布 '{name}'：有 {counts} 个计数，却有 {edges} 个区间边界"),
    "commands.simulate.bad_values": ("distribution '{name}': {values} values for {counts} counts",
                                     "分布 '{name}'：有 {counts} 个计数，却有 {values} 个值"),
    # sim/export.py
    "commands.simulate.raw_suffix": ("--raw {path}: cannot write a '{suffix}' file; name a file ending in {suffixes}",
                                     "--raw {path}：写不了 '{suffix}' 文件；请给以 {suffixes} 结尾的文件名"),
    "commands.simulate.raw_no_suffix": ("--raw {path}: the file name has no suffix; name a file ending in {suffixes}",
                                        "--raw {path}：文件名没有后缀；请给以 {suffixes} 结尾的文件名"),
    "commands.simulate.no_pyarrow": ("writing .parquet needs pyarrow, which is not installed: pip install "
                                     "'gouji-dsl[parquet]', or write .csv, which needs nothing",
                                     "写 .parquet 需要 pyarrow，但没有安装：pip install 'gouji-dsl[parquet]'，"
                                     "或者改写 .csv，它什么都不需要"),
    "commands.simulate.raw_not_raw": ("{path}: not a raw file of gouji simulate (no column {missing})",
                                      "{path}：不是 gouji simulate 的原始数据文件（缺少列 {missing}）"),
    "commands.simulate.raw_out_of_order": ("the rows of {variant} are not in match order: match {match} after "
                                           "match {previous}",
                                           "{variant} 的行没有按场次排列：第 {match} 场排在第 {previous} 场之后"),
    # sim/runner.py
    "commands.simulate.no_shipped_engine": ("no shipped engine for variant '{name}'", "玩法 '{name}' 没有自带的引擎"),
    "commands.simulate.game_never_ends": ("a game (seed {seed}) did not end within {most} actions",
                                          "一局牌（种子 {seed}）打了 {most} 个动作还没结束"),
    "commands.simulate.bots_for_seats": ("--bots names {count} bots: give 1 (every seat), 2 (team 1, team 2) or "
                                         "{players} (one a seat) for {variant}",
                                         "--bots 给了 {count} 个机器人：{variant} 要给 1 个（每个座位都用它）、2 个"
                                         "（1 队、2 队各一个）或 {players} 个（每个座位一个）"),
    # play/conform.py
    "commands.conform.unknown_check": ("unknown check {check!r}", "未知的检查 {check!r}"),
    "commands.conform.lacks_opens": ("开点", "开点"),
    "commands.conform.lacks_burning": ("burning (烧牌)", "烧牌"),
    "commands.conform.lacks_tribute": ("tribute (进贡)", "进贡"),
    "commands.conform.gouji_hand_keys": ('a Gouji hand is asked "valid" and "gouji"; "type" and "lines" are asked of a '
                                         'game whose plays are patterns (Shuangkou)',
                                         '够级的 hand 检查问的是 "valid" 和 "gouji"；"type" 和 "lines" 要问按牌型出牌的'
                                         '游戏（双扣）'),
    "commands.conform.not_in_game": ("this game has no {lacks}: a game whose plays are patterns (Shuangkou) runs the "
                                     "checks hand, beats, answers and score (docs/conformance.md)",
                                     "这种游戏没有{lacks}：按牌型出牌的游戏（双扣）只做 hand、beats、answers 和 score "
                                     "这几种检查（docs/conformance.md）"),
    "commands.conform.shuangkou_hand_keys": ('a Shuangkou hand is never a 级牌: ask "valid", "type" and/or "lines"',
                                             '双扣的牌不会是级牌：请问 "valid"、"type" 和/或 "lines"'),
    "commands.conform.stand_in_in_hand": ("field 'hand': {token!r} (token {position}): a hand holds cards as they are: "
                                          "write {card} (a wild's card is chosen when it is played)",
                                          "字段 'hand'：{token!r}（第 {position} 张）：手牌按牌本来的样子写："
                                          "请写 {card}（百搭当哪张牌，出牌时才定）"),
    "commands.conform.not_wild": ("field {field!r}: {token!r} (token {position}): {card} is not wild in this variant, "
                                  "so it stands for no card",
                                  "字段 {field!r}：{token!r}（第 {position} 张）：{card} 在这个玩法里不是百搭，"
                                  "不能当作别的牌"),
    "commands.conform.field_holds": ("field {field!r} holds {count} of the card {card}; the decks have {most}",
                                     "字段 {field!r} 里有 {count} 张 {card}；这几副牌只有 {most} 张"),
    "commands.conform.fields_hold": ("fields {fields} hold {count} of the card {card}; the decks have {most}",
                                     "字段 {fields} 里一共有 {count} 张 {card}；这几副牌只有 {most} 张"),
    "commands.conform.refused_seat": ("action {number} ({action}, seat {seat} to move) is refused: {reason}",
                                      "第 {number} 个动作（{action}，轮到座位 {seat}）不合规则：{reason}"),
    "commands.conform.refused_over": ("action {number} ({action}, nobody (the game is over) to move) is refused: "
                                      "{reason}",
                                      "第 {number} 个动作（{action}，牌局已经结束，没有人该出牌）不合规则：{reason}"),
    "commands.conform.expect_must_be": ("{where}: expect must be {what}", "{where}：expect 应为{what}"),
    "commands.conform.expect_hand": ('an object with "valid" and/or "gouji" set to true or false',
                                     '对象，把 "valid" 和/或 "gouji" 设为 true 或 false'),
    "commands.conform.expect_first_leader": ("a seat, or null where the previous game or a draw decides",
                                             "座位；由上一局或抽签决定时写 null"),
    "commands.conform.expect_bool": ("true or false", "true 或 false"),
    "commands.conform.expect_count": ("a count (a whole number, 0 or more)", "数目（0 或更大的整数）"),
    "commands.conform.expect_tributes": ("a list of tributes", "进贡的列表"),
    "commands.conform.expect_tribute_entries": ('a list of {{"kind": "dian"|"luo"|"shao"|"men", "from": seat, '
                                                '"to": seat, "count": n}}',
                                                '列表，每项是 {{"kind": "dian"|"luo"|"shao"|"men", "from": 座位, '
                                                '"to": 座位, "count": n}}'),
    "commands.conform.expect_scores": ('a list of numbers, one per seat: whole, decimal, or an exact fraction written '
                                       'as a string ("2/3")',
                                       '数的列表，每个座位一个：整数、小数，或写成字符串的精确分数（"2/3"）'),
    "commands.conform.expect_keys_unknown": ("{where}: expect must be an object with one or more of {keys} (unknown key "
                                             "{unknown!r})",
                                             "{where}：expect 应为对象，含 {keys} 中的一项或几项（未知的键 {unknown!r}）"),
    "commands.conform.expect_valid": ("{where}: expect.valid must be true or false",
                                      "{where}：expect.valid 应为 true 或 false"),
    "commands.conform.expect_type": ("{where}: expect.type must be a type name (single, pair, ..., bomb, chain_bomb, "
                                     "joker_bomb) or null",
                                     "{where}：expect.type 应为牌型名（single、pair、……、bomb、chain_bomb、joker_bomb）"
                                     "或 null"),
    "commands.conform.expect_lines": ("{where}: expect.lines must be a bomb's line count (a whole number), or null for "
                                      "a play that is no bomb",
                                      "{where}：expect.lines 应为炸弹的线数（整数）；不是炸弹的牌写 null"),
    "commands.conform.expect_keys": ("{where}: expect must be an object with one or more of {keys}",
                                     "{where}：expect 应为对象，含 {keys} 中的一项或几项"),
    "commands.conform.expect_key_count": ("{where}: expect.{field} must be a count (a whole number, 0 or more)",
                                          "{where}：expect.{field} 应为数目（0 或更大的整数）"),
    "commands.conform.expect_copies": ('{where}: expect.copies must map cards to counts, e.g. {{"3": 6, "SJ": 6}}',
                                       '{where}：expect.copies 应把牌对应到张数，例如 {{"3": 6, "SJ": 6}}'),
    "commands.conform.expect_copies_card": ("{where}: expect.copies: unknown card {card!r}",
                                            "{where}：expect.copies：未知的牌 {card!r}"),
    "commands.conform.expect_copies_count": ("{where}: expect.copies: the count of {card} must be a whole number, 0 or "
                                             "more",
                                             "{where}：expect.copies：{card} 的张数应为 0 或更大的整数"),
    "commands.conform.expect_keys_unknown_hint": ("{where}: expect must be an object with one or more of {keys} "
                                                  "(unknown key {unknown!r}; {hint})",
                                                  "{where}：expect 应为对象，含 {keys} 中的一项或几项（未知的键 {unknown!r}；"
                                                  "{hint}）"),
    "commands.conform.expect_to_move": ("{where}: expect.to_move must be a seat, or null when the game is over",
                                        "{where}：expect.to_move 应为座位；牌局已结束时写 null"),
    "commands.conform.expect_legal": ("{where}: expect.legal must be a list of action strings ('pass', 'play 7 7 7')",
                                      "{where}：expect.legal 应为动作字符串的列表（'pass'、'play 7 7 7'）"),
    "commands.conform.problem_in": ("{where}: {part}: {problem}", "{where}：{part}：{problem}"),
    "commands.conform.at_legal_action": ("expect.legal, action {number}", "expect.legal 第 {number} 个动作"),
    "commands.conform.expect_legal_twice": ("{where}: expect.legal lists {action!r} twice",
                                            "{where}：expect.legal 把 {action!r} 列了两次"),
    "commands.conform.expect_log_transcript": ("{where}: expect.log must be a list of transcript lines (strings)",
                                               "{where}：expect.log 应为对局记录各行的列表（字符串）"),
    "commands.conform.at_expect_places": ("{where}: expect.places", "{where}：字段 expect.places"),
    "commands.conform.places": ("places", "名次"),
    "commands.conform.seat_map": ('{what} must map seats to {values}, e.g. {{"4": 1}}',
                                  '{what} 应把座位对应到{values}，例如 {{"4": 1}}'),
    "commands.conform.expect_hands": ('{where}: expect.hands must map seats to cards, e.g. {{"1": "3 4 5"}}',
                                      '{where}：expect.hands 应把座位对应到牌，例如 {{"1": "3 4 5"}}'),
    "commands.conform.expect_hands_seat": ("{where}: expect.hands: seat {seat}: {problem}",
                                           "{where}：expect.hands：座位 {seat}：{problem}"),
    "commands.conform.expect_log_lines": ("{where}: expect.log must be a list of log lines (strings)",
                                          "{where}：expect.log 应为记录各行的列表（字符串）"),
    "commands.conform.hands": ('{where}: field \'hands\' must map seats to cards, e.g. {{"1": "Q Q Q 4", "2": "5"}}',
                               '{where}：字段 \'hands\' 应把座位对应到牌，例如 {{"1": "Q Q Q 4", "2": "5"}}'),
    "commands.conform.hands_not_string": ("{where}: field 'hands': seat {seat}'s cards must be a string of cards",
                                          "{where}：字段 'hands'：座位 {seat} 的牌应写成一串牌"),
    "commands.conform.at_hands_seat": ("field 'hands': seat {seat}", "字段 'hands'：座位 {seat}"),
    "commands.conform.hands_or_seed": ("{where}: a tribute_cards case deals its game from field 'hands' or from "
                                       "field 'seed': give one of them",
                                       "{where}：tribute_cards 检查的这一局要么按字段 'hands' 发牌，要么按字段 'seed' "
                                       "发牌：两者给一个"),
    "commands.conform.seed": ("{where}: field 'seed' must be a whole number",
                              "{where}：字段 'seed' 应为整数"),
    "commands.conform.leader": ("{where}: field 'leader' must be a seat (a whole number)",
                                "{where}：字段 'leader' 应为座位（整数）"),
    "commands.conform.at_field_out": ("{where}: field 'out'", "{where}：字段 'out'"),
    "commands.conform.their_places": ("their places", "名次"),
    "commands.conform.place_twice": ("{where}: field 'out' gives place {place} to two seats",
                                     "{where}：字段 'out' 把第 {place} 名给了两个座位"),
    "commands.conform.out_holds_cards": ("{where}: seat {seat} is out but holds cards in field 'hands'",
                                         "{where}：座位 {seat} 已经出完，字段 'hands' 里却还有它的牌"),
    "commands.conform.actions": ("{where}: field 'actions' must be a list of action strings ('pass', 'play 7 7 7')",
                                 "{where}：字段 'actions' 应为动作字符串的列表（'pass'、'play 7 7 7'）"),
    "commands.conform.too_many_actions": ("{where}: field 'actions' holds {count} actions (at most {most})",
                                          "{where}：字段 'actions' 有 {count} 个动作（最多 {most} 个）"),
    "commands.conform.at_action": ("field 'actions', action {number}", "字段 'actions' 第 {number} 个动作"),
    "commands.conform.not_json": ("{where}: not valid JSON: {reason} (column {column})",
                                  "{where}：不是有效的 JSON：{reason}（第 {column} 列）"),
    "commands.conform.too_deep": ("{where}: not a case: the JSON is nested too deeply",
                                  "{where}：不是用例：JSON 嵌套太深"),
    "commands.conform.not_a_case": ("{where}: not a case: {reason}", "{where}：不是用例：{reason}"),
    "commands.conform.not_object": ("{where}: a case must be a JSON object", "{where}：用例应为 JSON 对象"),
    "commands.conform.missing_check": ('missing field "check"', '缺少字段 "check"'),
    "commands.conform.check_not_string": ('field "check" must be a string', '字段 "check" 应为字符串'),
    "commands.conform.bad_check_hint": ("{where}: {what} (checks: {checks}); {hint}",
                                        "{where}：{what}（检查有：{checks}）；{hint}"),
    "commands.conform.bad_check": ("{where}: {what} (checks: {checks})", "{where}：{what}（检查有：{checks}）"),
    "commands.conform.unknown_field_hint": ("{where}: unknown field {field!r} for check {check!r}; {hint}",
                                            "{where}：检查 {check!r} 没有字段 {field!r}；{hint}"),
    "commands.conform.unknown_field": ("{where}: unknown field {field!r} for check {check!r}",
                                       "{where}：检查 {check!r} 没有字段 {field!r}"),
    "commands.conform.missing_field": ("{where}: missing field {field!r} for check {check!r}",
                                       "{where}：检查 {check!r} 缺少字段 {field!r}"),
    "commands.conform.field_not_cards": ("{where}: field {field!r} must be a string of cards",
                                         "{where}：字段 {field!r} 应写成一串牌"),
    "commands.conform.at_field": ("field {field!r}", "字段 {field!r}"),
    "commands.conform.result_not_object": ("{where}: field 'result' must be an object", "{where}：字段 'result' 应为对象"),
    "commands.conform.no_rule_file": ("{where}: no rule file {file!r} beside the case file",
                                      "{where}：用例文件旁边没有规则文件 {file!r}"),
    "commands.conform.unknown_variant_hint": ("{where}: unknown variant {variant!r}; {hint}",
                                              "{where}：未知的玩法 {variant!r}；{hint}"),
    "commands.conform.unknown_variant": ("{where}: unknown variant {variant!r}", "{where}：未知的玩法 {variant!r}"),
    "commands.conform.expect_by_variant": ('{where}: without "variant", expect must map variant names to values',
                                           '{where}：没有 "variant" 时，expect 应把玩法名对应到各自的值'),
    "commands.conform.rule_file_errors": ("the rule file has {count} error(s), shown above",
                                          "规则文件有 {count} 个错误，见上"),
    "commands.conform.cannot_read": ("{path}: cannot read: {reason} [error]", "{path}：无法读取：{reason} [错误]"),
    "commands.conform.not_utf8": ("{where}: not UTF-8 text [error]", "{where}：不是 UTF-8 文本 [错误]"),
    "commands.conform.file_too_large": ("{path}: too large for a case file ({size} bytes; at most {limit}) [error]",
                                        "{path}：作为用例文件太大（{size} 字节；最多 {limit} 字节）[错误]"),
    "commands.conform.line_too_long": ("{where}: line too long for a case (over {limit} bytes) [error]",
                                       "{where}：这一行作为用例太长（超过 {limit} 字节）[错误]"),
    "commands.conform.unknown_card": ("{where}: unknown card {card!r}", "{where}：未知的牌 {card!r}"),
    "commands.conform.problem_at": ("{where}: {problem}", "{where}：{problem}"),
    "commands.conform.not_one_play": ("{cards} is not one play", "{cards} 不是一手牌"),
    "commands.conform.broken": ("{problem} [error]", "{problem} [错误]"),
    "commands.conform.broken_at": ("{where}: {problem} [error]", "{where}：{problem} [错误]"),
    "commands.conform.broken_run": ("{where}: {variant}: {problem} [error]", "{where}：{variant}：{problem} [错误]"),
    "commands.conform.broken_check": ("{where}: {variant}: {check}: {problem} [error]",
                                      "{where}：{variant}：{check}：{problem} [错误]"),
    "commands.conform.refused": ("{where}: {variant}: {check}: {problem}", "{where}：{variant}：{check}：{problem}"),
    "commands.conform.internal": ("{where}: {variant}: {check}: INTERNAL ERROR (a bug in gouji-dsl): {kind}: {detail} "
                                  "[error]",
                                  "{where}：{variant}：{check}：内部错误（gouji-dsl 的缺陷）：{kind}：{detail} [错误]"),
    "commands.conform.mismatch": ("{where}: {variant}: {check}: expected {expected}, got {got}",
                                  "{where}：{variant}：{check}：应为 {expected}，实际是 {got}"),
    # play/selfplay.py
    "commands.replay.game_never_ends": ("game {game} did not end within {most} actions",
                                        "第 {game} 局打了 {most} 个动作还没结束"),
    "commands.replay.too_large": ("too large for a history file ({size} bytes; at most {limit})",
                                  "作为对局记录文件太大（{size} 字节；最多 {limit} 字节）"),
    "commands.replay.not_history": ("not a history file: a history file is {shape}",
                                    "不是对局记录文件：对局记录文件的格式是 {shape}"),
    "commands.replay.unknown_field": ("unknown field {field}: a history file is {shape}",
                                      "未知的字段 {field}：对局记录文件的格式是 {shape}"),
    "commands.replay.no_variant": ('not a history file: it has no "variant" (a history file is {shape})',
                                   '不是对局记录文件：没有 "variant"（对局记录文件的格式是 {shape}）'),
    "commands.replay.bad_variant": ('"variant" must name a variant, not {value}', '"variant" 应为玩法名，而不是 {value}'),
    "commands.replay.bad_games": ('"games" must be a list of games, not {value}', '"games" 应为各局的列表，而不是 {value}'),
    "commands.replay.no_games": ('"games" is empty: a match of no games has nothing to replay',
                                 '"games" 是空的：一局都没有，没什么可重放'),
    "commands.replay.game": ("game {game}", "第 {game} 局"),
    "commands.replay.game_not_object": ('{where}: a game must be an object {{"seed": N, "history": [...], ...}}, '
                                        'not {value}',
                                        '{where}：一局应为对象 {{"seed": N, "history": [...], ...}}，而不是 {value}'),
    "commands.replay.game_unknown_field": ("{where}: unknown field {field} (a game records {fields})",
                                           "{where}：未知的字段 {field}（一局记录的是 {fields}）"),
    "commands.replay.game_missing_field": ('{where}: missing field "{field}"', '{where}：缺少字段 "{field}"'),
    "commands.replay.bad_seed": ('{where}: "seed" must be a whole number, not {value}',
                                 '{where}："seed" 应为整数，而不是 {value}'),
    "commands.replay.bad_history": ('{where}: "history" must be a list of actions, not {value}',
                                    '{where}："history" 应为动作列表，而不是 {value}'),
    "commands.replay.bad_action": ('{where}: "history" action {action} must be a string such as "play 7 7", not {value}',
                                   '{where}："history" 的第 {action} 个动作应为 "play 7 7" 这样的字符串，而不是 {value}'),
    "commands.replay.outcome_differs": ("{where}: recorded {outcome} {recorded} but the replay gives {replayed}",
                                        "{where}：记录的 {outcome} 是 {recorded}，重放得到的却是 {replayed}"),
    "commands.replay.illegal": ("game {game}, action {action} ({text}): {reason}",
                                "第 {game} 局第 {action} 个动作（{text}）：{reason}"),
    "commands.replay.ends_early": ("game {game}: history ends after {count} action(s), before the game does",
                                   "第 {game} 局：对局记录在第 {count} 个动作后就结束了，这局牌却还没打完"),
    # compiled.py
    "commands.compiled.defined_twice": ("function {function}() is defined twice (mypyc does not support that)",
                                        "函数 {function}() 定义了两次（mypyc 不支持）"),
    "commands.compiled.not_installed": ("{missing} is not installed: the compiled engine needs it; install it with: "
                                        "python3 -m pip install 'gouji-dsl[compiled]' (mypy, which ships mypyc). "
                                        "The pure-Python engine works without it.",
                                        "没有安装 {missing}：编译引擎需要它；安装方法：python3 -m pip install "
                                        "'gouji-dsl[compiled]'（即 mypy，mypyc 随它附带）。不编译，纯 Python 引擎照样能用。"),
    "commands.compiled.no_compiler": ("no C compiler: '{compiler}' is not found (install gcc or clang, or set CC). "
                                      "The pure-Python engine works without it.",
                                      "没有 C 编译器：找不到 '{compiler}'（请安装 gcc 或 clang，或设置 CC）。"
                                      "不编译，纯 Python 引擎照样能用。"),
    "commands.compiled.no_headers": ("no Python headers ({headers} is missing): install your Python's development "
                                     "package (e.g. python3-dev). The pure-Python engine works without it.",
                                     "没有 Python 头文件（缺少 {headers}）：请安装 Python 的开发包（例如 python3-dev）。"
                                     "不编译，纯 Python 引擎照样能用。"),
    "commands.compiled.compiling": ("compiling {count} module(s) with mypyc (a few minutes)",
                                    "正在用 mypyc 编译 {count} 个模块（需要几分钟）"),
    "commands.compiled.mypyc_failed": ("mypyc failed; the pure-Python engine is in use. Its last output:\n{output}",
                                       "mypyc 失败了；现在用的是纯 Python 引擎。它最后的输出：\n{output}"),
    "commands.compiled.not_written": ("mypyc reported success but did not write {files}",
                                      "mypyc 报告成功，却没有写出 {files}"),
    "commands.compiled.state_compiled": ("compiled", "已编译"),
    "commands.compiled.state_stale": ("stale", "已过时"),
    "commands.compiled.state_pure": ("pure Python", "纯 Python"),
    "commands.compiled.state_pure_because": ("pure Python ({reason})", "纯 Python（{reason}）"),
    "commands.compiled.summary": ("gouji: {compiled} of {total} module(s) compiled",
                                  "gouji：{total} 个模块中已编译 {compiled} 个"),
    "commands.compiled.summary_stale": ("gouji: {compiled} of {total} module(s) compiled, {stale} stale (edited since "
                                        "the compile; the compiled code still runs): run `gouji build --compiled` "
                                        "again, or `gouji build --compiled --clean`",
                                        "gouji：{total} 个模块中已编译 {compiled} 个，另有 {stale} 个已过时（编译后源码又改过，"
                                        "运行的却仍是编译的旧代码）：请再运行 `gouji build --compiled`，"
                                        "或 `gouji build --compiled --clean`"),
    "commands.compiled.removed": ("gouji: removed {count} compiled file(s); the pure-Python engine is in use",
                                  "gouji：删除了 {count} 个编译文件；现在用的是纯 Python 引擎"),
    "commands.compiled.cannot_build": ("cannot build the compiled engine: {reason}", "无法编译引擎：{reason}"),
    "commands.compiled.skipped": ("not compiled: {module}: {reason}", "未编译：{module}：{reason}"),
    "commands.compiled.done": ("gouji: {count} module(s) compiled with mypyc into {package} and {engines} (undo with "
                               "`gouji build --compiled --clean`)",
                               "gouji：用 mypyc 编译了 {count} 个模块，放在 {package} 和 {engines}"
                               "（撤销用 `gouji build --compiled --clean`）"),
    # bots/__init__.py
    "commands.bots.unknown": ("unknown bot '{name}': the bots are {bots}", "未知的机器人 '{name}'：机器人有 {bots}"),
    "commands.bots.no_budget": ("bot '{name}' takes no budget (':{budget}'); only {budgeted} do",
                                "机器人 '{name}' 不设计算量（':{budget}'）；只有 {budgeted} 可以设"),
    "commands.bots.bad_budget": ("bot '{spec}': the budget after ':' is a whole number of at least 1",
                                 "机器人 '{spec}'：':' 后面的计算量是至少为 1 的整数"),
    # integrations/__init__.py
    "commands.integrations.has_errors": ("{variant} has {count} error(s):\n{errors}", "{variant} 有 {count} 个错误：\n{errors}"),
    # True is 1 to Python, but step(True) is no id 1: the adapters take ints (numpy's too), never bools
    "commands.integrations.not_an_int": ("{what} is an int (a numpy integer will do), not {kind} {value}",
                                         "{what}应是整数（numpy 整数也行），不能是 {kind} {value}"),
    "commands.integrations.not_an_id": ("an action is an int id (0..{most}), not {kind} {value}",
                                        "动作应是整数编号（0..{most}），不能是 {kind} {value}"),
    "commands.integrations.out_of_range": ("{what} must fit a {bits}-bit int (OpenSpiel's), not {value}",
                                           "{what}必须是 {bits} 位整数（OpenSpiel 的限制），不能是 {value}"),
    "commands.integrations.an_action_id": ("an action id", "动作编号"),
    "commands.integrations.a_player": ("a player", "玩家编号"),
    "commands.integrations.a_seed": ("a seed", "种子"),
    # docs/: the rulebook generator's errors
    # docs/book.py
    "commands.book.no_rendering": ("no rulebook rendering for the rule {rule} ({zh}): add one to the rulebook region of "
                                   "gouji_dsl/rules/{section}.py",
                                   "规则 {rule}（{zh}）在规则书里还没有写法：请在 gouji_dsl/rules/{section}.py 的规则书部分加上"),
    "commands.book.rendering_failed": ("rendering {rule} failed: {kind}: {error}", "规则书写到 {rule} 时出错：{kind}：{error}"),
    "commands.book.abstract": ("variant '{name}' is abstract: only concrete variants have a rulebook",
                               "玩法 '{name}' 是抽象玩法：只有具体玩法才有规则书"),
    # docs/changes.py
    "commands.book.no_rendering_short": ("no rulebook rendering for the rule {rule}", "规则 {rule} 在规则书里还没有写法"),
    "commands.book.changes_extends_nothing": ("'{name}' extends no variant: a house-rule sheet lists what a file changes "
                                              "from its parent",
                                              "'{name}' 没有继承任何玩法：自定规则改动表列出的是文件相对父玩法改了什么"),
    "commands.book.changes_abstract": ("'{name}' or the variant it extends ('{parent}') is abstract: a house-rule sheet "
                                       "compares two playable variants",
                                       "'{name}' 或它继承的玩法（'{parent}'）是抽象玩法：自定规则改动表比较的是两个能玩的玩法"),
    # docs/example_blocks.py
    "commands.book.score_not_split": ("{variant}: the engine's score of seat {seat} is not place points plus open points",
                                      "{variant}：引擎给 {seat} 号座位的得分不等于名次分加点贡分"),
    "commands.book.result_not_sign": ("{variant}: the engine's result of seat {seat} is not the sign of its points",
                                      "{variant}：引擎给 {seat} 号座位的结果不是其分数的正负"),
    # docs/examples.py
    "commands.book.no_engine": ("variant '{name}' has no engine to compute the rulebook's examples: {reason}",
                                "玩法 '{name}' 没有引擎来算规则书里的例子：{reason}"),
    "commands.book.comparison_disagrees": ("{variant}: the rulebook's comparison of {play} with {lead} disagrees with "
                                           "the engine ({book} vs {engine})",
                                           "{variant}：规则书对 {play} 能否管住 {lead} 的判断与引擎不一致"
                                           "（规则书 {book}，引擎 {engine}）"),
    "commands.book.no_plain_play": ("{variant}: no plain play found for the comparison examples",
                                    "{variant}：找不到普通的出牌来做比大小的例子"),
    "commands.book.example_not_legal": ("{variant}: example {cards} is not a legal play", "{variant}：例子 {cards} 不是合规的出牌"),
    "commands.book.burn_no_play": ("{variant}: no play of {hand} beats {target}", "{variant}：{hand} 中没有哪手牌管得住 {target}"),
    "commands.book.burn_disagrees": ("{variant}: the burn example disagrees with the rule's condition",
                                     "{variant}：烧牌的例子与规则的条件不符"),
    "commands.book.no_sample_result": ("{variant}: the engine accepts none of the sample results",
                                       "{variant}：样例结果引擎一个也不接受"),
    # docs/explain.py
    "commands.book.no_words_name": ("no words for the name {name!r} in a formula", "公式中的名字 {name!r} 还没有对应的说法"),
    "commands.book.no_words_function": ("no words for the function {name!r}", "函数 {name!r} 还没有对应的说法"),
    "commands.book.no_words_operator": ("no words for the operator {op!r}", "运算符 {op!r} 还没有对应的说法"),
    "commands.book.no_words_node": ("no words for {kind} in a formula", "公式中的 {kind} 还没有对应的说法"),
    # docs/pattern_examples.py
    "commands.book.example_not_a_play": ("{variant}: the rulebook's example `{cards}` ({what}) is not a play of the engine",
                                         "{variant}：规则书的例子 `{cards}`（{what}）在引擎里不是一手牌"),
    "commands.book.no_type_example": ("{variant}: no play of any type in [patterns] types for the examples",
                                      "{variant}：[patterns] 节 types 中的牌型一个例子也找不到"),
    "commands.book.chain_lines_differ": ("{variant}: the engine gives the chain `{cards}` {found} lines, chain_lines "
                                         "{formula} gives {lines}",
                                         "{variant}：引擎算连环炸 `{cards}` 是 {found} 线，chain_lines {formula} 算出的却是 "
                                         "{lines} 线"),
    "commands.book.chain_unequal_refused": ("{variant}: the engine refuses the chain `{cards}` of bombs of different "
                                            "sizes, against chain_unequal",
                                            "{variant}：引擎不认张数不同的炸弹连成的连环炸 `{cards}`，与 chain_unequal 不符"),
    "commands.book.chain_unequal_accepted": ("{variant}: the engine accepts the chain `{cards}` of bombs of different "
                                             "sizes, against chain_unequal",
                                             "{variant}：引擎认了张数不同的炸弹连成的连环炸 `{cards}`，与 chain_unequal 不符"),
    "commands.book.no_result_class": ("{variant}: no result class for winners at places {places}",
                                      "{variant}：赢家名次为 {places} 时没有对应的结果"),
    "commands.book.score_disagrees": ("{variant}: the rulebook's score of {result} is {book}, the engine's {engine}",
                                      "{variant}：结果 {result} 的得分，规则书算的是 {book}，引擎算的是 {engine}"),
    # docs/provenance.py
    "commands.book.cannot_read_source": ("cannot read the source document {file}: {reason}", "无法读取来源文档 {file}：{reason}"),
    "commands.book.no_rule_file": ("cannot find the rule file of '{name}'", "找不到 '{name}' 的规则文件"),
    # facets/sentences.py
    "commands.book.unknown_chapter": ("the rule {rule} is put in an unknown chapter '{chapter}'",
                                      "规则 {rule} 被放进了未知的章 '{chapter}'"),
    "commands.book.chapter_without_section": ("the chapter '{chapter}' does not show rules of [{section}] "
                                              "(sentences.CHAPTERS)",
                                              "章 '{chapter}' 不收 [{section}] 节的规则（sentences.CHAPTERS）"),
    "commands.book.no_sentence": ("no rulebook sentence for {rule} = {value}: add one in gouji_dsl/rules/{section}.py",
                                  "规则书里没有 {rule} = {value} 的说法：请在 gouji_dsl/rules/{section}.py 中加上"),
    "commands.book.not_yes_no": ("{rule} is not yes/no", "{rule} 不是 是/否 规则"),
    "commands.book.not_policy": ("{rule} is not a policy", "{rule} 不是选项规则"),
    "commands.book.not_member": ("{rule} = {value} is not a member of its policy", "{rule} = {value} 不是它的选项之一"),
    "commands.book.no_rule": ("no rule {rule} in the model", "模型中没有规则 {rule}"),
    "commands.book.value_not_member": ("{value!r} is not a member of its policy", "{value!r} 不是它的选项之一"),
    "commands.book.no_cell": ("no table cell rendering for values of type {type}", "{type} 类型的值还没有表格里的写法"),
    "commands.book.columns_not_shown": ("the rulebook table for {rule} does not show column(s) {columns}",
                                        "规则书中 {rule} 的表少了这些列：{columns}"),
    # docs/text.py
    "commands.book.template_value_missing": ("template value {{{name}}} is missing in: {template}",
                                             "模板缺少值 {{{name}}}：{template}"),
    "commands.book.term_not_in_glossary": ("term [[{term}]] is not in the glossary", "术语 [[{term}]] 不在术语表中"),
    "commands.book.term_in_code": ("a term inside a code span: {template}", "代码片段里有术语：{template}"),
    "commands.book.unbalanced": ("unbalanced ` or ** in: {template}", "` 或 ** 没有成对：{template}"),
    "commands.book.prose_without_sentence": ("a {value!r} was put into prose without a sentence for it",
                                             "{value!r} 被直接放进了正文，却没有对应的说法"),
    # docs/render.py
    "commands.book.unresolved_segment": ("unresolved {kind} segment {text!r}", "未解析的 {kind} 片段 {text!r}"),
    # docs/pdf.py
    "commands.book.no_browser": ("PDF output needs Chromium: apt-get install chromium, or set GOUJI_CHROMIUM to a "
                                 "Chromium/Chrome binary",
                                 "输出 PDF 需要 Chromium：apt-get install chromium，或把 GOUJI_CHROMIUM 设为 "
                                 "Chromium/Chrome 程序的路径"),
    "commands.book.no_such_browser": ("{variable}={named}: no such program", "{variable}={named}：没有这个程序"),
    "commands.book.no_such_browser_hint": ("set GOUJI_CHROMIUM to the path of a Chromium/Chrome binary, or unset it",
                                           "请把 GOUJI_CHROMIUM 设为 Chromium/Chrome 程序的路径，或者取消这个设置"),
    "commands.book.pdf_file": ("PDF file", "PDF 文件"),
    "commands.book.no_browser_hint": ("the HTML book (--format html) prints the same from any browser",
                                      "HTML 版规则书（--format html）用任何浏览器都能打印出一样的效果"),
    "commands.book.not_printed_other": ("{browser} did not print the page to a PDF (it wrote something else)",
                                        "{browser} 没有把页面打印成 PDF（它写出的是别的东西）"),
    "commands.book.not_printed_nothing": ("{browser} did not print the page to a PDF (no file written)",
                                          "{browser} 没有把页面打印成 PDF（没有写出文件）"),
    "commands.book.not_printed_hint": ("try printing the HTML book (--format html) from the browser to see why",
                                       "可以在浏览器里打印 HTML 版规则书（--format html），看看是什么原因"),
    "commands.book.no_pages": ("the browser's PDF has no pages", "浏览器打印出的 PDF 一页也没有"),
    "commands.book.no_pages_hint": ("try printing the HTML book (--format html) from the browser",
                                    "可以在浏览器里打印 HTML 版规则书（--format html）"),
    "commands.book.cannot_run": ("cannot run {program}: {reason}", "无法运行 {program}：{reason}"),
    "commands.book.cannot_run_hint": ("set {variable} to a working Chromium/Chrome binary",
                                      "请把 {variable} 设为能正常运行的 Chromium/Chrome 程序"),
    "commands.book.timeout": ("{browser} did not finish printing within {seconds:g} s",
                              "{browser} 在 {seconds:g} 秒内没有打印完"),
    "commands.book.timeout_hint": ("the browser may be stuck: try again, or set GOUJI_CHROMIUM to another "
                                   "Chromium/Chrome",
                                   "浏览器可能卡住了：请再试一次，或把 GOUJI_CHROMIUM 设为另一个 Chromium/Chrome"),
    "commands.book.browser_failed": ("{browser} failed (exit code {code}) while printing the PDF:\n  {output}",
                                     "{browser} 打印 PDF 时失败了（退出码 {code}）：\n  {output}"),
    "commands.book.browser_failed_silent": ("{browser} failed (exit code {code}) while printing the PDF (it printed no "
                                            "message)",
                                            "{browser} 打印 PDF 时失败了（退出码 {code}），没有留下任何信息"),
    # sim/: the simulate report and the arena table
    # sim/metrics.py
    "commands.report.enumeration": ("{first}, {rest}", "{first}、{rest}"),
    "commands.report.clauses": ("{first}, {rest}", "{first}，{rest}"),
    "commands.report.tribute_dian": ("点贡 (open tribute)", "点贡"),
    "commands.report.tribute_luo": ("落贡 (place tribute)", "落贡"),
    "commands.report.tribute_shao": ("烧贡 (burn tribute)", "烧贡"),
    "commands.report.tribute_men": ("闷贡 (3s tribute)", "闷贡"),
    "commands.report.tribute_return": ("还贡 (cards returned)", "还贡"),
    "commands.report.team_wins": ("team {team} (seats {seats}) wins", "{team} 队（座位 {seats}）赢"),
    "commands.report.drawn": ("drawn (both teams score the same)", "平局（两队得分相同）"),
    "commands.report.repeat_win": ("the last game's winners win again", "上一局赢的一队又赢"),
    "commands.report.first_leader_wins": ("the team of the first lead (上班) wins", "上班（第一个出牌）的一队赢"),
    "commands.report.place_number": ("place {place}", "第 {place} 名"),
    "commands.report.seat_place": ("seat {seat} takes place {place} ({name})", "{seat} 号座位拿第 {place} 名（{name}）"),
    "commands.report.team_place": ("team 1 takes place {place} ({name})", "1 队拿第 {place} 名（{name}）"),
    "commands.report.team_mean_place": ("team {team}'s mean place (1 = {first}, {players} = {last})",
                                        "{team} 队的平均名次（1 = {first}，{players} = {last}）"),
    "commands.report.sweep": ("sweep", "包揽"),
    "commands.report.sweep_places": ("{sweep} (one team takes places 1-{half})", "{sweep}（一队包揽第 1-{half} 名）"),
    "commands.report.team_score": ("team {team} score a game", "{team} 队每局得分"),
    "commands.report.spread": ("team score gap a game (|team 1 - team 2|)", "每局两队的分差（|1 队 - 2 队|）"),
    "commands.report.team_1_scores": ("team 1 scores {score:+g}", "1 队得 {score:+g} 分"),
    "commands.report.seat_score": ("seat {seat} score a game", "{seat} 号座位每局得分"),
    "commands.report.actions": ("actions a game", "每局动作数"),
    "commands.report.rounds": ("rounds (leads) a game", "每局圈数（首家出牌的次数）"),
    "commands.report.decisions": ("decisions a game (more than one legal action)", "每局决策数（可走的动作不止一个时）"),
    "commands.report.bombs": ("bombs a game", "每局炸弹数"),
    "commands.report.tribute_other": ("tribute '{kind}'", "进贡 '{kind}'"),
    "commands.report.tribute_cards": ("{tribute}: cards a game", "{tribute}：每局张数"),
    "commands.report.tribute_paid": ("tribute cards paid a game (every kind)", "每局进贡张数（所有种类）"),
    "commands.report.burns_tried": ("burns (烧牌) tried a game", "每局烧牌次数"),
    "commands.report.burns_won": ("burns that succeed a game", "每局烧成次数"),
    "commands.report.burn_success": ("share of burns that succeed", "烧牌成功率"),
    "commands.report.burns_failed": ("burns failed (烧牌失误) a game", "每局烧牌失误次数"),
    "commands.report.open_rate": ("players who open (开点)", "开点的玩家占比"),
    "commands.report.opened_team_wins": ("a team with a player who opens (开点) wins", "有人开点的一队赢"),
    "commands.report.burned_team_wins": ("a team with a burn that succeeds wins", "有人烧成的一队赢"),
    "commands.report.defers": ("让牌 (defers) a game", "每局让牌次数"),
    "commands.report.declared": ("宣点 declarations a game", "每局宣点次数"),
    "commands.report.men": ("憋三 players beaten before their 3s, a game", "每局憋三的玩家数（3 没出完就输了）"),
    "commands.report.headless": ("无头 players a game", "每局无头的玩家数"),
    "commands.report.chaos": ("games reaching 四户乱缠", "打到四户乱缠的局"),
    "commands.report.revolution": ("games with a 革命 (a player sits out)", "有革命的局（一家不打）"),
    "commands.report.revolution_redeals": ("革命 redeals a game", "每局因革命重新发牌的次数"),
    # sim/summary.py
    "commands.report.team_score_label": ("team {team} score", "{team} 队得分"),
    # sim/report.py
    "commands.report.group_wins": ("wins", "胜负"),
    "commands.report.group_results": ("results", "结局"),
    "commands.report.group_scores": ("scores", "得分"),
    "commands.report.group_distribution": ("score distribution", "得分分布"),
    "commands.report.group_places": ("places", "名次"),
    "commands.report.group_length": ("length", "对局长度"),
    "commands.report.group_burning": ("burning", "烧牌"),
    "commands.report.group_opening": ("opening", "开点"),
    "commands.report.group_plays": ("plays", "出牌"),
    "commands.report.group_tribute": ("tribute", "进贡"),
    "commands.report.not_available": ("n/a", "无"),
    "commands.report.every_game": ("every game", "每一局都是"),
    "commands.report.no_game": ("no game", "没有一局"),
    "commands.report.every_one": ("all {count:,}", "{count:,} 次全都是"),
    "commands.report.no_one": ("none of {count:,}", "{count:,} 次里一次也没有"),
    "commands.report.settings_matches": ("{games:,} games in matches of {match_games}, seed {seed}, {seating}; "
                                         "{confidence:.0%} intervals",
                                         "{games:,} 局，每场 {match_games} 局，种子 {seed}，{seating}；"
                                         "{confidence:.0%} 置信区间"),
    "commands.report.settings_single": ("{games:,} games each its own match, seed {seed}, {seating}; "
                                        "{confidence:.0%} intervals",
                                        "{games:,} 局，每局单算一场，种子 {seed}，{seating}；{confidence:.0%} 置信区间"),
    "commands.report.bot_everywhere": ("{bot} at every seat", "每个座位都是 {bot}"),
    "commands.report.bot_for_team": ("{bot} for team {team}", "{team} 队用 {bot}"),
    "commands.report.bots_by_seat": ("bots {seats}", "各座位的机器人：{seats}"),
    "commands.report.bot_at_seat": ("{seat}: {bot}", "{seat} 号 {bot}"),
    "commands.report.compared_paired": ("{a} compared with {b} (paired by seed; {tests}; {described} further "
                                        "figure(s) described; * significant at {alpha:.0%})",
                                        "{a} 与 {b} 对比（按种子配对；{tests}；另有 {described} 项数据只作描述；"
                                        "* 表示在 {alpha:.0%} 水平上显著）"),
    "commands.report.compared_unpaired": ("{a} compared with {b} (unpaired; {tests}; {described} further figure(s) "
                                          "described; * significant at {alpha:.0%})",
                                          "{a} 与 {b} 对比（不配对；{tests}；另有 {described} 项数据只作描述；"
                                          "* 表示在 {alpha:.0%} 水平上显著）"),
    "commands.report.tests_all": ("{tested} primary figure(s) tested, Holm-adjusted",
                                  "检验了 {tested} 项主要数据，p 值做了 Holm 校正"),
    "commands.report.tests_some": ("{primary} primary figure(s): {tested} tested (Holm-adjusted), the others the "
                                   "same in every match",
                                   "{primary} 项主要数据：检验了其中 {tested} 项（p 值做了 Holm 校正），其余的每场都一样"),
    "commands.report.described_heading": ("described, not tested (intervals at {confidence:.0%} each alone):",
                                          "只作描述、不做检验（区间各自按 {confidence:.0%} 算）："),
    "commands.report.interval_legend": ("a tested figure's interval is taken at the level Holm tests it at, so it "
                                        "excludes 0 exactly when the figure has a *; games for Δ: the games a variant "
                                        "needs to find a difference of this size (80% power)",
                                        "检验指标的区间按 Holm 检验它时用的水平算，所以区间不含 0 当且仅当它带 *；"
                                        "Δ 所需局数：每个玩法要打多少局才能发现这么大的差别（把握度 80%）"),
    "commands.report.games_to_detect": ("games for Δ", "Δ 所需局数"),
    "commands.report.precision_met": ("--precision {width}: met after {games} games a variant (rounds: {rounds})",
                                      "--precision {width}：每个玩法打到 {games} 局时达到（各轮累计：{rounds}）"),
    "commands.report.precision_not_met": ("--precision {width}: not met after {games} games a variant (rounds: "
                                          "{rounds}); run again with more --games or a wider --precision",
                                          "--precision {width}：每个玩法打了 {games} 局仍未达到（各轮累计：{rounds}）；"
                                          "请加大 --games 或放宽 --precision 再跑"),
    "commands.report.mix_heading": ("=== the same run with the bots {bots} ===", "=== 换成机器人 {bots} 的同一次模拟 ==="),
    "commands.report.agreement_heading": ("Across the bot mixes ({mixes}): what each concludes of every tested figure",
                                          "各组机器人（{mixes}）对每个检验指标的结论"),
    "commands.report.agreement_holds": ("holds with every mix", "每组机器人都成立"),
    "commands.report.agreement_changes": ("CHANGES with the bots", "随机器人而变"),
    "commands.report.agreement_summary": ("{holds} of {count} conclusion(s) hold with every bot mix; {changes} change "
                                          "with the bots: those describe the bots as much as the rule",
                                          "{count} 条结论中 {holds} 条对每组机器人都成立，{changes} 条随机器人而变："
                                          "这些说的既是规则也是机器人"),
    "commands.report.verdict_higher": ("higher", "更高"),
    "commands.report.verdict_lower": ("lower", "更低"),
    "commands.report.verdict_no_difference": ("no difference", "无差别"),
    "commands.report.verdict_untested": ("not tested", "未检验"),
    "commands.report.game_gouji": ("Gouji", "够级"),
    "commands.report.game_shuangkou": ("Shuangkou", "双扣"),
    "commands.report.incomparable": ("{a} is {game_a} for {players_a} players, {b} is {game_b} for {players_b}: their "
                                     "games are not paired and their figures mean different things; simulate them one "
                                     "at a time",
                                     "{a} 是 {players_a} 人的{game_a}，{b} 是 {players_b} 人的{game_b}：两者的对局"
                                     "没法按种子配对，数据的含义也不一样；请分别模拟"),
    "commands.report.difference": ("difference", "差值"),
    "commands.report.interval": ("interval", "区间"),
    "commands.report.p_holm": ("p (Holm)", "p 值（Holm）"),
    "commands.report.significant_none": ("{count} significant difference(s)", "{count} 项显著差异"),
    "commands.report.significant_some": ("{count} significant difference(s): {labels}", "{count} 项显著差异：{labels}"),
    # sim/arena.py
    "commands.report.arena_pair": ("{a} vs {b}", "{a} 对 {b}"),
    "commands.report.arena_title": ("arena {variant} — {title}", "机器人对战 {variant} — {title}"),
    "commands.report.arena_settings": ("{deals:,} deals a pair, each played twice with the teams swapped; seed {seed}; "
                                       "{confidence:.0%} intervals; margin = the bot's team score minus the other's, "
                                       "a game",
                                       "每对机器人 {deals:,} 副牌，每副牌两队换座各打一次；种子 {seed}；"
                                       "{confidence:.0%} 置信区间；分差 = 该机器人一队每局得分减去对方一队得分"),
    "commands.report.arena_stronger": ("{a} vs {b}: {stronger} is stronger", "{a} 对 {b}：{stronger} 更强"),
    "commands.report.arena_no_difference": ("{a} vs {b}: no clear difference at this sample size",
                                            "{a} 对 {b}：这么多局还看不出明显差别"),
    "commands.report.arena_wins": ("{bot} wins", "{bot} 胜率"),
    "commands.report.arena_drawn": ("drawn", "平局率"),
    "commands.report.arena_win_difference": ("{a} wins - {b} wins", "{a} 胜率 - {b} 胜率"),
    "commands.report.arena_margin": ("margin of {bot}", "{bot} 的分差"),
    # sim/plot.py
    "commands.report.plot_proportions": ("proportions", "比例"),
    "commands.report.plot_axis_points": ("{a} − {b} (percentage points)", "{a} − {b}（百分点）"),
    "commands.report.plot_other_metrics": ("other metrics", "其他指标"),
    "commands.report.plot_axis_own_scale": ("{a} − {b} (each row on its own scale, 0 in the middle)",
                                            "{a} − {b}（每行各用自己的刻度，0 在中间）"),
    "commands.report.plot_tip_holm": ("{label}: {note}, p = {p} (Holm)", "{label}：{note}，Holm 校正后 p = {p}"),
    "commands.report.plot_tip": ("{label}: {note}", "{label}：{note}"),
    "commands.report.plot_points": ("{value} pp", "{value} 个百分点"),
    "commands.report.plot_caption_games": ("{games} games a variant", "每个玩法 {games} 局"),
    "commands.report.plot_caption_seed": ("seed {seed}", "种子 {seed}"),
    "commands.report.plot_bots": ("bots: {bots}", "机器人：{bots}"),
    "commands.report.plot_caption_matches": ("matches of {games} games", "每场 {games} 局"),
    "commands.report.plot_caption_intervals": ("{percent}% intervals", "{percent}% 置信区间"),
    "commands.report.plot_caption_time": ("{seconds} s on {workers} worker(s)", "{workers} 个进程用时 {seconds} 秒"),
    "commands.report.plot_seat_bot": ("seat {seat} {bot}", "{seat} 号座位 {bot}"),
    "commands.report.plot_team_seats": ("team {team}: seats {seats}", "{team} 队：座位 {seats}"),
    "commands.report.plot_share_axis": ("% of games", "局数占比（%）"),
    "commands.report.plot_bar_tip": ("{name}: {where}: {count} games ({share:.1f}%)",
                                     "{name}：{where}：{count} 局（{share:.1f}%）"),
    "commands.report.plot_no_games": ("{name}: no games counted", "{name}：没有计入任何一局"),
    "commands.report.plot_win_tip": ("{label}: {estimate} ({low} to {high})", "{label}：{estimate}（{low} 至 {high}）"),
    "commands.report.plot_share_interval": ("share of games (interval)", "局数占比（区间）"),
    "commands.report.plot_differences_label": ("differences, {title}", "差异：{title}"),
    "commands.report.plot_named": ("{title} ({name})", "{title}（{name}）"),
    "commands.report.plot_versus": ("{first} vs {rest}", "{first} 对 {rest}"),
    "commands.report.plot_no_variant": ("no variant", "没有玩法"),
    "commands.report.plot_simulation": ("Simulation: {heading}", "模拟对局：{heading}"),
    "commands.report.html_lang": ("en", "zh-CN"),
    "commands.report.plot_parenthesized": ("({name})", "（{name}）"),
    "commands.report.plot_win_rates": ("Win rates", "胜率"),
    "commands.report.plot_rules": ("rules: {source}", "规则：{source}"),
    "commands.report.plot_players": ("{players} players", "{players} 个玩家"),
    "commands.report.plot_games": ("{games} games", "{games} 局"),
    "commands.report.plot_paired": ("paired games (the same deals)", "配对的对局（牌一样）"),
    "commands.report.plot_independent": ("independent games", "各自独立的对局"),
    "commands.report.plot_differences_heading": ("Differences: {a} − {b}", "差异：{a} − {b}"),
    "commands.report.plot_significance_note": ("{games}; {star} significant after Holm's correction over the figures "
                                               "tested (a figure without p is described, not tested); every interval "
                                               "drawn is the figure's own, not adjusted (the terminal table and the "
                                               "results file give a tested figure's interval at its Holm level too)",
                                               "{games}；{star} 表示对检验的各项数据做 Holm 校正后仍然显著"
                                               "（没有 p 值的数据只作描述，不做检验）；图中的区间都是各项自己的、未经校正"
                                               "（检验指标按 Holm 水平算的区间见终端表格和结果文件）"),
    "commands.report.plot_differences_in": ("Differences in {title}", "{title}的差异"),
    "commands.report.plot_metric": ("metric", "指标"),
    "commands.report.plot_significant": ("significant", "显著"),
    "commands.report.plot_range": ("{low} to {high}", "{low} 至 {high}"),
    "commands.report.plot_yes": ("yes", "是"),
    "commands.report.plot_no": ("no", "否"),
    "commands.report.plot_every_metric": ("{title}: every metric", "{title}：全部指标"),
    "commands.report.plot_estimate": ("estimate", "估计值"),
    "commands.report.plot_games_column": ("games", "局数"),
    "commands.report.group_other": ("other", "其他"),
    "commands.report.plot_axis_significant": ("{axis}; * significant (Holm)", "{axis}；* 表示显著（Holm 校正）"),
    "commands.report.plot_differences_in_lower": ("differences in {title}", "{title}的差异"),
}
