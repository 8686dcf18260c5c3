"""Batch simulation: many seeded games, in parallel workers, summarised into statistics."""
