"""Hannibal: Rome vs Carthage (2nd edition rules) — printed components only, no rules yet.

``components`` holds the map, generals, strategy and battle cards, tables and set-up as typed
data; ``render.render_map()`` draws the map as SVG. The game is not registered: its rules
engine comes later. See README.md for what is given by the rulebook and what is reconstructed.
"""
