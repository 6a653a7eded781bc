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
