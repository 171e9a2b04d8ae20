"""Every write to leagues, seasons and tournaments: checked, in one transaction, with an entry in the club's history."""

from .seasons import (
    change_public_link,
    create_league,
    delete_season,
    invite_club,
    join_league,
    leave_league,
    save_season,
    season_settings,
)

__all__ = [
    "change_public_link",
    "create_league",
    "delete_season",
    "invite_club",
    "join_league",
    "leave_league",
    "save_season",
    "season_settings",
]
