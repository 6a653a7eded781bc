"""gouji-dsl: a rule language and compiler for Gouji (够级) and its relatives."""

__version__ = "0.1.0"


def engine(variant: str):
    """The generated engine of a variant: engine("zaozhuang-haixuan"), or a user's
    rule file, engine("club.gouji") (generated in memory from the file).

    Names are looked up in the folders of GOUJI_PATH, the current folder, then
    the standard variants. Raises LookupError for an unknown variant and
    gouji_dsl.diagnostics.RuleErrors when the rule file has errors."""
    return _lookup(variant, "generated")


def reference_engine(variant: str):
    """The reference interpreter of a variant (a name or a rule file), evaluated from its rule file."""
    return _lookup(variant, "reference")


def _lookup(variant: str, kind: str):
    from gouji_dsl import engines
    from gouji_dsl.diagnostics import UsageError
    from gouji_dsl.lang.loader import Workspace
    from gouji_dsl.messages import msg

    ws = Workspace.for_user()
    try:
        name = ws.resolve_argument(variant)
        return engines.load(ws, name, kind)
    except UsageError as exc:
        found = msg("syntax.with_hint", message=exc.message, hint=exc.hint) if exc.hint else exc.message
        raise LookupError(str(found)) from None
