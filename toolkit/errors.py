"""The toolkit's typed errors: every failure a user can cause has its own class."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from toolkit.diagnostics import did_you_mean, printable

if TYPE_CHECKING:
    from toolkit.diagnostics import Diagnostic


class ToolkitError(Exception):
    """Base of every error the toolkit raises on purpose."""


class ContentError(ToolkitError):
    """Content that failed to load or validate; carries every diagnostic found."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        self.diagnostics = diagnostics
        super().__init__(diagnostics[0].render() if diagnostics else "invalid content")


class UsageError(ToolkitError):
    """A command was called in a way that cannot work (exit code 2)."""


def choose_id(
    word: str, choices: Iterable[str], what: str, error: type[ToolkitError] = UsageError
) -> str:
    """`word` as `choices` spell it, for an id typed on the command line: the exact spelling
    first, then the one choice equal to it but for case (`Greedy` is `greedy`). Otherwise
    `error` (a usage error: exit 2) with the closest spelling and the choices; two choices
    that differ only in case are both named, since case cannot tell them apart."""
    options = list(dict.fromkeys(str(c) for c in choices))
    if word in options:
        return word
    same = [option for option in options if option.casefold() == word.casefold()]
    if len(same) == 1:
        return same[0]
    shown = printable(word, newlines=False)
    if same:
        named = " and ".join(f"'{option}'" for option in same)
        raise error(
            f"{what} '{shown}' could be {named}, which differ only in case; write one exactly"
        )
    hint = did_you_mean(word, options)
    listed = ", ".join(options[:20]) + (", ..." if len(options) > 20 else "")
    raise error(
        f"unknown {what} '{shown}'"
        + (f" ({hint})" if hint.startswith("did you mean") else "")
        + (f"; choices: {listed}" if options else f"; there is no {what} to choose")
    )


class IllegalActionError(ToolkitError):
    """An action that the rules do not allow now; says why, with a short state summary."""

    def __init__(self, reason: str, summary: str = "") -> None:
        self.reason = reason
        self.summary = summary
        super().__init__(f"{reason} ({summary})" if summary else reason)


class OptionError(ToolkitError, ValueError):
    """A game option the game does not declare, or a value it does not allow (exit code 2:
    options are typed on the command line).

    Also a `ValueError`, as `Game.new_state` raised for bad options before it had a class."""


class UnsupportedGameError(ToolkitError):
    """Valid content that the interpreter cannot run (a mechanic it does not implement)."""


class NoLegalMoveError(UnsupportedGameError):
    """A player to move has no legal move: the rules leave them stuck (never an IndexError).

    Built from its message alone, so it crosses worker processes intact."""


class UnknownIdError(ToolkitError, LookupError):
    """A lookup by id of something the game does not have (a zone, a track, a card)."""

    def __init__(self, what: str, wanted: str, known: list[str]) -> None:
        self.what = what
        self.wanted = wanted
        self.known = known
        listed = ", ".join(f"'{k}'" for k in known[:12]) + (" ..." if len(known) > 12 else "")
        super().__init__(f"unknown {what} '{wanted}'" + (f" (known: {listed})" if known else ""))


class ActionSpaceError(UnsupportedGameError):
    """A game whose data needs more distinct actions than a mechanic's codec can number.

    Raised when the game compiles, so a big game fails loudly instead of decoding one card
    as another."""

    def __init__(self, limit: str, needed: int, allowed: int) -> None:
        self.limit = limit
        self.needed = needed
        self.allowed = allowed
        super().__init__(f"{limit}: the game needs {needed}, the most is {allowed}")


class ClusterError(ToolkitError):
    """The Dask cluster failed a run: its scheduler or workers were lost, or the address
    answered with something other than a Dask scheduler (exit code 1, one line)."""


class ActionCapError(ToolkitError):
    """A game that did not end within its action cap: a rules or interpreter bug, never a hang.
    Carries the seed so the game can be replayed."""

    def __init__(self, game: str, seed: int, cap: int) -> None:
        self.game = game
        self.seed = seed
        self.cap = cap
        super().__init__(
            f"{game} did not end after {cap} actions (seed {seed}): a rule never lets the game "
            "finish, or the interpreter has a bug"
        )

    def __reduce__(self) -> tuple[type[ActionCapError], tuple[str, int, int]]:
        """Rebuilt from its fields when a worker process sends it back to the parent."""
        return (ActionCapError, (self.game, self.seed, self.cap))
