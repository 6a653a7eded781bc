"""`gouji diff`: what two variants do differently, rule by rule, with proof.

- `compare`: `diff_models(a, b)`, every rule whose resolved value differs
  (tables also row by row), as `RuleDiff`s that know both values and where
  each was written; `values` shows and compares single values.
- `phrases` and `prose`: each rule's diff phrase (the "phrase" facet, which
  every rule module registers in its `# --- diff ---` region) and the
  sentence a difference makes of two phrases; `phrases` also says what a
  difference changes (the play, the room, or a label only).
- `search`: `counterexamples(...)`, for every behavioural difference a
  situation on which the two variants' generated engines disagree and where
  the rule itself matters (checked against a hybrid: the variant with only
  that rule changed, `hybrids`), drawn from card and result cases
  (`candidates`: Gouji's one-rank plays, or Shuangkou's patterns and scores
  for a pair of Shuangkou variants) and seeded walks through game positions and deals
  (`games`); verified, deterministic and bounded (`counterexample.Budget`);
  `explain` says each in words.
- Output: `render` (text, Markdown, JSON), `matrix` (`--matrix`), `cases`
  (`--emit-cases`: cross-variant conformance cases), and `command` (the CLI).
"""
