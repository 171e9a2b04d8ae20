"""Clubs, their members and sessions, and the facts of every deal.

A deal stores what happened at the table (``Deal.facts``, in the ``schreiber/1``
deal format), who dealt included. Every value, total and pot is derived by the
rule engine from the session's frozen rules, tariff and money terms; the
services write what the engine derived (``Deal.result``, the session's summary)
in the same transaction as the change, so pages read it instead of replaying.
Writes go through ``scorekeeper.services``; reads through ``scorekeeper.selectors``.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from typing import Any

import pycountry
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import models
from django.db.models import Q
from django.db.models.functions import Length, Now
from django.db.models.lookups import LessThanOrEqual
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _

from .engine.registry import GAMES

# The games the engine knows, by key and title (each has a pack: ``scorekeeper.games``). django-stubs type the
# functional form with names only, not with (value, label) pairs.
Game = models.TextChoices("Game", [(key.upper(), (key, cls.title)) for key, cls in GAMES.items()])  # type: ignore[call-overload]


class Role(models.TextChoices):
    # Ordered by power: each role can do everything the ones before it can.
    MEMBER = "member", _("Member")
    SCORER = "scorer", _("Scorer")
    OWNER = "owner", _("Owner")


ROLE_RANK: dict[str, int] = {Role.MEMBER: 0, Role.SCORER: 1, Role.OWNER: 2}

# Limits the database keeps on every engine (SQLite stores any length, PostgreSQL refuses too long a text).
CURRENCIES = tuple(sorted(currency.alpha_3 for currency in pycountry.currencies))  # ISO 4217
MAX_CENTS_PER_POINT = 100_000  # 1,000.00 a point: far above any table, far below any integer column's end
NAME_MAX = 60  # a member's or player's name (engine.names.NAME_MAX)


def at_most(field: str, length: int, name: str) -> models.CheckConstraint:
    """A text column no longer than ``length`` characters, on every database."""
    return models.CheckConstraint(condition=LessThanOrEqual(Length(field), length), name=name)


def currency_check(name: str) -> models.CheckConstraint:
    return models.CheckConstraint(condition=Q(currency__in=CURRENCIES), name=name)


def stake_check(name: str) -> models.CheckConstraint:
    return models.CheckConstraint(condition=Q(cents_per_point__lte=MAX_CENTS_PER_POINT), name=name)


class PotPolicy(models.TextChoices):
    CARRY = "carry", _("Carry the pot into the club's next session")
    PAY_BACK = "pay_back", _("Pay the pot back equally at the end of the session")


class SettlementMode(models.TextChoices):
    ZERO_SUM = "zero_sum", _("Zero-sum: everyone settles their own balance")
    AGAINST_LEADER = "against_leader", _("Against the leader: everyone pays their gap to the leader into the kitty")


class Club(models.Model):
    name = models.CharField(_("name"), max_length=100)
    slug = models.SlugField(_("short name"), max_length=60, unique=True)
    currency = models.CharField(_("currency"), max_length=3, default="EUR")
    pot_policy = models.CharField(
        _("pot at the end of a session"), max_length=20, choices=PotPolicy.choices, default=PotPolicy.CARRY
    )
    settlement_mode = models.CharField(
        _("settlement"), max_length=20, choices=SettlementMode.choices, default=SettlementMode.ZERO_SUM
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        constraints = [
            currency_check("club_currency_iso4217"),
            at_most("name", 100, "club_name_length"),
            models.CheckConstraint(condition=Q(pot_policy__in=PotPolicy.values), name="club_pot_policy_valid"),
            models.CheckConstraint(
                condition=Q(settlement_mode__in=SettlementMode.values), name="club_settlement_mode_valid"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("club", args=[self.slug])


class Member(models.Model):
    """A person in a club: with a login, or a name only (added by the scorer, or a guest)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="members")
    name = models.CharField(_("name"), max_length=NAME_MAX)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="memberships"
    )
    role = models.CharField(_("role"), max_length=10, choices=Role.choices, default=Role.MEMBER)
    is_guest = models.BooleanField(_("guest"), default=False)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["is_guest", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="member_name_unique_in_club"),
            models.UniqueConstraint(
                fields=["club", "user"], condition=Q(user__isnull=False), name="one_membership_per_user_and_club"
            ),
            models.CheckConstraint(condition=Q(role__in=Role.values), name="member_role_valid"),
            at_most("name", NAME_MAX, "member_name_length"),
        ]

    def __str__(self) -> str:
        return self.name

    def can(self, role: str) -> bool:
        """Whether this member has ``role`` or a more powerful one."""
        return ROLE_RANK.get(self.role, -1) >= ROLE_RANK[Role(role)]


