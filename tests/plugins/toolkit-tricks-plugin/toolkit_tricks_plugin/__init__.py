"""A mechanic kit called `trick_taking`, as the toolkit's own is: refused, naming both."""

from __future__ import annotations

import dataclasses

from toolkit.mechanics.registry import SHIPPED

KIT = dataclasses.replace(next(kit for kit in SHIPPED if kit.name == "trick_taking"))
