"""What the card table of Gouji Studio says (gouji_dsl/studio/table.py): key -> (English, Chinese).
See catalogue/__init__.py."""

MESSAGES: dict[str, tuple[str, str]] = {
    # the seats' names
    "studio.table.you": ("you", "你"),
    "studio.table.bot": ("bot {seat}", "机器人 {seat}"),
    # the labels of the legal actions
    "studio.table.play": ("Play {cards}", "出 {cards}"),
    "studio.table.burn": ("Burn (烧牌) with {cards}", "烧牌 {cards}"),
    "studio.table.pass": ("Pass", "过"),
    "studio.table.pass_declare": ("Do not declare (宣点)", "不宣点"),
    "studio.table.pass_revolt": ("Do not revolt (革命)", "不革命"),
    "studio.table.defer": ("Defer (让牌)", "让牌"),
    "studio.table.declare": ("Declare (宣点)", "宣点"),
    "studio.table.revolt": ("Revolt (革命)", "革命"),
    # refusals
    "studio.table.over": ("the game is over", "这局已经打完了"),
    "studio.table.not_your_turn": ("it is seat {seat}'s turn, not yours", "现在轮到 {seat} 号位，还没轮到你"),
    "studio.table.not_text": ('an action is a text such as "play 7 7" or "pass", not {value}',
                              '动作应为文字，比如 "play 7 7" 或 "pass"，而不是 {value}'),
    "studio.table.replay_only": ("a replayed game is for watching: start a new game to play",
                                 "复盘只能看，不能出牌：要打牌请开一局新的"),
    "studio.table.bad_seat": ("there is no seat {seat}: the seats are 1 to {players}",
                              "没有 {seat} 号位：座位是 1 到 {players} 号"),
    "studio.table.bad_seed": ("the seed is a whole number from {least} to {most}, not {value}",
                              "种子应为 {least} 到 {most} 之间的整数，而不是 {value}"),
    "studio.table.bad_bots": ('the bots are named by a text such as "heuristic", not {value}',
                              '机器人应写成文字，比如 "heuristic"，而不是 {value}'),
    "studio.table.search_budget": ("at the table a search bot tries at most {most} rollouts a move, not {budget}",
                                   "牌桌上的搜索机器人每步最多推演 {most} 次，而不是 {budget} 次"),
    "studio.table.bad_step": ("there is no step {step}: this game has steps 0 to {steps}",
                              "没有第 {step} 步：这局只有第 0 到第 {steps} 步"),
    "studio.table.one_game": ("the table replays a history of one game; this one has {count}",
                              "牌桌只能复盘一局的记录，这份记录有 {count} 局"),
    "studio.table.no_table": ("no such game at the table: it was never started, or others have replaced it",
                              "牌桌上没有这局：它没开过，或者已被后来的牌局替下"),
    "studio.table.too_long": ("the history has {count} actions; a game at the table has at most {most}",
                              "这份记录有 {count} 个动作，牌桌上一局最多 {most} 个"),
}
