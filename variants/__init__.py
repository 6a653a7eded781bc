"""The standard variants shipped with gouji-dsl: rule files (*.gouji), not Python.

This file only makes the folder the package gouji_dsl.variants (see pyproject.toml);
gouji_dsl.paths.variants_dir() finds it through importlib.resources.
"""
