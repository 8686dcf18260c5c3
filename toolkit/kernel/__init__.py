"""The kernel: a game in progress as plain data (`State`), compiled card tables, component specs,
and the Protocols that rules primitives and mechanics compile against. It imports nothing of the
toolkit above the schema base, so every layer above can use it and none below needs to."""
