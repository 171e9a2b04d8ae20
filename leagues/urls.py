from django.urls import path

from scorekeeper.urls import club  # the clubs' prefix; importing it registers the token converter

from .seasons.views import leagues, players, seasons, standings
from .tournaments.views import documents, exports, live, printouts, prizes, public, teams, tournaments

league = f"{club}leagues/<int:league_id>/"
season = f"{club}seasons/<int:season_id>/"
tournament = f"{club}tournaments/<int:tournament_id>/"
round_ = f"{tournament}rounds/<int:number>/"

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
    path(f"{club}tournaments/", tournaments.tournament_list, name="tournaments"),
    path(tournament, tournaments.tournament_detail, name="tournament"),
    path(f"{club}tournaments/import/", documents.tournament_import, name="tournament_import"),
    path(f"{tournament}export.json", documents.tournament_export, name="tournament_export"),
    path(f"{tournament}draw/", tournaments.tournament_draw, name="tournament_draw"),
    path(f"{tournament}ranking/", tournaments.tournament_ranking, name="tournament_ranking"),
    path(f"{tournament}ranking.html", tournaments.tournament_snapshot, name="tournament_snapshot"),
    path(f"{tournament}hall/", tournaments.tournament_hall, name="tournament_hall"),
    path(f"{tournament}rounds/start/", tournaments.round_start, name="tournament_round_start"),
    path(round_, tournaments.round_detail, name="tournament_round"),
    path(f"{round_}<str:action>/", tournaments.round_action, name="tournament_round_action"),
    # printouts and prizes
    path(f"{tournament}prizes/", prizes.tournament_prizes, name="tournament_prizes"),
    path(f"{tournament}ranking.pdf", printouts.tournament_ranking_pdf, name="tournament_ranking_pdf"),
    path(f"{round_}seating.pdf", printouts.tournament_seating_pdf, name="tournament_seating_pdf"),
    path(f"{round_}table-cards.pdf", printouts.tournament_table_cards_pdf, name="tournament_table_cards_pdf"),
    path(f"{round_}sheets.pdf", printouts.tournament_sheets_pdf, name="tournament_sheets_pdf"),
    path(f"{round_}results.pdf", printouts.tournament_round_results_pdf, name="tournament_round_results_pdf"),
    path(
        f"{tournament}participants/<int:participant_id>/withdraw/",
        tournaments.participant_withdraw,
        name="tournament_withdraw",
    ),
    # teams, exports and the public live ranking (after the literal ranking.pdf and ranking.html)
    path(f"{tournament}teams/", teams.tournament_teams, name="tournament_teams"),
    path(f"{tournament}teams/<int:team_id>/remove/", teams.team_remove, name="tournament_team_remove"),
    path(f"{tournament}ranking.<str:fmt>", exports.ranking_export, name="tournament_ranking_export"),
    path(f"{tournament}teams.<str:fmt>", exports.teams_export, name="tournament_teams_export"),
    path(f"{round_}results.<str:fmt>", exports.round_export, name="tournament_round_export"),
    path(f"{tournament}public-link/", public.tournament_public_link, name="tournament_public_link"),
    path("live/<token:token>/", live.public_ranking, name="public_tournament"),
]
