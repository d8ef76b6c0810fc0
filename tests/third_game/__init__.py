"""A third game, defined entirely in this folder, that the kit hosts through its registry alone
(issue 30): "Higher or Lower", a duel over the first ionization energy of an element, with a
hidden hand. See game.py."""
