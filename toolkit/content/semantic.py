"""Checks that need the whole game: references, uniqueness, feasibility, composition.

They run on what passed its schema (of a card file whose cards failed in part, the cards that
passed), and report everything they find with the position of the value at fault, a stable
code and, where a name was misspelt, a suggestion.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from pydantic import BaseModel

from toolkit.content.kind_models import CARD_LIST_KEY
from toolkit.content.kinds import KINDS
from toolkit.content.models.card_kinds import REF_TARGETS_BESIDES_KINDS, FieldSpec
from toolkit.content.models.manifest import CardsDeck, Game, SuitedDeck
from toolkit.content.models.strategies import (
    BidNear,
    CardPreference,
    FaceDown,
    FaceUp,
    FewestHeld,
    HighestField,
    LosesTrick,
    LowestField,
    MostHeld,
    MostPoints,
    PreferenceBase,
    StrategiesFile,
    WinsTrick,
)
from toolkit.content.primitive_checks import PrimitiveChecks, UnknownIds
from toolkit.content.project import GameContent, LoadedFile
from toolkit.content.structure_checks import StructureChecker
from toolkit.content.yaml_loader import Path_
from toolkit.diagnostics import Diagnostic, did_you_mean, plural
from toolkit.mechanics.registry import effect_owner, mechanic_kit
from toolkit.rules.conditions import Condition
from toolkit.rules.effects import Acquire
from toolkit.rules.effects.base import EffectModel
from toolkit.rules.primitive import walk, walk_one
from toolkit.rules.scoring import ScoringRule
from toolkit.rules.setup import Deal, GiveResource, RemoveCards
from toolkit.schema.amounts import amount_at
from toolkit.schema.filters import CardFilter, Measure, card_matches, value_matches

SUITED_DECK_FIELDS = {"id", "rank", "suit"}
GRID_ONLY_FIELDS = {"face_up"}


def check_game(content: GameContent) -> list[Diagnostic]:
    return _Checker(content).run()


def check_standalone(loaded: LoadedFile) -> list[Diagnostic]:
    """Checks a content file can pass on its own: unique ids within it."""
    checker = _Checker(None)
    if hasattr(loaded.model, CARD_LIST_KEY):
        checker.unique_ids(loaded)
    return checker.out


class _Checker:
    def __init__(self, content: GameContent | None) -> None:
        self.c = content
        self.out: list[Diagnostic] = []

    # -- helpers --------------------------------------------------------------------

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

    # -- the checks -------------------------------------------------------------------

    def run(self) -> list[Diagnostic]:
        self.check_identity()
        self.check_manifest_ids()
        for kind in self.content.card_kinds():
            self.unique_ids(self.content.files[kind])
        self.check_card_kinds()
        self.check_vocabularies()
        self.check_zones()
        self.check_deck()
        self.check_tracks()
        self.check_effects_everywhere()
        self.check_setup()
        self.check_structure()
        self.check_scoring_everywhere()
        self.check_ending()
        self.check_strategies()
        self.check_zones_filled()
        return self.out

    def check_identity(self) -> None:
        stem = self.manifest.path.stem
        if self.game.id != stem:
            self.error(
                self.manifest,
                ("id",),
                "game-id-mismatch",
                f"game id '{self.game.id}' differs from the file name '{stem}'",
                f"rename the file to '{self.game.id}.yaml' or set 'id: {stem}'",
            )

    def check_manifest_ids(self) -> None:
        game = self.game
        for key, values in (
            ("zones", [z.id for z in game.zones]),
            ("tracks", [t.id for t in game.tracks]),
            ("resources", [r.id for r in game.resources]),
            ("options", [o.id for o in game.options]),
        ):
            self._unique(self.manifest, key, values, ("id",))
        self._unique(self.manifest, "slots", game.slots, ())
        for index, vocab in enumerate(game.vocabularies):
            self._unique(
                self.manifest,
                ("vocabularies", index, "values"),
                [v.id for v in vocab.values],
                ("id",),
            )
        if isinstance(game.deck, SuitedDeck):
            self._unique(
                self.manifest, ("deck", "ranks"), [r.rank for r in game.deck.ranks], ("rank",)
            )

    def unique_ids(self, loaded: LoadedFile) -> None:
        """Card ids, and the side ids of each double-sided card, are unique."""
        cards = loaded.cards()
        self._unique_at(loaded, [(path, item.id) for path, item in cards], ("id",))
        for path, item in cards:
            for name, value in item:
                if isinstance(value, list) and value and all(_is_side(v) for v in value):
                    self._unique(loaded, (*path, name), [v.id for v in value], ("id",))

    def _unique(
        self, where: LoadedFile, key: str | Path_, values: Sequence[Any], suffix: Path_
    ) -> None:
        base: Path_ = (key,) if isinstance(key, str) else key
        self._unique_at(where, [((*base, i), value) for i, value in enumerate(values)], suffix)

    def _unique_at(
        self, where: LoadedFile, entries: Sequence[tuple[Path_, Any]], suffix: Path_
    ) -> None:
        """Each entry's value (found at its path + `suffix`) is used once."""
        first: dict[Any, Path_] = {}
        for path, value in entries:
            if value in first:
                line = where.document.position((*first[value], *suffix)).line
                self.error(
                    where,
                    (*path, *suffix),
                    "duplicate-id",
                    f"'{value}' is used twice (first at line {line})",
                    "every entry needs its own id",
                )
            else:
                first[value] = path

    def check_card_kinds(self) -> None:
        """Declarations are usable: names free, enums closed, references pointing somewhere."""
        reserved = {*KINDS, "deck"}
        for kind, declaration in self.game.card_kinds.items():
            path: Path_ = ("card_kinds", kind)
            if kind in reserved:
                self.error(
                    self.manifest,
                    path,
                    "invalid-value",
                    f"'{kind}' is a name the toolkit uses itself",
                    "give the card kind another name",
                    key=True,
                )
            for name, spec in declaration.fields.items():
                self.check_field_spec(kind, (*path, "fields", name), name, spec)

    def check_field_spec(self, kind: str, path: Path_, name: str, spec: FieldSpec) -> None:
        if spec.type == "enum" and not spec.choices and self.vocabulary(kind, name) is None:
            self.error(
                self.manifest,
                (*path, "type"),
                "missing-key",
                f"enum field '{name}' of '{kind}' has no values",
                f"give it 'choices: [...]' or add a vocabulary for kind '{kind}', field '{name}'",
            )
        if spec.type == "ref" and spec.of is not None:
            targets = [*self.game.card_kinds, *REF_TARGETS_BESIDES_KINDS]
            if self.known(self.manifest, (*path, "of"), spec.of, targets, "card kind"):
                self.check_ref_values(kind, name, spec)
        for part in ("items", "keys", "values"):
            inner = getattr(spec, part)
            if inner is not None:
                self.check_field_spec(kind, (*path, part), name, inner)
        for sub, sub_spec in (spec.fields or {}).items():
            self.check_field_spec(kind, (*path, "fields", sub), sub, sub_spec)

    def ref_ids(self, target: str) -> list[str]:
        game = self.game
        lists = {
            "tracks": self.track_ids(),
            "resources": self.resource_ids(),
            "zones": self.zone_ids(),
            "slots": list(game.slots),
        }
        return lists[target] if target in lists else self.ids(target)

    def check_ref_values(self, kind: str, name: str, spec: FieldSpec) -> None:
        """Ids a card's field names (directly, in a list, or as map keys) exist."""
        loaded = self.content.files.get(kind)
        top = self.game.card_kinds[kind].fields.get(name)
        if loaded is None or top is None or top.type == "sides":
            return
        target = spec.of or ""
        if target in self.game.card_kinds and not self.loaded(target):
            return
        known = self.ref_ids(target)
        for path, card in self.items(kind):
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
                self.known(loaded, at, str(card_id), known, target.rstrip("s") or "id")

    def check_vocabularies(self) -> None:
        for index, vocab in enumerate(self.game.vocabularies):
            path = ("vocabularies", index)
            if vocab.kind not in self.game.card_kinds:
                self.error(
                    self.manifest,
                    (*path, "kind"),
                    "unknown-reference",
                    f"vocabulary for '{vocab.kind}', which 'card_kinds' does not declare",
                    did_you_mean(vocab.kind, self.game.card_kinds),
                )
                continue
            if not self.known(
                self.manifest,
                (*path, "field"),
                vocab.field,
                self.fields_of(vocab.kind),
                f"field of {vocab.kind}",
            ):
                continue
            allowed = [v.id for v in vocab.values]
            loaded = self.content.files.get(vocab.kind)
            if loaded is None:
                continue
            for item_path, item in self.items(vocab.kind):
                value = getattr(item, vocab.field)
                if value is not None and value not in allowed:
                    self.error(
                        loaded,
                        (*item_path, vocab.field),
                        "unknown-reference",
                        f"unknown {vocab.field} '{value}'",
                        did_you_mean(value, allowed),
                    )

    def check_zones(self) -> None:
        for index, zone in enumerate(self.game.zones):
            if zone.cards != "deck" and zone.cards not in self.game.card_kinds:
                self.error(
                    self.manifest,
                    ("zones", index, "cards"),
                    "unknown-reference",
                    f"zone '{zone.id}' holds '{zone.cards}', which 'card_kinds' does not declare",
                    did_you_mean(zone.cards, [*self.game.card_kinds, "deck"]),
                )

    def check_deck(self) -> None:
        deck = self.game.deck
        if isinstance(deck, SuitedDeck):
            if deck.suits not in self.game.card_kinds:
                self.error(
                    self.manifest,
                    ("deck", "suits"),
                    "unknown-reference",
                    f"a suited deck takes its suits from card kind '{deck.suits}', which "
                    "'card_kinds' does not declare",
                    did_you_mean(deck.suits, self.game.card_kinds)
                    or f"declare '{deck.suits}' under 'card_kinds'",
                )
            return
        if deck.pool not in self.game.card_kinds:
            self.error(
                self.manifest,
                ("deck", "pool"),
                "unknown-reference",
                f"deck pool '{deck.pool}' is not declared under 'card_kinds'",
                did_you_mean(deck.pool, self.game.card_kinds),
            )
            return
        fields = self.fields_of(deck.pool)
        if deck.group_by is not None:
            self.known(self.manifest, ("deck", "group_by"), deck.group_by, fields, "card field")
        for index, name in enumerate(deck.unique):
            self.known(self.manifest, ("deck", "unique", index), name, fields, "card field")
        for index, rule in enumerate(deck.composition):
            self.check_filter(
                self.manifest,
                ("deck", "composition", index, "where"),
                rule.where,
                deck.pool,
                grid=False,
            )
        if deck.group_by is not None:
            self.check_composition(deck)

    def check_composition(self, deck: CardsDeck) -> None:
        loaded = self.content.files.get(deck.pool)
        if loaded is None or not self.loaded(deck.pool) or deck.group_by is None:
            return
        groups: dict[Any, list[tuple[Path_, Any]]] = {}
        known_values = self.vocabulary(deck.pool, deck.group_by)
        for path, item in self.items(deck.pool):
            value = getattr(item, deck.group_by, None)
            if known_values is None or value in known_values:  # unknown ones are reported
                groups.setdefault(value, []).append((path, item))
        for group, members in groups.items():
            for index, rule in enumerate(deck.composition):
                found = sum(card_matches(item, rule.where) for _, item in members)
                if found != rule.count:
                    self.error(
                        loaded,
                        (*members[0][0], deck.group_by),
                        "composition",
                        f"{deck.group_by} '{group}' has {plural(found, 'card')} with "
                        f"{_describe_filter(rule.where)}; the rules say {rule.count}",
                        f"see 'deck.composition' rule {index + 1} of the manifest",
                    )
            for name in deck.unique:
                seen: dict[Any, Path_] = {}
                for path, item in members:
                    value = getattr(item, name)
                    if value is None:  # a card without the optional field (a wager)
                        continue
                    if value in seen:
                        line = loaded.document.position(seen[value]).line
                        self.error(
                            loaded,
                            (*path, name),
                            "duplicate-value",
                            f"{deck.group_by} '{group}' has {name} {value} twice "
                            f"(also at line {line})",
                            f"each {name} appears once per {deck.group_by}",
                        )
                    seen[value] = (*path, name)

    def check_tracks(self) -> None:
        for index, track in enumerate(self.game.tracks):
            path = ("tracks", index)
            if track.min >= track.max:
                self.error(
                    self.manifest,
                    (*path, "max"),
                    "invalid-range",
                    f"track '{track.id}' runs from {track.min} to {track.max}",
                    "'max' must be above 'min'",
                )
                continue
            if not track.min <= track.start <= track.max:
                self.error(
                    self.manifest,
                    (*path, "start"),
                    "out-of-range",
                    f"start {track.start} lies outside {track.min}..{track.max}",
                )
            seen: set[int] = set()
            for m_index, milestone in enumerate(track.milestones):
                m_path = (*path, "milestones", m_index, "at")
                if not track.min <= milestone.at <= track.max:
                    self.error(
                        self.manifest,
                        m_path,
                        "milestone-out-of-range",
                        f"milestone at {milestone.at} lies outside track '{track.id}' "
                        f"({track.min}..{track.max})",
                        f"move it inside {track.min}..{track.max} or extend the track",
                    )
                if milestone.at in seen:
                    self.error(
                        self.manifest,
                        m_path,
                        "duplicate-id",
                        f"two milestones at {milestone.at} on track '{track.id}'",
                        "merge them into one milestone",
                    )
                seen.add(milestone.at)
                for d_index, modifier in enumerate(milestone.modifiers):
                    self.known(
                        self.manifest,
                        (*path, "milestones", m_index, "modifiers", d_index, "resource"),
                        modifier.resource,
                        self.resource_ids(),
                        "resource",
                    )

    def resource_ids(self) -> list[str]:
        return [r.id for r in self.game.resources]

    def track_ids(self) -> list[str]:
        return [t.id for t in self.game.tracks]

    def zone_ids(self, owner: str | None = None) -> list[str]:
        return [z.id for z in self.game.zones if owner is None or z.owner == owner]

    # -- effects --------------------------------------------------------------------------

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

    def check_effects_everywhere(self) -> None:
        structure = self.game.structure
        unattended_sites = {
            path
            for path, _, unattended in mechanic_kit(structure.mechanic).effect_sites(structure)
            if unattended
        }
        for where, path, effects in self.effect_sites():
            unattended = path in unattended_sites or "at_game_end" in path
            context = PrimitiveChecks(self, where)
            for effect_path, effect in walk(effects, path):
                effect.check_semantics(context, effect_path)
                if not isinstance(effect, EffectModel):
                    continue  # a condition inside an `if`
                self.check_effect(where, effect_path, effect)
                if unattended and effect.interactive:
                    self.error(
                        where,
                        (*effect_path, "effect"),
                        "invalid-value",
                        f"'{effect.effect}' asks a player to choose, which cleanup and "
                        "game-end effects cannot do",
                        "move the choice into a card's action",
                    )
        for index, target in enumerate(self.game.targets):
            if target.zone is not None:
                self.known(
                    self.manifest,
                    ("targets", index, "zone"),
                    target.zone,
                    self.zone_ids("shared"),
                    "shared zone",
                )
            if (
                target.at_least is not None
                and target.at_most is not None
                and target.at_least > target.at_most
            ):
                self.error(
                    self.manifest,
                    ("targets", index),
                    "invalid-range",
                    f"'at_least' ({target.at_least}) is above 'at_most' ({target.at_most})",
                )
            players = self.game.players
            for p_index, count in enumerate(target.players or []):
                if not players.min <= count <= players.max:
                    self.error(
                        self.manifest,
                        ("targets", index, "players", p_index),
                        "out-of-range",
                        f"the game is for {players.min}-{players.max} players, not {count}",
                    )
        for index, weight in enumerate(self.game.bots.greedy.weights):
            self.check_measure(
                self.manifest, ("bots", "greedy", "weights", index, "measure"), weight.measure
            )

    def check_effect(self, where: LoadedFile, path: Path_, effect: EffectModel) -> None:
        """What every effect shares: the mechanic it belongs to, its deck-field parameters."""
        owner = effect_owner(type(effect))
        if owner is not None and owner != self.game.structure.mechanic:
            self.error(
                where,
                (*path, "effect"),
                "invalid-value",
                f"'{effect.effect}' works only in games with 'mechanic: {owner}'",
                f"use it on cards of a '{owner}' game",
            )
        for name in effect.deck_fields:
            self.known(
                where, (*path, name), getattr(effect, name), self.fields_of("deck"), "card field"
            )

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
        if measure.count is not None:
            if (
                self.known(
                    where, (*path, "count"), measure.count, self.zone_ids("player"), "player zone"
                )
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
                    shown = _describe_filter({name: value})
                    self.warning(
                        where,
                        at,
                        "never-matches",
                        f"no {self.cards_named(kind)} card has {shown}: this filter never matches",
                        _values_hint(name, held),
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

    # -- setup and structure --------------------------------------------------------------

    def check_setup(self) -> None:
        game = self.game
        options = {o.id: o for o in game.options}
        for index, option in enumerate(game.options):
            if option.choices is None and not isinstance(option.default, bool):
                self.error(
                    self.manifest,
                    ("options", index, "default"),
                    "invalid-value",
                    f"option '{option.id}' is a yes/no option; its default must be true or false",
                    "give the option 'choices' to allow other values",
                )
            if option.choices is not None and option.default not in option.choices:
                self.error(
                    self.manifest,
                    ("options", index, "default"),
                    "invalid-value",
                    f"default '{option.default}' is not one of the choices",
                    did_you_mean(option.default, [str(c) for c in option.choices]),
                )
        for index, step in enumerate(game.setup):
            path: Path_ = ("setup", index)
            if step.when is not None and self.known(
                self.manifest, (*path, "when", "option"), step.when.option, options, "option"
            ):
                option = options[step.when.option]
                allowed = option.choices if option.choices is not None else [True, False]
                if step.when.equals not in allowed:
                    self.error(
                        self.manifest,
                        (*path, "when", "equals"),
                        "invalid-value",
                        f"option '{option.id}' never equals '{step.when.equals}'",
                        did_you_mean(step.when.equals, [str(a) for a in allowed]),
                    )
            step.check_semantics(PrimitiveChecks(self, self.manifest), path)
        self.check_removals_before_deals()

    def check_removals_before_deals(self) -> None:
        """Cards set aside leave the deck before any deal, and what is left still deals."""
        steps = self.game.setup
        players = self.game.players
        size = self.deck_size()
        first_deal = next((i for i, step in enumerate(steps) if isinstance(step, Deal)), None)
        for index, step in enumerate(steps):
            if isinstance(step, RemoveCards) and first_deal is not None and index > first_deal:
                self.error(
                    self.manifest,
                    ("setup", index, "step"),
                    "invalid-value",
                    "cards are set aside before the deck is dealt",
                    f"move this step above the deal (setup step {first_deal + 1})",
                )
        if not size:
            return
        for count in range(players.min, players.max + 1):
            removed = sum(
                _removed_at(step, count) for step in steps if isinstance(step, RemoveCards)
            )
            if not removed:
                continue
            for index, step in enumerate(steps):
                each = (
                    amount_at(step.count, count) if isinstance(step, Deal) and step.count else None
                )
                if each is not None and each * count > size - removed:
                    self.error(
                        self.manifest,
                        ("setup", index, "count"),
                        "infeasible-setup",
                        f"{count} players x {each} cards need {each * count}; the deck has "
                        f"{size - removed} once {removed} are set aside",
                        "lower 'count' or set fewer cards aside",
                    )
                    return

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

    def check_zones_filled(self) -> None:
        """A zone that no setup step, effect or mechanic ever puts cards into is a warning."""
        if not self.all_cards_loaded():
            return  # cards that did not load might fill it
        structure = self.game.structure
        filled = set(structure.fills())
        for step in self.game.setup:
            filled.update(step.fills())
        for _, path, effects in self.effect_sites():
            for _, primitive in walk(effects, path):
                filled.update(primitive.fills())
        for index, zone in enumerate(self.game.zones):
            if zone.id not in filled:
                self.warning(
                    self.manifest,
                    ("zones", index, "id"),
                    "zone-never-filled",
                    f"nothing ever puts cards into zone '{zone.id}'",
                    "fill it with a setup step ('deal', 'choose_per_group'), an effect "
                    "('acquire' with 'to:') or the mechanic, or remove it",
                )

    def check_structure(self) -> None:
        """The mechanic checks its own structure (`MechanicKit.check`)."""
        structure = self.game.structure
        mechanic_kit(structure.mechanic).check(structure, StructureChecker(self))

    # -- scoring --------------------------------------------------------------------------

    def check_scoring_everywhere(self) -> None:
        for index, rule in enumerate(self.game.scoring):
            self.check_rule(self.manifest, ("scoring", index), rule)
        for index, rule in enumerate(self.game.round_scoring):
            self.check_rule(self.manifest, ("round_scoring", index), rule)
        for t_index, breaker in enumerate(self.game.tie_breakers):
            self.check_measure(self.manifest, ("tie_breakers", t_index, "measure"), breaker.measure)
        for loaded, path, rules in self.card_fields_of_type("scoring"):
            for r_index, rule in enumerate(rules):
                self.check_rule(loaded, (*path, r_index), rule)

    def check_ending(self) -> None:
        """End conditions, and partnerships that split each listed player count into teams."""
        context = PrimitiveChecks(self, self.manifest)
        for at, primitive in walk(self.game.end.when, ("end", "when")):
            primitive.check_semantics(context, at)
        players = self.game.players
        for count, teams in self.game.partnerships.items():
            path: Path_ = ("partnerships", count)
            if not players.min <= count <= players.max:
                self.error(
                    self.manifest,
                    path,
                    "out-of-range",
                    f"the game is for {players.min}-{players.max} players, not {count}",
                    "remove this entry or widen 'players'",
                    key=True,
                )
                continue
            seats = sorted(seat for team in teams for seat in team)
            if len(teams) < 2:
                self.error(
                    self.manifest,
                    path,
                    "invalid-value",
                    "partnerships need at least two teams: one team of everyone has nobody "
                    "to play against",
                    "split the seats into teams, or remove this player count",
                )
                continue
            if any(not team for team in teams):
                self.error(
                    self.manifest,
                    path,
                    "invalid-value",
                    "a team has no seat",
                    "remove the empty team",
                )
                continue
            if seats != list(range(1, count + 1)):
                self.error(
                    self.manifest,
                    path,
                    "invalid-value",
                    f"the teams must hold every seat from 1 to {count} exactly once "
                    f"(they hold {', '.join(str(s) for s in seats) or 'none'})",
                    "list each seat in one team, e.g. [[1, 3], [2, 4]]",
                )

    def check_rule(self, where: LoadedFile, path: Path_, rule: ScoringRule) -> None:
        rule.check_semantics(PrimitiveChecks(self, where), path)

    # -- priority strategies --------------------------------------------------------------

    def check_strategies(self) -> None:
        loaded = self.content.files.get("strategies")
        if loaded is None or not isinstance(loaded.model, StrategiesFile):
            return
        if any(not self.loaded(kind) for kind in self.game.card_kinds):
            return  # strategies refer to every kind of card; check them once all loaded
        strategies = loaded.model.strategies
        self._unique(loaded, "strategies", [s.id for s in strategies], ("id",))
        decisions = self.decision_kinds()
        for index, strategy in enumerate(strategies):
            path: Path_ = ("strategies", index)
            if strategy.id in BUILT_IN_BOTS:
                self.error(
                    loaded,
                    (*path, "id"),
                    "duplicate-id",
                    f"'{strategy.id}' is the name of a built-in bot",
                    "give the strategy its own id",
                )
            for r_index, rule in enumerate(strategy.rules):
                self.check_preference(loaded, (*path, "rules", r_index), rule, decisions)

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

    def check_preference(
        self, where: LoadedFile, path: Path_, rule: PreferenceBase, decisions: dict[str, str]
    ) -> None:
        if rule.when is not None:
            self.check_condition(where, (*path, "when"), rule.when)
        for index, step in enumerate(rule.then):
            self.check_preference(where, (*path, "then", index), step, decisions)
        if isinstance(rule, BidNear):
            self.check_measure(where, (*path, "measure"), rule.measure)
            if "bid" not in decisions:
                self.error(
                    where,
                    (*path, "prefer"),
                    "invalid-value",
                    f"'bid_near' chooses bids, which {self.game.id} never asks for",
                    f"its decisions: {', '.join(decisions)}",
                )
        if not isinstance(rule, CardPreference):
            return
        tag = getattr(rule, "prefer", "")
        implied = _IMPLIED_DECISIONS.get(type(rule), tuple(decisions))
        usable = [d for d in implied if d in decisions]
        if not usable:
            self.error(
                where,
                (*path, "prefer"),
                "invalid-value",
                f"'{tag}' chooses among {' or '.join(implied)} decisions, which "
                f"{self.game.id} never asks for",
                f"its decisions: {', '.join(decisions)}",
            )
            return
        if rule.decision is not None:
            if rule.decision not in usable:
                self.error(
                    where,
                    (*path, "decision"),
                    "invalid-value",
                    f"'{tag}' never applies to '{rule.decision}' decisions of {self.game.id}",
                    did_you_mean(rule.decision, usable),
                )
                return
            usable = [rule.decision]
        kinds = sorted({decisions[d] for d in usable})
        if isinstance(rule, HighestField | LowestField):
            self.check_card_field(where, (*path, "field"), rule.field, kinds, numeric=True)
        elif isinstance(rule, FewestHeld | MostHeld):
            self.check_held(where, path, rule, kinds)
        elif isinstance(rule, MostPoints):
            labels = [step.label for step in self.game.scoring]
            for s_index, source in enumerate(rule.sources or []):
                self.known(where, (*path, "sources", s_index), source, labels, "scoring step")
        if rule.where:
            self.check_strategy_filter(where, (*path, "where"), rule.where, usable, kinds)

    def check_held(
        self, where: LoadedFile, path: Path_, rule: FewestHeld | MostHeld, kinds: list[str]
    ) -> None:
        """The zone counted, and the field both its cards and the chosen cards have."""
        if not self.known(
            where, (*path, "zone"), rule.zone, self.zone_ids("player"), "player zone"
        ) or not self.check_card_field(where, (*path, "field"), rule.field, kinds):
            return
        zone_kind = self.zone_kind(rule.zone) or ""
        in_zone = self.fields_of(zone_kind)
        if rule.field not in in_zone:
            self.error(
                where,
                (*path, "field"),
                "unknown-reference",
                f"the cards of zone '{rule.zone}' have no field '{rule.field}'",
                did_you_mean(rule.field, in_zone),
            )
            return
        allowed = self.card_vocabulary(zone_kind, rule.field)
        for index, value in enumerate(rule.values or []):
            if allowed is not None and value not in allowed:
                self.error(
                    where,
                    (*path, "values", index),
                    "unknown-reference",
                    f"unknown {rule.field} '{value}'",
                    did_you_mean(value, allowed),
                )

    def check_strategy_filter(
        self,
        where: LoadedFile,
        path: Path_,
        card_filter: CardFilter,
        decisions: list[str],
        kinds: list[str],
    ) -> None:
        """Fields and closed values of a preference's `where`, on the kinds it looks at."""
        for name, wanted in card_filter.items():
            if name == "face_up":
                if "pick" not in decisions:
                    self.error(
                        where,
                        (*path, name),
                        "invalid-value",
                        "'face_up' chooses the side of draft picks; "
                        f"{' and '.join(decisions)} decisions have no side",
                        "remove it, or set 'decision: pick'",
                    )
                elif not isinstance(wanted, bool):
                    self.error(where, (*path, name), "invalid-value", "'face_up' is true or false")
                continue
            if not self.check_card_field(where, (*path, name), name, kinds):
                continue
            allowed = [
                value
                for kind in kinds
                if name in self.fields_of(kind)
                for value in self.card_vocabulary(kind, name) or []
            ]
            values: list[Any] = wanted if isinstance(wanted, list) else [wanted]
            for index, value in enumerate(values):
                if allowed and isinstance(value, str) and value not in allowed:
                    self.error(
                        where,
                        (*path, name, index) if isinstance(wanted, list) else (*path, name),
                        "unknown-reference",
                        f"unknown {name} '{value}'",
                        did_you_mean(value, allowed),
                    )

    def check_card_field(
        self, where: LoadedFile, path: Path_, name: str, kinds: list[str], *, numeric: bool = False
    ) -> bool:
        """Whether some card kind the preference looks at has this field (numeric if asked)."""
        fields = {f for kind in kinds for f in self.fields_of(kind)}
        readable = " or ".join(
            self.deck_kind() or kind if kind == "deck" else kind for kind in kinds
        )
        if name not in fields:
            self.error(
                where,
                path,
                "unknown-reference",
                f"unknown field '{name}' of {readable} cards",
                did_you_mean(name, fields),
            )
            return False
        if numeric and not any(name in self.numeric_fields(kind) for kind in kinds):
            numbers = sorted({f for kind in kinds for f in self.numeric_fields(kind)})
            self.error(
                where,
                path,
                "invalid-value",
                f"field '{name}' of {readable} cards is not a number",
                f"compare a number field: {', '.join(numbers)}" if numbers else "",
            )
            return False
        return True

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


BUILT_IN_BOTS = ("random", "greedy", "ismcts")
"""Bot names a strategy id may not take (`toolkit.agents` makes these)."""

_IMPLIED_DECISIONS: dict[type[PreferenceBase], tuple[str, ...]] = {
    WinsTrick: ("play", "lead", "follow"),
    LosesTrick: ("play", "lead", "follow"),
    FaceUp: ("pick",),
    FaceDown: ("pick",),
}
"""Preferences that only make sense for some decisions."""


def _describe_filter(card_filter: dict[str, Any]) -> str:
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


def _values_hint(name: str, held: list[Any]) -> str:
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


def _is_side(value: Any) -> bool:
    """A side of a double-sided card: a record with an id inside a card's field."""
    return isinstance(value, BaseModel) and hasattr(value, "id")


def _removed_at(step: RemoveCards, players: int) -> int:
    """How many cards a `remove_cards` step sets aside at a player count."""
    if step.when is not None or (step.players is not None and players not in step.players):
        return 0
    if step.count is not None:
        return amount_at(step.count, players) or 0
    return len(step.cards)
