"""The message catalogue: every sentence the tool says, in English and Chinese.

One module per area of the tool, each a dict `MESSAGES` of key -> (English, Chinese). Keys
start with the area ("model.unknown_rule"). A `{name}` in one text is in the other too
(tests/test_messages.py checks that, and that every key the code names is here and every key
here is named by the code).
"""
from __future__ import annotations

from gouji_dsl.messages.catalogue import (cli, commands, core, model, rules, service, show, studio, studio_server,
                                          syntax, table)

AREAS = (core, cli, syntax, model, rules, show, commands, service, studio, studio_server, table)


def _merged() -> dict[str, tuple[str, str]]:
    merged: dict[str, tuple[str, str]] = {}
    for area in AREAS:
        for key, texts in area.MESSAGES.items():
            if key in merged:
                raise KeyError(f"message '{key}' is in two catalogue modules")
            merged[key] = texts
    return merged


CATALOGUE: dict[str, tuple[str, str]] = _merged()
