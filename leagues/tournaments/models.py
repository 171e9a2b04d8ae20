"""Tournaments: a club's tournament of one game, its participants, rounds, tables with their seats, and penalties.

A tournament table is a scorekeeper session; the rules in ``leagues.tournaments.rules`` draw the rounds and rank
the players from what the tables stored.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from scorekeeper.models import Club, Game, Member, Session

from ..competition import NAME_MAX
from .rules.clock import Clock


class Tournament(models.Model):
    """One tournament of one game run by a club: participants, rounds drawn ahead, a session per table and round.

    The scoring (``preset``, ``rules``, ``tariff``) is frozen when the tournament is created, as a session's is; the
    draw is reproducible from ``seed``. ``tiebreaks`` is the ranking's chain (``leagues.tournaments.rules.ranking``).
    """

    class Status(models.TextChoices):
        REGISTRATION = "registration", _("registration")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="tournaments")
    name = models.CharField(_("name"), max_length=NAME_MAX)
    game = models.CharField(_("game"), max_length=20, choices=Game.choices)
    played_on = models.DateField(_("date"))
    preset = models.CharField(_("scoring"), max_length=40)
    settings = models.JSONField(default=dict)  # the preset's frozen data and the director's choices
    rounds = models.PositiveSmallIntegerField(_("rounds"))
    entry_fee_cents = models.PositiveIntegerField(_("entry fee in cents"), default=0)
    currency = models.CharField(max_length=3, default="EUR")
    tiebreaks = models.JSONField(default=list)
    seed = models.BigIntegerField()
    # The last draw: {"key": digest of what it was drawn from, "rounds": [[[start number, …] per table] per round],
    # "lower_bound": n}; drawn again when the field, the wishes or the rounds played change (services.tournaments).
    plan = models.JSONField(default=dict)
    status = models.CharField(max_length=15, choices=Status.choices, default=Status.REGISTRATION)
    public_token = models.CharField(max_length=64, unique=True, null=True, blank=True)  # the live ranking's link
    # Bumped by every change a director makes (``services.changes.audit``); with its tables' session revisions it stamps
    # what a ranking shows (``selectors.ranking_stamp``), so a rendered ranking is reused only while it is current.
    revision = models.PositiveBigIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-played_on", "-pk"]

    def __str__(self) -> str:
        return self.name


class Participant(models.Model):
    """A player of a tournament with a start number: a club member, or a guest (a guest member of the club, so
    that the table sessions can seat them)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="participants")
    number = models.PositiveSmallIntegerField(_("start number"))
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="tournament_entries")
    name = models.CharField(_("name"), max_length=NAME_MAX)
    categories = models.JSONField(default=list)  # e.g. ["women"], for category prizes
    fixed_table = models.PositiveSmallIntegerField(_("fixed table"), null=True, blank=True)
    first_round = models.PositiveSmallIntegerField(default=1)  # a late arrival plays from this round
    last_round = models.PositiveSmallIntegerField(null=True, blank=True)  # withdrew after this round

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="participant_number_unique"),
            models.UniqueConstraint(fields=["tournament", "member"], name="participant_member_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.number} {self.name}"

    def plays_in(self, round_number: int) -> bool:
        return self.first_round <= round_number and (self.last_round is None or round_number <= self.last_round)


class ApartPair(models.Model):
    """Two participants who must not sit at one table in round 1 (same household, same club)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="apart_pairs")
    first = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="+")

    def __str__(self) -> str:
        return f"{self.first} / {self.second}"


class TournamentRound(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="played_rounds")
    number = models.PositiveSmallIntegerField()
    drawn_at = models.DateTimeField(auto_now_add=True)
    time_called_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    # the round clock (``rules.clock``): started, paused, the seconds it stood paused before, the minutes added
    clock_started_at = models.DateTimeField(null=True, blank=True)
    clock_paused_at = models.DateTimeField(null=True, blank=True)
    clock_paused_seconds = models.PositiveIntegerField(default=0)
    clock_extra_minutes = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="tournament_round_unique")]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.number}"

    @property
    def clock(self) -> Clock:
        return Clock(self.clock_started_at, self.clock_paused_at, self.clock_paused_seconds, self.clock_extra_minutes)


class TournamentTable(models.Model):
    """A table of a round and its session: the table sheet, entered on the table's phone by the session's table link
    (``scorekeeper.TableLink``), which expires with the round."""

    round = models.ForeignKey(TournamentRound, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    session = models.OneToOneField(Session, on_delete=models.PROTECT, related_name="tournament_table")
    time_called_after = models.PositiveSmallIntegerField(null=True, blank=True)  # the games played when time was called

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="tournament_table_unique")]

    def __str__(self) -> str:
        return f"{self.round} · {self.number}"


class TableSeat(models.Model):
    table = models.ForeignKey(TournamentTable, on_delete=models.CASCADE, related_name="seat_rows")
    participant = models.ForeignKey(Participant, on_delete=models.PROTECT, related_name="seat_rows")
    position = models.PositiveSmallIntegerField()  # 0-based, as the session's seats: 0 deals first

    class Meta:
        ordering = ["table", "position"]
        constraints = [models.UniqueConstraint(fields=["table", "position"], name="table_seat_unique")]

    def __str__(self) -> str:
        return f"{self.table} · {self.position + 1}"


class Penalty(models.Model):
    """A penalty under the TSR (section 9): minor, serious or a free deduction, with its reason and the official who
    decided it."""

    class Kind(models.TextChoices):
        MINOR = "minor", _("minor")
        SERIOUS = "serious", _("serious")
        DEDUCTION = "deduction", _("free deduction")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="penalties")
    round = models.ForeignKey(TournamentRound, on_delete=models.CASCADE, related_name="penalties")
    participant = models.ForeignKey(Participant, on_delete=models.PROTECT, related_name="penalties")
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    points = models.PositiveIntegerField(_("points"), default=0)  # a free deduction's, or 9.4.4's 12 to 24 in a solo
    reason = models.CharField(_("reason"), max_length=200)
    official = models.CharField(_("decided by"), max_length=NAME_MAX)
    # the game the offence was in (TSR 9.3.3, 9.4.4, 10.1.2): whom a minor or serious penalty leaves out or credits
    sitting_out = models.ForeignKey(
        Participant, verbose_name=_("sitting out"), null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    soloist = models.ForeignKey(
        Participant, verbose_name=_("soloist"), null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "round", "created_at"]

    def __str__(self) -> str:
        return f"{self.participant} · {self.get_kind_display()}"


class Team(models.Model):
    """Two to four participants ranked together by the sum of their points (``rules.teams``), registered by the
    director; a participant is in one team at most."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("name"), max_length=NAME_MAX)
    members: models.ManyToManyField[Participant, TeamMember] = models.ManyToManyField(
        Participant, through="TeamMember", related_name="teams"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "name", "pk"]
        constraints = [models.UniqueConstraint(fields=["tournament", "name"], name="team_name_unique")]

    def __str__(self) -> str:
        return self.name


class TeamMember(models.Model):
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    participant = models.OneToOneField(Participant, on_delete=models.CASCADE, related_name="team_membership")

    def __str__(self) -> str:
        return f"{self.team} · {self.participant}"


class Substitution(models.Model):
    """A substitute (Ersatzspieler) who takes over a participant's seat from a round on: a member, or a guest by
    name. ``credited`` (the tournament's setting when named) says whose the seat's points are: the participant's
    (DDV practice), or the substitute's own ``entry``, who then plays the participant's seats as a participant."""

    class Credit(models.TextChoices):
        ORIGINAL = "original", _("the player replaced")
        SUBSTITUTE = "substitute", _("the substitute")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="substitutions")
    participant = models.ForeignKey(Participant, on_delete=models.PROTECT, related_name="substitutions")
    from_round = models.PositiveSmallIntegerField(_("from round"))
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="+")
    name = models.CharField(_("substitute"), max_length=NAME_MAX)
    credited = models.CharField(max_length=10, choices=Credit.choices, default=Credit.ORIGINAL)
    entry = models.ForeignKey(Participant, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "from_round", "created_at"]
        constraints = [
            models.UniqueConstraint(fields=["participant", "from_round"], name="substitution_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.name} / {self.participant.name}"


class Bye(models.Model):
    """A round a participant does not play (Freilos) and scores the tournament's bye value for: given by the
    director, or drawn when the field cannot be seated at the tables."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="byes")
    participant = models.ForeignKey(Participant, on_delete=models.PROTECT, related_name="byes")
    round = models.PositiveSmallIntegerField()
    drawn = models.BooleanField(default=False)  # the field could not be seated; else the director gave it

    class Meta:
        ordering = ["tournament", "round", "participant"]
        constraints = [models.UniqueConstraint(fields=["participant", "round"], name="bye_unique")]

    def __str__(self) -> str:
        return f"{self.participant} · {self.round}"


class HallLot(models.Model):
    """A lot drawn in the hall between players level on every tie-break: ``winner`` is placed first among
    ``among`` (start numbers) in the ranking overall (``round`` None) or of one round."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="hall_lots")
    round = models.PositiveSmallIntegerField(null=True, blank=True)
    among = models.JSONField(default=list)
    winner = models.ForeignKey(Participant, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "created_at"]

    def __str__(self) -> str:
        return f"{self.winner} · {self.among}"
