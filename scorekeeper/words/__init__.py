"""Words the table reads: the engine's problems and marks, the rules, labels and the history in sentences."""
