"""Pydantic models of every content kind: strict types, unknown keys forbidden."""
