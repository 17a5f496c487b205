"""One sub-package per game. A game module never imports another game's module."""
