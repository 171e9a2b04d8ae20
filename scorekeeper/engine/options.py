"""Presets and options as data.

A rule set or tariff is given either as a preset name or as
``{"preset": NAME, option: value, ...}``. :func:`resolve` merges the overrides
onto the preset after checking every name and value, so an unknown preset or
option is an error, never silently ignored.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .errors import DealError

Validator = Callable[[str, Any], Any]
"""Takes ``(qualified_name, value)``; returns the normalised value or raises DealError."""


def choice(*allowed: Any) -> Validator:
    def check(name: str, value: Any) -> Any:
        if not any(value == a and type(value) is type(a) for a in allowed):
            raise DealError(name, f"{name} must be one of {', '.join(map(str, allowed))} (got {value!r})")
        return value

    return check


def integer(low: int, high: int | None = None) -> Validator:
    def check(name: str, value: Any) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise DealError(name, f"{name} must be a whole number (got {value!r})")
        if high is None and value < low:
            raise DealError(name, f"{name} must be {low} or more (got {value})")
        if high is not None and not low <= value <= high:
            raise DealError(name, f"{name} must be between {low} and {high} (got {value})")
        return value

    return check


def flag(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise DealError(name, f"{name} must be true or false (got {value!r})")
    return value


def subset(allowed: Iterable[str]) -> Validator:
    allowed = tuple(allowed)

    def check(name: str, value: Any) -> frozenset[str]:
        if isinstance(value, str) or not isinstance(value, (list, tuple, set, frozenset)):
            raise DealError(name, f"{name} must be a list (got {value!r})")
        unknown = [v for v in value if v not in allowed]
        if unknown:
            raise DealError(name, f"{name}: unknown {', '.join(map(str, unknown))} (known: {', '.join(allowed)})")
        return frozenset(value)

    return check


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
            raise DealError(what, f"{what} needs a \"preset\" (one of {', '.join(presets)})")
        name, overrides = spec["preset"], {k: v for k, v in spec.items() if k != "preset"}
    else:
        raise DealError(what, f"{what} must be a preset name or an object with \"preset\" (got {spec!r})")
    if name not in presets:
        raise DealError(what, f"{what}: unknown preset {name!r} (known: {', '.join(presets)})")
    resolved = dict(presets[name])
    for key, value in overrides.items():
        if key not in schema:
            raise DealError(f"{what}.{key}", f"{what}: unknown option {key!r} (known: {', '.join(schema)})")
        resolved[key] = schema[key](f"{what}.{key}", value)
    resolved["preset"] = name
    return resolved
