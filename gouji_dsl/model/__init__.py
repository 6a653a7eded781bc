"""The rule model: value types, formulas, the builder (syntax tree -> typed model), the checks and lints."""
