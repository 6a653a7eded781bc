"""The source documents the rules cite (see README.md), not Python.

This file only makes the folder the package gouji_dsl.sources (see pyproject.toml);
gouji_dsl.paths.sources_dir() finds it through importlib.resources.
"""