def new_invitation_token() -> str:
    return secrets.token_urlsafe(24)


def invitation_expiry() -> datetime:
    return timezone.now() + timedelta(days=14)


class Invitation(models.Model):
    """A link that lets its holder join a club, optionally as an existing name-only member."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    token = models.CharField(max_length=64, unique=True, default=new_invitation_token)
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)
    member = models.ForeignKey(
        Member,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        help_text=_("The name-only member this link lets someone claim."),
    )
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(default=invitation_expiry)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.CheckConstraint(condition=Q(role__in=Role.values), name="invitation_role_valid")]

    def __str__(self) -> str:
        return f"{self.club} ({self.get_role_display()})"

    def get_absolute_url(self) -> str:
        return reverse("accept_invitation", args=[self.token])

    def is_usable(self) -> bool:
        return self.used_at is None and self.expires_at > timezone.now()


class HouseRules(models.Model):
    """A club's own named preset: game, rules, tariff and stake, to start the next session in one tap."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="house_rules")
    name = models.CharField(_("name"), max_length=80)
    game = models.CharField(_("game"), max_length=20, choices=Game.choices)
    rules = models.JSONField()
    tariff = models.JSONField(null=True, blank=True)
    cents_per_point = models.PositiveIntegerField(_("cents per point"), default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="house_rules_name_unique_in_club"),
            stake_check("house_rules_stake_bounded"),
            at_most("name", 80, "house_rules_name_length"),
        ]

    def __str__(self) -> str:
        return self.name


class Session(models.Model):
    """One table playing one game under one frozen rule set, tariff and money terms (a Spielabend).

    ``rules`` and ``tariff`` hold the complete options (``engine.freeze``), and the stake, currency, pot policy and
    settlement mode are copied from the club when the session starts: a later change to a preset or to the club's
    settings never changes a played session. A league or tournament round refers to sessions from its own app.
    """

    class Status(models.TextChoices):
        OPEN = "open", _("in progress")
        CLOSED = "closed", _("closed")
        ABANDONED = "abandoned", _("abandoned")  # kept, out of every standing, restorable

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="sessions")
    game = models.CharField(_("game"), max_length=20, choices=Game.choices)
    played_on = models.DateField(_("date"), default=timezone.localdate)
    table = models.CharField(
        _("table"), max_length=60, blank=True, help_text=_("e.g. 'Tisch 2' when a club plays at several tables.")
    )
    rules = models.JSONField()
    tariff = models.JSONField(null=True, blank=True)
    # Money terms, frozen with the session.
    cents_per_point = models.PositiveIntegerField(_("cents per point"), default=0)
    currency = models.CharField(_("currency"), max_length=3, default="EUR")
    pot_policy = models.CharField(
        _("pot at the end of a session"), max_length=20, choices=PotPolicy.choices, default=PotPolicy.CARRY
    )
    settlement_mode = models.CharField(
        _("settlement"), max_length=20, choices=SettlementMode.choices, default=SettlementMode.ZERO_SUM
    )
    first_dealer = models.PositiveSmallIntegerField(default=0)  # seat index (0-based) of who deals first
    house_rules = models.ForeignKey(HouseRules, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    # The pot chain: the session whose pot this one carries on (each pot is carried at most once), and that pot.
    pot_from = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="pot_carried_to"
    )
    pot_carried_in = models.IntegerField(default=0)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    revision = models.PositiveIntegerField(default=0)  # bumped on every change: live sheets poll it
    # What the engine's replay says after the last change, written in the same transaction: pages read it.
    deal_count = models.PositiveIntegerField(default=0)
    totals = models.JSONField(default=list)  # points per seat
    pot = models.IntegerField(default=0)  # the pot after the last deal
    next_dealer = models.PositiveSmallIntegerField(default=0)  # seat index of who deals the next deal
    # A tournament table's round (engine.rounds; null for any other session): derived.round_json's shape.
    round = models.JSONField(null=True, blank=True)
    # The engine's replay state after the last deal (engine.Session snapshot) and the revision it was written in: a
    # deal added at the end is scored from it alone. Null, stale or of an old version: the next write replays all.
    replay_state = models.JSONField(null=True, blank=True, editable=False)
    # What an import read (a hash of the document), so that the same file is not imported twice by mistake.
    import_fingerprint = models.CharField(max_length=64, blank=True, db_index=True)

    class Meta:
        ordering = ["-played_on", "-created_at"]
        indexes = [models.Index(fields=["club", "-played_on", "-created_at"])]
        constraints = [
            currency_check("session_currency_iso4217"),
            stake_check("session_stake_bounded"),
            models.CheckConstraint(
                condition=Q(status__in=["open", "closed", "abandoned"]), name="session_status_valid"
            ),
            at_most("table", 60, "session_table_length"),
        ]

    def __str__(self) -> str:
        return f"{self.get_game_display()} {date_format(self.played_on, 'SHORT_DATE_FORMAT')}" + (
            f" · {self.table}" if self.table else ""
        )

    def get_absolute_url(self) -> str:
        return reverse("session", args=[self.club.slug, self.pk])

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN

    @property
    def is_abandoned(self) -> bool:
        return self.status == self.Status.ABANDONED

    @property
    def counts(self) -> bool:
        """Whether the session counts in standings: closed, neither open nor abandoned."""
        return self.status == self.Status.CLOSED

    @property
    def rules_preset(self) -> str:
        return str(self.rules.get("preset", ""))

    @property
    def tariff_preset(self) -> str:
        return str(self.tariff.get("preset", "")) if self.tariff else ""


