"""Who did something and what a deal was, as the table says it: for the messages of a conflict."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from ..models import Club, Deal
from ..words import engine_words


def who(user: Any, club: Club) -> str:
    """A user's name on the club's sheet, or the login name, or "someone"."""
    if user is None:
        return _("someone")
    member = club.members.filter(user=user).first()
    return member.name if member is not None else str(user.get_username())


def deal_in_words(deal: Deal) -> str:
    """ "Sauspiel Anna + Bert": the deal's game and its declaring side."""
    result = deal.result or {}
    declarers = " + ".join(result.get("declarers", ()))
    return f"{engine_words.deal_label(result.get('label', ''))} {declarers}".strip()
