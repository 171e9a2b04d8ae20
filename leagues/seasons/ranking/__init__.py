"""The ranking engine: a season's results in, its standing out. Pure Python, no Django, no database.

    from leagues.seasons.ranking import EveningResult, rank
    rows = rank(results, {"mode": "average", "per": "round", "min_rounds": 36}, ["more_sessions", "shared"])

See ``docs/standings.md`` for what every mode and tie-break means to a club.
"""

from .messages import TEMPLATES, Message, RankingError
from .modes import (
    FORMULAS,
    MODES,
    Average,
    BestN,
    EveningsWon,
    MatchdayPoints,
    Mode,
    PlacementPoints,
    TablePointsPlusGamePoints,
    TotalMoney,
    TotalPoints,
    parse_mode,
)
from .results import EveningResult, Score, Standing
from .standings import (
    PERIODS,
    Ranking,
    best_per_group,
    movement,
    period_bounds,
    period_of,
    rank,
    rank_with_movement,
    sub_standings,
    without_last_evening,
)
from .tiebreaks import TIEBREAKS, TieBreak, parse_tiebreaks

__all__ = [
    "FORMULAS",
    "MODES",
    "PERIODS",
    "TEMPLATES",
    "TIEBREAKS",
    "Average",
    "BestN",
    "EveningResult",
    "EveningsWon",
    "MatchdayPoints",
    "Message",
    "Mode",
    "PlacementPoints",
    "Ranking",
    "RankingError",
    "Score",
    "Standing",
    "TablePointsPlusGamePoints",
    "TieBreak",
    "TotalMoney",
    "TotalPoints",
    "best_per_group",
    "movement",
    "parse_mode",
    "parse_tiebreaks",
    "period_bounds",
    "period_of",
    "rank",
    "rank_with_movement",
    "sub_standings",
    "without_last_evening",
]
