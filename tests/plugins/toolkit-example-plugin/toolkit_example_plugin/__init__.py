"""A small plugin package: primitives registered with the toolkit through an entry point."""
