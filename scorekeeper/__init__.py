"""Clubs, sessions and deals at the table; the pure rule engine lives in ``scorekeeper.engine``."""
