"""WCAG 2.2 AA by axe-core (vendored, never from a CDN) on every page type, as each persona, in both languages, light
and dark, on a phone (375×812) and a laptop (1280×800): no violation of a rule tagged WCAG A or AA.

Each page is loaded once per persona and language; the colour scheme and the viewport change in place, so one load
gives four runs (in the dark scheme, of the rules that read colours). Every violation of every page is collected
before the one assertion, so a failure lists them all.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone

from leagues.models import Season, Tournament
from leagues.seasons import services as league_services
from leagues.tournaments import services as tournaments
from leagues.tournaments.rules.samples import next_deal
from leagues.tournaments.services import teams
from scorekeeper import services
from scorekeeper.models import Member, Role
from tests.leagues.conftest import play_evening, play_out
from tests.scorekeeper.conftest import Personas, personas, sauspiel

from .games import play_every_game

__all__ = ["personas"]

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE_SOURCE = (Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js").read_text()
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
# The dark scheme changes colours only: there the rules that read colours run (the others would repeat the light run).
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
# The violations, each with how many nodes and the first three nodes' selectors. Only a page's first run reads its
# style sheets again (``preload``, for the orientation-lock rule): they do not change with the scheme or the width.
AXE_RUN = """([only, preload]) => axe.run(document, {
  runOnly: only, resultTypes: ['violations'], preload,
}).then(results => results.violations.map(v => ({
  id: v.id, count: v.nodes.length, targets: v.nodes.slice(0, 3).map(n => n.target.join(' ')),
})))"""
SCHEMES = ("light", "dark")
VIEWPORTS = ({"width": 375, "height": 812}, {"width": 1280, "height": 800})
LOCALES = {"de": "de-DE", "en": "en-GB"}


@dataclass(frozen=True)
class Page:
    path: str
    role: str = Role.MEMBER  # the least role that sees it
    other_game: bool = False  # a page type's variant for another game: the owner's run covers those
    status: int = 200
    download: bool = False  # an HTML file the browser saves (and a screen opens), read here from its body


@dataclass(frozen=True)
class World:
    personas: Personas
    account_pages: list[Page]  # the same for every user, whatever their clubs
    club_pages: list[Page]
    guest_pages: list[Page]  # nobody logged in
    outsider_pages: list[Page]  # logged in, not in the club


@pytest.fixture
def world(personas: Personas) -> World:
    """The personas' club with a session of every game, a closed evening, a league with a season (public link on),
    a tournament in its first round (one table done, a penalty, prizes), a table link and an invitation."""
    club, owner, slug = personas.club, personas.owner, personas.club.slug
    players = list(personas.players.values())
    sessions = play_every_game(club, owner, players)
    closed = play_evening(personas, timezone.localdate(), [sauspiel("Anna", "Bert", 80), sauspiel("Caro", "Anna", 61)])
    league = league_services.create_league(club=club, actor=owner, name="Hirschen-Liga", game="schafkopf")
    season = league_services.save_season(
        league=league, actor=owner, name="Saison", period="free", starts_on=timezone.localdate(),
        ends_on=timezone.localdate() + datetime.timedelta(days=90), ranking={"mode": "total_points"},
        tiebreaks=["more_sessions", "shared"],
    )  # fmt: skip
    season = league_services.change_public_link(season=season, actor=owner, enabled=True)
    tournament = _tournament(personas)
    link = services.create_table_link(session=sessions["schafkopf"], actor=owner)
    invitation = services.create_invitation(
        club=club, actor=owner, inviter=personas.players["Anna"], member=personas.players["Dieter"]
    )
    club_page = Page(reverse("club", args=[slug]))
    return World(
        personas,
        account_pages=[
            Page(reverse("home")),
            Page(reverse("club_create")),
            Page(reverse("password_change")),
            Page(reverse("password_change_done")),
        ],
        club_pages=[
            club_page,
            Page(reverse("members", args=[slug])),
            Page(reverse("club_leave", args=[slug])),
            Page(reverse("club_settings", args=[slug]), Role.OWNER),
            Page(reverse("club_history", args=[slug]), Role.OWNER),
            Page(reverse("member_remove", args=[slug, personas.players["Emil"].pk]), Role.OWNER),
            Page(reverse("session_new", args=[slug]), Role.SCORER),
            Page(reverse("house_rules_delete", args=[slug, club.house_rules.get().pk]), Role.SCORER),
            *(page for n, session in enumerate(sessions.values()) for page in _session_pages(session, n == 0)),
            Page(reverse("session", args=[slug, closed.pk])),
            Page(reverse("session_settlement", args=[slug, closed.pk])),
            Page(reverse("session_abandon", args=[slug, closed.pk]), Role.SCORER),
            Page(reverse("session_delete", args=[slug, closed.pk]), Role.SCORER),
            *_league_pages(season),
            *_tournament_pages(tournament),
        ],
        guest_pages=[
            Page(reverse("login")),
            Page(reverse("accept_invitation", args=[invitation.token])),
            Page(reverse("table_link", args=[link.token])),  # the session's sheet, for the table's phone
            Page(reverse("deal_new", args=[slug, sessions["schafkopf"].pk])),
            Page(reverse("table_link", args=["no-such-link-ever-made"]), status=404),
            Page(reverse("public_standing", args=[season.public_token])),
            Page(reverse("public_tournament", args=[tournament.public_token])),
        ],
        outsider_pages=[Page(club_page.path, status=404), Page(reverse("accept_invitation", args=[invitation.token]))],
    )


def _session_pages(session: Any, first: bool) -> list[Page]:
    """A session's pages; of another game's session only those whose markup depends on the game."""
    slug, pk, deal = session.club.slug, session.pk, session.deals.get().pk
    by_game = [
        Page(reverse("session_start", args=[slug, session.game]), Role.SCORER, not first),
        Page(reverse("session", args=[slug, pk]), Role.MEMBER, not first),
        Page(reverse("deal_new", args=[slug, pk]), Role.SCORER, not first),
        Page(reverse("deal_edit", args=[slug, pk, deal]), Role.SCORER, not first),
    ]
    alike = [
        Page(reverse("deal_dealers", args=[slug, pk, deal]), Role.SCORER),
        Page(reverse("session_history", args=[slug, pk])),
        Page(reverse("session_settlement", args=[slug, pk])),
        Page(reverse("session_money", args=[slug, pk]), Role.SCORER),
        Page(reverse("session_players", args=[slug, pk]), Role.SCORER),
    ]
    return by_game + alike if first else by_game


def _league_pages(season: Season) -> list[Page]:
    slug, league = season.league.club.slug, season.league
    anna = season.league.club.members.get(name="Anna")
    return [
        Page(reverse("leagues", args=[slug])),
        Page(reverse("league_create", args=[slug]), Role.OWNER),
        Page(reverse("league", args=[slug, league.pk])),
        Page(reverse("season_create", args=[slug, league.pk]), Role.OWNER),
        Page(reverse("season", args=[slug, season.pk])),
        Page(reverse("season_edit", args=[slug, season.pk]), Role.OWNER),
        Page(reverse("season_player", args=[slug, season.pk, f"u{anna.user_id}"])),
    ]


def _tournament(personas: Personas) -> Tournament:
    """A Doppelkopf tournament of eight: round 1 under way, one table played out, a penalty, prizes set, a team, the
    public link on."""
    owner = personas.owner
    tournament = tournaments.create_tournament(
        club=personas.club, actor=owner, name="Herbstturnier", preset="ddv", played_on=timezone.localdate(),
        rounds=2, entry_fee_cents=1000, seed=3,
    )  # fmt: skip
    for n in range(1, 9):
        tournaments.add_participant(tournament=tournament, actor=owner, name=f"Gast {n}")
    this_round = tournaments.start_round(tournament=tournament, actor=owner)
    tournaments.start_clock(this_round=this_round, actor=owner)  # the round clock on the round page and the hall
    first, second = this_round.tables.select_related("session", "round__tournament").order_by("number")
    play_out(first, owner)
    opening = next_deal(tournaments.table_sheet(second))
    assert opening is not None
    services.record_deal(session=second.session, actor=owner, facts=opening)
    tournaments.add_penalty(
        this_round=this_round, actor=owner, participant=tournament.participants.get(number=1), kind="minor",
        reason="Karten gezeigt", official="Turnierleitung",
    )  # fmt: skip
    prizes = {"pool": [{"place": 1, "percent": 50}, {"place": 2, "prize_cents": 1000}]}
    tournaments.set_prizes(tournament=tournament, actor=owner, prizes=prizes)
    members = list(tournament.participants.filter(number__in=(1, 2)))
    teams.add_team(tournament=tournament, actor=owner, name="Die Asse", members=members)
    return teams.change_public_link(tournament=tournament, actor=owner, enabled=True)


def _tournament_pages(tournament: Tournament) -> list[Page]:
    slug = tournament.club.slug
    args = [slug, tournament.pk]
    return [
        Page(reverse("tournaments", args=[slug])),
        Page(reverse("tournament_import", args=[slug]), Role.OWNER),
        Page(reverse("tournament", args=args)),
        Page(reverse("tournament_draw", args=args)),
        Page(reverse("tournament_round", args=[*args, 1])),
        Page(reverse("tournament_ranking", args=args)),
        Page(reverse("tournament_prizes", args=args)),
        Page(reverse("tournament_hall", args=args)),
        Page(reverse("tournament_snapshot", args=args), download=True),
        Page(reverse("tournament_teams", args=args)),
    ]


def pages_of(world: World, persona: str) -> list[Page]:
    """What ``persona`` sees: the club's pages up to their role (the owner every game's, the others one game's) and
    the 403 page for the first one above it; the guest's and the outsider's own. The account pages, alike for all,
    as the owner and the outsider."""
    if persona == "guest":
        return world.guest_pages
    if persona == "outsider":
        return world.account_pages + world.outsider_pages
    member: Member = world.personas.club.members.get(user=getattr(world.personas, persona))
    seen = [p for p in world.club_pages if member.can(p.role) and (persona == "owner" or not p.other_game)]
    above = [Page(p.path, status=403) for p in world.club_pages if not member.can(p.role)]
    return (world.account_pages if persona == "owner" else []) + seen + above[:1]


@pytest.fixture
def audit(open_phone: Callable[..., Any], world: World) -> Callable[[str, str], list[str]]:
    """Runs axe on every page ``persona`` sees in ``language``; the violations, one line each."""

    def run(persona: str, language: str) -> list[str]:
        user = None if persona == "guest" else getattr(world.personas, persona)
        page = open_phone(user, locale=LOCALES[language])
        page.context.add_init_script(AXE_SOURCE)  # sent once, run in each new document
        found = []
        for seen in pages_of(world, persona):
            if seen.download:
                body = page.request.get(seen.path).text()
                page.goto("about:blank")
                page.set_content(body)
            else:
                response = page.goto(seen.path)
                assert response is not None
                assert response.status == seen.status, (persona, seen.path)
            for scheme in SCHEMES:
                page.emulate_media(color_scheme=scheme)
                only = (
                    {"type": "tag", "values": WCAG_TAGS}
                    if scheme == "light"
                    else {"type": "rule", "values": COLOUR_RULES}
                )
                for viewport in VIEWPORTS:
                    page.set_viewport_size(viewport)
                    where = f"{seen.path} as {persona}, {language}, {scheme}, {viewport['width']} px"
                    first = scheme == SCHEMES[0] and viewport == VIEWPORTS[0]
                    found += [
                        f"{where}: {v['id']} ({v['count']}×) at {', '.join(v['targets'])}"
                        for v in page.evaluate(AXE_RUN, [only, first])
                    ]
        return found

    return run


# The owner sees the most pages: the others together take about as long, and the world is built once for each run.
@pytest.mark.parametrize("language", LOCALES)
@pytest.mark.parametrize("who", [("owner",), ("scorer", "member", "outsider", "guest")], ids=["owner", "others"])
def test_no_page_violates_wcag_a_or_aa(
    audit: Callable[[str, str], list[str]], who: tuple[str, ...], language: str
) -> None:
    violations = [line for persona in who for line in audit(persona, language)]
    assert not violations, "\n".join(violations)
