"""Tournaments started before the engine kept a table's round: their table sessions get the round's rules (games per
round, the Pflichtsolo owed, time called) and are derived again, so that every table is read once, by its session."""

from typing import Any

from django.db import migrations

from scorekeeper.engine.tournament_presets import PRESETS
from scorekeeper.stored import derived
from scorekeeper import engine


def give_tables_their_round(apps: Any, schema_editor: Any) -> None:
    Tournament = apps.get_model("leagues", "Tournament")
    TournamentTable = apps.get_model("leagues", "TournamentTable")
    for tournament in Tournament.objects.all():
        preset = PRESETS.get(tournament.preset)
        rules = tournament.settings.get("rules") or {}
        if preset is None or "games_per_round" in rules:
            continue
        round_rules = {key: value for key, value in preset.table_rules().items() if key != "preset"}
        tournament.settings = {**tournament.settings, "rules": {**rules, **round_rules}}
        tournament.save(update_fields=["settings"])
        for table in TournamentTable.objects.filter(round__tournament=tournament).select_related("session"):
            session = table.session
            called = {} if table.time_called_after is None else {"time_called_after": table.time_called_after}
            session.rules = {**session.rules, **round_rules, **called}
            session.save(update_fields=["rules"])
            derive_again(session)


def derive_again(session: Any) -> None:
    """What ``rederive_session`` does, with the models of this migration; a sheet the round refuses keeps its
    results (the table sheet names what is wrong with it)."""
    players = list(session.seats.order_by("position").values_list("name", flat=True))
    deals = list(session.deals.filter(deleted_at__isnull=True).order_by("sequence"))
    facts = [dict(deal.facts) for deal in deals]
    if facts and session.first_dealer and "dealer" not in facts[0]:
        facts[0]["dealer"] = players[session.first_dealer]
    document = {"format": engine.FORMAT, "game": session.game, "rules": session.rules, "players": players}
    if session.tariff is not None:
        document["tariff"] = session.tariff
    if session.cents_per_point:
        document["cents_per_point"] = session.cents_per_point
    if session.pot_carried_in:
        document["pot_carried_in"] = session.pot_carried_in
    try:
        parsed = engine.load({**document, "deals": facts})
        results = parsed.results()
    except engine.InvalidSession:
        return
    for deal, result in zip(deals, results, strict=True):
        deal.result = derived.stored_result(result, players)
        deal.save(update_fields=["result"])
    done = derived.summary(parsed, results, session.first_dealer)
    session.totals, session.next_dealer, session.round = done.totals, done.next_dealer, done.round
    session.save(update_fields=["totals", "next_dealer", "round"])


class Migration(migrations.Migration):
    dependencies = [
        ("leagues", "0003_tournaments"),
        ("scorekeeper", "0013_session_round"),
    ]

    operations = [migrations.RunPython(give_tables_their_round, migrations.RunPython.noop)]
