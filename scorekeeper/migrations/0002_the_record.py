"""A record that cannot be bent: stable deal ids, soft delete, frozen dealers and money terms, the pot chain.

Existing data is carried over: each session takes its club's money terms as they are today, each deal keeps its
place (its old position becomes its sequence and number), the dealer the engine derived for every deal is frozen
into its facts, and each deal's result and each session's summary are derived once. Pots carried in before this
migration keep their recorded amount; they have no source session to point at.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.db.models import Q


def carry_over(apps, schema_editor):
    from scorekeeper.stored import derived
    from scorekeeper import engine

    Session = apps.get_model("scorekeeper", "Session")
    Deal = apps.get_model("scorekeeper", "Deal")
    AuditEntry = apps.get_model("scorekeeper", "AuditEntry")
    for session in Session.objects.select_related("club").iterator():
        club = session.club
        session.currency, session.pot_policy, session.settlement_mode = (
            club.currency,
            club.pot_policy,
            club.settlement_mode,
        )
        players = [seat.name for seat in session.seats.order_by("position")]
        deals = list(Deal.objects.filter(session=session).order_by("sequence"))
        facts = [dict(deal.facts) for deal in deals]
        if facts and "dealer" not in facts[0] and session.first_dealer:
            facts[0]["dealer"] = players[session.first_dealer]
        document = {"format": engine.FORMAT, "game": session.game, "rules": session.rules, "players": players,
                    "deals": facts, "pot_carried_in": session.pot_carried_in}  # fmt: skip
        if session.tariff is not None:
            document["tariff"] = session.tariff
        parsed = engine.load(document)
        results = parsed.results()
        for deal, deal_facts, result in zip(deals, facts, results, strict=True):
            deal.facts = {**deal_facts, "dealer": result.dealer}
            deal.number = deal.sequence
            deal.result = derived.stored_result(result, players)
        Deal.objects.bulk_update(deals, ["facts", "number", "result"])
        done = derived.summary(parsed, results, session.first_dealer)
        session.deal_count, session.totals, session.pot, session.next_dealer = (
            done.deal_count,
            done.totals,
            done.pot,
            done.next_dealer,
        )
        session.save()
        by_number = {deal.number: deal for deal in deals}
        for entry in AuditEntry.objects.filter(session=session):
            entry.club_id = club.pk
            entry.deal = by_number.get(entry.deal_number) if entry.action != "deal_deleted" else None
            entry.save(update_fields=["club", "deal"])


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        # Session: money terms, the pot chain, the summary.
        migrations.AddField(
            model_name="session",
            name="currency",
            field=models.CharField(default="EUR", max_length=3, verbose_name="currency"),
        ),
        migrations.AddField(
            model_name="session",
            name="pot_policy",
            field=models.CharField(
                choices=[
                    ("carry", "Carry the pot into the club's next session"),
                    ("pay_back", "Pay the pot back equally at the end of the session"),
                ],
                default="carry",
                max_length=20,
                verbose_name="pot at the end of a session",
            ),
        ),
        migrations.AddField(
            model_name="session",
            name="settlement_mode",
            field=models.CharField(
                choices=[
                    ("zero_sum", "Zero-sum: everyone settles their own balance"),
                    ("against_leader", "Against the leader: everyone pays their gap to the leader into the kitty"),
                ],
                default="zero_sum",
                max_length=20,
                verbose_name="settlement",
            ),
        ),
        migrations.AddField(
            model_name="session",
            name="pot_from",
            field=models.OneToOneField(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="pot_carried_to",
                to="scorekeeper.session",
            ),
        ),
        migrations.AddField(model_name="session", name="deal_count", field=models.PositiveIntegerField(default=0)),
        migrations.AddField(model_name="session", name="totals", field=models.JSONField(default=list)),
        migrations.AddField(model_name="session", name="pot", field=models.IntegerField(default=0)),
        migrations.AddField(
            model_name="session", name="next_dealer", field=models.PositiveSmallIntegerField(default=0)
        ),
        # Deal: stable order, number, revision, soft delete, derived result.
        migrations.RemoveConstraint(model_name="deal", name="deal_position_unique"),
        migrations.RenameField(model_name="deal", old_name="position", new_name="sequence"),
        migrations.AlterModelOptions(name="deal", options={"ordering": ["sequence"]}),
        migrations.AddField(model_name="deal", name="number", field=models.PositiveIntegerField(blank=True, null=True)),
        migrations.AddField(model_name="deal", name="revision", field=models.PositiveIntegerField(default=1)),
        migrations.AddField(model_name="deal", name="result", field=models.JSONField(blank=True, null=True)),
        migrations.AddField(
            model_name="deal",
            name="updated_by",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AddField(
            model_name="deal",
            name="deleted_by",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AddField(model_name="deal", name="deleted_at", field=models.DateTimeField(blank=True, null=True)),
        # AuditEntry: the club always, the session and deal when there is one.
        migrations.AddField(
            model_name="auditentry",
            name="club",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="audit_entries",
                to="scorekeeper.club",
            ),
        ),
        migrations.AddField(
            model_name="auditentry",
            name="deal",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="audit_entries",
                to="scorekeeper.deal",
            ),
        ),
        migrations.AlterField(
            model_name="auditentry",
            name="session",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="audit_entries",
                to="scorekeeper.session",
            ),
        ),
        migrations.AlterField(
            model_name="auditentry",
            name="action",
            field=models.CharField(
                choices=[
                    ("session_started", "started the session"),
                    ("session_imported", "imported the session"),
                    ("deal_added", "added a deal"),
                    ("deal_inserted", "inserted a deal"),
                    ("deal_edited", "corrected a deal"),
                    ("deal_deleted", "deleted a deal"),
                    ("deal_restored", "restored a deal"),
                    ("dealers_rederived", "re-derived the dealers"),
                    ("money_changed", "changed the money terms"),
                    ("pot_carried", "recomputed the carried pot"),
                    ("session_closed", "closed the session"),
                    ("session_reopened", "reopened the session"),
                ],
                max_length=30,
            ),
        ),
        migrations.RunPython(carry_over, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="auditentry",
            name="club",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="audit_entries",
                to="scorekeeper.club",
            ),
        ),
        migrations.AddConstraint(
            model_name="deal",
            constraint=models.UniqueConstraint(fields=("session", "sequence"), name="deal_sequence_unique"),
        ),
        migrations.AddConstraint(
            model_name="deal",
            constraint=models.UniqueConstraint(
                condition=Q(number__isnull=False), fields=("session", "number"), name="deal_number_unique"
            ),
        ),
        migrations.AddConstraint(
            model_name="deal",
            constraint=models.CheckConstraint(
                condition=Q(deleted_at__isnull=True, number__isnull=False)
                | Q(deleted_at__isnull=False, number__isnull=True),
                name="deal_numbered_unless_deleted",
            ),
        ),
    ]
