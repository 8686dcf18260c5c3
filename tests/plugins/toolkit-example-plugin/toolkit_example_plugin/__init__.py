"""A small plugin package: primitives and a mechanic kit registered through entry points."""
