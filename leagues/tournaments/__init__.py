"""Tournaments: the draw (who sits where in every round). Pure Python, no Django; see ``docs/tournament-draw.md``."""
