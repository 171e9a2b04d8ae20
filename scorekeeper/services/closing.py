"""Rules a session must meet before it closes, declared by the apps that seat their own sessions here.

The scorekeeper knows no app built on it (apps depend one way: leagues → scorekeeper): such an app adds its rule
when it is ready (a tournament table closes only once its round is played out), and ``close_session`` asks every
rule, under the session's lock, before it closes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine.messages import Message
from ..models import Session

# Why ``session`` cannot close yet, each reason a message of the registry; nothing when it may close.
ClosingRule = Callable[[Session], Sequence[Message]]

_RULES: list[ClosingRule] = []


def add_closing_rule(rule: ClosingRule) -> None:
    """Ask ``rule`` before every session closes (once, however often it is added)."""
    if rule not in _RULES:
        _RULES.append(rule)


def closing_problems(session: Session) -> list[Message]:
    """Every reason the rules give why ``session`` cannot close yet."""
    return [reason for rule in _RULES for reason in rule(session)]
