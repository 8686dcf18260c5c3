"""The generic interpreter: a `Game` compiled once from content, and `State`s that play it."""
