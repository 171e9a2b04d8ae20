"""The competition core, pure Python: one ranking (score, tie-breaks, shared places, lot) for both."""

NAME_MAX = 100  # the longest name of a league, season, tournament or participant
