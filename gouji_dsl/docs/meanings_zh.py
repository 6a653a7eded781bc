"""The Chinese of each meaning that the rule modules give in English.

Every rule (`rule(vtype, zh, en)`), table column (`column(vtype, zh, en)`), choice of a
policy (`Member(name, zh, en)` of an `EnumT`, or a name of a `NumberOrNameT`), name of an
expression (`Var` of an `ExprT`) and function of expressions (`model.expr.ALL_FUNCTIONS`)
states its meaning in English where it is declared. `gouji show --rules` prints the
meaning in the reader's language: the English from the declaration, or the Chinese
written here, keyed:

    "section.rule"                 a rule                       "flow.lead_return_circles"
    "section.rule.column"          a column of a table rule     "tribute.luo.payer"
    "section.rule=value"           a choice of a rule           "flow.take_over=partner"
    "section.rule.column=value"    a choice of a column         "tribute.dian.opened=me"
    "section.rule:name"            a name of an expression      "burning.condition:rest"
    "section.rule.column:name"     a name of a column's expression
    "function:name"                a function of expressions    "function:count_from"

`meaning_keys()` lists every key the rule model has, with its English meaning;
tests/test_meanings_zh.py checks every meaning has its Chinese here and none is left
over (a renamed rule leaves no stale meaning). A new rule, column, choice or name needs
its Chinese here too.
"""
from __future__ import annotations

import dataclasses

from gouji_dsl.model import schema as m
from gouji_dsl.model.expr import ALL_FUNCTIONS, ChoiceT, ExprT
from gouji_dsl.model.types import EnumT, ListT, NumberOrNameT, OptionalT, RowT

