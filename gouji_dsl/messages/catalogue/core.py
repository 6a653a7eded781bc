"""Messages every area shares: how a diagnostic is labelled, "did you mean", counts.
key -> (English, Chinese). See catalogue/__init__.py."""

MESSAGES: dict[str, tuple[str, str]] = {
    "core.error": ("error", "错误"),
    "core.warning": ("warning", "警告"),
    "core.hint": ("hint", "提示"),
    "core.note": ("note", "注"),
    "core.list_separator": ("; ", "；"),
    "core.did_you_mean": ("did you mean {name}?", "是不是要写 {name}？"),
    "core.more_errors": ("{count} more error(s)", "另有 {count} 个错误"),
    "core.more_warnings": ("{count} more warning(s)", "另有 {count} 个警告"),
    "core.and": (" and ", "和"),
    "core.more_shown": ("... and {rest} (the first {limit} are shown)", "……{rest}（只显示前 {limit} 个）"),
    "core.standard_position": ("standard variant {name}, line {line}, column {col}", "标准玩法 {name} 第 {line} 行第 {col} 列"),
    "core.standard_source": ("  (`gouji show {name} --source` prints the standard variant {name})",
                             "  （`gouji show {name} --source` 可以打印标准玩法 {name} 的规则文件）"),
    "core.errors_found": ("{count} error(s)", "{count} 个错误"),
}
