"""Attribute docstrings of the content models, read from their source for the JSON Schemas.

Fields are documented by a docstring under them. Reading those at class creation costs every
command tens of milliseconds, so they are read here, only when schemas are generated.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from functools import cache

from pydantic import BaseModel


@cache
def _own_docstrings(cls: type) -> dict[str, str]:
    try:
        source = textwrap.dedent(inspect.getsource(cls))
    except (OSError, TypeError):
        return {}
    body = ast.parse(source).body[0]
    assert isinstance(body, ast.ClassDef)
    docs: dict[str, str] = {}
    for node, following in zip(body.body, body.body[1:], strict=False):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        ):
            docs[node.target.id] = inspect.cleandoc(following.value.value)
    return docs


def attribute_docstrings(cls: type[BaseModel]) -> dict[str, str]:
    """Field name to its docstring, inherited ones included (the nearest class wins)."""
    docs: dict[str, str] = {}
    for base in reversed(cls.__mro__):
        if isinstance(base, type) and issubclass(base, BaseModel) and base is not BaseModel:
            docs.update(_own_docstrings(base))
    return docs


def all_models(root: type[BaseModel]) -> dict[str, type[BaseModel]]:
    """Every subclass of `root`, by class name (the names JSON Schema `$defs` use)."""
    found: dict[str, type[BaseModel]] = {}
    stack = [root]
    while stack:
        cls = stack.pop()
        for sub in cls.__subclasses__():
            found.setdefault(sub.__name__, sub)
            stack.append(sub)
    return found
