"""Forms for clubs, members and starting a session.

The session form builds one field per rule option from the engine's own option schema, so a new
option in a game module appears in the form without touching this file.
"""

from __future__ import annotations

import gettext
import json
from collections.abc import Mapping
from typing import Any

import pycountry
from django import forms
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from . import engine
from .engine.options import Choice, Flag, Integer, IntegerMap, Subset
from .labels import CHOICE_LABELS, OPTION_LABELS, TARIFF_LABELS
from .models import MAX_CENTS_PER_POINT, NAME_MAX, Club, HouseRules, Member, PotPolicy, Role, SettlementMode

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


def option_fields(name: str, validator: Any, label: Any, initial: Any) -> dict[str, forms.Field]:
    """Form fields for one rule or tariff option, chosen by the kind of its validator, by their names' suffix.

    Every option is optional: left empty, the chosen preset's value applies. A map of numbers (Laufende per
    contract) is one number field per key, named ``<option>__<key>``.
    """
    if isinstance(validator, IntegerMap):
        return {
            f"__{key}": forms.IntegerField(
                label=format_lazy("{}: {}", label, TARIFF_LABELS.get(key, key)),
                min_value=validator.low,
                required=False,
                initial=validator.value_of(initial or {}, key),
            )
            for key in validator.defaults
        }
    field = _option_field(name, validator, label, initial)
    field.required = False
    return {"": field}


def _option_field(name: str, validator: Any, label: Any, initial: Any) -> forms.Field:
    if isinstance(validator, Flag):
        return forms.BooleanField(label=label, required=False, initial=initial)
    if isinstance(validator, Integer):
        return forms.IntegerField(label=label, min_value=validator.low, max_value=validator.high, initial=initial)
    if isinstance(validator, Choice):
        words = CHOICE_LABELS.get(name, {})
        choices = [(str(c), f"{c} – {words[str(c)]}" if str(c) in words else str(c)) for c in validator.choices]
        return forms.ChoiceField(label=label, choices=choices, initial=str(initial))
    if isinstance(validator, Subset):
        return forms.MultipleChoiceField(
            label=label,
            choices=[(c, c) for c in validator.choices],
            required=False,
            widget=forms.CheckboxSelectMultiple,
            initial=sorted(initial or ()),
        )
    return JSONOptionField(label=label, initial=json.dumps(engine.options.as_json({"v": initial})["v"]))


class JSONOptionField(forms.CharField):
    """An option with a structure of its own (e.g. Doppelkopf Bock rounds), typed as JSON."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(required=False, help_text=_("JSON, e.g. false or an object"), **kwargs)

    def to_python(self, value: Any) -> Any:
        text = super().to_python(value)
        if not text:
            return None
        try:
            return json.loads(text)
        except json.JSONDecodeError as error:
            raise forms.ValidationError(_("Not valid JSON: %(error)s") % {"error": error}) from None


def coerce_choice(validator: Choice, value: str) -> Any:
    return next((c for c in validator.choices if str(c) == value), value)


class SessionStartForm(forms.Form):
    """Game rules, tariff, stake and the players in seat order."""

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
        help_text=_("Start the next session from them in one tap."),
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
        chosen = self.data.get("rules_preset") or preset or (house_rules.rules["preset"] if house_rules else None)
        chosen = chosen if chosen in presets else next(iter(presets))
        rules = house_rules.rules if house_rules and not preset else engine.freeze(game, chosen)[0]
        self._choose("rules_preset", presets)
        self.fields["rules_preset"].initial = chosen
        self.option_names = [k for k in self.game_class.rule_schema if k in rules]
        self._option_fields = self._add_options("opt_", self.option_names, self.game_class.rule_schema, rules)
        self.tariff_names: list[str] = []
        self._tariff_fields: list[str] = []
        if self.game_class.tariff_presets is not None:
            if tariff_preset not in self.game_class.tariff_presets:
                tariff_preset = None
            tariff = (
                house_rules.tariff
                if house_rules and house_rules.tariff and not tariff_preset
                else engine.freeze(game, chosen, tariff_preset)[1]
            )
            assert tariff is not None
            self._choose("tariff_preset", self.game_class.tariff_presets)
            self.fields["tariff_preset"].initial = tariff["preset"]
            self.tariff_names = [k for k in self.game_class.tariff_schema if k in tariff]
            self._tariff_fields = self._add_options("tar_", self.tariff_names, self.game_class.tariff_schema, tariff)
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

    def _add_options(
        self, prefix: str, names: list[str], schema: Mapping[str, Any], values: Mapping[str, Any]
    ) -> list[str]:
        """Add the fields of each option; returns their names in order."""
        added = []
        labels = OPTION_LABELS if prefix == "opt_" else TARIFF_LABELS
        for key in names:
            for suffix, field in option_fields(key, schema[key], labels.get(key, key), values[key]).items():
                self.fields[prefix + key + suffix] = field
                added.append(prefix + key + suffix)
        return added

    def _choose(self, name: str, presets: Mapping[str, Any]) -> None:
        field = self.fields[name]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [(p, p) for p in presets]

    # the rule and tariff options, grouped for the template
    def option_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self._option_fields]

    def tariff_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self._tariff_fields]

    def seat_fields(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        return [(self[f"seat_{i}"], self[f"guest_{i}"]) for i in range(self.max_seats)]

    def rules_spec(self) -> dict[str, Any]:
        preset = self.cleaned_data["rules_preset"]
        defaults = engine.freeze(self.game, preset)[0]
        return {"preset": preset, **self._overrides(self.option_names, "opt_", self.game_class.rule_schema, defaults)}

    def tariff_spec(self) -> dict[str, Any] | None:
        if not self.tariff_names:
            return None
        preset = self.cleaned_data["tariff_preset"]
        defaults = engine.freeze(self.game, None, preset)[1] or {}
        return {"preset": preset, **self._overrides(self.tariff_names, "tar_", self.game_class.tariff_schema, defaults)}

    def seated(self) -> list[tuple[Member | None, str]]:
        """(member, guest name) for each filled seat, in seat order."""
        seats = []
        for i in range(self.max_seats):
            member, guest = self.cleaned_data.get(f"seat_{i}"), (self.cleaned_data.get(f"guest_{i}") or "").strip()
            if member or guest:
                seats.append((member, guest))
        return seats

    def _overrides(
        self, names: list[str], prefix: str, schema: Mapping[str, Any], defaults: Mapping[str, Any]
    ) -> dict[str, Any]:
        """The submitted values that differ from the chosen preset's."""
        overrides = {}
        for key in names:
            value, validator = self.cleaned_data.get(prefix + key), schema[key]
            if isinstance(validator, Choice):
                value = coerce_choice(validator, value or "")
            elif isinstance(validator, Subset):
                value = sorted(value or ())
            elif isinstance(validator, IntegerMap):
                given = {k: self.cleaned_data.get(f"{prefix}{key}__{k}") for k in validator.defaults}
                value = {k: n for k, n in given.items() if n is not None and n != validator.defaults[k]}
            if value not in (None, "") and value != defaults.get(key):
                overrides[key] = value
        return overrides

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for i in range(self.max_seats):
            if data.get(f"seat_{i}") and (data.get(f"guest_{i}") or "").strip():
                self.add_error(f"guest_{i}", _("Choose a member or type a guest's name, not both."))
        return data
