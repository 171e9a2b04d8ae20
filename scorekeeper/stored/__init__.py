"""A session as the database keeps it: its document for the engine, what the engine derived, each player's results."""
