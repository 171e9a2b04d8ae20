"""Words the table reads: the engine's problems and marks, a session's rules, and its history in sentences."""
