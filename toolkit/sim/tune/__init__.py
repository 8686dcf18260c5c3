"""`toolkit tune`: search values that meet a game's balance targets (Optuna, optional)."""
