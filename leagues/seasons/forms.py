"""Forms for leagues and seasons: plain fields a club fills in, turned into the ranking the engine reads."""

from __future__ import annotations

import dataclasses
import datetime
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scorekeeper.models import Game, Session
from scorekeeper.words.engine_words import translated

from ..competition import NAME_MAX, SMALL_MOST
from .models import Season
from .ranking import MODES, TIEBREAKS
from .ranking.messages import say
from .ranking.modes import add_months

TABLE_SIZES = (3, 4, 5)  # the table sizes a placement points table can be given for
TIEBREAK_SLOTS = 4
DAY = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")  # a date field's value is ISO in any language


class TiebreakSlots(forms.BaseForm):
    """A chain of tie-breaks as numbered choices (a season's, a tournament's): the first slot decides first."""

    def add_tiebreak_slots(self, choices: list[tuple[str, Any]], initial: tuple[str, ...] = ()) -> None:
        for slot in range(1, TIEBREAK_SLOTS + 1):
            self.fields[f"tiebreak_{slot}"] = forms.ChoiceField(
                label=_("Tie-break %(n)s") % {"n": slot},
                choices=[("", "—"), *choices],
                required=False,
                initial=initial[slot - 1] if slot <= len(initial) else "",
            )

    def tiebreaks(self) -> list[str]:
        chosen = (self.cleaned_data.get(f"tiebreak_{slot}") for slot in range(1, TIEBREAK_SLOTS + 1))
        return [key for key in chosen if key]


class LeagueForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=NAME_MAX)
    game = forms.ChoiceField(label=_("Game"), choices=Game.choices)


class InviteClubForm(forms.Form):
    club = forms.SlugField(
        label=_("Club's short name"),
        help_text=_("As in the club's address: …/c/short-name/. Its owners accept on their club page."),
    )


def _points_list(text: str, size: int) -> list[int] | None:
    if not text.strip():
        return None
    try:
        return [int(part) for part in text.replace(";", ",").split(",") if part.strip()]
    except ValueError:
        raise forms.ValidationError(
            _("Enter %(size)s whole numbers separated by commas, e.g. 3, 1, -1, -3.") % {"size": size}
        ) from None


def _count(
    label: Any, least: int = 0, initial: int | None = 0, *, required: bool = False, help_text: Any = ""
) -> forms.IntegerField:
    """A season's small count (evenings, rounds, deals, points), from ``least`` up to SMALL_MOST."""
    return forms.IntegerField(
        label=label, min_value=least, max_value=SMALL_MOST, initial=initial, required=required, help_text=help_text
    )


