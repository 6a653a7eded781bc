"""The one error of the rulebook machinery."""


class RulebookError(Exception):
    """The rulebook cannot render some element of the model (a gap in the rulebook code, not in the rule file)."""
