"""Form controls for the engine's rule and tariff options, chosen by the kind each option's validator declares.

Every kind of option has a control a player can use at the table: a checkbox, a number, a list to choose from,
chips to tick, or a few of these together. A validator of a kind without a control is a programming error, found
by the test that renders every game's start form, never a text box for JSON.

A control makes the form fields of one option (named by suffix after ``<prefix><option>``), gives their values
for an option value (the current one to fill them in, the preset's for the browser to tell a change), and reads
the option value back from the cleaned fields.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, ClassVar

from django import forms
from django.core.exceptions import ImproperlyConfigured
from django.utils.text import format_lazy

from .games.labels import CHOICE_LABELS, EMPTY_MEANS, PART_LABELS, TARIFF_LABELS

KEEP: Any = object()
"""What a control reads when its fields were left out of the form: the preset's value applies."""

Label = Any  # a str, or a lazy translation (django-stubs types it privately)


class Chips(forms.CheckboxSelectMultiple):
    """Checkboxes drawn as chips to tap, each with its name."""

    template_name = "scorekeeper/widgets/chips.html"


def named(option: str, values: tuple[Any, ...]) -> list[tuple[str, Label]]:
    """(value, its name) for each value of an option, the name from CHOICE_LABELS, else the value itself."""
    words = CHOICE_LABELS.get(option, {})
    return [(str(v), words.get(str(v), str(v))) for v in values]


class Control:
    """The form fields of one option and the way between their values and the option's value."""

    def __init__(self, key: str, validator: Any, label: Label) -> None:
        self.key, self.validator, self.label = key, validator, label

    def fields(self) -> dict[str, forms.Field]:
        raise NotImplementedError

    def initial(self, value: Any) -> dict[str, Any]:
        """The fields' values for an option value (JSON types, as the browser compares them)."""
        return {"": value}

    def value(self, cleaned: Mapping[str, Any]) -> Any:
        """The option value from the cleaned fields (by suffix), or KEEP."""
        value = cleaned.get("")
        return KEEP if value is None else value


class FlagControl(Control):
    def fields(self) -> dict[str, forms.Field]:
        return {"": forms.BooleanField(label=self.label, required=False)}

    def value(self, cleaned: Mapping[str, Any]) -> Any:
        return bool(cleaned.get(""))


class IntegerControl(Control):
    def fields(self) -> dict[str, forms.Field]:
        field = forms.IntegerField(
            label=self.label, min_value=self.validator.low, max_value=self.validator.high, required=False
        )
        field.widget.attrs["required"] = True  # a browser asks for a number; a form left out keeps the preset's
        return {"": field}


class OptionalIntegerControl(Control):
    """A number that may be left empty: no limit, or derived from other options (EMPTY_MEANS says which)."""

    def fields(self) -> dict[str, forms.Field]:
        help_text: Label = EMPTY_MEANS.get(self.key, "")
        low = self.validator.low
        return {"": forms.IntegerField(label=self.label, min_value=low, required=False, help_text=help_text)}

    def value(self, cleaned: Mapping[str, Any]) -> Any:
        return cleaned.get("")


class ChoiceControl(Control):
    def fields(self) -> dict[str, forms.Field]:
        choices = named(self.key, self.validator.choices)
        return {"": forms.ChoiceField(label=self.label, choices=choices, required=False)}

    def initial(self, value: Any) -> dict[str, Any]:
        return {"": str(value)}

    def value(self, cleaned: Mapping[str, Any]) -> Any:
        given = cleaned.get("")
        return next((c for c in self.validator.choices if str(c) == given), KEEP)


class SubsetControl(Control):
    """Chips for a set of names (the contracts played, the Sonderpunkte that count)."""

    def fields(self) -> dict[str, forms.Field]:
        choices = named(self.key, self.validator.choices)
        return {"": forms.MultipleChoiceField(label=self.label, choices=choices, required=False, widget=Chips)}

    def initial(self, value: Any) -> dict[str, Any]:
        return {"": sorted(value)}

    def value(self, cleaned: Mapping[str, Any]) -> Any:
        return sorted(cleaned.get("") or ())


