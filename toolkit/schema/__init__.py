"""The schema base: strict content models' building blocks and the card filters and measures
every rules primitive shares. Content, rules and mechanics all build on it."""
