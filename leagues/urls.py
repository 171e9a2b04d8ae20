from django.urls import path

from scorekeeper.urls import TokenConverter  # noqa: F401  (registers the token converter)

from .views import leagues, players, seasons, standings

club = "c/<slug:club_slug>/"
league = f"{club}leagues/<int:league_id>/"
season = f"{club}seasons/<int:season_id>/"

urlpatterns = [
    path(f"{club}leagues/", leagues.league_list, name="leagues"),
    path(f"{club}leagues/new/", leagues.league_create, name="league_create"),
    path(league, leagues.league_detail, name="league"),
    path(f"{league}seasons/new/", seasons.season_create, name="season_create"),
    path(f"{club}league-clubs/<int:membership_id>/<str:action>/", leagues.league_membership, name="league_membership"),
    path(season, standings.season_standing, name="season"),
    path(f"{season}standing.<str:fmt>", standings.season_export, name="season_export"),
    path(f"{season}edit/", seasons.season_edit, name="season_edit"),
    path(f"{season}delete/", seasons.season_delete, name="season_delete"),
    path(f"{season}public-link/", seasons.season_public_link, name="season_public_link"),
    path(f"{season}report.pdf", standings.season_report_pdf, name="season_report_pdf"),
    path(f"{season}players/<str:player>/", players.season_player, name="season_player"),
    path(f"{season}players/<str:player>/report.pdf", players.season_player_pdf, name="season_player_pdf"),
    path("standing/<token:token>/", standings.public_standing, name="public_standing"),
]
