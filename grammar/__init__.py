"""The Lark grammar of the rule language (gouji.lark), not Python.

This file only makes the folder the package gouji_dsl.grammar (see pyproject.toml);
gouji_dsl.paths.grammar_path() finds it through importlib.resources.
"""
