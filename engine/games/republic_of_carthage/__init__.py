"""The Republic of Carthage (French rules of 20 June 2017) — printed components only, no rules yet.

``components`` holds the decks, provinces, offices, commerce cards, forces, chits, random events,
tables, set-up and board areas as typed data, with the card effects in the vocabulary of
``effects``; ``render.render_map()`` draws the board as SVG. The game is not registered: its rules
come with a later issue. See README.md for what the rulebook gives and what is reconstructed.
"""
