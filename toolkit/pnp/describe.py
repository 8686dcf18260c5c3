"""Rules data in words for cards, aids and reference sheets, with icon tokens such as `:coin:`.

Every printed number comes from the YAML through here (a reward ladder's amounts, a
milestone's points, a scoring rule's values), so a changed value changes the print. Effects
without parameters are described by their own docstring, written for players.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from toolkit.content.models.manifest import Milestone, SuitedDeck, Track
from toolkit.content.project import GameContent
from toolkit.pnp.card_fields import all_card_rules
from toolkit.rules.conditions import Condition
from toolkit.rules.effects.acquire import Acquire
from toolkit.rules.effects.base import EffectModel
from toolkit.rules.effects.by_rank import ByRank, RankRange
from toolkit.rules.measures.computed import describe_computed
from toolkit.rules.modifiers import Discount
from toolkit.rules.primitive import walk
from toolkit.rules.scoring import ScoringRule
from toolkit.rules.scoring.table_by_count import TableByCount
from toolkit.rules.setup import SetupStep
from toolkit.rules.words import DASH
from toolkit.schema.filters import FieldTest, Measure, reads_team


def walk_effects(effects: list[Any]) -> Iterator[Any]:
    """Every effect, nested ones included (ladder tiers, choices, branches, on decline)."""
    for _, primitive in walk(effects, ()):
        if isinstance(primitive, EffectModel):
            yield primitive


class Describer:
    """Words for one game's effects, measures, milestones and scoring rules."""

    def __init__(self, content: GameContent, has_icon: Callable[[str], bool]) -> None:
        game = content.game
        self.content = content
        self.has_icon = has_icon
        self.zones = {z.id: z for z in game.zones}
        self.resources = {r.id: r for r in game.resources}
        self.tracks = {t.id: t for t in game.tracks}
        self.ranks = (
            {r.rank: r.label for r in game.deck.ranks} if isinstance(game.deck, SuitedDeck) else {}
        )
        self.values = {
            (v.field, value.id): value.name for v in game.vocabularies for value in v.values
        }
        self.names = _card_names(content)
        self.acquire_kinds = [
            self.zones[e.source].cards
            for e in walk_effects([rule for _, _, rule in all_card_rules(content, "effects")])
            if isinstance(e, Acquire) and e.source in self.zones
        ]

    # -- nouns ------------------------------------------------------------------------

    def token(self, icon_id: str | None) -> str:
        return f":{icon_id}:" if icon_id and self.has_icon(icon_id) else ""

    def resource(self, resource_id: str, *, words: bool = True) -> str:
        resource = self.resources.get(resource_id)
        name = resource.name if resource else resource_id
        token = self.token(resource.icon if resource and resource.icon else resource_id)
        if not token:
            return name
        return f"{token} {name}" if words else token

    def track(self, track_id: str, *, words: bool = True) -> str:
        track = self.tracks.get(track_id)
        name = track.name if track else track_id
        token = self.token(track_id)
        if not token:
            return name
        return f"{token} {name}" if words else token

    def zone(self, zone_id: str) -> str:
        zone = self.zones.get(zone_id)
        return zone.name if zone else zone_id

    def value(self, field: str, value: object) -> str:
        return self.values.get((field, str(value)), str(value))

    def rank(self, rank: int) -> str:
        return self.ranks.get(rank, str(rank))

    def rank_range(self, ranks: RankRange) -> str:
        return self.rank_span(ranks.low, ranks.high)

    # -- effects --------------------------------------------------------------------------

    def effects(self, effects: Sequence[Any], *, words: bool = True) -> str:
        return ", ".join(self.effect(e, words=words) for e in effects)

    def effect(self, effect: EffectModel, *, words: bool = True) -> str:
        """One effect: compact (`+2 :coin:`) for card faces, with names for reading."""
        return effect.describe(self, names=words)

    def condition(self, condition: Condition) -> str:
        return condition.describe(self)

    def zone_cards(self, zone_id: str) -> str | None:
        zone = self.zones.get(zone_id)
        return zone.cards if zone else None

    def rank_span(self, low: int, high: int) -> str:
        if low == high:
            return self.rank(low)
        return f"{self.rank(low)}{DASH}{self.rank(high)}"

    def ladder(self, effect: ByRank) -> list[dict[str, str]]:
        """A reward ladder's rows: the ranks, and what they give (compact and in words)."""
        return [
            {
                "ranks": self.rank_range(tier.ranks),
                "reward": self.effects(tier.effects, words=False),
                "reward_words": self.effects(tier.effects),
            }
            for tier in effect.tiers
        ]

    def reward_for(self, action: list[Any], rank: int) -> str:
        """What a card of `rank` gives with this action (its ladder step), compact."""
        parts = []
        for effect in action:
            if isinstance(effect, ByRank):
                for tier in effect.tiers:
                    if tier.ranks.low <= rank <= tier.ranks.high:
                        parts.append(self.effects(tier.effects, words=False))
            else:
                parts.append(self.effect(effect, words=False))
        return ", ".join(parts)

    # -- measures, milestones, scoring ------------------------------------------------------

    def measure(self, measure: Measure) -> str:
        own = self._own_measure(measure)
        if self.content.game.partnerships and reads_team(measure):
            return f"{own} with their partners"
        return own

    def _own_measure(self, measure: Measure) -> str:
        if measure.computed is not None:
            return describe_computed(measure.computed, self.zone)
        if measure.resource is not None:
            return self.resource(measure.resource)
        if measure.track is not None:
            return self.track(measure.track)
        if measure.score:
            return "points"
        assert measure.count is not None
        cards = self.filter_words(measure.where or {})
        return f"{cards + ' ' if cards else ''}cards in {self.zone(measure.count)}"

    def filter_words(self, where: dict[str, Any]) -> str:
        parts = []
        for name, wanted in where.items():
            if name == "face_up":
                parts.append("face-up" if wanted else "face-down")
            elif isinstance(wanted, FieldTest):
                if wanted.parity:
                    parts.append(f"{wanted.parity}-{name}")
                if wanted.at_least is not None:
                    parts.append(f"{name} {wanted.at_least}+")
                if wanted.at_most is not None:
                    parts.append(f"{name} up to {wanted.at_most}")
            elif isinstance(wanted, list):
                parts.append(" or ".join(self.value(name, v).lower() for v in wanted))
            elif isinstance(wanted, bool):
                parts.append(name if wanted else f"no-{name}")
            else:
                parts.append(self.value(name, wanted).lower())
        return " ".join(parts)

    def milestone(self, milestone: Milestone) -> str:
        """What reaching a milestone gives, e.g. `4 VP; attractions cost 1 :coin: Coins less`."""
        parts = []
        for modifier in milestone.modifiers:
            if isinstance(modifier, Discount):
                target = self.acquire_kinds[0].replace("-", " ") if self.acquire_kinds else "cards"
                parts.append(
                    f"{target} cost {modifier.amount} {self.resource(modifier.resource)} less"
                )
        if milestone.at_game_end:
            parts.append(f"at game end {self.effects(milestone.at_game_end)}")
        if milestone.points:
            parts.append(f"{milestone.points} VP")
        return "; ".join(parts)

    def milestones(self, track: Track) -> list[dict[str, Any]]:
        return [{"at": m.at, "text": self.milestone(m)} for m in track.milestones]

    def points(self, rule: ScoringRule) -> str:
        """How a scoring rule awards points, for a scoring card or a reference sheet."""
        if isinstance(rule, TableByCount):
            return _table_words([(row.at_most, row.points) for row in rule.table])
        return rule.describe(self)

    def rules(self, rules: list[Any]) -> list[dict[str, str]]:
        return [{"label": rule.label, "points": self.points(rule)} for rule in rules]

    # -- setup ------------------------------------------------------------------------------

    def setup_step(self, step: SetupStep) -> str:
        """One setup step as an instruction, e.g. `Deal 10 cards to each player's Hand`.
        Options are named in players' words, never by their ids."""
        text = self._option_words(step.describe(self))
        if step.when is not None:
            wanted, name = step.when.equals, _humane(step.when.option)
            if wanted is True:
                condition = f"playing with {name}"
            elif wanted is False:
                condition = f"playing without {name}"
            else:
                condition = f"playing with {name}: {wanted}"
            text += f" (only when {condition})"
        return text[0].upper() + text[1:]

    def _option_words(self, text: str) -> str:
        """`side up as the 'scoring-side' option says` as players read it: the usual side,
        and the others to choose from."""
        for option in self.content.game.options:
            said = f", side up as the '{option.id}' option says"
            if said in text:
                others = [str(c) for c in option.choices or [] if c != option.default]
                instead = f" (or {' or '.join(others)} side up, if you choose)" if others else ""
                text = text.replace(said, f", {option.default} side up{instead}")
            text = text.replace(f"the '{option.id}' option", _humane(option.id))
        return text

    def card_name(self, card_id: str) -> str:
        """A card's name by id (a track's when no card has the id), else the id."""
        if card_id in self.names:
            return self.names[card_id]
        track = self.tracks.get(card_id)
        return track.name if track is not None else card_id


