"""What every topic checker of a game reads and reports through: the game's content, its
lists of ids, fields and values, and the checks many topics share (references, measures,
filters, unique ids).

The checks run on what passed its schema (of a card file whose cards failed in part, the
cards that passed) and report everything they find with the position of the value at fault,
a stable code and, where a name was misspelt, a suggestion.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from toolkit.content.models.manifest import CardsDeck, Game, SuitedDeck
from toolkit.content.primitive_checks import PrimitiveChecks, UnknownIds
from toolkit.content.project import GameContent, LoadedFile
from toolkit.content.unique_ids import duplicate_card_ids, duplicates
from toolkit.content.yaml_loader import Path_
from toolkit.diagnostics import Diagnostic, did_you_mean
from toolkit.mechanics.registry import mechanic_kit
from toolkit.rules.conditions import Condition
from toolkit.rules.effects.acquire import Acquire
from toolkit.rules.measures.computed import check_computed
from toolkit.rules.primitive import walk, walk_one
from toolkit.rules.setup.give_resource import GiveResource
from toolkit.schema.filters import CardFilter, Measure, value_matches

SUITED_DECK_FIELDS = {"id", "rank", "suit"}
GRID_ONLY_FIELDS = {"face_up"}


class GameChecks:
    """One game's checking: its content, the diagnostics found so far, and shared queries."""

    def __init__(self, content: GameContent | None) -> None:
        self.c = content
        self.out: list[Diagnostic] = []

    def error(
        self,
        where: LoadedFile,
        path: Path_,
        code: str,
        message: str,
        hint: str = "",
        *,
        key: bool = False,
    ) -> None:
        self.out.append(where.diag(path, code, message, hint, key=key))

    def warning(
        self, where: LoadedFile, path: Path_, code: str, message: str, hint: str = ""
    ) -> None:
        """A finding that does not fail `validate` (unless `--strict`): printed like an error."""
        self.out.append(where.diag(path, code, message, hint, severity="warning"))

    @property
    def content(self) -> GameContent:
        assert self.c is not None
        return self.c

    @property
    def game(self) -> Game:
        return self.content.game

    @property
    def manifest(self) -> LoadedFile:
        return self.content.manifest

    def items(self, kind: str) -> list[tuple[Path_, Any]]:
        """The cards of a kind that passed their schema, for checks on each card."""
        loaded = self.content.files.get(kind)
        return loaded.cards() if loaded is not None else []

    def loaded(self, kind: str) -> bool:
        """Whether every card of a listed kind loaded; checks over all of them (counts,
        references to their ids) are skipped when some failed, as they would mislead."""
        loaded = self.content.files.get(kind)
        return loaded is not None and loaded.kept is None

    def ids(self, kind: str) -> list[str]:
        """Every id of a kind; `UnknownIds` when some of its cards failed their schema (or
        its file did), which `known` accepts any id against."""
        if not self.loaded(kind):
            return UnknownIds()
        return [item.id for _, item in self.items(kind)]

    def deck_kind(self) -> str | None:
        deck = self.game.deck
        return deck.pool if isinstance(deck, CardsDeck) else deck.suits

    def fields_of(self, kind: str) -> set[str]:
        if kind == "deck":
            deck = self.game.deck
            if isinstance(deck, SuitedDeck):
                return set(SUITED_DECK_FIELDS)
            kind = deck.pool
        return set(self.content.field_types(kind))

    def zone_kind(self, zone_id: str) -> str | None:
        for zone in self.game.zones:
            if zone.id == zone_id:
                return zone.cards
        return None

    def zone_fields(self, zone_id: str) -> set[str]:
        zone = next((z for z in self.game.zones if z.id == zone_id), None)
        if zone is None:
            return set()
        fields = self.fields_of(zone.cards)
        return fields | GRID_ONLY_FIELDS if zone.layout == "grid" else fields

    def known(
        self, where: LoadedFile, path: Path_, value: str, choices: Iterable[str], what: str
    ) -> bool:
        if isinstance(choices, UnknownIds):
            return True
        options = list(choices)
        if value in options:
            return True
        self.error(
            where,
            path,
            "unknown-reference",
            f"unknown {what} '{value}'",
            did_you_mean(value, options),
        )
        return False

    def vocabulary(self, kind: str, field: str) -> list[str] | None:
        for vocab in self.game.vocabularies:
            if vocab.kind == kind and vocab.field == field:
                return [v.id for v in vocab.values]
        return None

    def slot_kinds(self, slot: str) -> list[str]:
        """The card kinds setup puts into a table slot."""
        return [
            s.pool for s in self.game.setup if getattr(s, "to", None) == slot and hasattr(s, "pool")
        ]

    def card_fields_of_type(self, field_type: str) -> Iterator[tuple[LoadedFile, Path_, Any]]:
        """Every card field (and side field) of a type, with where it is: effects, scoring."""
        for kind in self.content.card_kinds():
            loaded = self.content.files[kind]
            declaration = self.game.card_kinds[kind]
            for name, spec in declaration.fields.items():
                inner = {
                    sub: sub_spec
                    for sub, sub_spec in (spec.fields or {}).items()
                    if sub_spec.type == field_type
                }
                for path, card in self.items(kind):
                    value = getattr(card, name)
                    if spec.type == field_type:
                        yield loaded, (*path, name), value
                    for s_index, side in enumerate(value if spec.type == "sides" else []):
                        for sub in inner:
                            yield loaded, (*path, name, s_index, sub), getattr(side, sub)

    def unique_ids(self, loaded: LoadedFile) -> None:
        """Card ids, and the side ids of each double-sided card, are unique."""
        self.out.extend(duplicate_card_ids(loaded))

    def unique(
        self, where: LoadedFile, key: str | Path_, values: Sequence[Any], suffix: Path_
    ) -> None:
        """Each value (found at `key`'s item + `suffix`) is used once."""
        base: Path_ = (key,) if isinstance(key, str) else key
        entries = [((*base, i), value) for i, value in enumerate(values)]
        self.out.extend(duplicates(where, entries, suffix))

    def ref_ids(self, target: str) -> list[str]:
        game = self.game
        lists = {
            "tracks": self.track_ids(),
            "resources": self.resource_ids(),
            "zones": self.zone_ids(),
            "slots": list(game.slots),
        }
        return lists[target] if target in lists else self.ids(target)

    def resource_ids(self) -> list[str]:
        return [r.id for r in self.game.resources]

    def track_ids(self) -> list[str]:
        return [t.id for t in self.game.tracks]

    def zone_ids(self, owner: str | None = None) -> list[str]:
        return [z.id for z in self.game.zones if owner is None or z.owner == owner]

    def effect_sites(self) -> Iterator[tuple[LoadedFile, Path_, list[Any]]]:
        game = self.game
        for path, effects, _ in mechanic_kit(game.structure.mechanic).effect_sites(game.structure):
            yield self.manifest, path, effects
        for t_index, track in enumerate(game.tracks):
            for m_index, milestone in enumerate(track.milestones):
                yield (
                    self.manifest,
                    ("tracks", t_index, "milestones", m_index, "at_game_end"),
                    milestone.at_game_end,
                )
        yield from self.card_fields_of_type("effects")

    def check_requirements(self, kind: str, field: str) -> None:
        """A card needing a track position beyond the track's end can never be taken."""
        loaded = self.content.files.get(kind)
        if loaded is None:
            return
        tracks = {t.id: t for t in self.game.tracks}
        for path, card in self.items(kind):
            for track_id, needed in (getattr(card, field) or {}).items():
                track = tracks.get(track_id)
                if track is not None and needed > track.max:
                    self.error(
                        loaded,
                        (*path, field, track_id),
                        "infeasible-setup",
                        f"'{card.id}' needs {track_id} {needed}; the track ends at {track.max}",
                        "nobody could ever take it",
                    )

    def check_condition(self, where: LoadedFile, path: Path_, condition: Condition) -> None:
        context = PrimitiveChecks(self, where)
        for at, primitive in walk_one(condition, path):
            primitive.check_semantics(context, at)

    def check_measure(self, where: LoadedFile, path: Path_, measure: Measure) -> None:
        if measure.team and not self.game.partnerships:
            self.error(
                where,
                (*path, "team"),
                "invalid-value",
                "'team: true' sums a partnership's value, and the game declares no partnerships",
                "declare the teams (partnerships: {4: [[1, 3], [2, 4]]}), or remove 'team'",
            )
        computed, key = measure.computed, measure.computed_key
        if computed is not None and key is not None:
            check_computed(PrimitiveChecks(self, where), (*path, key), computed)
        elif measure.count is not None:
            if (
                self.known(where, (*path, "count"), measure.count, self.zone_ids(), "zone")
                and measure.where is not None
            ):
                kind = self.zone_kind(measure.count) or ""
                grid = measure.count in self.grid_zones()
                self.check_filter(where, (*path, "where"), measure.where, kind, grid=grid)
        elif measure.resource is not None:
            self.known(
                where, (*path, "resource"), measure.resource, self.resource_ids(), "resource"
            )
        elif measure.track is not None:
            self.known(where, (*path, "track"), measure.track, self.track_ids(), "track")
        elif measure.score and not self.game.round_scoring:
            self.error(
                where,
                (*path, "score"),
                "invalid-value",
                "'score' counts the points banked by 'round_scoring', and the game has none",
                "add 'round_scoring' to the manifest, or measure something else",
            )

    def grid_zones(self) -> set[str]:
        return {z.id for z in self.game.zones if z.layout == "grid"}

    def check_filter(
        self, where: LoadedFile, path: Path_, card_filter: CardFilter, kind: str, *, grid: bool
    ) -> None:
        """A `where:` on cards of `kind` (`deck`: the deck's cards, which for a suited deck
        are only id, suit and rank): each field exists (an error with did-you-mean), each
        closed value is known (an error), and some card has each value (else a warning:
        the filter never matches)."""
        fields = self.fields_of(kind) | (GRID_ONLY_FIELDS if grid else set())
        for name, wanted in card_filter.items():
            if name not in fields:
                self.error(
                    where,
                    (*path, name),
                    "unknown-reference",
                    f"the {self.cards_named(kind)} cards have no field '{name}'",
                    did_you_mean(name, fields),
                    key=True,
                )
                continue
            allowed = self.card_vocabulary(kind, name)
            values = wanted if isinstance(wanted, list) else [wanted]
            held = None if name in GRID_ONLY_FIELDS else self.field_values(kind, name)
            for index, value in enumerate(values):
                at = (*path, name, index) if isinstance(wanted, list) else (*path, name)
                if allowed is not None and isinstance(value, str) and value not in allowed:
                    self.error(
                        where,
                        at,
                        "unknown-reference",
                        f"unknown {name} '{value}'",
                        did_you_mean(value, allowed),
                    )
                elif held is not None and not any(value_matches(v, value) for v in held):
                    shown = describe_filter({name: value})
                    self.warning(
                        where,
                        at,
                        "never-matches",
                        f"no {self.cards_named(kind)} card has {shown}: this filter never matches",
                        values_hint(name, held),
                    )

    def cards_named(self, kind: str) -> str:
        """The cards of a kind as a message names them (`deck` by what the deck is)."""
        if kind == "deck":
            deck = self.game.deck
            return "suited deck" if isinstance(deck, SuitedDeck) else deck.pool
        return kind

    def field_values(self, kind: str, name: str) -> list[Any] | None:
        """Every value the field takes on the cards of a kind (None when the cards did not
        load, or the field is one no card list holds)."""
        deck = self.game.deck
        if kind == "deck" and isinstance(deck, SuitedDeck):
            if name == "rank":
                return [r.rank for r in deck.ranks]
            if not self.loaded(deck.suits):
                return None
            suits = self.ids(deck.suits)
            if name == "suit":
                return suits
            return [f"{s}-{r.label}" for s in suits for r in deck.ranks]
        if isinstance(deck, CardsDeck) and kind == "deck":
            kind = deck.pool
        if not self.loaded(kind) or name not in self.content.field_types(kind):
            return None
        return [getattr(card, name, None) for _, card in self.items(kind)]

    def deck_size(self) -> int:
        deck = self.game.deck
        if isinstance(deck, SuitedDeck):
            return len(deck.ranks) * len(self.ids(deck.suits))
        return len(self.ids(deck.pool))

    def all_cards_loaded(self) -> bool:
        """Whether every declared card kind loaded (checks over all effects need them all)."""
        return all(self.loaded(kind) for kind in self.game.card_kinds)

    def most_held(self, resource_id: str) -> int | None:
        """The most of a resource one player can ever hold: the supply's total, and only what
        setup gives when nothing in play gives any (None: no bound)."""
        resource = next((r for r in self.game.resources if r.id == resource_id), None)
        if resource is None or not self.all_cards_loaded():
            return None  # effects on cards that did not load might give some
        bound = sum(d.value * d.count for d in resource.supply) if resource.supply else None
        gained = any(
            resource_id in primitive.gains()
            for _, path, effects in self.effect_sites()
            for _, primitive in walk(effects, path)
        )
        if not gained:
            start = sum(
                step.amount
                for step in self.game.setup
                if isinstance(step, GiveResource) and step.resource == resource_id
            )
            bound = start if bound is None else min(bound, start)
        return bound

    def decision_kinds(self) -> dict[str, str]:
        """The decisions this game asks players to make about cards, to the kind of the cards."""
        structure = self.game.structure
        kinds = dict.fromkeys(mechanic_kit(structure.mechanic).decisions_of(structure), "deck")
        for _, path, effects in self.effect_sites():
            for _, effect in walk(effects, path):
                if isinstance(effect, Acquire):
                    source = self.zone_kind(effect.source)
                    if source is not None:
                        kinds["acquire"] = source
        return kinds

    def numeric_fields(self, kind: str) -> set[str]:
        if kind == "deck":
            deck = self.game.deck
            if isinstance(deck, SuitedDeck):
                return {"rank"}
            kind = deck.pool
        return {name for name, type_ in self.content.field_types(kind).items() if type_ == "int"}

    def card_vocabulary(self, kind: str, field: str) -> list[str] | None:
        """The values a card field may take, where the game closes the list."""
        if kind == "deck":
            deck = self.game.deck
            if isinstance(deck, SuitedDeck):
                suits = deck.suits
                return self.ids(suits) if field == "suit" and self.loaded(suits) else None
            kind = deck.pool
        return self.vocabulary(kind, field)


