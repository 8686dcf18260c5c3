"""Game options chosen by a player: `--option id=value` read and checked against the manifest.

Every value is checked with its type: a yes/no option takes true or false (YAML's `yes`/`no`
too), an option with choices takes one of them, compared as YAML reads the text (`3` is a
number, `blue` a word). A word the manifest lists as a choice is taken as written, so a choice
such as `on` or `no` needs no quotes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import yaml

from toolkit.diagnostics import canonical_id
from toolkit.errors import OptionError, UsageError, choose_id

YES_NO = [True, False]


def split_option(text: str) -> tuple[str, str]:
    """`id=value` as typed after `--option`; a malformed one is a usage error."""
    name, sep, value = text.partition("=")
    name, value = name.strip(), value.strip()
    if not sep or not name or not value:
        raise UsageError(
            f"--option '{text}': write ID=VALUE, an option id the manifest declares and its value"
        )
    return name, value


def scalar(text: str) -> Any:
    """The text as YAML reads a plain scalar (`3` -> 3, `yes` -> True), never an object."""
    try:
        value = yaml.safe_load(text)
    except (yaml.YAMLError, ValueError):  # ValueError: an int of thousands of digits
        return text
    return value if isinstance(value, str | int | float | bool) else text


def same_value(value: Any, choice: Any) -> bool:
    """Equal and of the same type: `1` is not `true`, `"3"` is not `3` (ints and floats mix)."""
    if isinstance(value, bool) or isinstance(choice, bool):
        return isinstance(value, bool) and isinstance(choice, bool) and value is choice
    if isinstance(value, int | float) and isinstance(choice, int | float):
        return bool(value == choice)
    return type(value) is type(choice) and bool(value == choice)


def show_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def describe_choices(choices: Sequence[Any]) -> str:
    """What an option allows, after its name: `is yes/no: ...`, `takes a number: ...`."""
    if list(choices) == YES_NO:
        return "is a yes/no option: write true or false (or yes, no)"
    words = [show_value(c) for c in choices]
    listed = ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else "".join(words)
    if all(isinstance(c, int | float) and not isinstance(c, bool) for c in choices):
        return f"takes a number: {listed}"
    return f"takes {listed}"


def check_option(
    game_name: str, choices: Mapping[str, Sequence[Any]], name: str, value: Any
) -> tuple[str, Any]:
    """The declared id `name` stands for (typed in any case) and the declared choice `value`
    stands for; raises OptionError naming what is allowed."""
    if name not in choices:
        if not choices:
            raise OptionError(f"{game_name} has no option '{name}': it declares no options")
        name = choose_id(name, choices, "option", OptionError)
    allowed = choices[name]
    for choice in allowed:
        if same_value(value, choice):
            return name, choice
    raise OptionError(f"option '{name}' {describe_choices(allowed)}; not '{show_value(value)}'")


def read_options(
    game_name: str, choices: Mapping[str, Sequence[Any]], texts: Sequence[str]
) -> dict[str, Any]:
    """`--option id=value` texts (repeatable; a later one for the same id wins), typed and
    checked against the declared options."""
    chosen: dict[str, Any] = {}
    for text in texts:
        name, raw = split_option(text)
        if choices:  # typed in any case: `Some-Option` is `some-option`
            name = choose_id(name, choices, "option", OptionError)
        allowed = choices.get(name, ())
        words = [c for c in allowed if isinstance(c, str)]
        spelled = canonical_id(raw, words)  # a word choice in any case: `High` is `high`
        as_written = spelled if spelled in words else None
        name, chosen[name] = check_option(
            game_name, choices, name, as_written if as_written is not None else scalar(raw)
        )
    return chosen
