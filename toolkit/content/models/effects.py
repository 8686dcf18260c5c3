"""The effect union content files are validated against: the effects of every game
(`toolkit.rules.effects`) and those the registered mechanics bring.

Assembled here, above both layers, so the rules layer never imports a mechanic. The models
that hold effect lists (`choose`, `if`, reward ladders, mechanics' structures) name the union
`Effect` and are rebuilt once against it: a mechanic's effect may then sit inside a `choose`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Union

from pydantic import Field

from toolkit.mechanics.registry import mechanic_effects, structure_models
from toolkit.rules.effects import CORE_EFFECTS, HOLDS_EFFECTS

if TYPE_CHECKING:
    from toolkit.rules.effects.base import Effect as Effect
else:
    Effect = Annotated[
        Union[(*CORE_EFFECTS, *mechanic_effects())],
        Field(discriminator="effect"),
    ]

for _model in (*HOLDS_EFFECTS, *structure_models()):
    _model.model_rebuild(force=True, _types_namespace={"Effect": Effect})