class SeasonForm(TiebreakSlots, forms.Form):
    name = forms.CharField(label=_("Name"), max_length=NAME_MAX, help_text=_("e.g. 2026 or Winter 2026/27"))
    period = forms.ChoiceField(label=_("Period"), choices=Season.Period.choices)
    starts_on = forms.DateField(label=_("First day"), widget=DAY)
    ends_on = forms.DateField(
        label=_("Last day"),
        required=False,
        widget=DAY,
        help_text=_("Left empty, the year, half-year or quarter from the first day."),
    )
    selection = forms.ChoiceField(
        label=_("Which sessions count"), choices=Season.Selection.choices, widget=forms.RadioSelect
    )
    sessions = forms.ModelMultipleChoiceField(
        label=_("Chosen sessions"),
        queryset=Session.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Only with “only the sessions chosen”."),
    )
    mode = forms.ChoiceField(label=_("Ranking"))
    min_sessions = _count(_("Minimum evenings"), required=True, help_text=_("Players with fewer are listed unranked."))
    per = forms.ChoiceField(
        label=_("Average per"),
        choices=[("session", _("evening")), ("round", _("round")), ("deal", _("deal"))],
        initial="round",
        required=False,
    )
    round_length = _count(_("Deals per round"), 1, None, help_text=_("Empty: as many deals as players at the table."))
    min_rounds = _count(_("Minimum rounds"))
    n = _count(_("Best evenings counted"), 1, 10)
    formula = forms.ChoiceField(label=_("Placement points by formula"), required=False)
    window_months = forms.IntegerField(
        label=_("Only the last months count"),
        min_value=1,
        max_value=1200,
        required=False,
        help_text=_("e.g. 24: only the evenings of the 24 months up to the last evening count. Empty: all of them."),
    )
    missed_penalty = _count(
        _("Points off per evening missed"),
        help_text=_("A missed evening: a day of the standing when others played and the player did not."),
    )
    free_misses = _count(_("Evenings that may be missed without points off"))
    sub_period = forms.ChoiceField(label=_("Sub-standings"), choices=Season.SubPeriod.choices, required=False)
    members_only = forms.BooleanField(
        label=_("Members only"),
        required=False,
        help_text=_("Guests are listed under the ranked players, without a place."),
    )
    public_money_hidden = forms.BooleanField(
        label=_("Hide the money on the public link"),
        required=False,
        help_text=_("The public standing shows no money: no money column, and no ranking by money."),
    )

    penalised_modes = " ".join(key for key, mode in MODES.items() if mode.penalised)  # the modes points come off

    def __init__(self, *args: Any, sessions: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        fields = self.fields
        fields["mode"].choices = [(key, translated(say(f"mode_{key}"))) for key in MODES]  # type: ignore[attr-defined]
        fields["formula"].choices = [  # type: ignore[attr-defined]
            ("", _("none: the table below")),
            ("linear_100", _("100 to the winner, 0 to the last, even steps")),
            ("descending", _("4, 3, 2, 1 at four")),
            ("descending_tens", _("40, 30, 20, 10 at four")),
        ]
        if sessions is not None:
            fields["sessions"].queryset = sessions  # type: ignore[attr-defined]
        for size in TABLE_SIZES:
            fields[f"points_{size}"] = forms.CharField(
                label=_("Placement points at a table of %(size)s") % {"size": size},
                required=False,
                help_text=_("e.g. 3, 1, -1, -3 (first place first)") if size == 4 else "",
            )
        self.add_tiebreak_slots([(key, translated(tb.name())) for key, tb in TIEBREAKS.items()])

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        starts = data.get("starts_on")
        if starts and not data.get("ends_on"):
            months = {"year": 12, "half": 6, "quarter": 3}.get(data.get("period", ""))
            if months is None:
                self.add_error("ends_on", _("Free dates need a last day."))
            else:
                data["ends_on"] = add_months(starts, months) - datetime.timedelta(days=1)
        for size in TABLE_SIZES:
            try:
                data[f"points_{size}"] = _points_list(data.get(f"points_{size}") or "", size)
            except forms.ValidationError as error:
                self.add_error(f"points_{size}", error)
        return data

    def ranking(self) -> dict[str, Any]:
        """The mode as the season stores it, from the fields its mode takes."""
        data = self.cleaned_data
        mode = data["mode"]
        takes = {f.name for f in dataclasses.fields(MODES[mode])}
        config: dict[str, Any] = {"mode": mode}
        names = ["min_sessions", "per", "round_length", "min_rounds", "n", "formula", "window_months"]
        if MODES[mode].penalised:
            names += ["missed_penalty", "free_misses"]
        for name in names:
            if name in takes and data.get(name) not in (None, ""):
                config[name] = data[name]
        if "points_by_size" in takes:
            table = {str(size): data[f"points_{size}"] for size in TABLE_SIZES if data.get(f"points_{size}")}
            if table:
                config["points_by_size"] = table
        return config

    @classmethod
    def initial_of(cls, season: Season) -> dict[str, Any]:
        initial: dict[str, Any] = {
            "name": season.name, "period": season.period, "starts_on": season.starts_on, "ends_on": season.ends_on,
            "selection": season.selection, "sessions": list(season.sessions.all()), "sub_period": season.sub_period,
            "members_only": season.members_only, "public_money_hidden": season.public_money_hidden,
        }  # fmt: skip
        ranking = dict(season.ranking)
        initial["mode"] = ranking.pop("mode")
        for size, row in (ranking.pop("points_by_size", None) or {}).items():
            initial[f"points_{size}"] = ", ".join(str(p) for p in row)
        initial.update({k: v for k, v in ranking.items() if v is not None})
        for slot, key in enumerate(season.tiebreaks, start=1):
            initial[f"tiebreak_{slot}"] = key
        return initial
