"""Find a game's manifest from what a user typed: a game id or a path."""

from __future__ import annotations

from pathlib import Path

from toolkit.diagnostics import did_you_mean
from toolkit.errors import UsageError, choose_id

MANIFEST_SUFFIXES = (".yaml", ".yml")


def game_ids(project: Path) -> list[str]:
    rules = project / "rules"
    if not rules.is_dir():
        return []
    return sorted(p.stem for p in rules.iterdir() if p.suffix in MANIFEST_SUFFIXES)


def resolve_path_or_game(argument: str | Path, project: Path | None = None) -> Path:
    """An existing path as is; otherwise a game id looked up as `rules/<id>.yaml`."""
    path = Path(argument)
    try:
        if path.exists():
            return path
        project = project or Path.cwd()
        ids, word = game_ids(project), str(argument)
        # `My-Game` is `my-game`; two ids differing only in case are both named
        same = any(known.casefold() == word.casefold() for known in ids)
        name = choose_id(word, ids, "game") if same else word
        for suffix in MANIFEST_SUFFIXES:
            candidate = project / "rules" / f"{name}{suffix}"
            if candidate.is_file():
                return candidate
    except (OSError, ValueError) as error:
        raise UsageError(f"cannot use '{str(argument)[:80]}...': {error}") from None
    project = project or Path.cwd()
    hint = did_you_mean(str(argument), game_ids(project))
    raise UsageError(f"no such file, folder or game: '{argument}'" + (f" ({hint})" if hint else ""))
