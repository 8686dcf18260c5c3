"""A declarative rules-data toolkit for card-game designers."""

__version__ = "0.1.0"
