from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeaguesConfig(AppConfig):
    name = "leagues"
    verbose_name = _("Leagues and tournaments")

    def ready(self) -> None:
        from scorekeeper.club_documents import register_part
        from scorekeeper.signals import results_changed, session_closing

        from .club_backup import parts
        from .rating_store import on_results_changed
        from .services.tournaments import check_table_closing

        for part in parts():  # the club's backup carries its leagues and tournaments
            register_part(part)

        results_changed.connect(on_results_changed, dispatch_uid="leagues-ratings")
        session_closing.connect(check_table_closing, dispatch_uid="leagues-table-closing")
