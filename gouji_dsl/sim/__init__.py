"""Simulating many games of a variant: running them, their statistics and their pictures."""
