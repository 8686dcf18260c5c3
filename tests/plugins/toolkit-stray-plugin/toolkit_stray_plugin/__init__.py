"""A mechanic entry point naming the name of a kit instead of a kit."""

KIT = "trick_taking"
