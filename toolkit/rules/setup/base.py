"""The base of every setup step, and the option a step may be guarded by.

A setup step says how a game's table is laid out before the first turn; the manifest lists
them in order. One module per step, each registered where it is defined
(`@SETUP_STEPS.register`). A step that logs imports its event where it compiles: validation
reads these models but never compiles them, so it never loads the log's events.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from toolkit.rules.parameters import check_declared
from toolkit.rules.primitive import docstring_words, fills_of
from toolkit.schema.base import Id, Model, Scalar

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.events import Event
    from toolkit.kernel.state import State
    from toolkit.rules.context import CheckContext, Path, Words

SetupFn = Callable[["State"], None]


class OptionIs(Model):
    """A step applies only when a game option has a given value."""

    option: Id
    """The option's id (declared under `options`)."""
    equals: Scalar = True
    """The value that enables the step."""


class StepModel(Model):
    """A setup step: checked, compiled and described by itself (`when` is checked and worded
    the same for every step, by the checker and the describer)."""

    events: ClassVar[tuple[type[Event], ...]] = ()
    """The log events it records, declared beside it (`tests/test_events.py` builds each and
    requires its words)."""
    when: OptionIs | None = None
    """Only run this step when an option has a value."""

    if TYPE_CHECKING:
        step: str
        """The tag naming the step in YAML; each step declares it as a `Literal`."""

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        """Report what the schema cannot see at `path` (unknown ids, infeasible counts); by
        default the parameters whose types declare what they refer to."""
        check_declared(self, ctx, path)

    def describe(self, words: Words) -> str:
        """The step as an instruction, lower case, without its `when`."""
        return docstring_words(self)

    def fills(self) -> tuple[str, ...]:
        """Ids of the zones (or slots) this step puts cards into: its `to`, by default."""
        return fills_of(self)

    def compile(self, c: Compiler) -> SetupFn:
        run = self.compile_step(c)
        when = self.when
        if when is None:
            return run
        option, equals = when.option, when.equals

        def guarded(state: State) -> None:
            if state.options.get(option) == equals:
                run(state)

        return guarded

    @abstractmethod
    def compile_step(self, c: Compiler) -> SetupFn:
        """The step as a function that changes a new game's state."""
