"""Mechanics: how play proceeds, one package each (`trick_taking`, `draft`), registered by
the `structure.mechanic` name in `toolkit.mechanics.registry`; the contract is in
`toolkit.mechanics.base` and the recipe for a new one in `docs/mechanics.md`."""
