"""The cache of compiled games is off in tests unless a test turns it on with a folder of its
own (`tests/test_compiled_game_cache.py` does, for every shipped game, every family and the
commands that read it): a suite that compiles games in hundreds of fresh projects would pay for
keeping each one, and would otherwise write into the user's cache."""

from __future__ import annotations

import os

os.environ["TOOLKIT_CACHE"] = "off"