def describe_filter(card_filter: dict[str, Any]) -> str:
    from toolkit.schema.filters import FieldTest

    parts = []
    for name, wanted in card_filter.items():
        if isinstance(wanted, FieldTest):
            tests = [
                f"{name} >= {wanted.at_least}" if wanted.at_least is not None else "",
                f"{name} <= {wanted.at_most}" if wanted.at_most is not None else "",
                f"{name} {wanted.parity}" if wanted.parity else "",
            ]
            parts.append(" and ".join(t for t in tests if t))
        elif isinstance(wanted, list):
            parts.append(f"{name} in {', '.join(map(str, wanted))}")
        else:
            parts.append(f"{name} = {str(wanted).lower() if isinstance(wanted, bool) else wanted}")
    return ", ".join(parts) or "anything"


def values_hint(name: str, held: list[Any]) -> str:
    """The values cards have for a field (numbers in order), for a filter that never matches."""
    flat: list[Any] = []
    for value in held:
        flat.extend(value if isinstance(value, list | tuple) else [value])
    numbers = sorted({v for v in flat if isinstance(v, int | float) and not isinstance(v, bool)})
    words = sorted(
        {
            str(v).lower() if isinstance(v, bool) else str(v)
            for v in flat
            if v is not None and (isinstance(v, bool) or not isinstance(v, int | float))
        }
    )
    shown = [str(v) for v in numbers] + words
    if not shown:
        return f"no card sets '{name}'"
    listed = ", ".join(shown[:16]) + (" ..." if len(shown) > 16 else "")
    return f"the cards' {name} values: {listed}"
