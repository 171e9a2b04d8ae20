"""A tournament's rules in pure Python, no Django: draw, presets, sheets, penalties, ranking, prizes, the document."""
