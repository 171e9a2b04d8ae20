"""A tournament's rules in pure Python, no Django: draw, sheets, penalties, ranking, prizes, the document; the presets
they score with are the engine's (``scorekeeper.engine.tournament_presets``)."""
