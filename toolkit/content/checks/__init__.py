"""The checks that need the whole game, one module per topic, each a function of a
`GameChecks` (`base.py`); `toolkit.content.semantic` runs them in order."""
