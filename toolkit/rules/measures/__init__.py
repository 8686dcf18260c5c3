"""Computed measures: `computed.py` compiles, describes and checks them (it reads their
models); the other modules hold the counting they do at play (sums, runs, groups, grid pairs,
deadwood) and import no model, so a compiled game from the cache plays without one."""
