"""Cyclic garbage collection paused while content models are built and content is checked.

Building the pydantic models of every primitive, union and card kind, then checking a
project, allocates hundreds of thousands of objects that stay alive (schemas, validators,
loaded documents) and makes almost no cyclic garbage; the collector would walk them again and
again for nothing (about 30 ms of a `toolkit validate` of 600). Reference counting still frees
everything as usual; the collector runs again, with its first full pass, once the work is
done, so a long `--watch` never piles up cycles.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collection_paused() -> Iterator[None]:
    """No cyclic collection inside; as it was outside (nested uses leave it to the outermost)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
