"""The app's models in one module for Django and the migrations; they live in seasons/ and tournaments/."""

from .seasons.models import League, LeagueClub, Season, SeasonRating, new_public_token
from .tournaments.models import ApartPair, Participant, Penalty, TableSeat, Tournament, TournamentRound, TournamentTable

__all__ = [
    "ApartPair",
    "League",
    "LeagueClub",
    "Participant",
    "Penalty",
    "Season",
    "SeasonRating",
    "TableSeat",
    "Tournament",
    "TournamentRound",
    "TournamentTable",
    "new_public_token",
]