MEANINGS_ZH: dict[str, str] = {
    # [about] 简介
    "about.game": "这是够级家族中的哪一种游戏",
    "about.game=gouji": "够级：六人，每手出同一点数，有级牌和烧牌",
    "about.game=shuangkou": "双扣：四人，有顺子和炸弹",
    "about.title": "玩法的中文名称",
    "about.title_en": "玩法的英文名称",
    "about.region": "在哪里或哪个平台上玩，用中文写",
    "about.region_en": "在哪里或哪个平台上玩，用英文写",
    "about.summary": "一句话说明这个玩法的特点（英文）",
    "about.summary_zh": "同一句说明的中文，用于中文规则书",
    "about.sources": "规则所引用的出处资料",
    "about.sources.key": "资料的编号，即引用时写的编号，如 @000:L15",
    "about.sources.file": "sources/ 目录下的文件",
    "about.sources.title": "这份资料是什么，用中文写",
    "about.sources.title_en": "这份资料是什么，用英文写",
    "about.sources.name": "这份资料是谁家的规则，规则书借用时这样称呼，如“枣庄”（不写就用标题）",
    "about.sources.name_en": "同一称呼的英文，如 Zaozhuang（不写就用标题）",
    "about.decisions": "资料没有说到或说法互相矛盾的地方所作的决定",
    "about.decisions.id": "裁定在 docs/rulings.md 中的编号，如 D12",
    "about.decisions.summary": "决定了什么（英文）",
    "about.decisions.summary_zh": "决定了什么，用中文写（即中文规则书的说法）",
    "about.source": "本玩法自己的资料在出处表里的编号；规则书给不引用它的规则注明借自哪里或由谁决定。none：没有自己的资料（共同底子，或照程序写成的玩法）",
    "about.coverage": "一句话说明本玩法的资料有多全（英文），规则书以它开头",
    "about.coverage_zh": "同一句说明的中文，用于中文规则书",
    "about.source_notes": "资料里规则另作解读或没写成规则的原文，规则书在相关规则后面说明",
    "about.source_notes.rule": "在哪条规则后面说明，写成节名加点加规则名，如 flow.pass_rule",
    "about.source_notes.lines": "本玩法资料的原文行，写法同引用但不带 @，如 001:L54 或 003:L32-34",
    "about.source_notes.quote": "资料的原话，照原样抄",
    "about.source_notes.note": "规则怎样处理这段原文、为什么（英文，原话也译成英文）",
    "about.source_notes.note_zh": "同一说明的中文，用于中文规则书",
    "about.source_notes.decision": "规则在这里依据的裁定（如 D6），没有就不写",

    # [table] 牌桌
    "table.players": "人数；座位按出牌顺序从1起编号",
    "table.decks": "几副54张的牌混在一起洗",
    "table.cards_per_player": "每人发几张牌",
    "table.cards_per_player=all": "整副牌全部发完，每人张数相同",
    "table.teams": "两个联邦，各列出所属的座位",
    "table.opposites": "面对面坐的两个座位（对家／对头），一对一对列出",
    "table.direction": "玩家看到的出牌方向（座位号总是按出牌顺序编排）",
    "table.direction=counter_clockwise": "逆时针",
    "table.direction=clockwise": "顺时针",
    "table.first_leader": "每局由谁首先发牌",
    "table.first_leader=random": "每局随机抽定（上班）",
    "table.first_leader=previous_first": "上一局的头科；第一局随机抽定",
    "table.first_leader=fixed_seat": "每局都由 first_seat 指定的座位",
    "table.first_leader=card_holder": "开始出牌时持有 first_card 的人（从1号座位起按出牌顺序数，取第一个）",
    "table.first_seat": "first_leader = fixed_seat 时，每局首先发牌的座位",
    "table.first_card": "first_leader = card_holder 时，持有这张牌的人首先发牌",
    "table.copies": "某种牌在整副牌中的张数，只在不是“副数×4”（王为“副数×1”）时填写；"
                    "花色从来不论，所以 n 张中留下 k 张就是 k 张",
    "table.copies.card": "一种牌",
    "table.copies.copies": "洗在一起的整副牌中，这种牌共有几张",
    "table.redeal_if": "只要有一家发到的手牌满足这个条件，就重新发牌",
    "table.redeal_if:hand": "玩家的全部手牌",

    # [cards] 牌
    "cards.order": "从小到大列出每一种牌；花色从来不论",
    "cards.filler": "一个点数，跟别的点数一起出时算作那个点数（贴2）",
    "cards.jokers": "王",
    "cards.extra": "54张之外另加的牌（有些六副牌玩法里的鹰），比大王大，当王用",
    "cards.extra.token": "这种牌在手牌和出牌里的写法，如 Y",
    "cards.extra.zh": "中文名，如 \"鹰\"",
    "cards.extra.en": "英文名，如 \"eagle\"",
    "cards.extra.copies": "洗在一起的整副牌中，这种牌共有几张",

    # [plays] 牌型
    "plays.shape": "一手牌可以由什么组成",
    "plays.shape=one_rank": "同一点数，可以加贴2、挂王；没有顺子",
    "plays.shape=patterns": "按 [patterns] 牌型表出牌：连牌、炸弹、百搭",
    "plays.jokers_alone": "是否可以只出王",
    "plays.jokers_one_kind": "只出王时，是否必须是同一种王",
    "plays.fillers_alone": "是否可以只出贴牌2（可以带王）；这时点数就是2",
    "plays.compare": "上牌怎样跟所打的牌比大小",
    "plays.compare=card_by_card": "两手牌都从大到小排好，上牌的每一张都要大过对方同一位置的牌",
    "plays.compare=top_card": "牌型和张数相同，最大的牌大者胜",
    "plays.compare=any_play": "张数和对方一样的任何一手合法的牌都管得上，不比大小（新手场）",
    "plays.same_size": "上牌是否必须跟所打的牌张数相同",
    "plays.joker_kills": "被打的牌里每一张王，上牌要用什么王杀；表里没有的王杀不了",
    "plays.joker_kills.joker": "被打的牌里的一张王",
    "plays.joker_kills.by_higher": "用几张比它大的同一种王可以杀它（none：不能这样杀）",
    "plays.joker_kills.by_same": "用几张同种的王可以杀它（二杀一：2）",
    "plays.joker_kills.by_lower": "用几张小一级的王可以杀它（三杀一：3）",
    "plays.jokers_rank_lowest": "只出王的牌打只出王的牌时，是否要自己最小的王大过对方最小的王才算打过",
    "plays.final_play": "轮到自己要牌时，全部手牌作为一手出、满足什么条件就不管桌上是什么牌都能走（no：没有这样的一手）",
    "plays.final_play:play": "这一手：玩家的全部手牌",

    # [patterns] 牌型表
    "patterns.types": "炸弹以外的牌型：由几组同点的牌连成",
    "patterns.types.name": "牌型的标识名",
    "patterns.types.zh": "牌型的中文名",
    "patterns.types.width": "每个点数出几张",
    "patterns.types.min_length": "最少连几个点数",
    "patterns.types.max_length": "最多连几个点数",
    "patterns.run_ranks": "连牌可以用哪些点数",
    "patterns.bomb_min": "同一点数最少几张算炸弹",
    "patterns.bomb_lines": "炸弹有几线（炸弹的大小）",
    "patterns.bomb_lines:cards": "炸弹的张数",
    "patterns.joker_bombs": "全由王组成的炸弹（王炸）",
    "patterns.joker_bombs.name": "炸弹的标识名",
    "patterns.joker_bombs.zh": "炸弹的中文名",
    "patterns.joker_bombs.jokers": "几张王",
    "patterns.joker_bombs.lines": "算几线",
    "patterns.chains": "点数相连的炸弹是否合成一个连环炸",
    "patterns.chain_rules": "哪些炸弹可以连成连环炸",
    "patterns.chain_rules.smallest_bomb": "炸弹最少这么多张",
    "patterns.chain_rules.largest_bomb": "最多这么多张",
    "patterns.chain_rules.min_bombs": "最少这么多个炸弹相连才成连环炸",
    "patterns.chain_lines": "连环炸有几线",
    "patterns.chain_lines:smallest": "连环炸中最小的那个炸弹的线数",
    "patterns.chain_lines:bombs": "连环炸中炸弹的个数",
    "patterns.chain_unequal": "连环炸里的炸弹张数是否可以不同",
    "patterns.bomb_ties": "线数相同时哪种炸弹大，从大到小排列",
    "patterns.bomb_ties=joker_bomb": "王炸",
    "patterns.bomb_ties=chain": "连环炸",
    "patterns.bomb_ties=bomb": "同一点数的炸弹",
    "patterns.wilds": "在一手牌里可以当作3到2中任意一张的牌（百搭）",

    # [gouji] 级牌
    "gouji.thresholds": "每个点数最少几张才成级牌",
    "gouji.thresholds.rank": "这手牌算作的点数",
    "gouji.thresholds.at_least": "最少几张成为级牌",
    "gouji.jokers_make_gouji": "是否凡是带王的牌都算级牌",
    "gouji.fillers_count": "贴2是否计入所贴点数的张数",

    # [ranks] 点数限制
    "ranks.constraints": "这些点数的牌怎样出才行，要看玩家的全部手牌",
    "ranks.constraints.rank": "出法受限制的点数（3到A）",
    "ranks.constraints.single": "一手只能出这个点数的一张",
    "ranks.constraints.last_only": "这个点数只能作为玩家的最后一手出（出完手牌）",
    "ranks.constraints.all_at_once": "出这个点数时，要把手里这个点数的牌一次出完",
    "ranks.constraints.bare": "出这个点数时不能贴2，也不能挂王",

    # [threes] 憋三
    "threes.threes_last": "3只能作为玩家的最后一手出，而且这一手只能全是3",
    "threes.men_out": "被闷（最后一手3之前的那手牌被人打掉）的玩家当即出局：占去剩下最末的名次，手里的3不再出",

    # [buy] 买牌
    "buy.ranks": "发牌后依次要买的点数；手里一张也没有的人买一张",
    "buy.sellers": "买牌的人按这个顺序问谁卖；卖牌的人跟买牌的人是一个联邦时白给（除非联邦也付）",
    "buy.sellers=opposite": "买牌人的对家",
    "buy.sellers=teammate_before": "按出牌顺序，买牌人前面最近的联邦",
    "buy.sellers=teammate_after": "按出牌顺序，买牌人后面最近的联邦",
    "buy.sellers=previous": "按出牌顺序，紧挨在买牌人前面的座位（上家）",
    "buy.sellers=next": "按出牌顺序，紧挨在买牌人后面的座位（下家）",
    "buy.sellers=in_turn": "从“从谁数起”说的那个人起按出牌顺序往下数，第一个该点数够数、能卖的人",
    "buy.price": "买牌人付给对方卖牌人的价钱：一张牌，按列出的顺序取手里先有的那种",
    "buy.no_price": "买牌人手里一张价牌也没有时怎么办",
    "buy.no_price=no_sale": "要收价的卖牌人不卖给一张价牌也没有的买牌人",
    "buy.no_price=free": "一张价牌也没有的买牌人白得这张牌",
    "buy.seller_min": "卖牌人手里这个点数最少要有几张，才卖一张",
    "buy.order": "买牌的人怎样轮流问",
    "buy.order=by_round": "分轮进行：每个买牌人先问名单上第一个卖牌人，仍没买到的再都问第二个，依此类推",
    "buy.order=by_buyer": "按人进行：按座位顺序，每个买牌人顺着名单问下去，直到买到为止",
    "buy.count_from": "依次数卖家时从谁数起：列表里第一个还有牌的人，再按出牌顺序往下数（跳过买牌人）",
    "buy.count_from=next_player": "从买牌人的下家数起",
    "buy.count_from=opposite": "从买牌人的对家数起",
    "buy.count_from:buyer": "买牌的人",
    "buy.teammates_paid": "向联邦买牌是否也要付牌，和向敌方买一样（否则联邦白给）",

    # [flow] 出牌
    "flow.gouji_answer": "谁可以管级牌",
    "flow.gouji_answer=opposite_only": "只有出牌人的对家（烧牌和无头除外）",
    "flow.gouji_answer=anyone": "任何人，跟普通牌一样",
    "flow.defer": "出牌人的对家可以让牌：让下两家先出",
    "flow.defer_to": "哪些牌可以让",
    "flow.defer_to=non_gouji": "不是级牌的牌",
    "flow.defer_to=any_play": "任何牌",
    "flow.pass_rule": "过牌后失去什么",
    "flow.pass_rule=round_except_opposite": "过牌的人本轮不能再出牌，但可以管自己对家的牌",
    "flow.pass_rule=round": "过牌的人本轮不能再出牌",
    "flow.pass_rule=none": "过牌什么也不失去：过了牌本轮还可以再出；最后一手牌之后，其他有牌的人都过了牌，这一轮才结束",
    "flow.pass_rule=once_per_round": "上牌跟过牌一样，都结束自己在本轮的出牌：每人每轮只上一次或过一次。"
                                     "例外：有人出级牌时，他的对家如果已经过牌，重新轮到一次；发牌人的牌无人管时，"
                                     "已经过牌的发牌人对家还有最后一次机会；让牌后被别人抢先出了牌，算过牌",
    "flow.lead_return_circles": "非级牌无人管，过几整圈后，出这手牌的人重新发牌",
    "flow.going_out_gouji": "有人用级牌走科时，这手牌谁可以打",
    "flow.going_out_gouji=anyone_answers": "任何人都可以打，不算烧牌（底牌）",
    "flow.going_out_gouji=opposite_answers": "只有对家可以打（对家已走科时任何人都可以打）",
    "flow.going_out_gouji=loses_status": "失去级牌作用，跟普通牌一样应答",
    "flow.going_out_gouji=as_usual": "仍是级牌，跟平时的级牌一样应答，也可以烧",
    "flow.take_over": "走科者的最后一手牌无人管时，由谁发牌",
    "flow.take_over=next_player": "下一个还有牌的人发牌",
    "flow.take_over=partner": "坐在走科者对面的对家发牌",
    "flow.take_over:winner": "赢了这一轮的人：他的牌没人管，而他已经走了",
    "flow.answer_play": "谁能管一手不是起作用的级牌的牌：关于管牌者和牌主的条件（none：按过牌的规定和无头的范围）",
    "flow.answer_play=except_opposite": "本轮过了牌的人只能再管自己对头的牌",
    "flow.answer_play=not_after_passing": "本轮过了牌的人不能再管",
    "flow.answer_play=anyone": "谁都能管，过没过牌都行",
    "flow.answer_play:answerer": "轮到的、问他管不管的人",
    "flow.answer_play:owner": "桌上这手牌是谁出的",
    "flow.answer_gouji": "只许对家管的级牌，除了烧牌之外谁能管：关于管牌者和牌主的条件（none：按无头的过牌失权）",
    "flow.answer_gouji=opposite_or_headless": "对家；无头的人的级牌谁都能管；无头的人也能管，但本轮在非级牌上过过牌就不能",
    "flow.answer_gouji=opposite_or_any_headless": "对家；无头的人的级牌谁都能管；无头的人也能管，过没过牌都行",
    "flow.answer_gouji:answerer": "轮到的、问他管不管的人",
    "flow.answer_gouji:owner": "桌上这手级牌是谁出的",

    # [chaos] 四户乱缠
    "chaos.starts_at": "有牌的人剩到这么多或更少时，开始四户乱缠（none：没有四户乱缠）",
    "chaos.after_first_out_with_revolution": "有人革命的一局，头科一走就开始四户乱缠",
    "chaos.lead_return_circles": "四户乱缠中，过几整圈无人管后，最后出牌的人重新发牌",
    "chaos.pass_keeps_right": "过了牌的人本轮还可以再出牌",
    "chaos.answer": "四户乱缠时谁能管：关于管牌者和牌主的条件（none：按“过牌可再上”）",
    "chaos.answer=anyone": "谁都能管，过没过牌都行",
    "chaos.answer=not_after_passing": "本轮过了牌的人不能再管",
    "chaos.answer:answerer": "轮到的、问他管不管的人",
    "chaos.answer:owner": "桌上这手牌是谁出的",

    # [burning] 烧牌
    "burning.allowed": "是否可以打不是自己对家出的级牌（烧牌）",
    "burning.condition": "能打过级牌的人满足什么条件才可以烧",
    "burning.condition:hand": "玩家的全部手牌",
    "burning.condition:rest": "打出烧牌那一手后剩下的牌",
    "burning.teammates_may_burn": "出级牌人自己的联邦是否也可以烧他的牌",
    "burning.after_pass": "本轮已经过牌的人是否还可以烧",
    "burning.ask_order": "按什么顺序问谁烧：从出级牌的人往后按出牌顺序数座位（下家是第1家）；写 `opposite` 的位置由对家接",
    "burning.ask_order=opposite": "出级牌人的对家，在这个位置接牌",
    "burning.first_play_needs_joker": "烧牌的那一手本身是否必须挂王",
    "burning.failure_leader": "烧牌失败后由谁接手（烧牌者得最末的空余名次）：下面第一个还有牌的人",
    "burning.failure_leader=burned_player": "被烧的级牌仍可被别人烧或由对家打，否则由被烧者重新发牌",
    "burning.failure_leader=next_player": "由下家发牌",
    "burning.failure_leader=burned_player_leads": "被烧者发新一轮牌（被烧者已出完时，由他之后下一个有牌的人发）；"
                                                  "被烧的级牌不再回到桌上",
    "burning.failure_leader:burner": "烧牌失败的人",
    "burning.failure_leader:burned": "级牌被烧的人",
    "burning.burned_back": "烧牌失败后轮到被烧者接手时，被烧的级牌是否回到桌上（对家仍可打，别人仍可烧）；不写就按“失败后”的写法",
    "burning.lift": "烧牌者的牌被谁打上就解烧，烧牌者不受罚",
    "burning.lift=anyone": "烧牌者的任何一手牌被任何人打上，都解烧",
    "burning.lift=opposite_or_headless": "烧牌者的牌被他自己的对家或无头的人打上，才解烧",
    "burning.lift=no": "烧牌永远不能解除",
    "burning.lift:burner": "烧牌者：他出的牌被人打上",
    "burning.lift:beater": "打上烧牌者那手牌的人",
    "burning.counter_burn": "被烧的人可以烧回烧牌者的牌（反烧）",
    "burning.joker_check": "烧牌者的哪些牌必须挂王",
    "burning.joker_check=every_play": "烧牌者除最后一手外，每一手都必须挂王",
    "burning.joker_check=leads_only": "只有烧牌者发牌的那一手（最后一手除外）必须挂王；接别人的牌不必",
    "burning.can_fail": "烧牌者不挂王出牌（最后一手除外）是否算烧牌失败；否：烧牌不会失败，烧牌者可以随便出，直到走科",
    "burning.who": "除了其他烧牌的规定，谁能烧牌：关于烧牌者和被烧者的条件",
    "burning.who=anyone": "其他烧牌规定允许的人都能烧",
    "burning.who:burner": "想烧牌的人",
    "burning.who:burned": "出级牌、要被烧的人",
    "burning.free_after_rounds": "一个人在本局此前这么多轮里出过级牌后，他的级牌不必满足烧牌条件就可以被烧",

    # [headless] 无头
    "headless.cause": "四户乱缠之前，谁算无头",
    "headless.cause=opposite_out": "对家已经走科",
    "headless.cause=opposite_out_or_revolution": "对家已经走科，或因革命不出牌",
    "headless.cause=opposite_of_first_out": "头科的对家",
    "headless.scope": "无头的人可以管什么牌，他的什么牌别人可以管",
    "headless.scope=gouji_plays": "可以管任何人的级牌，任何人也可以管他的级牌；都不算烧牌",
    "headless.scope=any_play": "可以管任何人的任何牌，任何人也可以管他的任何牌；没有烧牌",
    "headless.pass_loses_gouji": "无头的人过了一手非级牌后，本轮不能再管别人的级牌",

    # [open] 开点
    "open.method": "四户乱缠之前，怎样算开点",
    "open.method=survives": "出的级牌既没被对头管上，也没被烧",
    "open.method=wins_lead": "出的级牌为自己赢得了发牌权",
    "open.method=none": "谁也不开点：这个玩法没有开点",
    "open.counts": "哪些牌计入开点",
    "open.counts:play": "这手牌",
    "open.declare": "发牌后，玩家可以宣布自己的对家开不了点（宣点）",
    "open.then_lead": "开点分两步：级牌让某人开点后，他下一次出头牌须满足此条件才算开点，否则废点，本局再也开不了点；none：级牌一开点就算",
    "open.then_lead:play": "他随后出的头牌",

    # [revolution] 革命
    "revolution.allowed": "玩家可以这一局不打（革命）",
    "revolution.condition": "发到什么样的手牌可以革命",
    "revolution.condition:hand": "玩家的全部手牌",
    "revolution.redeal_at": "有这么多人革命，就重新发牌",
    "revolution.place": "革命的人得第几名",
    "revolution.auto_open": "革命的人算没开点，他的对家算开点",

    # [info] 报牌看牌
    "info.report_at": "玩家手里剩这么多张或更少时，亮出他的牌数（报牌）",
    "info.show_team_at": "手里剩这么多张或更少时，可以把牌给联邦看（看牌）",
    "info.watch_after_out": "走科的人可以看一个联邦的牌",

    # [end] 终局
    "end.ends_when": "一局什么时候结束",
    "end.ends_when=one_team_left": "还有牌的人都是同一方的",
    "end.ends_when=all_out": "所有牌都出完",
    "end.remaining": "结束时手里还有牌的人怎样排空余的名次",
    "end.remaining=by_cards": "剩牌少的在前；剩牌一样多的，从最后走科的人往后按出牌顺序排",
    "end.remaining=playing_order": "从最后走科的人的下一个座位起，按出牌顺序排，不论剩几张",
    "end.remaining=seat_order": "按座位号排，1号在前，不论剩几张",
    "end.remaining:player": "结束时还有牌、要排名次的人",
    "end.remaining:last": "最后走的人（没人走科时，最后一个从末位排起的人：烧牌失败或被闷出局的人）",
    "end.sweep": "一方拿下第1到第3名，本局立即结束（串三户）",
    "end.places": "各个名次的叫法",
    "end.places.place": "名次，1 = 第一个走科",
    "end.places.zh": "中文叫法",
    "end.places.en": "英文叫法",

    # [tribute] 进贡
    "tribute.enabled": "下一局发牌前是否进贡换牌",
    "tribute.order": "有哪几种贡，按进贡的先后排列",
    "tribute.order=men": "闷贡：最后一手3之前的那手牌被人打上的玩家进贡",
    "tribute.order=shao": "烧贡：烧牌成功所得的贡",
    "tribute.order=dian": "点贡：没开点要进的贡",
    "tribute.order=luo": "落贡：名次落后要进的贡",
    "tribute.luo": "落贡：哪个名次向哪个名次进几张",
    "tribute.luo.payer": "进贡的名次",
    "tribute.luo.receiver": "收贡的名次",
    "tribute.luo.count": "进几张",
    "tribute.sweep_luo": "串三户之后的落贡",
    "tribute.sweep_luo=as_usual": "跟平常一样",
    "tribute.sweep_luo=to_own_opposite": "输的一方每人向自己的对家进一张",
    "tribute.dian": "对家之间的点贡：按谁宣点、谁开点而定；'opp' 的行由 'me' 的行对调得出",
    "tribute.dian.declared": "这对对家中谁宣了点",
    "tribute.dian.declared=neither": "两人都没宣点",
    "tribute.dian.declared=both": "两人都宣了点",
    "tribute.dian.declared=me": "只有 'me' 宣了点",
    "tribute.dian.declared=opp": "只有对家宣了点",
    "tribute.dian.opened": "这对对家中谁开了点",
    "tribute.dian.opened=me": "只有 'me' 开了点",
    "tribute.dian.opened=opp": "只有对家开了点",
    "tribute.dian.opened=both": "两人都开了点",
    "tribute.dian.opened=neither": "两人都没开点",
    "tribute.dian.me_gives": "'me' 给对家几张",
    "tribute.dian.me_gives:level": "本局的点贡级数（1 加上此前结果相同的局数，有上限）",
    "tribute.dian.opp_gives": "对家给 'me' 几张",
    "tribute.dian.opp_gives:level": "本局的点贡级数（1 加上此前结果相同的局数，有上限）",
    "tribute.dian_max_level": "连续几局下来，点贡最高升到几级",
    "tribute.dian_graduation": "按最高一级进过点贡后，进贡的人下一局算开点（毕业）",
    "tribute.shao": "每烧成一次，被烧的人给烧牌的人几张",
    "tribute.men": "最后一手3之前被人打上的玩家要进几张",
    "tribute.returned": "收贡的人还给同一个进贡的人同样多张牌（还贡）",
    "tribute.mutual_dian_returned": "两人都没开点而互相进的牌，是否要还",
    "tribute.return_limit": "哪些牌可以还",
    "tribute.return_limit=none": "任何牌",
    "tribute.return_limit=not_above_received": "不能大于从这个进贡的人那里收到的最小的牌",
    "tribute.return_from_dealt": "进贡和还贡只能用自己发到的牌",
    "tribute.no_single_return": "收贡的人不能还进贡的人手里没有的点数（联邦之间不受此限）",

    # [scoring] 计分
    "scoring.place_points": "第1、2……名各得几分",
    "scoring.team_sum": "每人得本联邦名次分之和",
    "scoring.sweep_multiplier": "串三户之后，名次分乘以这个数",
    "scoring.open_points": "自己开了点而对家没开点的人得这么多分，对家扣同样多",
    "scoring.zero_sum": "一局的得分加起来必须是零",
    "scoring.scale": "一局的每一项得分（名次分、串三户、点贡分）都乘以这个数，可以是整数或分数（如 1/3）；"
                     "除不尽的得分按精确的分数记",
    "scoring.outcome": "一局给每人的是什么：分数，还是只论胜、平、负",
    "scoring.outcome=points": "每人得上面各条规则算出的分数",
    "scoring.outcome=win_draw_loss": "每人只记胜（1）、平（0）或负（-1）：按上面各条规则算出的得分的正负",

    # [results] 结算
    "results.classes": "胜负的各种结果：胜方的名次，以及每个名次的基本分",
    "results.classes.name": "结果的标识名",
    "results.classes.zh": "结果的中文名",
    "results.classes.winners": "胜方玩家的名次",
    "results.classes.scores": "第1、2……名的基本分（胜负分）",
    "results.multipliers": "按胜方合并后的最高线数，本局翻几倍",
    "results.multipliers.lines": "胜方的最高线数",
    "results.multipliers.multiplier": "胜负分乘以几",
    "results.multiplier_step": "超出翻倍表后，每多一线，倍数加这么多",
    "results.merge": "同一个人打出的几个线数相同的炸弹，合起来算几线",
    "results.merge.lines_from": "最少这么多线的炸弹",
    "results.merge.lines_to": "最多这么多线",
    "results.merge.add": "N 个这样的 L 线炸弹合算为 L + N + add 线",
    "results.bonus": "炸弹奖分：每打出一个炸弹，其他每家给多少",
    "results.bonus.lines": "这么多线的炸弹",
    "results.bonus.each": "其他每家给打出炸弹的人多少分",
    "results.base": "每项得分都要乘的底分",
    "results.no_doubling": "炸弹不让得分翻倍（倍数为1）",
    "results.redraw_after": "出现这些结果后，下一局重新抽定先出的人（发牌时翻开一张牌：明牌），不由上一局头科先出",

    # [room] 房间
    "room.mode": "房间的类型",
    "room.mode=normal": "普通房间",
    "room.mode=haixuan": "比赛的海选房间（海选）",
    "room.min_games": "玩家至少打完几局，才能离开而不受罚",
    "room.leave_penalty": "提前离开的人扣本局得分的几倍",
    "room.penalty_first_leaver_only": "只罚第一个离开的人",
    "room.rank_by": "按什么查玩家级别表",
    "room.rank_by=points": "按积分",
    "room.rank_by=coins": "按游戏币",
    "room.ranks": "玩家级别表（列兵……上将）",
    "room.ranks.title": "级别的名称",
    "room.ranks.points_min": "这个级别最少要有的积分",
    "room.ranks.coins_min": "这个级别最少要有的游戏币和银子",

    # 表达式的函数
    "function:size": "牌的张数",
    "function:jokers": "王的张数（小王和大王，以及鹰之类的加牌）",
    "function:count": "某一点数的张数",
    "function:count_from": "按牌的大小，某种牌及比它大的牌（含王）的张数：count_from(hand, J) 数的是 J、Q、K、A、2 和王",
    "function:sets": "3到A中不同点数的个数（2和王贴挂在套上，不计数）",
    "function:gouji": "这些牌作为一手出时，是不是级牌",
    "function:carry_rule": "这些牌能不能出完，且除最后一手外每手都带王（docs/rulings.md D12）",
    "function:min": "两个数中较小的",
    "function:max": "两个数中较大的",
    # 座位表达式的函数（谁能解烧……）
    "function:opposite": "坐在对面的人（对家）",
    "function:next": "按出牌顺序，他之后下一个还有牌的人（没有别人有牌时就是他自己）",
    "function:previous": "按出牌顺序，他之前最近一个还有牌的人（没有别人有牌时就是他自己）",
    "function:headless": "这个人是否无头（他的对家已经走了：见 [headless]）",
    "function:holds_top": "桌上那手牌是不是他的",
    "function:played": "这一轮他有没有出过牌（他的牌在桌上待过）",
    "function:failed": "这一局他是否烧牌失败了",
    "function:sits_out": "这一局他是否因革命而不出牌",
    "function:opened": "这个人本局是否已开点",
    "function:forfeited": "这个人本局是否已废点（开点要两步时，随后出的牌不合规定，或四户乱缠先到、或没走科就出局，本局再也开不了点）",
    "function:passed": "这个人本轮是否已过牌",
    "function:passed_plain": "这个人本轮是否在一手不是起作用的级牌的牌上过过牌",
    "function:out": "这个人是否已不在牌局中（出完、烧牌失败、被闷出局或不参加）",
    "function:teammate": "两个人是否同伙（自己也算自己的同伙）",
    "function:cards_left": "这个人手里还剩几张牌",
    "function:number": "这个人的座位号（1 到人数）",
    "function:distance": "按出牌顺序，第二个人在第一个人之后第几家（同一个人为 0）",
}


