"""The competition core, pure Python: one rank, one tie-break registry and one Standing for seasons and tournaments."""

from scorekeeper.engine.reading import SMALL_MOST as SMALL_MOST  # a start, round or table number, a season's count

NAME_MAX = 100  # the longest name of a league, season, tournament or participant
CENTS_MOST = 2_147_483_647  # the end of an integer column: fees, prizes, penalty points
