"""The secret read-only links of a season's standing and a tournament's live ranking: one kind of token, found or
not found (never a hint which), and the card a director turns them on, renews or off with
(``leagues/includes/public_link.html``).

A link is a token in the object's ``public_token`` (``secrets.token_urlsafe``, matched by the ``token`` URL
converter); a new token retires the old one, None turns the link off.
"""

from __future__ import annotations

import secrets
from typing import TypeVar

from django.db.models import Model, QuerySet
from django.http import Http404

M = TypeVar("M", bound=Model)


def next_token(enabled: bool) -> str | None:
    """What ``public_token`` becomes when the director asks for a link (a new one) or turns it off."""
    return secrets.token_urlsafe(24) if enabled else None


def shared(objects: QuerySet[M], token: str) -> M:
    """The object whose link ``token`` is; Http404 for a token renewed, turned off or never made."""
    found = objects.filter(public_token=token).first()
    if found is None:
        raise Http404
    return found
