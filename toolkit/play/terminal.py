"""The terminal loop: show the position, read the person's move, let the bots answer.

On a terminal it draws with colour (rich); in a pipe it prints plain text and reads one
move per line from standard input, so a test or a script can play a whole game. The end of
input quits like `q`: the transcript so far is saved either way.

A game is never lost: what the person types is read as a move only when it is one (anything
else asks again), and Ctrl-C, SIGTERM, SIGHUP and any unexpected error save the transcript
before the game ends, so `toolkit play --resume` goes on from there.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from rich.console import Console, ConsoleOptions, ConsoleRenderable, RenderHook, RenderResult
from rich.segment import Segment
from rich.text import Text

from toolkit.diagnostics import plural, printable, unsafe_character
from toolkit.errors import UsageError
from toolkit.play.interrupts import (
    held_signals,
    ignoring_signals,
    signal_of,
    stopping_on_signals,
)
from toolkit.play.position_file import fresh_position, write_position
from toolkit.play.rules_help import rules_help
from toolkit.play.session import Session
from toolkit.play.views import View, Views
from toolkit.record.events import narrate_scores
from toolkit.record.transcripts import write_transcript

MAX_INPUT = 1000
"""The longest line read as the person's answer; the rest of a longer line is skipped."""


@dataclass
class Outcome:
    finished: bool
    transcript: Path
    moves: int
    interrupted: int = 0
    """The signal that stopped the game (the transcript saved first), or 0."""


class Terminal:
    """Plays one session with a person at a console."""

    def __init__(
        self,
        session: Session,
        transcript: Path,
        *,
        console: Console | None = None,
        read_line: Callable[[str], str | None] | None = None,
        plain: bool | None = None,
    ) -> None:
        interactive = sys.stdin.isatty() and sys.stdout.isatty()
        self.plain = not interactive if plain is None else plain
        self.console = console or _console(self.plain)
        self.console.push_render_hook(_Escaping())
        self.read_line = read_line or (
            _prompt(self.console) if interactive else _pipe(sys.stdin, self.console)
        )
        self.session = session
        self.views = Views(session, plain=self.plain)
        self.transcript = transcript

    def say(self, *parts: object, style: str = "") -> None:
        """Print text literally: no markup (`[bold]` in a card name stays as written), no
        emoji codes; control characters are escaped by the console's hook."""
        self.console.print(*parts, style=style or None, highlight=False, markup=False, emoji=False)

    def run(self) -> Outcome:
        """Play to the end or until the person quits; on a signal or an unexpected error the
        transcript is saved first (then the error goes on to be reported)."""
        with stopping_on_signals():
            try:
                return self.play()
            except KeyboardInterrupt as stop:
                saved = self.save_anyway()
                self.tell(f"interrupted after {self.moves_words()}; {saved}")
                return Outcome(False, self.transcript, len(self.session.actions), signal_of(stop))
            except BrokenPipeError:
                saved = self.save_anyway()
                self.tell(f"output closed after {self.moves_words()}; {saved}")
                raise
            except Exception:
                self.tell(f"stopped by an error; {self.save_anyway()}")
                raise

    def play(self) -> Outcome:
        session = self.session
        self.say(
            Text(
                f"{session.game.name}: seed {session.seed}, {session.players} players, "
                f"you are player {session.seat + 1}; bots "
                + ", ".join(
                    f"{p + 1} {name}" for p, name in enumerate(session.bots) if p != session.seat
                )
                + ".\nType a move's number; h for help on the rules, u to undo, s to save the "
                "position, q to quit.",
            )
        )
        session.run_bots()
        while not session.over:
            if not self.turn():
                self.save()
                self.say(f"quit after {self.moves_words()}; {self.saved_words()}")
                return Outcome(False, self.transcript, len(session.actions))
        self.finish()
        return Outcome(True, self.transcript, len(session.actions))

    def moves_words(self) -> str:
        """The person's own moves, the bots' left out: "3 moves of yours"."""
        return f"{plural(self.session.own_moves, 'move')} of yours"

    def save_anyway(self) -> str:
        """Save the game as it stands, whatever happened; says where (or why not). The game is
        already stopping, so further signals are ignored until the file is written."""
        with ignoring_signals():
            try:
                self.write()
            except Exception as error:  # the game is lost only if this fails too
                return f"the game could not be saved: {error}"
        return self.saved_words()

    def saved_words(self) -> str:
        """Where the game was saved and how to go on with it."""
        if self.session.start is not None:
            return (
                f"position saved to {self.transcript} (go on with: toolkit play "
                f"{self.session.manifest} --from {self.transcript})"
            )
        return (
            f"transcript saved to {self.transcript} "
            f"(go on with: toolkit play --resume {self.transcript})"
        )

    def write(self) -> None:
        """The game so far: its transcript, or, begun from a position, its position."""
        if self.session.start is not None:
            write_position(self.transcript, self.session.position_text())
        else:
            write_transcript(self.transcript, [self.session.transcript_lines()])

    def tell(self, message: str) -> None:
        """A last word on standard error, which may be gone (a closed terminal)."""
        with contextlib.suppress(OSError, ValueError):
            print(message, file=sys.stderr, flush=True)

    def turn(self) -> bool:
        """One decision of the person; False when they quit."""
        view = self.views.position()
        self.say()
        for part in view.parts:
            self.say(part)
        while True:
            line = self.read_line("move> ")
            if line is None:
                return False
            command = line.strip()
            lowered = command.lower()
            if lowered in ("q", "quit", "exit"):
                return False
            if lowered in ("h", "help", "?"):
                self.help()
                continue
            if lowered in ("s", "save"):
                self.say(self.save_position())
                continue
            if lowered in ("u", "undo"):
                if self.session.undo():
                    self.say("took back your last move")
                    return True
                self.say("nothing to undo yet")
                continue
            if command.isdigit():  # any digits: `²` too, which int() refuses
                number = _number(command)
                if number is not None and 1 <= number <= len(view.moves):
                    self.session.play(view.moves[number - 1])
                    return True
                self.say(f"no move {_shown(command)}: choose 1-{len(view.moves)}")
                continue
            chosen = self.two_step(command, view)
            if chosen is None:
                return False
            if chosen:
                return True

    def two_step(self, command: str, view: View) -> bool | None:
        """A card id, then one of its placements; True once played, None to quit."""
        game = self.session.game
        ids = {card_id.lower(): index for index, card_id in enumerate(game.deck.ids)}
        card = ids.get(command.lower())
        options = self.views.placements(card if card is not None else -1, view.moves)
        if options is None or card is None:
            self.say(
                f"type a move number (1-{len(view.moves)})"
                + (", a card id of your hand" if options is not None else "")
                + ", h for help, u to undo or q to quit"
            )
            return False
        if not options:
            self.say(f"{game.deck.ids[card]} cannot be placed now (not in your hand?)")
            return False
        text = Text()
        text.append(f"Places for {self.views.narrator.deck_card(card)}:", style="bold")
        for number, action in enumerate(options, start=1):
            text.append(f"\n  {number:>2}. {self.views.placement_text(action, view.cells)}")
        text.append("\n  (another word goes back)")
        self.say(text)
        line = self.read_line("place> ")
        if line is None:
            return None
        place = _number(line.strip())
        if place is not None and 1 <= place <= len(options):
            self.session.play(options[place - 1])
            return True
        self.say("back to the moves")
        return False

    def help(self) -> None:
        for title, lines in rules_help(self.session):
            self.say(Text(f"\n{title}" if self.plain else title, style="bold underline"))
            for line in lines:
                self.say(f"  {line}")

    def finish(self) -> None:
        session = self.session
        news = list(session.loaded.narrator.events(session.news(), viewer=session.seat))
        self.say()
        if news:
            self.say(Text("Since your last move:", style="bold"))
            self.say("\n".join(news))
        for part in self.views.final():
            self.say(part)
        self.say("Final scores:", style="bold")
        for line in narrate_scores(session.game, session.state):
            self.say(f"  {line}")
        winners = session.state.scores().winners
        self.say("You win!" if session.seat in winners else "You do not win this time.")
        self.save()
        saved = "position" if self.session.start is not None else "transcript"
        self.say(f"{saved} saved to {self.transcript}")

    def save(self) -> None:
        with held_signals():
            self.write()

    def save_position(self) -> str:
        """Write the position as it stands to a new file beside the game's; says where."""
        session = self.session
        path = Path("build") / "play" / f"{session.game.id}-position.yaml"
        try:
            with held_signals():
                written = fresh_position(path)
                write_position(written, session.position_text())
        except UsageError as error:
            return f"error: {error}"
        return (
            f"position saved to {written} (play on from it with: toolkit play "
            f"{session.manifest} --from {written})"
        )


