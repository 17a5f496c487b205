"""The games for game-AI research: OpenSpiel (``adapters.openspiel``) and PettingZoo
(``adapters.pettingzoo``) over the engine's ``Session`` (docs/RESEARCH.md)."""