class IntegerMapControl(Control):
    """A number per key (Laufende per contract), each field named ``__<key>``; empty keeps the key's default."""

    def fields(self) -> dict[str, forms.Field]:
        return {
            f"__{key}": forms.IntegerField(
                label=format_lazy("{}: {}", self.label, TARIFF_LABELS.get(key, key)),
                min_value=self.validator.low,
                required=False,
            )
            for key in self.validator.defaults
        }

    def initial(self, value: Any) -> dict[str, Any]:
        return {f"__{key}": self.validator.value_of(value, key) for key in self.validator.defaults}

    def value(self, cleaned: Mapping[str, Any]) -> Any:
        given = {key: cleaned.get(f"__{key}") for key in self.validator.defaults}
        return {key: n for key, n in given.items() if n is not None and n != self.validator.defaults[key]}


class BockControl(Control):
    """Doppelkopf Bock rounds: chips for what starts them (none: no Bock), and what a trigger during Bock does."""

    def fields(self) -> dict[str, forms.Field]:
        part: Mapping[str, Label] = PART_LABELS
        return {
            "__triggers": forms.MultipleChoiceField(
                label=format_lazy("{}: {}", self.label, part["triggers"]),
                choices=named("bock", self.validator.triggers),
                required=False,
                widget=Chips,
                help_text=part["no_triggers"],
            ),
            "__stacking": forms.ChoiceField(
                label=format_lazy("{}: {}", self.label, part["stacking"]),
                choices=named("bock_stacking", self.validator.stackings),
                required=False,
            ),
        }

    def initial(self, value: Any) -> dict[str, Any]:
        value = value or {}
        stacking = value.get("stacking", self.validator.stackings[0])
        return {"__triggers": sorted(value.get("triggers", ())), "__stacking": stacking}

    def value(self, cleaned: Mapping[str, Any]) -> Any:
        triggers = sorted(cleaned.get("__triggers") or ())
        stacking = cleaned.get("__stacking") or self.validator.stackings[0]
        return {"triggers": triggers, "stacking": stacking} if triggers else None


CONTROLS: dict[str, type[Control]] = {
    "flag": FlagControl,
    "integer": IntegerControl,
    "optional_integer": OptionalIntegerControl,
    "choice": ChoiceControl,
    "subset": SubsetControl,
    "integer_map": IntegerMapControl,
    "bock": BockControl,
}


def control_for(key: str, validator: Any, label: Label) -> Control:
    kind = getattr(validator, "kind", None)
    if kind not in CONTROLS:
        raise ImproperlyConfigured(f"The option {key!r} has no form control (its validator's kind is {kind!r}).")
    return CONTROLS[kind](key, validator, label)


class OptionGroup:
    """The rule options or the tariff entries of a start form: their controls, fields and the chosen preset."""

    kinds: ClassVar[dict[str, str]] = {"opt_": "rules", "tar_": "tariff"}

    def __init__(
        self,
        prefix: str,
        presets: Mapping[str, Any],
        schema: Mapping[str, Any],
        labels: Mapping[str, Label],
        current: Mapping[str, Any],
    ) -> None:
        self.prefix, self.presets = prefix, list(presets)
        self.what = self.kinds[prefix]
        self.shown_name = ""  # the preset's name on the form: its own, or "custom (based on …)"
        self.controls = {key: control_for(key, schema[key], labels.get(key, key)) for key in schema if key in current}

    def add_fields(self, form: forms.Form, current: Mapping[str, Any], preset: Mapping[str, Any]) -> None:
        """Add every control's fields to ``form``, filled in with ``current``, marked with the ``preset``'s values."""
        self.current = {key: current[key] for key in self.controls}
        self.preset = preset
        self.names: dict[str, list[str]] = {}
        for key, control in self.controls.items():
            now, then = control.initial(current[key]), control.initial(preset[key])
            self.names[key] = []
            for suffix, field in control.fields().items():
                field.initial = now[suffix]
                field.widget.attrs["data-preset"] = json.dumps(then[suffix])
                form.fields[self.prefix + key + suffix] = field
                self.names[key].append(self.prefix + key + suffix)

    def field_names(self) -> list[str]:
        return [name for names in self.names.values() for name in names]

    def values(self, cleaned: Mapping[str, Any]) -> dict[str, Any]:
        """Each option's value from the form's cleaned data (KEEP: the preset's)."""
        return {
            key: control.value({name.removeprefix(self.prefix + key): cleaned.get(name) for name in self.names[key]})
            for key, control in self.controls.items()
        }

    def overrides(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """The values that differ from the preset's."""
        return {key: v for key, v in values.items() if v is not KEEP and v != self.preset[key]}
