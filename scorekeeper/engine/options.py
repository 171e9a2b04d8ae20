"""Presets and options as data.

A rule set or tariff is given either as a preset name or as
``{"preset": NAME, option: value, ...}``. :func:`resolve` merges the overrides
onto the preset after checking every name and value, so an unknown preset or
option is an error, never silently ignored.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import DealError
from .messages import listed

Validator = Callable[[str, Any], Any]
"""Takes ``(qualified_name, value)``; returns the normalised value or raises DealError.

The validators below also describe themselves (``kind`` and their bounds), so a form can offer the
right control for each option without knowing the game.
"""


@dataclass(frozen=True)
class Choice:
    choices: tuple[Any, ...]
    kind: str = "choice"

    def __call__(self, name: str, value: Any) -> Any:
        if not any(value == c and type(value) is type(c) for c in self.choices):
            raise DealError(name, "one_of", field=name, known=listed(self.choices), got=repr(value))
        return value


@dataclass(frozen=True)
class Integer:
    low: int
    high: int | None = None
    kind: str = "integer"

    def __call__(self, name: str, value: Any) -> int:
        if type(value) is int and self.low <= value and (self.high is None or value <= self.high):
            return value  # the usual case, checked at once
        if not isinstance(value, int) or isinstance(value, bool):
            raise DealError(name, "whole_number", field=name, got=repr(value))
        if self.high is None and value < self.low:
            raise DealError(name, "at_least", field=name, low=self.low, got=value)
        if self.high is not None and not self.low <= value <= self.high:
            raise DealError(name, "between", field=name, low=self.low, high=self.high, got=value)
        return value


@dataclass(frozen=True)
class OptionalInteger(Integer):
    """An integer, or ``null``: "no limit", or a value derived from other options (the option's own doc says)."""

    kind: str = "optional_integer"

    def __call__(self, name: str, value: Any) -> int | None:  # type: ignore[override]
        return None if value is None else super().__call__(name, value)


@dataclass(frozen=True)
class IntegerMap:
    """``{key: integer}`` for some of ``defaults``' keys; a key left out keeps its default.

    Entries equal to their default are dropped, so the same rules always freeze to the same object.
    """

    defaults: Mapping[str, int]
    low: int = 0
    kind: str = "integer_map"

    def __call__(self, name: str, value: Any) -> dict[str, int]:
        if not isinstance(value, Mapping):
            example = f"{{{next(iter(self.defaults))!r}: 2}}"
            raise DealError(name, "map_not_object", field=name, example=example, got=repr(value))
        chosen = {}
        for key, number in value.items():
            if key not in self.defaults:
                raise DealError(name, "map_key_unknown", field=name, got=repr(key), known=listed(self.defaults))
            if not isinstance(number, int) or isinstance(number, bool) or number < self.low:
                raise DealError(name, "map_value", field=name, key=key, low=self.low, got=repr(number))
            if number != self.defaults[key]:
                chosen[key] = number
        return chosen

    def value_of(self, chosen: Mapping[str, int], key: str) -> int:
        return chosen.get(key, self.defaults[key])


@dataclass(frozen=True)
class Flag:
    kind: str = "flag"

    def __call__(self, name: str, value: Any) -> bool:
        if not isinstance(value, bool):
            raise DealError(name, "flag", field=name, got=repr(value))
        return value


@dataclass(frozen=True)
class Subset:
    choices: tuple[str, ...]
    kind: str = "subset"

    def __call__(self, name: str, value: Any) -> frozenset[str]:
        if isinstance(value, str) or not isinstance(value, (list, tuple, set, frozenset)):
            raise DealError(name, "not_a_list", field=name, got=repr(value))
        unknown = [v for v in value if v not in self.choices]
        if unknown:
            raise DealError(name, "subset_unknown", field=name, got=listed(unknown), known=listed(self.choices))
        return frozenset(value)


def choice(*allowed: Any) -> Choice:
    return Choice(allowed)


def integer(low: int, high: int | None = None) -> Integer:
    return Integer(low, high)


flag = Flag()


def subset(allowed: Iterable[str]) -> Subset:
    return Subset(tuple(allowed))


def resolve(
    spec: Any,
    presets: Mapping[str, Mapping[str, Any]],
    schema: Mapping[str, Validator],
    what: str,
) -> dict[str, Any]:
    """Return the full option dict for ``spec`` (a preset name or an override object).

    ``what`` is the document key (``rules`` or ``tariff``) used in messages.
    """
    if isinstance(spec, str):
        name, overrides = spec, {}
    elif isinstance(spec, Mapping):
        if "preset" not in spec:
            raise DealError(what, "preset_needed", field=what, known=listed(presets))
        name, overrides = spec["preset"], {k: v for k, v in spec.items() if k != "preset"}
    else:
        raise DealError(what, "preset_or_object", field=what, got=repr(spec))
    if not isinstance(name, str) or name not in presets:
        raise DealError(what, "preset_unknown", field=what, got=repr(name), known=listed(presets))
    resolved = dict(presets[name])
    for key, value in overrides.items():
        if key not in schema:
            raise DealError(f"{what}.{key}", "option_unknown", field=what, got=repr(key), known=listed(schema))
        resolved[key] = schema[key](f"{what}.{key}", value)
    resolved["preset"] = name
    return resolved


def as_json(resolved: Mapping[str, Any]) -> dict[str, Any]:
    """A resolved option dict in plain JSON types: the form a session freezes and exports.

    Feeding it back to :func:`resolve` gives the same options, so a frozen session keeps its rules even
    if a preset's definition changes later.
    """
    return {key: _plain(value) for key, value in resolved.items()}


def _plain(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return sorted(_plain(v) for v in value)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    return value
