"""Every game as a PettingZoo AEC environment and an OpenSpiel game, for learning agents.

`match` plays one game through the engine contract with one fixed action space; `encoding`
turns a player's observation into a fixed-length vector per mechanic; `pettingzoo` and
`openspiel` wrap both for those libraries (installed by the `rl` and `openspiel` extras and
imported only here). See docs/interop.md.
"""
