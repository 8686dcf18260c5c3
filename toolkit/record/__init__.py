"""The record of a game: its events in words, transcripts written and read, and replay that
fails loudly on any divergence. A game is its seed and its action list; this layer keeps both."""
