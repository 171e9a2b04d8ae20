"""The one reader of a JSON document's objects: every bad field becomes a :class:`Problem` with its path
(``rounds[0].tables[1].deals[6].points``, indices from 0), and reading goes on, so one pass names them all.

Pure Python like the rest of the engine. The tournaments' documents and a club's backup read their objects with
:class:`Fields`; a check (:data:`Check`) returns the value as read or raises :class:`Bad` with a coded message (this
module's domain ``document``, the engine's own, or the reader's). The ``schreiber/1`` session header is read in one
pass too (``session.load``), by the engine's own checks (:func:`checked`): its problems name the field as the spec and
the golden cases have them (``players``, ``rules.kontra_max``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ParamSpec, TypeVar

from .errors import Bad, DealError, Problem
from .messages import AS_AUTHOR, REGISTRY, Param, gettext_noop
from .messages import Message as EngineMessage
from .names import check_name

SMALL_MOST = 32_767  # the end of the smallest integer column kept (start, round and table numbers, a season's counts)

Check = Callable[[Any], Any]  # the value as read, or raises Bad
P = ParamSpec("P")
T = TypeVar("T")


class Message(EngineMessage):
    """A problem of the reader itself, whichever document it reads."""

    __slots__ = ()
    domain = "document"


def said(code: str, /, **params: Param) -> Message:
    return Message(code, params)


def bad(code: str, /, **params: Param) -> Bad:
    return Bad(said(code, **params))


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
    return check_name("name", value)


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
                problems.append(Problem(path, said("not_object", got=type(raw).__name__)))
            raw = {}
        self.raw = raw
        for key in raw:
            if key not in known:
                problems.append(Problem(self.at(key), said("unknown_field", known=", ".join(known))))

    def at(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def get(self, key: str, check: Check, default: Any = _MISSING) -> Any:
        if key not in self.raw:
            if default is _MISSING:
                self.problems.append(Problem(self.at(key), said("missing")))
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


def checked(problems: list[Problem], check: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T | None:
    """``check(*args)``, or None and a problem at the field its DealError names (an engine's check knows it)."""
    try:
        return check(*args, **kwargs)
    except DealError as error:
        problems.append(error.problem())
        return None


Shape = Mapping[str, "Shape"] | list["Shape"] | Check | None
"""What a document's part must look like: an object (its keys, each with its value's shape; a key ending in ``?`` may
be missing), a list (``[`` its elements' shape ``]``), a value a :data:`Check` takes, or None for any value, which
its reader checks."""


def keys(names: str) -> dict[str, Shape]:
    """An object of these keys (separated by spaces), any values."""
    return dict.fromkeys(names.split())


def check_shape(value: Any, shape: Shape, problems: list[Problem], path: str = "") -> None:
    """A problem for every place where ``value`` has not got ``shape``: an object or list that is none, an unknown
    key, a missing one, a value its check refuses."""
    if isinstance(shape, list):
        for i, item in enumerate(read(path, value, listing, problems) or ()):
            check_shape(item, shape[0], problems, f"{path}[{i}]")
    elif callable(shape):
        read(path, value, shape, problems)
    elif shape is not None and (raw := read(path, value, mapping, problems)) is not None:
        fields = Fields(raw, path, tuple(key.rstrip("?") for key in shape), problems)
        for key, inner in shape.items():
            if key.rstrip("?") in raw:
                check_shape(raw[key.rstrip("?")], inner, problems, fields.at(key.rstrip("?")))
            elif not key.endswith("?"):
                problems.append(Problem(fields.at(key), said("missing")))


_ = gettext_noop

TEMPLATES: dict[str, str] = {
    "not_object": _("This must be an object, not %(got)s."),
    "not_list": _("This must be a list, not %(got)s."),
    "missing": _("This field is required."),
    "not_flag": _("This must be true or false, not %(got)s."),
    "not_text": _("This must be some text, not %(got)s."),
    "unknown_field": _("Unknown field (known: %(known)s)."),
    "whole_number": _("This must be a whole number of at least %(least)s, not %(got)s."),
    "at_most": _("This must be at most %(most)s, not %(got)s."),
}
PLAYER: dict[str, str] = {
    "not_object": _("This cannot be read (%(got)s)."),
    "not_list": _("This cannot be read (%(got)s)."),
    "not_flag": _("This must be yes or no (not %(got)s)."),
    "unknown_field": _("This entry is not known here."),
}
REGISTRY.register(
    "document", TEMPLATES, dict.fromkeys(("missing", "not_text", "whole_number", "at_most"), AS_AUTHOR) | PLAYER
)
