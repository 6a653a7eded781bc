"""Gouji Studio: the rule language, the books, the simulations and a card table in one local web page."""
