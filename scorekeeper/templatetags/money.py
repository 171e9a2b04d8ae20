"""``{{ cents|money:club.currency }}`` in the language the page (or PDF) is rendered in."""

from __future__ import annotations

from django import template
from django.conf import settings
from django.utils.translation import get_language

from ..settlement.money import format_money

register = template.Library()


def _language() -> str:
    return get_language() or settings.LANGUAGE_CODE


@register.filter
def money(cents: int, currency: str = "EUR") -> str:
    return format_money(cents, currency, _language())


@register.filter
def signed_money(cents: int, currency: str = "EUR") -> str:
    """Like ``money`` with a ``+`` on gains, for balances."""
    return format_money(cents, currency, _language(), signed=True)
