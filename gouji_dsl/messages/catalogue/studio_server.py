"""What the studio's server says (gouji_dsl/studio: the guard, the API, the panels' work, the
folder): key -> (English, Chinese). The page's own words are in catalogue/studio.py. See
catalogue/__init__.py."""

MESSAGES: dict[str, tuple[str, str]] = {
    # the guard
    "studio.guard.host": ("this server answers only to its own address, not to '{host}'",
                          "这个服务只接受它自己的地址，不接受 '{host}'"),
    "studio.guard.origin": ("a request from another site ({origin}) is refused", "拒绝来自别的网站（{origin}）的请求"),
    "studio.guard.token": ("this request does not carry the studio's token: open the address gouji studio printed",
                           "请求没有带上工作室的口令：请打开 gouji studio 打印的地址"),
    "studio.guard.open_the_address": ("Open the address that gouji studio printed (it ends with ?token=...).",
                                      "请打开 gouji studio 打印的地址（结尾是 ?token=...）。"),
    # the API
    "studio.api.too_large": ("the request is over {limit} bytes", "请求超过 {limit} 字节"),
    "studio.api.not_json": ("the request is not a JSON object", "请求不是 JSON 对象"),
    "studio.api.missing": ("the request lacks '{field}', or it has the wrong type", "请求缺少 '{field}'，或者类型不对"),
    "studio.api.read_only": ("the studio is read-only: nothing can be saved", "工作室是只读的：不能保存"),
    "studio.api.no_such_job": ("no such simulation (it may have been dropped: only the last few are kept)",
                               "没有这个模拟（可能已被丢弃：只保留最近几个）"),
    # the folder
    "studio.folder.not_a_rule_file": ("'{name}' is not a rule file name (it must end with .gouji)",
                                      "'{name}' 不是规则文件名（必须以 .gouji 结尾）"),
    "studio.folder.not_a_name": ("'{name}' is not a file name of the opened folder", "'{name}' 不是打开的文件夹里的文件名"),
    "studio.folder.name_too_long": ("the file name is over {limit} bytes", "文件名超过 {limit} 字节"),
    "studio.folder.outside": ("'{name}' leads outside the opened folder", "'{name}' 指向打开的文件夹之外"),
    "studio.folder.no_such_file": ("there is no file '{name}' in the opened folder", "打开的文件夹里没有文件 '{name}'"),
    "studio.folder.cannot_read": ("cannot read '{name}': {reason}", "读不了 '{name}'：{reason}"),
    "studio.folder.not_regular": ("'{name}' is not a regular file: the studio does not replace it",
                                  "'{name}' 不是普通文件：工作室不会替换它"),
    # the panels' work
    "studio.work.fix_errors_first": ("the rule file has {count} error(s): fix them first (see Write)",
                                     "规则文件有 {count} 个错误：请先改正（见“写规则”）"),
    "studio.work.no_parent": ("this rule file extends no variant: choose one to compare with",
                              "这个规则文件没有继承别的玩法：请选一个来对比"),
    "studio.work.other_has_errors": ("'{name}' has {count} error(s)", "'{name}' 有 {count} 个错误"),
    "studio.work.unknown_book": ("no book '{kind}': one of {kinds}", "没有 '{kind}' 这种规则书：应为 {kinds} 之一"),
    "studio.work.no_browser": ("printing to PDF needs Chromium or Chrome on the machine running gouji studio",
                               "打印成 PDF 需要运行 gouji studio 的电脑上装有 Chromium 或 Chrome"),
    "studio.work.games_between": ("the number of games must be from 1 to {most}", "局数必须在 1 到 {most} 之间"),
    "studio.work.cannot_simulate": ("cannot simulate: {reason}", "无法模拟：{reason}"),
}
