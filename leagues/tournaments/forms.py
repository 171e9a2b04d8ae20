"""Forms of a tournament: the tournament itself, registering a participant, a penalty, a swap."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scorekeeper.engine.tournament_presets import PRESETS, OptionProblem, PresetOption
from scorekeeper.games import pack_of
from scorekeeper.games.tournament import OptionWords
from scorekeeper.interchange.json_documents import Unreadable, read_json
from scorekeeper.models import Member
from scorekeeper.words.engine_words import translated

from ..competition import CENTS_MOST, NAME_MAX, SMALL_MOST
from ..seasons.forms import DAY, TiebreakSlots
from .models import Participant, Penalty, Substitution
from .rules.clock import MOST_MINUTES
from .rules.draw import MOST_ROUNDS
from .rules.ranking import POINTS, TIEBREAKS

TIEBREAK_NAMES = {
    "best_round": _("Best round"),
    "solos_played": _("More solos played"),
    "solos_won": _("More solos won"),
    "fewer_penalty_points": _("Fewer penalty points"),
    "rounds_won": _("More rounds won"),
    "direct_comparison": _("Direct comparison"),
    "shared": _("Shared place"),
    "lot": _("Drawn lot"),
}
PRESET_NAMES = {
    "ddv": _("Doppelkopf, DDV (24 games at four, 30 at five, with Pflichtsoli)"),
    "ddv_home": _("Doppelkopf, home variant (24 at four, 25 at five)"),
    "schafkopf_plusminus": _("Schafkopf tournament list, plus and minus"),
    "schafkopf_plus_only": _("Schafkopf tournament list, plus only"),
    "schafkopf_turnier": _("Schafkopf, “5× solo” list"),
    "sheepshead_five": _("Sheepshead at tables of five"),
}


def _options_offered() -> dict[str, tuple[PresetOption, OptionWords]]:
    """The options any preset offers, by key, in the order the presets list them (the first preset's values), each
    with its words (its game pack's)."""
    offered: dict[str, tuple[PresetOption, OptionWords]] = {}
    for preset in PRESETS.values():
        for option in preset.options:
            offered.setdefault(option.key, (option, pack_of(preset.game).tournament_options[option.key]))
    return offered


OPTIONS = _options_offered()


class TournamentForm(TiebreakSlots, forms.Form):
    name = forms.CharField(label=_("Name"), max_length=NAME_MAX)
    preset = forms.ChoiceField(label=_("Game and scoring"), choices=[(k, PRESET_NAMES.get(k, k)) for k in PRESETS])
    played_on = forms.DateField(label=_("Date"), widget=DAY)
    rounds = forms.IntegerField(label=_("Rounds"), min_value=1, max_value=MOST_ROUNDS, initial=3)
    entry_fee = forms.DecimalField(
        label=_("Entry fee"), min_value=0, max_digits=7, decimal_places=2, initial=0, required=False
    )
    table_points = forms.BooleanField(
        label=_("Table points on top"), required=False, help_text=_("40, 30, 20, 10 by place at a table of four.")
    )
    bye = forms.IntegerField(
        label=_("A bye scores"),
        min_value=-CENTS_MOST,
        max_value=CENTS_MOST,
        required=False,
        help_text=_("Points for a round sat out (Freilos); empty: the round's average."),
    )
    substitute_credit = forms.ChoiceField(
        label=_("A substitute's points count for"),
        choices=Substitution.Credit.choices,
        initial=Substitution.Credit.ORIGINAL,
        required=False,  # the DDV's practice: the player replaced
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [(key, TIEBREAK_NAMES[key]) for key in TIEBREAKS if key != POINTS]
        self.add_tiebreak_slots(choices, initial=("best_round", "shared"))
        for key, (option, words) in OPTIONS.items():
            self.fields[key] = forms.ChoiceField(
                label=str(words.label),
                choices=[("", _("as the scoring says")), *((str(value), words.name(value)) for value in option.values)],
                required=False,
                help_text=_("Schafkopf tournaments."),
            )
        self.order_fields(["name", "preset", *OPTIONS])  # the options right under the scoring they change

    def clean(self) -> dict[str, Any]:
        """The options must be the chosen scoring's and playable together; each problem at its field."""
        data = super().clean() or {}
        preset = PRESETS.get(data.get("preset") or "")
        if preset is not None:
            try:
                preset.with_options(self.options())
            except OptionProblem as error:
                for key, words in error.problems.items():
                    self.add_error(key if key in self.fields else None, translated(words))
        return data

    def options(self) -> dict[str, str]:
        """The options given (text, as the form sends them); those left "as the scoring says" are not."""
        return {key: self.cleaned_data[key] for key in OPTIONS if self.cleaned_data.get(key)}

    def entry_fee_cents(self) -> int:
        return int((self.cleaned_data.get("entry_fee") or 0) * 100)


class ChoosingParticipants(forms.Form):
    """A form whose ``participant_fields`` choose among the ``participants`` the view gives, and whose ``member``
    field among its ``members``."""

    participant_fields: tuple[str, ...] = ("participant",)

    def __init__(self, *args: Any, participants: Any = None, members: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in self.participant_fields if participants is not None else ():
            self.fields[name].queryset = participants  # type: ignore[attr-defined]
        if members is not None:
            self.fields["member"].queryset = members  # type: ignore[attr-defined]

    def check_member_or_guest(self, data: dict[str, Any]) -> None:
        if not data.get("member") and not (data.get("name") or "").strip():
            self.add_error("name", _("Choose a member or enter a guest's name."))


class ParticipantForm(ChoosingParticipants):
    participant_fields = ()

    member = forms.ModelChoiceField(label=_("Member"), queryset=Member.objects.none(), required=False)
    name = forms.CharField(
        label=_("or a guest's name"), max_length=NAME_MAX, required=False, help_text=_("A guest joins the club's list.")
    )
    categories = forms.CharField(
        label=_("Categories"), required=False, help_text=_("For category prizes, separated by commas: e.g. women")
    )
    fixed_table = forms.IntegerField(
        label=_("Fixed table"),
        min_value=1,
        max_value=SMALL_MOST,
        required=False,
        help_text=_("Always this table, e.g. for limited mobility."),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        self.check_member_or_guest(data)
        data["categories"] = [c.strip() for c in (data.get("categories") or "").split(",") if c.strip()]
        return data


class PenaltyForm(ChoosingParticipants):
    participant_fields = ("participant", "sitting_out", "soloist")

    participant = forms.ModelChoiceField(label=_("Player"), queryset=Participant.objects.none())
    kind = forms.ChoiceField(label=_("Penalty"), choices=Penalty.Kind.choices)
    points = forms.IntegerField(
        label=_("Points"),
        min_value=1,
        max_value=CENTS_MOST,
        required=False,
        help_text=_("A free deduction's; or a serious offence in a solo: 12 to 24 to the soloist, as decided."),
    )
    reason = forms.CharField(label=_("Reason"), max_length=200)
    official = forms.CharField(label=_("Decided by"), max_length=NAME_MAX)
    sitting_out = forms.ModelChoiceField(
        label=_("Sitting out (table of five)"), queryset=Participant.objects.none(), required=False
    )
    soloist = forms.ModelChoiceField(label=_("During the solo of"), queryset=Participant.objects.none(), required=False)


class SubstituteForm(ChoosingParticipants):
    """A substitute for a participant's seat from a round on: a member, or a guest by name."""

    prefix = "sub"

    participant = forms.ModelChoiceField(label=_("Substitute for"), queryset=Participant.objects.none())
    from_round = forms.IntegerField(label=_("From round"), min_value=1, max_value=MOST_ROUNDS)
    member = forms.ModelChoiceField(label=_("Substitute (member)"), queryset=Member.objects.none(), required=False)
    name = forms.CharField(label=_("or a guest's name"), max_length=NAME_MAX, required=False)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        self.check_member_or_guest(data)
        return data


class ByeForm(ChoosingParticipants):
    prefix = "bye"

    participant = forms.ModelChoiceField(label=_("Bye in the next round for"), queryset=Participant.objects.none())


class LotForm(ChoosingParticipants):
    participant_fields = ("winner",)

    winner = forms.ModelChoiceField(
        label=_("The lot drawn in the hall was won by"), queryset=Participant.objects.none()
    )


class SwapForm(ChoosingParticipants):
    participant_fields = ("first", "second")

    first = forms.ModelChoiceField(label=_("Swap"), queryset=Participant.objects.none())
    second = forms.ModelChoiceField(label=_("with"), queryset=Participant.objects.none())


class ClockMinutesForm(forms.Form):
    """The minutes of a round at each table size the tournament's scoring allows (``rules.clock``)."""

    def __init__(self, *args: Any, minutes: dict[int, int], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for size, value in sorted(minutes.items()):
            self.fields[f"minutes_{size}"] = forms.IntegerField(
                label=_("Minutes at a table of %(n)s") % {"n": size}, min_value=1, max_value=MOST_MINUTES, initial=value
            )

    def minutes(self) -> dict[int, int]:
        return {int(name.removeprefix("minutes_")): value for name, value in self.cleaned_data.items()}


class TournamentImportForm(forms.Form):
    """A ``schreiber-tournament/1`` document to import, and the day it was played (the document has no date)."""

    MOST_BYTES = 5_000_000  # a 200-player tournament of 8 rounds is about 2 MB

    document = forms.FileField(label=_("Tournament document (JSON)"))
    played_on = forms.DateField(label=_("Date"), widget=DAY)

    def clean_document(self) -> Any:
        upload = self.cleaned_data["document"]
        if upload.size > self.MOST_BYTES:
            raise forms.ValidationError(_("The document is too large."))
        try:
            return read_json(upload.read())
        except Unreadable as error:
            raise forms.ValidationError(translated(error.words)) from None
