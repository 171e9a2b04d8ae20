from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeaguesConfig(AppConfig):
    name = "leagues"
    verbose_name = _("Leagues and tournaments")

    def ready(self) -> None:
        from scorekeeper.interchange.club_document import register_part
        from scorekeeper.services.closing import add_closing_rule
        from scorekeeper.services.lineup import add_lineup_rule
        from scorekeeper.signals import add_results_follower
        from scorekeeper.table.clocks import add_clock_source

        from .club_backup import parts
        from .seasons.refresh import follow_results
        from .tournaments.selectors import ROUND_CLOCK
        from .tournaments.services.table_sheets import table_closing_problems, table_lineup_problems

        for part in parts():  # the club's backup carries its leagues and tournaments
            register_part(part)

        add_results_follower(follow_results)  # the leagues' revisions and ratings, in the change's transaction
        add_closing_rule(table_closing_problems)
        add_clock_source(ROUND_CLOCK)  # the round clock on the table's phone
        add_lineup_rule(table_lineup_problems)
