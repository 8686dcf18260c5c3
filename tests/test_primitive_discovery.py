"""A family finds its primitives by importing every module of its package: the same modules
whether the package is a folder (listed directly) or inside a zip (listed by pkgutil)."""

from __future__ import annotations

import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from toolkit.rules.registry import discover

FILES = {
    "__init__.py": "IMPORTED = []\n",
    "gain.py": "from . import IMPORTED\nIMPORTED.append('gain')\n",
    "lose.py": "from . import IMPORTED\nIMPORTED.append('lose')\n",
    "nested/__init__.py": "from .. import IMPORTED\nIMPORTED.append('nested')\n",
    "notes.txt": "not a module\n",
    "gain.py.orig": "raise SystemExit('an editor backup is no module')\n",
    "folder/readme.md": "a folder without __init__.py is no package\n",
}


@pytest.fixture
def clean_modules() -> Iterator[None]:
    yield
    for name in [name for name in sys.modules if name.startswith("found_")]:
        del sys.modules[name]


def write_package(root: Path, package: str) -> None:
    for name, text in FILES.items():
        path = root / package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


@pytest.mark.usefixtures("clean_modules")
def test_a_folder_packages_modules_and_subpackages_are_imported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_package(tmp_path, "found_on_disk")
    monkeypatch.syspath_prepend(str(tmp_path))
    discover("found_on_disk")
    assert sorted(sys.modules["found_on_disk"].IMPORTED) == ["gain", "lose", "nested"]


@pytest.mark.usefixtures("clean_modules")
def test_a_zipped_packages_modules_are_imported_alike(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_package(tmp_path / "src", "found_in_zip")
    archive = tmp_path / "packages.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        for path in sorted((tmp_path / "src").rglob("*")):
            if path.is_file():
                zipped.write(path, path.relative_to(tmp_path / "src").as_posix())
    monkeypatch.syspath_prepend(str(archive))
    discover("found_in_zip")
    assert sorted(sys.modules["found_in_zip"].IMPORTED) == ["gain", "lose", "nested"]