class Seat(models.Model):
    """A player at a session's table, in seat order; ``name`` is frozen as it appears on the sheet."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="seats")
    name = models.CharField(max_length=NAME_MAX)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["session", "position"], name="seat_position_unique"),
            models.UniqueConstraint(fields=["session", "name"], name="seat_name_unique"),
            at_most("name", NAME_MAX, "seat_name_length"),
        ]

    def __str__(self) -> str:
        return self.name


class LineupChange(models.Model):
    """A player who left or joined the table between deals: after the deal at ``after_sequence`` (0: before the
    first), so that deleting, restoring or inserting a deal keeps the change where it was (``Deal.sequence``)."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="lineup_changes")
    after_sequence = models.PositiveIntegerField()
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="+")  # the player
    joins = models.BooleanField()  # False: leaves
    table_seat = models.PositiveSmallIntegerField(null=True, blank=True)  # where a joining player sits, 1-based
    at = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["after_sequence", "pk"]

    def __str__(self) -> str:
        return f"{self.seat.name} {'joins' if self.joins else 'leaves'} after {self.after_sequence}"


class Deal(models.Model):
    """One deal as recorded at the table: its facts (a ``schreiber/1`` deal object, who dealt included).

    A deal is named by its id everywhere. ``sequence`` orders a session's deals, deleted ones included; ``number``
    is the deal's number on the sheet, counted by the services under the session lock (``None`` while deleted).
    ``revision`` grows with every change, so a write can say which version its scorer saw. A delete only marks
    the deal deleted: its facts stay, and it can be restored. ``result`` is what the engine derived for it.
    """

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="deals")
    sequence = models.PositiveIntegerField()
    number = models.PositiveIntegerField(null=True, blank=True)
    facts = models.JSONField()
    revision = models.PositiveIntegerField(default=1)
    result = models.JSONField(null=True, blank=True)
    # The session's revision in which the deal's line on the sheet last changed (its number or result): a phone
    # showing a later revision has the line as it is, and the rendered line is cached under it.
    changed_in = models.PositiveIntegerField(default=0)
    # Set by the entry form; a repeated submission (double tap, flaky network) finds the deal it already made.
    client_token = models.UUIDField(null=True, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    updated_at = models.DateTimeField(auto_now=True)
    deleted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    deleted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["sequence"]
        # the lines changed since a revision, read by each new sheet and each poll's patch (``reads.stored_deals``)
        indexes = [models.Index(fields=["session", "changed_in"], name="deal_changed_in")]
        constraints = [
            models.UniqueConstraint(fields=["session", "sequence"], name="deal_sequence_unique"),
            models.UniqueConstraint(
                fields=["session", "number"], condition=Q(number__isnull=False), name="deal_number_unique"
            ),
            models.CheckConstraint(
                condition=Q(deleted_at__isnull=True, number__isnull=False)
                | Q(deleted_at__isnull=False, number__isnull=True),
                name="deal_numbered_unless_deleted",
            ),
            models.UniqueConstraint(
                fields=["session", "client_token"],
                condition=Q(client_token__isnull=False),
                name="deal_client_token_unique",
            ),
        ]

    def __str__(self) -> str:
        return f"Deal {self.number}" if self.number else f"Deal #{self.pk} (deleted)"

    @property
    def is_deleted(self) -> bool:
        return self.deleted_at is not None


class PlayerResult(models.Model):
    """One player's results in one session (``player_results``): what standings add up, never recomputed by a page.

    Only a session that was closed has rows: the services write a row per seat in the same transaction as the change
    that closes it (or moves the pot chain of a closed one), keep them while it is reopened for a correction (the
    last closed result, until the next close replaces it) and remove them when it is abandoned (``record``).
    ``game`` and ``played_on`` are the session's, copied so that a standing reads one table.
    """

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="player_results")
    position = models.PositiveSmallIntegerField()  # the seat, 0-based
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="player_results")  # a guest's too
    name = models.CharField(max_length=NAME_MAX)  # as on the sheet
    game = models.CharField(max_length=20, choices=Game.choices)
    played_on = models.DateField()
    points = models.IntegerField()
    money_cents = models.BigIntegerField()  # received (+) or paid (−) under the session's frozen money terms
    place = models.PositiveSmallIntegerField()  # 1 the most points; equal points share the better place
    deals_played = models.PositiveIntegerField()
    deals_out = models.PositiveIntegerField()
    deals_won = models.PositiveIntegerField()
    # The games the player declared or led, by contract type: {"sauspiel": {"played": 3, "won": 2}, …}
    by_contract = models.JSONField(default=dict)
    solos_played = models.PositiveIntegerField()
    solos_won = models.PositiveIntegerField()
    pflichtsoli_played = models.PositiveIntegerField()
    pflichtsoli_won = models.PositiveIntegerField()
    schneider_for = models.PositiveIntegerField()
    schneider_against = models.PositiveIntegerField()
    schwarz_for = models.PositiveIntegerField()
    schwarz_against = models.PositiveIntegerField()
    kontra_given = models.PositiveIntegerField()
    kontra_won = models.PositiveIntegerField()
    re_given = models.PositiveIntegerField()
    re_won = models.PositiveIntegerField()
    # Per other player of the session, by member id: {"12": [deals on the same side, won], …} and on opposite sides.
    partners = models.JSONField(default=dict)
    opponents = models.JSONField(default=dict)
    outcomes = models.TextField(default="")  # a letter per deal played: W won, L lost, - neither
    best_deal = models.IntegerField(null=True)  # the largest gain in one deal; None with no deal played
    worst_deal = models.IntegerField(null=True)
    value_sum = models.BigIntegerField(default=0)  # what the deals played were worth, won or lost

    class Meta:
        ordering = ["session", "position"]
        constraints = [
            models.UniqueConstraint(fields=["session", "position"], name="player_result_seat_unique"),
        ]
        indexes = [
            models.Index(fields=["member", "-played_on"], name="player_result_member_date"),
            models.Index(fields=["game", "played_on"], name="player_result_game_date"),  # a season's rows
        ]

    def __str__(self) -> str:
        return f"{self.name} · {self.session}"


