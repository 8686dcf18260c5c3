"""The rules vocabulary: conditions, effects, scoring primitives and setup steps.

Each primitive is a small model whose tag names it in YAML (`effect: gain`,
`rule: per_card`, `step: deal`); the unions below are discriminated on that tag, so a
misspelt primitive or a wrong argument is reported at its own line.
"""
