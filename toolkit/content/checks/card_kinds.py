"""Declared card kinds are usable: names free, enums closed, references pointing somewhere,
vocabularies naming real fields and holding every value cards use."""

from __future__ import annotations

from toolkit.content.checks.base import GameChecks
from toolkit.content.kinds import KINDS
from toolkit.content.models.card_kinds import REF_TARGETS_BESIDES_KINDS, FieldSpec
from toolkit.content.yaml_loader import Path_
from toolkit.diagnostics import did_you_mean


def check_card_kinds(c: GameChecks) -> None:
    """Declarations are usable: names free, enums closed, references pointing somewhere."""
    reserved = {*KINDS, "deck"}
    for kind, declaration in c.game.card_kinds.items():
        path: Path_ = ("card_kinds", kind)
        if kind in reserved:
            c.error(
                c.manifest,
                path,
                "invalid-value",
                f"'{kind}' is a name the toolkit uses itself",
                "give the card kind another name",
                key=True,
            )
        for name, spec in declaration.fields.items():
            check_field_spec(c, kind, (*path, "fields", name), name, spec)


def check_field_spec(c: GameChecks, kind: str, path: Path_, name: str, spec: FieldSpec) -> None:
    if spec.type == "enum" and not spec.choices and c.vocabulary(kind, name) is None:
        c.error(
            c.manifest,
            (*path, "type"),
            "missing-key",
            f"enum field '{name}' of '{kind}' has no values",
            f"give it 'choices: [...]' or add a vocabulary for kind '{kind}', field '{name}'",
        )
    if spec.type == "ref" and spec.of is not None:
        targets = [*c.game.card_kinds, *REF_TARGETS_BESIDES_KINDS]
        if c.known(c.manifest, (*path, "of"), spec.of, targets, "card kind"):
            check_ref_values(c, kind, name, spec)
    for part in ("items", "keys", "values"):
        inner = getattr(spec, part)
        if inner is not None:
            check_field_spec(c, kind, (*path, part), name, inner)
    for sub, sub_spec in (spec.fields or {}).items():
        check_field_spec(c, kind, (*path, "fields", sub), sub, sub_spec)


def check_ref_values(c: GameChecks, kind: str, name: str, spec: FieldSpec) -> None:
    """Ids a card's field names (directly, in a list, or as map keys) exist."""
    loaded = c.content.files.get(kind)
    top = c.game.card_kinds[kind].fields.get(name)
    if loaded is None or top is None or top.type == "sides":
        return
    target = spec.of or ""
    if target in c.game.card_kinds and not c.loaded(target):
        return
    known = c.ref_ids(target)
    for path, card in c.items(kind):
        value = getattr(card, name)
        if top.type == "ref":
            named = [((*path, name), value)] if value is not None else []
        elif top.type == "list":
            named = [((*path, name, i), v) for i, v in enumerate(value)]
        elif top.type == "map" and top.keys is spec:
            named = [((*path, name, key), key) for key in value]
        else:
            continue
        for at, card_id in named:
            c.known(loaded, at, str(card_id), known, target.rstrip("s") or "id")


def check_vocabularies(c: GameChecks) -> None:
    for index, vocab in enumerate(c.game.vocabularies):
        path = ("vocabularies", index)
        if vocab.kind not in c.game.card_kinds:
            c.error(
                c.manifest,
                (*path, "kind"),
                "unknown-reference",
                f"vocabulary for '{vocab.kind}', which 'card_kinds' does not declare",
                did_you_mean(vocab.kind, c.game.card_kinds),
            )
            continue
        if not c.known(
            c.manifest,
            (*path, "field"),
            vocab.field,
            c.fields_of(vocab.kind),
            f"field of {vocab.kind}",
        ):
            continue
        allowed = [v.id for v in vocab.values]
        loaded = c.content.files.get(vocab.kind)
        if loaded is None:
            continue
        for item_path, item in c.items(vocab.kind):
            value = getattr(item, vocab.field)
            if value is not None and value not in allowed:
                c.error(
                    loaded,
                    (*item_path, vocab.field),
                    "unknown-reference",
                    f"unknown {vocab.field} '{value}'",
                    did_you_mean(value, allowed),
                )
