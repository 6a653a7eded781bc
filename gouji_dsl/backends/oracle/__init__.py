"""The reference interpreter's game flow: a second, plain realisation of a whole game.

It shares no code path with the fast flow of `gouji_dsl.runtime` (which the
generated engines drive): it reads the checked model, asks the Reference's
own card functions, and at every point where a rule decides something it
calls that rule's interpreter hook, defined in the rule's own module
(`gouji_dsl.rules.<section>`, region "interpreter") and looked up by key in
`gouji_dsl.facets.spec`. So the action-for-action agreement test
(tests/test_agreement.py) compares two independent implementations.

Modules: `hooks` (registering and calling hooks), `setup` (deal, tribute,
buying 3s, 宣点 and 革命), `table` (the round: plays, passes, burns, going
out, 四户乱缠, the end), `game` (the public game API).
"""
