"""The competition core, pure Python: one rank, one tie-break registry and one Standing for seasons and tournaments."""

NAME_MAX = 100  # the longest name of a league, season, tournament or participant
SMALL_MOST = 32_767  # the end of the smallest integer column kept (start, round and table numbers, a season's counts)
CENTS_MOST = 2_147_483_647  # the end of an integer column: fees, prizes, penalty points
