"""Semantic diffs between variants: model comparison, counterexample search, prose, matrix, case emission."""
