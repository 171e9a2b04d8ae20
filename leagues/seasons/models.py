"""Leagues and their seasons: which clubs' closed sessions of one game are ranked, over which dates, and how.

A league belongs to the club that founded it (its owners manage it) and can take in other clubs, who join by
accepting an invitation. A season ranks the players' stored results (``scorekeeper.PlayerResult``) of the league's
clubs in its date range, all of the game or the chosen sessions, by its ranking mode and tie-break chain
(``leagues.seasons.ranking``).
"""

from __future__ import annotations

import datetime

from django.db import models
from django.utils.translation import gettext_lazy as _

from scorekeeper.models import Club, Game, Session

from ..competition import NAME_MAX


class League(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="leagues")  # the founding club
    name = models.CharField(_("name"), max_length=NAME_MAX)
    game = models.CharField(_("game"), max_length=20, choices=Game.choices)
    created_at = models.DateTimeField(auto_now_add=True)
    # Moved in the same transaction by every write that changes what a standing or a rating of the league reads
    # (``refresh.follow_results``, the season and membership services): cached standings are keyed by it.
    revision = models.PositiveBigIntegerField(default=0)
    # The revision the stored ratings (``SeasonRating``) are current for, and the last evening they rated (its day
    # and session: evenings are rated in that order); an evening after it can be rated on top of them at once.
    rated_revision = models.PositiveBigIntegerField(default=0)
    rated_through_day = models.DateField(null=True, blank=True)
    rated_through_session = models.PositiveBigIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name

    def club_ids(self) -> list[int]:
        """The founding club and every club that joined (read once per instance: a page asks several times)."""
        if not hasattr(self, "_club_ids"):
            joined = self.memberships.filter(joined_at__isnull=False).values_list("club_id", flat=True)
            self._club_ids = [self.club_id, *joined]
        return self._club_ids

    @property
    def rating_current(self) -> bool:
        """False while a background task works the ratings out again (``rating_store``)."""
        return self.rated_revision == self.revision


class LeagueClub(models.Model):
    """A club invited to a league (``joined_at`` empty) or in it."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="memberships")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="league_memberships")
    invited_at = models.DateTimeField(auto_now_add=True)
    joined_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["league", "club__name"]
        constraints = [models.UniqueConstraint(fields=["league", "club"], name="league_club_unique")]

    def __str__(self) -> str:
        return f"{self.club} · {self.league}"


class Season(models.Model):
    class Period(models.TextChoices):
        YEAR = "year", _("a year")
        HALF = "half", _("a half-year")
        QUARTER = "quarter", _("a quarter")
        FREE = "free", _("free dates")

    class Selection(models.TextChoices):
        ALL = "all", _("every closed session of the game in the dates")
        CHOSEN = "chosen", _("only the sessions chosen")

    class SubPeriod(models.TextChoices):
        NONE = "", _("none")
        QUARTER = "quarter", _("per quarter")
        MONTH = "month", _("per month")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(_("name"), max_length=NAME_MAX)
    period = models.CharField(_("period"), max_length=10, choices=Period.choices, default=Period.YEAR)
    starts_on = models.DateField(_("first day"))
    ends_on = models.DateField(_("last day"))
    selection = models.CharField(_("sessions"), max_length=10, choices=Selection.choices, default=Selection.ALL)
    sessions = models.ManyToManyField(Session, blank=True, related_name="seasons")  # with Selection.CHOSEN
    ranking = models.JSONField()  # the mode: {"mode": key, **params} (leagues.seasons.ranking.parse_mode)
    tiebreaks = models.JSONField(default=list)  # tie-break keys in order (leagues.seasons.ranking.parse_tiebreaks)
    sub_period = models.CharField(
        _("sub-standings"), max_length=10, choices=SubPeriod.choices, default=SubPeriod.NONE, blank=True
    )
    public_token = models.CharField(max_length=64, unique=True, null=True, blank=True)  # the read-only link
    members_only = models.BooleanField(_("members only"), default=False)  # guests are listed unranked
    public_money_hidden = models.BooleanField(_("hide the money on the public link"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_on", "name", "pk"]

    def __str__(self) -> str:
        return self.name

    def contains(self, day: datetime.date) -> bool:
        return self.starts_on <= day <= self.ends_on


class SeasonRating(models.Model):
    """A player's rating after the last evening a season's ratings count (``leagues.seasons.rating``), written whenever
    the results they count change (``rating_store``) so that a page only reads it."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="ratings")
    player = models.CharField(max_length=24)  # selectors.player_key
    mu = models.FloatField()
    sigma = models.FloatField()
    sessions = models.PositiveIntegerField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["season", "player"], name="season_rating_unique")]

    def __str__(self) -> str:
        return f"{self.player} · {self.season}"


class StandingFile(models.Model):
    """A standing's PDF or XLSX or a season's report, written once by a background task (``tasks.write_standing``)
    under the key of what it shows (``standing_files.file_key``: the standing's stamp, the ratings, the format,
    language and query) and read by every app server; without ``content`` it is still being written. A change to
    the league makes those of earlier revisions stale: the next one written for the season removes them."""

    key = models.CharField(max_length=64, unique=True)
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="files")
    revision = models.PositiveBigIntegerField()  # the league's when it was asked for
    requested_at = models.DateTimeField()  # asked again when a worker has not written it in a while
    content = models.BinaryField(null=True)

    def __str__(self) -> str:
        return f"{self.season} · {self.key}"


class StoredStanding(models.Model):
    """A season's standing, or one sub-period's, as its pages, exports and public link read it: written whenever the
    results it ranks change (``standing_store``), so that a page reads one row, never the result rows."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="stored_standings")
    period = models.CharField(max_length=10, blank=True)  # "" the whole season, else a sub-period (``2026-Q1``)
    revision = models.PositiveBigIntegerField()  # the league's revision it reflects: behind it, it is being updated
    results = models.PositiveIntegerField()  # the result rows it ranks: what working it out again costs
    # The days with results among them (a player's attendance is of these); None if stored before it was counted.
    days = models.PositiveIntegerField(null=True)
    layout = models.PositiveSmallIntegerField()  # of ``document``: another one is not read (``standing_store``)
    document = models.BinaryField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["season", "period"], name="stored_standing_unique")]

    def __str__(self) -> str:
        return f"{self.season} {self.period}".strip()
