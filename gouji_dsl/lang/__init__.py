"""The front end: lexer, parser and syntax tree of the rule language, the search path for rule files, the formatter."""
