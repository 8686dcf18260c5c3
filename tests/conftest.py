"""Each test process keeps the games it compiles in a cache folder of its own (removed when it
ends), never in the user's: commands under test go through the cache as a user's do."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

_CACHE = tempfile.mkdtemp(prefix="toolkit-test-cache-")
os.environ["TOOLKIT_CACHE"] = _CACHE
atexit.register(shutil.rmtree, _CACHE, True)
