"""The app's models in one module for Django and the migrations; they live in seasons/ and tournaments/."""

from .seasons.models import League, LeagueClub, Season, SeasonRating, StandingFile, StoredStanding
from .tournaments.models import (
    ApartPair,
    Bye,
    HallLot,
    Participant,
    Penalty,
    Substitution,
    TableSeat,
    Team,
    TeamMember,
    Tournament,
    TournamentRound,
    TournamentTable,
)

__all__ = [
    "ApartPair",
    "Bye",
    "HallLot",
    "League",
    "LeagueClub",
    "Participant",
    "Penalty",
    "Season",
    "SeasonRating",
    "StandingFile",
    "StoredStanding",
    "Substitution",
    "TableSeat",
    "Team",
    "TeamMember",
    "Tournament",
    "TournamentRound",
    "TournamentTable",
]
