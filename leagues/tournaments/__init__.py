"""Tournaments in pure Python, no Django: draw, presets, table sheets, penalties, ranking, prizes, the document."""
