"""Every kept answer (``schreiber.kept``) is the answer drawn afresh: after random writes, every page, export, PDF
and public page read with the cache kept equals the one drawn with ``kept.fresh()``, for every audience. The two
faults of issue 33 come first."""

from __future__ import annotations

import datetime
import re

import pytest
from django.test import Client
from django.urls import reverse

from leagues.models import Season
from leagues.seasons import services as league_services
from scorekeeper import services
from tests.leagues.conftest import Personas
from tests.scorekeeper.conftest import sauspiel, start

pytestmark = pytest.mark.django_db


def hide_money(personas: Personas, season: Season) -> Season:
    """``season`` with its money hidden on its public link, and the link on."""
    league_services.save_season(
        league=season.league, actor=personas.owner, season=season, name=season.name, period=season.period,
        starts_on=season.starts_on, ends_on=season.ends_on, ranking=season.ranking, tiebreaks=season.tiebreaks,
        public_money_hidden=True,
    )  # fmt: skip
    return league_services.change_public_link(season=season, actor=personas.owner, enabled=True)


def rows_of(page: str) -> list[list[str]]:
    """The standing table's header cells, then each body row's cells."""
    table = re.search(r"<table.*?</table>", page, re.S)
    assert table is not None
    return [re.findall(r"<t[hd][ >]", row) for row in re.findall(r"<tr.*?</tr>", table.group(), re.S)]


def test_a_members_export_does_not_show_the_money_on_the_public_link(
    client: Client, personas: Personas, season: Season
) -> None:
    season = hide_money(personas, season)
    client.force_login(personas.member)
    export = client.get(reverse("season_export", args=[personas.club.slug, season.pk, "csv"]))
    assert export.status_code == 200
    assert b"Money" in export.content  # the members' export has the money
    client.logout()
    page = client.get(reverse("public_standing", args=[season.public_token])).content.decode()
    assert ">Money<" not in page
    assert "€" not in page
    header, *rows = rows_of(page)
    assert rows
    assert all(len(row) == len(header) for row in rows)  # every cell under its own header


def test_a_renamed_partner_is_shown_by_the_new_name_after_further_writes(
    client: Client, personas: Personas, season: Season
) -> None:
    """Anna played with Caro; Caro is renamed Carola and another evening is started and scored (a write that moves
    no standing): Anna's page, drawn before and kept, names Carola."""
    anna = personas.players["Anna"]
    key = f"u{anna.user_id}" if anna.user_id else f"m{anna.pk}"
    url = reverse("season_player", args=[personas.club.slug, season.pk, key])
    client.force_login(personas.member)
    assert ">Caro<" in client.get(url).content.decode()
    services.rename_member(member=personas.players["Caro"], actor=personas.owner, name="Carola")
    evening = start(personas, played_on=datetime.date(2026, 2, 5), cents_per_point=10)
    services.record_deal(session=evening, actor=personas.scorer, facts=sauspiel("Anna", "Bert", 61))
    page = client.get(url).content.decode()
    assert "Carola" in page
    assert ">Caro<" not in page
