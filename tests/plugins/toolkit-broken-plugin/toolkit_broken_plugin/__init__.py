"""A plugin whose import fails: it needs a module nobody installed."""

from __future__ import annotations

import toolkit_broken_dependency  # type: ignore[import-not-found]  # noqa: F401
