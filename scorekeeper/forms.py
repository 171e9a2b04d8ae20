"""Forms for clubs, members and starting a session.

The session form builds one field per rule option from the engine's own option schema, so a new
option in a game module appears in the form without touching this file.
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping, Sequence
from typing import Any

import pycountry
from django import forms
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from . import engine
from .games.labels import OPTION_LABELS, TARIFF_LABELS, preset_label
from .models import MAX_CENTS_PER_POINT, NAME_MAX, Club, HouseRules, Member, PotPolicy, Role, SettlementMode
from .option_fields import OptionGroup

COMMON_CURRENCIES = ("EUR", "CHF", "USD", "GBP")  # the clubs' own, at the top of the list


def currency_choices() -> list[tuple[str, str]]:
    """Every ISO 4217 currency as "EUR – Euro", in the page's language; the common ones first."""
    names = gettext.translation("iso4217", pycountry.LOCALES_DIR, languages=[get_language() or "en"], fallback=True)
    choices = [(c.alpha_3, f"{c.alpha_3} – {names.gettext(c.name)}") for c in pycountry.currencies]
    common = {code: rank for rank, code in enumerate(COMMON_CURRENCIES)}
    return sorted(choices, key=lambda choice: (common.get(choice[0], len(common)), choice[0]))


def stake_field() -> forms.IntegerField:
    return forms.IntegerField(
        label=_("Cents per point"), min_value=0, max_value=MAX_CENTS_PER_POINT, initial=0,
        help_text=_("0 plays for points only."),
    )  # fmt: skip


class ClubForm(forms.Form):
    name = forms.CharField(label=_("Club name"), max_length=100)
    owner_name = forms.CharField(label=_("Your name on the score sheet"), max_length=NAME_MAX)
    currency = forms.ChoiceField(label=_("Currency"), choices=currency_choices, initial="EUR")


class MoneyTermsForm(forms.Form):
    """How money is settled: the club's terms for new sessions, or one open session's own."""

    currency = forms.ChoiceField(label=_("Currency"), choices=currency_choices)
    pot_policy = forms.ChoiceField(
        label=_("Pot at the end of a session"), choices=PotPolicy.choices, widget=forms.RadioSelect
    )
    settlement_mode = forms.ChoiceField(label=_("Settlement"), choices=SettlementMode.choices, widget=forms.RadioSelect)


class ClubSettingsForm(MoneyTermsForm):
    name = forms.CharField(label=_("Club name"), max_length=100)
    field_order = ["name", "currency", "pot_policy", "settlement_mode"]


class SessionMoneyForm(MoneyTermsForm):
    """The money terms of one session: they start as the club's, and only this session's change here."""

    cents_per_point = stake_field()
    field_order = ["cents_per_point", "currency", "pot_policy", "settlement_mode"]


