"""Effects: what happens to the game when a card resolves, a milestone is reached, a round ends.

One module per effect, each one class with its parameters, `check_semantics`, `compile`,
`describe` and `children` (see `toolkit.rules.primitive`), registered where it is defined
(`@EFFECTS.register`). These are the effects every game may use; a mechanic adds its own in
its package, and the union a content file is validated against is assembled above this layer
(`toolkit.content.models.primitives`). Adding an effect is one new module and its test.
"""
