"""Carthago's rules engine: pure game logic, no I/O, no clocks, no threads.

Each game is a module implementing the Decider surface of ``engine.core``;
``engine.registry`` finds them by game id.
"""

ENGINE_VERSION = "2"  # 2: a snapshot holds the platform state (engine.platform) beside the game state