class LeaveForm(forms.Form):
    """Who leaves the table after the last deal."""

    leaves = forms.ChoiceField(label=_("Who leaves the table?"), widget=forms.RadioSelect)
    revision = forms.IntegerField(widget=forms.HiddenInput)

    def __init__(self, *args: Any, seated: Sequence[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["leaves"].choices = [(name, name) for name in seated]  # type: ignore[attr-defined]


class JoinForm(forms.Form):
    """Who joins the table after the last deal (a member, or a guest by name) and where they sit."""

    joins = forms.ModelChoiceField(
        label=_("Who joins?"), required=False, queryset=Member.objects.none(), empty_label=_("— a guest —")
    )
    guest = forms.CharField(label=_("Or a guest's name"), required=False, max_length=NAME_MAX)
    seat = forms.TypedChoiceField(label=_("Sits"), coerce=int, required=False, empty_value=None)
    revision = forms.IntegerField(widget=forms.HiddenInput)

    def __init__(self, *args: Any, club: Club, seated: Sequence[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["joins"].queryset = club.members.exclude(name__in=seated).order_by("name")  # type: ignore[attr-defined]
        after_last = [("", _("at the end, after %(name)s") % {"name": seated[-1]})] if seated else []
        between = [
            (
                str(i + 1),
                _("seat %(seat)s, between %(left)s and %(right)s")
                % {"seat": i + 1, "left": seated[i - 1], "right": seated[i]},
            )
            for i in range(1, len(seated))
        ]
        self.fields["seat"].choices = after_last + between  # type: ignore[attr-defined]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not data.get("joins") and not (data.get("guest") or "").strip():
            self.add_error("joins", _("Choose a member or enter a guest's name."))
        return data

    @property
    def player(self) -> Member | str:
        return self.cleaned_data["joins"] or self.cleaned_data["guest"]


class MemberForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=NAME_MAX)
    is_guest = forms.BooleanField(label=_("Guest (not a regular member)"), required=False)


class RenameForm(forms.Form):
    name = forms.CharField(label=_("New name"), max_length=NAME_MAX)


class InvitationForm(forms.Form):
    role = forms.ChoiceField(label=_("Joins as"), choices=Role.choices, initial=Role.MEMBER)
    member = forms.ModelChoiceField(
        label=_("Claims the name"), required=False, queryset=Member.objects.none(), empty_label=_("— a new member —")
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["member"].queryset = club.members.filter(user__isnull=True)  # type: ignore[attr-defined]


class SignUpForm(forms.Form):
    username = forms.CharField(
        label=_("Username"),
        max_length=150,
        help_text=_("Letters, digits and @ . + - _ only."),
        widget=forms.TextInput(attrs={"autocomplete": "username", "autocapitalize": "none"}),
    )
    name = forms.CharField(label=_("Your name on the score sheet"), max_length=NAME_MAX)
    password = forms.CharField(
        label=_("Password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text=_("At least 8 characters, not only digits, not a common password, not like your username."),
    )


class PresetSelect(forms.Select):
    """The presets to choose from, each knowing its name once options are changed (for static/js/start.js)."""

    def create_option(self, name: str, value: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option = super().create_option(name, value, *args, **kwargs)
        option["attrs"]["data-custom"] = based_on(str(value))
        option["attrs"]["data-name"] = preset_label(str(value))
        return option


class SessionStartForm(forms.Form):
    """Game rules, tariff, stake and the players in seat order.

    The rule options and tariff entries are filled in with the chosen preset's values, or the house rules'; the
    preset's name reads "custom (based on …)" once they differ from it. The seats start empty unless ``seated``.
    """

    rules_preset = forms.ChoiceField(label=_("Rule set"))
    tariff_preset = forms.ChoiceField(label=_("Tariff"), required=False)
    cents_per_point = stake_field()
    played_on = forms.DateField(
        label=_("Date"), initial=timezone.localdate, widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    table = forms.CharField(label=_("Table"), required=False, max_length=60)
    first_dealer = forms.TypedChoiceField(label=_("Deals first"), coerce=int, initial=0)
    save_as = forms.CharField(
        label=_("Save these rules as house rules named"),
        required=False,
        max_length=80,
        help_text=_("Start a later session from them: only the table is left to choose."),
    )

    def __init__(
        self,
        *args: Any,
        club: Club,
        game: str,
        preset: str | None = None,
        tariff_preset: str | None = None,
        house_rules: HouseRules | None = None,
        seated: list[Member] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.club, self.game = club, game
        self.game_class = engine.GAMES[game]
        self.house_rules = house_rules
        presets = self.game_class.rule_presets
        chosen = str(self.data.get("rules_preset") or preset or (house_rules.rules["preset"] if house_rules else ""))
        chosen = chosen if chosen in presets else next(iter(presets))
        rules = house_rules.rules if house_rules and not preset else engine.freeze(game, chosen)[0]
        self._choose("rules_preset", presets, chosen)
        self.rules = OptionGroup("opt_", presets, self.game_class.rule_schema, OPTION_LABELS, rules)
        self.rules.add_fields(self, rules, engine.freeze(game, chosen)[0])
        self.groups = {"rules_preset": self.rules}
        tariffs = self.game_class.tariff_presets
        if tariffs is not None:
            house_tariff: dict[str, Any] | None = house_rules.tariff if house_rules and not tariff_preset else None
            given = self.data.get("tariff_preset") or tariff_preset
            if given not in tariffs:
                given = house_tariff["preset"] if house_tariff else None
            preset_tariff = engine.freeze(game, chosen, given)[1]
            assert preset_tariff is not None
            tariff = house_tariff or preset_tariff
            self._choose("tariff_preset", tariffs, preset_tariff["preset"])
            self.tariff = OptionGroup("tar_", tariffs, self.game_class.tariff_schema, TARIFF_LABELS, tariff)
            self.tariff.add_fields(self, tariff, preset_tariff)
            self.groups["tariff_preset"] = self.tariff
        else:
            del self.fields["tariff_preset"]
        if house_rules:
            self.fields["cents_per_point"].initial = house_rules.cents_per_point
        self.max_seats = max(
            self.game_class(*engine.freeze(game, name)).table_sizes()[-1] for name in self.game_class.rule_presets
        )
        self.fields["first_dealer"].choices = [  # type: ignore[attr-defined]
            (i, _("Seat %(n)s") % {"n": i + 1}) for i in range(self.max_seats)
        ]
        members = club.members.order_by("is_guest", "name")
        for i in range(self.max_seats):
            self.fields[f"seat_{i}"] = forms.ModelChoiceField(
                label=_("Seat %(n)s") % {"n": i + 1},
                queryset=members,
                required=False,
                empty_label="—",
                initial=seated[i].pk if seated and i < len(seated) else None,
            )
            self.fields[f"guest_{i}"] = forms.CharField(label=_("or a guest"), required=False, max_length=60)
        if not self.is_bound:
            self._name_presets({group: bool(group.overrides(group.current)) for group in self.groups.values()})

    def _choose(self, name: str, presets: Mapping[str, Any], chosen: str) -> None:
        field = self.fields[name]
        assert isinstance(field, forms.ChoiceField)
        field.widget = PresetSelect(attrs={"data-options": name.removesuffix("_preset")})
        field.choices = [(p, preset_label(p)) for p in presets]
        field.initial = chosen

    # the rule and tariff options, grouped for the template
    def option_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.rules.field_names()]

    def tariff_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.tariff.field_names()] if "tariff_preset" in self.groups else []

    def seat_fields(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        return [(self[f"seat_{i}"], self[f"guest_{i}"]) for i in range(self.max_seats)]

    def rules_spec(self) -> dict[str, Any]:
        return self._spec("rules_preset")

    def tariff_spec(self) -> dict[str, Any] | None:
        return self._spec("tariff_preset") if "tariff_preset" in self.groups else None

    def _spec(self, preset_field: str) -> dict[str, Any]:
        group = self.groups[preset_field]
        return {"preset": self.cleaned_data[preset_field], **group.overrides(group.values(self.cleaned_data))}

    def seated(self) -> list[tuple[Member | None, str]]:
        """(member, guest name) for each filled seat, in seat order."""
        seats = []
        for i in range(self.max_seats):
            member, guest = self.cleaned_data.get(f"seat_{i}"), (self.cleaned_data.get(f"guest_{i}") or "").strip()
            if member or guest:
                seats.append((member, guest))
        return seats

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for i in range(self.max_seats):
            if data.get(f"seat_{i}") and (data.get(f"guest_{i}") or "").strip():
                self.add_error(f"guest_{i}", _("Choose a member or type a guest's name, not both."))
        if not self.has_error("rules_preset") and not self.has_error("tariff_preset"):
            self._check_rules_and_table()
        return data

    def _check_rules_and_table(self) -> None:
        """The engine's word on the options, at the option it names; then enough players for these rules."""
        try:
            game_class, rules, tariff = engine.resolve_rules(self.game, self.rules_spec(), self.tariff_spec())
            sizes = game_class(rules, tariff).table_sizes()
        except engine.DealError as error:
            self.add_error(self._field_of(error.field), error.message)
            return
        seated = len(self.seated())
        if seated < sizes[0]:
            # the first seat left empty; a seat whose choice was refused already says so
            empty = next((i for i in range(self.max_seats) if not self._seat_filled(i)), None)
            if empty is not None:
                message = _("Choose a player here: these rules need %(count)s players.")
                self.add_error(f"seat_{empty}", message % {"count": sizes[0]})
        elif seated > sizes[-1]:
            self.add_error(None, _("These rules seat %(count)s players at most.") % {"count": sizes[-1]})

    def _seat_filled(self, seat: int) -> bool:
        """Whether seat ``seat`` has a player, or a choice refused with its own error."""
        data = self.cleaned_data
        taken = data.get(f"seat_{seat}") or (data.get(f"guest_{seat}") or "").strip()
        return bool(taken) or self.has_error(f"seat_{seat}") or self.has_error(f"guest_{seat}")

    def _field_of(self, problem_field: str) -> str | None:
        """The form field of an engine problem's field ("rules.runners_max"), else the preset's, else none."""
        what, _dot, key = problem_field.partition(".")
        preset_field = f"{what}_preset"
        group = self.groups.get(preset_field)
        if group is None:
            return None
        key = key.split(".")[0]
        return group.names[key][0] if key in group.names else preset_field

    def full_clean(self) -> None:
        super().full_clean()
        if self.is_bound:
            self._name_presets({group: self._changed(group) for group in self.groups.values()})

    def _changed(self, group: OptionGroup) -> bool:
        """Whether the submitted form changes an option of ``group`` from the preset (an invalid value does)."""
        if any(self.has_error(name) for name in group.field_names()):
            return True
        return bool(group.overrides(group.values(self.cleaned_data)))

    def _name_presets(self, changed: Mapping[OptionGroup, bool]) -> None:
        """Call a preset whose options were changed "custom (based on <preset>)" where its name is shown."""
        for preset_field, group in self.groups.items():
            field = self.fields[preset_field]
            assert isinstance(field, forms.ChoiceField)
            chosen = self[preset_field].value() or ""
            group.shown_name = based_on(chosen) if changed[group] else preset_label(chosen)
            field.choices = [(p, group.shown_name if p == chosen else preset_label(p)) for p in group.presets]


def based_on(preset: str) -> str:
    return _("custom (based on %(preset)s)") % {"preset": preset_label(preset)}
