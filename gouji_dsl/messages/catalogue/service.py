"""What the editor support says (gouji_dsl/service, gouji_dsl/lsp): key -> (English, Chinese).
See catalogue/__init__.py."""

MESSAGES: dict[str, tuple[str, str]] = {
    # diagnostics
    "service.error_in_parent": ("the file this one extends has an error, at {where}: {message}",
                                "所继承的文件有错，在 {where}：{message}"),
    "service.hint": ("hint: {hint}", "提示：{hint}"),
    # quick fixes and code actions
    "service.fix.replace": ("Replace '{old}' with '{new}'", "把“{old}”改成“{new}”"),
    "service.fix.remove": ("Remove '{old}'", "删掉“{old}”"),
    "service.action.add_rules": ("Add the missing rules: {rules}", "补上缺少的规则：{rules}"),
    "service.action.names_zh": ("Write the names in Chinese", "名称都改用中文"),
    "service.action.names_en": ("Write the names in English", "名称都改用英文"),
    # hover
    "service.hover.applies_to": ("For {games}.", "适用于{games}。"),
    "service.hover.rule_count": ("{count} rules.", "共 {count} 条规则。"),
    "service.hover.values": ("**Values**: {values}", "**可以写**：{values}"),
    "service.hover.columns": ("**Columns**: {columns}", "**列**：{columns}"),
    "service.hover.required": ("**Required**: a variant that is not abstract must state it (or inherit it).",
                               "**必须写**：不是抽象的玩法一定要写（或者继承）。"),
    "service.hover.default": ("**Default**: {value}", "**默认**：{value}"),
    "service.hover.overrides": ("**Overrides** {parent}'s value {value}, set by {variant} at {where}.",
                                "**覆盖了** {parent} 的值 {value}（由 {variant} 在 {where} 设定）。"),
    "service.hover.overrides_default": ("**Overrides** {parent}'s value {value}, the default.",
                                        "**覆盖了** {parent} 的值 {value}（默认值）。"),
    "service.hover.file": ("File: {file}", "文件：{file}"),
    "service.hover.lineage": ("Lineage: {lineage}", "继承关系：{lineage}"),
    # values in words
    "service.word.yes": ("yes", "是"),
    "service.word.no": ("no", "否"),
    "service.word.none": ("none: the rule does not apply", "无：没有这条规则"),
    "service.card.jack": ("the Jack (钩)", "钩（J）"),
    "service.card.queen": ("the Queen (圈)", "圈（Q）"),
    "service.card.king": ("the King (凯)", "凯（K）"),
    "service.card.ace": ("the Ace (尖)", "尖（A）"),
    "service.card.two": ("the 2, which Gouji plays as a filler card (贴牌)", "2，够级里可以当贴牌"),
    "service.card.small_joker": ("the small joker (小王)", "小王"),
    "service.card.big_joker": ("the big joker (大王)", "大王"),
}
