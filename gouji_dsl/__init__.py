"""gouji-dsl: a rule language and compiler for Gouji (够级) and its relatives."""

__version__ = "0.1.0"


def engine(variant: str):
    """The generated engine module of a variant, e.g. engine("zaozhuang-haixuan")."""
    from .codegen import load_engine

    module = load_engine(variant)
    if module is None:
        raise LookupError(f"no generated engine for variant {variant!r}: run `gouji build {variant}`")
    return module


def reference_engine(variant: str):
    """The reference interpreter of a variant, evaluated from its rule file."""
    from .loader import Workspace
    from .phases import Compilation
    from .reference import Reference

    return Reference(Compilation(Workspace(), variant).checked)
