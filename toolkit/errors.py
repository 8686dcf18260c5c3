"""The toolkit's typed errors: every failure a user can cause has its own class."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from toolkit.content.diagnostics import Diagnostic


class ToolkitError(Exception):
    """Base of every error the toolkit raises on purpose."""


class ContentError(ToolkitError):
    """Content that failed to load or validate; carries every diagnostic found."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        self.diagnostics = diagnostics
        super().__init__(diagnostics[0].render() if diagnostics else "invalid content")


class UsageError(ToolkitError):
    """A command was called in a way that cannot work (exit code 2)."""