def _type_keys(key: str, vtype, out: dict[str, str]) -> None:
    """The keys of the choices, columns and names inside value type `vtype` of `key`."""
    if isinstance(vtype, OptionalT):
        _type_keys(key, vtype.inner, out)
    elif isinstance(vtype, ListT):
        _type_keys(key, vtype.item, out)
    elif isinstance(vtype, NumberOrNameT):
        _type_keys(key, vtype.names, out)
    elif isinstance(vtype, EnumT):
        for member in vtype.members.values():
            _add(out, f"{key}={member.name}", member.en)
    elif isinstance(vtype, RowT):
        for f in vtype.columns.values():
            _add(out, f"{key}.{f.name}", f.metadata["en"])
            _type_keys(f"{key}.{f.name}", f.metadata["type"], out)
    elif isinstance(vtype, ExprT):
        for member in (vtype.members.values() if isinstance(vtype, ChoiceT) else ()):  # its shorthands
            _add(out, f"{key}={member.name}", member.en)
        for var in vtype.variables.values():
            _add(out, f"{key}:{var.name}", var.en)


def _add(out: dict[str, str], key: str, english: str) -> None:
    if key in out:
        raise ValueError(f"two meanings have the key {key!r}")
    out[key] = english


def meaning_keys() -> dict[str, str]:
    """Every meaning the rule model states, key -> its English, in the order of the
    sections, their fields and types, then the functions of expressions."""
    out: dict[str, str] = {}
    for cls in m.SECTIONS:
        for f in dataclasses.fields(cls):
            key = f"{cls.NAME}.{f.name}"
            _add(out, key, f.metadata["en"])
            _type_keys(key, f.metadata["type"], out)
    for fn in ALL_FUNCTIONS.values():
        _add(out, f"function:{fn.name}", fn.en)
    return out


def meaning(key: str, english: str, language: str) -> str:
    """The meaning of `key` in `language`: the Chinese for "zh" (the English where a key has
    none, which tests/test_meanings_zh.py does not let happen), else `english`."""
    if language == "zh":
        return MEANINGS_ZH.get(key, english)
    return english
