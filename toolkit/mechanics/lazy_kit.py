"""A mechanic package's `KIT`, handed on from its `kit` module when first asked.

A package holds its runtime (machine, codec, events) beside its content models; importing the
runtime first runs the package's `__init__.py`, so that file must build no model: it only
names this hook, and plugins that import `KIT` from the package still find it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def kit_on_demand(package: str) -> Callable[[str], Any]:
    """The module `__getattr__` of a mechanic package: `KIT` from `<package>.kit`."""

    def attribute(name: str) -> Any:
        if name == "KIT":
            return importlib.import_module(f"{package}.kit").KIT
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return attribute