class _Escaping(RenderHook):
    """Shows control characters in whatever is printed (card names in tables, moves, text
    typed in a pipe) as escapes, so text from files never drives the terminal."""

    def process_renderables(self, renderables: list[ConsoleRenderable]) -> list[ConsoleRenderable]:
        return [_Escaped(renderable) for renderable in renderables]


@dataclass
class _Escaped:
    inner: ConsoleRenderable

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for segment in console.render(self.inner, options):
            if segment.control is None and unsafe_character(segment.text):
                segment = Segment(printable(segment.text), segment.style)
            yield segment


class _GameConsole(Console):
    """Rich ends the process when its reader goes away (`| head`); here that is an error like
    any other, so the game is saved before the command ends quietly."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError("the reader of the game's output went away")


def _console(plain: bool) -> Console:
    """Strings are never read as markup or emoji codes; a pipe gets no colour codes."""
    if plain:
        if hasattr(sys.stdout, "reconfigure"):
            sys.stdout.reconfigure(errors="replace")
        return _GameConsole(
            force_terminal=False,
            no_color=True,
            highlight=False,
            markup=False,
            emoji=False,
            width=110,
            soft_wrap=True,
        )
    return _GameConsole(highlight=False, markup=False, emoji=False)


def _number(text: str) -> int | None:
    """A number typed as ASCII digits, short enough to be a move's (int() refuses `²` and a
    number of thousands of digits); None for anything else."""
    if text.isascii() and text.isdigit() and len(text) <= 6:
        return int(text)
    return None


def _shown(text: str) -> str:
    return text if len(text) <= 12 else text[:12] + "..."


def _prompt(console: Console) -> Callable[[str], str | None]:
    """Reads at the terminal; the end of input (Ctrl-D) quits, Ctrl-C interrupts (and saves)."""

    def read(prompt: str) -> str | None:
        try:
            return console.input(Text(prompt, style="bold"))[:MAX_INPUT]
        except EOFError:
            return None

    return read


def _pipe(stream: TextIO, console: Console) -> Callable[[str], str | None]:
    """One move per line (at most MAX_INPUT characters, bytes that are not UTF-8 replaced);
    the line read is echoed so a log of the session reads well."""
    if hasattr(stream, "reconfigure"):
        stream.reconfigure(errors="replace")

    def read(prompt: str) -> str | None:
        line = stream.readline(MAX_INPUT)
        if not line:
            console.print(f"{prompt}(end of input)", highlight=False, markup=False)
            return None
        rest = line
        while not rest.endswith("\n") and len(rest) == MAX_INPUT:
            rest = stream.readline(MAX_INPUT)
        console.print(f"{prompt}{line.rstrip()}", highlight=False, markup=False)
        return line

    return read
