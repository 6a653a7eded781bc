"""The reference interpreter's game flow: a second, plain realisation of a whole game.

It shares no code path with the fast flow of `gouji_dsl.runtime` (which the
generated engines drive): it reads the checked model, asks the Reference's
own card functions, and at every point where a rule decides something it
calls that rule's interpreter hook, defined in the rule's own module
(`gouji_dsl.rules.<section>`, region "interpreter") and looked up by key in
`gouji_dsl.facets.spec`. So the action-for-action agreement test
(tests/test_agreement.py) compares two independent implementations.

Its state is its own too: `OracleState` (state.py) lists every attribute of a game
with its type and what it holds, written from the rules (`runtime.state`'s State is
not used), and the hooks see the game as `facets.protocols.Game`; mypy checks the
oracle strictly and holds the game to that view.

Modules: `state` (the game's fields), `setup` (deal, tribute, buying 3s, 宣点
and 革命), `table` (the round: plays, passes, burns, going out, 四户乱缠, the
end), `game` (the public game API), `position` (a game set up at a position),
`readings` (what it is given, read its own way), `patterns` (Shuangkou's plays by
definition). The hooks are registered and called by `gouji_dsl.facets.hooks`.
"""
