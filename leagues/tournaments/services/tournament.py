"""The tournament itself: created under its scoring preset and the director's options, and its prize list."""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction

from scorekeeper import services as scorekeeper
from scorekeeper.engine.messages import Message
from scorekeeper.engine.reading import Bad
from scorekeeper.engine.tournament_presets import PRESETS, OptionProblem
from scorekeeper.models import AuditEntry, Club
from scorekeeper.services import ServiceError
from scorekeeper.services.clubs import clean_choice, clean_name
from scorekeeper.services.record import Actor, audit_club

from ...competition import CENTS_MOST, NAME_MAX
from ..models import Substitution, Tournament
from ..rules.byes import AVERAGE
from ..rules.draw import MOST_ROUNDS
from ..rules.prizes import prizes_json, read_prizes
from ..rules.ranking import POINTS, parse_tiebreaks
from ..rules.words import InvalidTournament
from .changes import audit, locked
from .refusals import refusal


@transaction.atomic
def create_tournament(
    *,
    club: Club,
    actor: Actor,
    name: str,
    preset: str,
    played_on: datetime.date,
    rounds: int,
    entry_fee_cents: int = 0,
    table_points: bool = False,
    tiebreaks: Sequence[str] = ("best_round", "shared"),
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    bye: int | str = AVERAGE,
    substitute_credit: str = Substitution.Credit.ORIGINAL,
) -> Tournament:
    """A tournament in registration, scored by a tournament ``preset`` (``engine.tournament_presets``) under the
    director's ``options`` (those the preset offers; each not given keeps the preset's value): its table sessions will
    be played under the rules and tariff these give, frozen now as a session freezes them, and the options are kept.
    ``bye`` is what a bye scores (points, or the round's ``average``, ``rules.byes``); ``substitute_credit`` whose a
    substitute's points are (``Substitution.Credit``)."""
    scoring = PRESETS.get(preset) if isinstance(preset, str) else None
    if scoring is None:
        raise ServiceError.on("preset", refusal("preset_choice"))
    try:
        scoring = scoring.with_options(options or {})
    except OptionProblem as error:
        raise ServiceError({key: [words] for key, words in error.problems.items()}) from error
    game = scoring.game
    frozen_rules, frozen_tariff = scorekeeper.sessions.frozen(game, scoring.table_rules(), scoring.tariff)
    if not isinstance(rounds, int) or not 1 <= rounds <= MOST_ROUNDS:
        raise ServiceError.on("rounds", refusal("rounds_range", most=MOST_ROUNDS))
    if not isinstance(entry_fee_cents, int) or entry_fee_cents < 0:
        raise ServiceError.on("entry_fee_cents", refusal("fee_negative"))
    try:  # the points always decide first: the chain is what decides between players level on them
        chain = [key for key in parse_tiebreaks([POINTS, *tiebreaks]) if key != POINTS]
    except Bad as error:
        raise ServiceError.on("tiebreaks", error.words) from error
    if bye != AVERAGE and (not isinstance(bye, int) or isinstance(bye, bool) or not -CENTS_MOST <= bye <= CENTS_MOST):
        raise ServiceError.on("bye", refusal("bye_range", least=-CENTS_MOST, most=CENTS_MOST))  # fmt: skip
    substitute_credit = clean_choice(substitute_credit, "substitute_credit", Substitution.Credit.values)
    tournament = Tournament.objects.create(
        club=club,
        name=clean_name(name, "name", NAME_MAX),
        game=game,
        played_on=played_on,
        preset=preset,
        settings={
            "rules": frozen_rules,
            "tariff": frozen_tariff,
            "table_points": bool(table_points),
            **({"options": dict(scoring.chosen)} if scoring.options else {}),
            "bye": bye,
            "substitute_credit": substitute_credit,
        },
        rounds=rounds,
        entry_fee_cents=entry_fee_cents,
        currency=club.currency,
        tiebreaks=chain,
        seed=seed if seed is not None else secrets.randbelow(2**31),
    )
    audit_club(club, actor, AuditEntry.Action.TOURNAMENT_CREATED, after={"tournament": tournament.name, "game": game})
    return tournament


@transaction.atomic
def set_prizes(*, tournament: Tournament, actor: Actor, prizes: Any) -> Tournament:
    """The prize list (``rules.prizes``), kept in the settings; a bad field's message is keyed by its
    path, such as ``pool[1].percent``."""
    tournament = locked(tournament)
    try:
        prize_list = read_prizes(prizes)
    except InvalidTournament as error:
        errors: dict[str | None, list[Message]] = {}
        for problem in error.problems:
            errors.setdefault(problem.field or None, []).append(problem.words)
        raise ServiceError(errors) from error
    tournament.settings = {**tournament.settings, "prizes": prizes_json(prize_list)}
    tournament.save(update_fields=["settings"])
    audit(tournament, actor, "prizes_set", places=len(prize_list.pool), categories=len(prize_list.categories))
    return tournament
