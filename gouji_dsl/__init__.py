"""gouji-dsl: a rule language and compiler for Gouji (够级) and its relatives."""

__version__ = "0.1.0"
