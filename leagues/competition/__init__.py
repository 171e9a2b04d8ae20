"""The competition core, pure Python: one rank, one tie-break registry and one Standing for seasons and tournaments."""

NAME_MAX = 100  # the longest name of a league, season, tournament or participant
