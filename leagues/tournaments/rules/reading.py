"""Reading a JSON object's fields with checks, collecting a problem for every bad field with its path."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scorekeeper.engine.errors import DealError
from scorekeeper.engine.messages import Message as EngineMessage
from scorekeeper.engine.messages import Param
from scorekeeper.engine.names import check_name

from ...competition import SMALL_MOST
from .words import Problem, say

Check = Callable[[Any], Any]  # the value as read, or raises Bad


class Bad(ValueError):
    """A value that cannot be read; ``words`` says why (one of this package's messages, or the engine's)."""

    def __init__(self, words: EngineMessage) -> None:
        super().__init__(str(words))
        self.words = words


def bad(code: str, /, **params: Param) -> Bad:
    return Bad(say(code, **params))


def whole(least: int, most: int = SMALL_MOST) -> Check:
    def check(value: Any) -> int:
        if type(value) is not int or value < least:
            raise bad("whole_number", least=least, got=repr(value))
        if value > most:
            raise bad("at_most", most=most, got=value)
        return value

    return check


def optional(check: Check) -> Check:
    return lambda value: None if value is None else check(value)


def flag(value: Any) -> bool:
    if type(value) is not bool:
        raise bad("not_flag", got=repr(value))
    return value


def text(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise bad("not_text", got=repr(value))
    return value.strip()


def name(value: Any) -> str:
    """A player's name as the rule engine takes it."""
    try:
        return check_name("name", value)
    except DealError as error:
        raise Bad(error.words) from None


def mapping(value: Any) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise bad("not_object", got=type(value).__name__)
    return value


def listing(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise bad("not_list", got=type(value).__name__)
    return value


_MISSING: Any = object()


class Fields:
    """One object at ``path``: unknown keys and bad values become problems; a bad value reads as None."""

    def __init__(self, raw: Any, path: str, known: tuple[str, ...], problems: list[Problem]) -> None:
        self.path = path
        self.problems = problems
        if not isinstance(raw, Mapping):
            if raw is not None:  # None: the object itself was missing or bad, which is already a problem
                problems.append(Problem(path, say("not_object", got=type(raw).__name__)))
            raw = {}
        self.raw = raw
        for key in raw:
            if key not in known:
                problems.append(Problem(self.at(key), say("unknown_field", known=", ".join(known))))

    def at(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def get(self, key: str, check: Check, default: Any = _MISSING) -> Any:
        if key not in self.raw:
            if default is _MISSING:
                self.problems.append(Problem(self.at(key), say("missing")))
                return None
            return default
        return read(self.at(key), self.raw[key], check, self.problems)

    def items(self, key: str, default: Any = _MISSING) -> list[tuple[str, Any]]:
        """The elements of a list field with their paths; none when it is missing or no list."""
        values = self.get(key, listing, default)
        return [(f"{self.at(key)}[{i}]", value) for i, value in enumerate(values or ())]


def read(path: str, value: Any, check: Check, problems: list[Problem]) -> Any:
    """``check(value)``, or None and a problem at ``path``."""
    try:
        return check(value)
    except Bad as error:
        problems.append(Problem(path, error.words))
        return None
