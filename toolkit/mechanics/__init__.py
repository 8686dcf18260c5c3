"""Reusable phase machines configured by data (trick-taking, ...)."""