def new_table_link_token() -> str:
    return secrets.token_urlsafe(24)


class TableLinkQuerySet(models.QuerySet["TableLink"]):
    def live(self) -> TableLinkQuerySet:
        """The links that still open their session: never expired, or expiring later than now — the database's now,
        the same for every server: the one rule of a live link (``scorekeeper.access``)."""
        return self.filter(Q(expires_at__isnull=True) | Q(expires_at__gt=Now()))


class TableLink(models.Model):
    """A link (or its QR code) that lets a phone at the table score one session without an account, until it expires.

    Its holder may do what a scorer does on that session's sheet and nothing else of the club; a closed or abandoned
    session takes no write from anyone. A tournament round makes one per table and expires them when it closes.
    """

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="table_links")
    token = models.CharField(max_length=64, unique=True, default=new_table_link_token)
    label = models.CharField(_("label"), max_length=80, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(null=True, blank=True)  # None: until it is expired by hand or with its round

    objects = TableLinkQuerySet.as_manager()

    class Meta:
        constraints = [at_most("label", 80, "table_link_label_length")]

    def __str__(self) -> str:
        return self.label or str(self.session)

    def get_absolute_url(self) -> str:
        return reverse("table_link", args=[self.token])


class AuditEntry(models.Model):
    """Who changed what and when: the before and after of every write to a club and its sessions.

    A deal is named by its id (``deal``) and by the number it had on the sheet at the time (``deal_number``).
    """

    class Action(models.TextChoices):
        SESSION_STARTED = "session_started", _("started the session")
        SESSION_IMPORTED = "session_imported", _("imported the session")
        DEAL_ADDED = "deal_added", _("added a deal")
        DEAL_INSERTED = "deal_inserted", _("inserted a deal")
        DEAL_EDITED = "deal_edited", _("corrected a deal")
        DEAL_DELETED = "deal_deleted", _("deleted a deal")
        DEAL_RESTORED = "deal_restored", _("restored a deal")
        DEALERS_REDERIVED = "dealers_rederived", _("re-derived the dealers")
        PLAYER_LEFT = "player_left", _("noted a player leaving")
        PLAYER_JOINED = "player_joined", _("noted a player joining")
        MONEY_CHANGED = "money_changed", _("changed the money terms")
        POT_CARRIED = "pot_carried", _("recomputed the carried pot")
        RESULTS_REDERIVED = "results_rederived", _("derived the results again")
        PLAYER_RESULTS_REBUILT = "player_results_rebuilt", _("wrote the players' results again")
        SESSION_CLOSED = "session_closed", _("closed the session")
        SESSION_REOPENED = "session_reopened", _("reopened the session")
        SESSION_ABANDONED = "session_abandoned", _("abandoned the session")
        SESSION_RESTORED = "session_restored", _("restored the session")
        SESSION_DELETED = "session_deleted", _("deleted the session")
        TIME_CALLED = "time_called", _("called time")
        CLUB_CREATED = "club_created", _("founded the club")
        CLUB_IMPORTED = "club_imported", _("restored the club from a backup")
        SETTINGS_CHANGED = "settings_changed", _("changed the club settings")
        MEMBER_ADDED = "member_added", _("added a member")
        MEMBER_RENAMED = "member_renamed", _("renamed a member")
        ROLE_CHANGED = "role_changed", _("changed a role")
        MEMBER_REMOVED = "member_removed", _("removed a member")
        MEMBER_LEFT = "member_left", _("left the club")
        INVITATION_CREATED = "invitation_created", _("invited someone")
        INVITATION_ACCEPTED = "invitation_accepted", _("joined the club")
        HOUSE_RULES_SAVED = "house_rules_saved", _("saved house rules")
        HOUSE_RULES_DELETED = "house_rules_deleted", _("deleted house rules")
        OWNER_APPOINTED = "owner_appointed", _("was appointed owner")
        LEAGUE_FOUNDED = "league_founded", _("founded a league")
        LEAGUE_CLUB_INVITED = "league_club_invited", _("invited a club to a league")
        LEAGUE_JOINED = "league_joined", _("joined a league")
        LEAGUE_LEFT = "league_left", _("left a league")
        SEASON_SAVED = "season_saved", _("saved a season")
        SEASON_DELETED = "season_deleted", _("deleted a season")
        PUBLIC_LINK_CHANGED = "public_link_changed", _("changed a season's public link")
        TOURNAMENT_CREATED = "tournament_created", _("created a tournament")
        TOURNAMENT_CHANGED = "tournament_changed", _("changed a tournament")
        TABLE_LINK_CREATED = "table_link_created", _("made a table link")
        TABLE_LINK_EXPIRED = "table_link_expired", _("ended a table link")
        LOGIN_LOCK_LIFTED = "login_lock_lifted", _("lifted a login lock")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="audit_entries")
    session = models.ForeignKey(Session, null=True, blank=True, on_delete=models.SET_NULL, related_name="audit_entries")
    deal = models.ForeignKey(Deal, null=True, blank=True, on_delete=models.SET_NULL, related_name="audit_entries")
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    # The table link a change came through: made by someone at the table without an account (no actor).
    table_link = models.ForeignKey(TableLink, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField(default=timezone.now)
    action = models.CharField(max_length=30, choices=Action.choices)
    deal_number = models.PositiveIntegerField(null=True, blank=True)
    # The session's revision after the write: what a following phone had not seen yet (``reads.deal_writes``).
    revision = models.PositiveIntegerField(null=True, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    # What a deal change did to the points: [player, before, after] for each player whose delta moved, in seat order.
    effect = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.get_action_display()}"


# Who makes a change, as the services record it: a signed-in login, a table link, or nobody (a command).
Actor = AbstractBaseUser | AnonymousUser | TableLink | None


def values_of(row: models.Model, names: str) -> dict[str, Any]:
    """The values of ``row``'s fields ``names`` (separated by spaces), as they are: what a history entry or a backup
    writes of them."""
    return {name: getattr(row, name) for name in names.split()}