def _humane(identifier: str) -> str:
    """An id as words (`bonus-cards`: `bonus cards`)."""
    return identifier.replace("-", " ").replace("_", " ")


def _table_words(rows: list[tuple[int, int]]) -> str:
    """A points table by count in players' words: `none: 5 · 1: 3 · 2: 1 · 3 or more: 0`."""
    parts, low = [], 0
    for at_most, points in rows:
        if at_most < low:
            continue
        if at_most == low:
            counted = "none" if at_most == 0 else str(at_most)
        else:
            counted = f"{low}{DASH}{at_most}"
        parts.append(f"{counted}:\u00a0{points}")
        low = at_most + 1
    parts.append(f"{low}\u00a0or\u00a0more:\u00a00")
    return " \u00b7 ".join(parts)


def _card_names(content: GameContent) -> dict[str, str]:
    """Every named card's id to its name, for instructions that mention cards (of any kind),
    and a suited deck's cards as players read them (`anvils-Q`: `Q of Anvils`)."""
    names = {
        card.id: card.name
        for kind in content.card_kinds()
        if "name" in content.field_types(kind)
        for card in content.cards(kind)
    }
    deck = content.game.deck
    if isinstance(deck, SuitedDeck) and deck.suits in content.card_kinds():
        for suit in content.cards(deck.suits):
            suit_name = getattr(suit, "name", suit.id)
            for rank in deck.ranks:
                names.setdefault(f"{suit.id}-{rank.label}", f"{rank.label} of {suit_name}")
    return names
