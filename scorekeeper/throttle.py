"""The login throttle: wrong passwords counted per user name and address together, and a ceiling per address.

django-axes counts and refuses; its lockout parameter is the pair, so five wrong passwords for one name from one
address pause only that name from that address. Nobody can lock a member out from elsewhere, and one member mistyping
on the club's Wi-Fi (one address for the whole table) locks out nobody else.

The ceiling keeps one address from trying a few passwords on every name: past ``LOGIN_ADDRESS_FAILURE_LIMIT`` wrong
passwords within ``LOGIN_ADDRESS_WINDOW``, the address logs in only under a name that has logged in from it before
(axes' access log); any other name is refused without its password being checked. Every wrong password from such an
address is answered with the lock-out page too, so the answers tell a guesser nothing about which names exist or
were used there: only the right password for a name known there gets in. Refused tries count as failures, so whoever
keeps trying keeps the lock.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from axes.conf import settings
from axes.handlers.database import AxesDatabaseHandler
from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_client_username, get_cool_off, get_failure_limit
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


class PairAndAddressHandler(AxesDatabaseHandler):
    """Axes' database handler with the address ceiling on top of its pair lock."""

    def is_locked(self, request: Any, credentials: dict[str, Any] | None = None) -> bool:
        if super().is_locked(request, credentials):
            return True
        address = request.axes_ip_address
        if address_locked_until(address, request.axes_attempt_time) is None:
            return False
        username = get_client_username(request, credentials)
        return not AccessLog.objects.filter(username=username, ip_address=address).exists()

    def user_login_failed(self, sender: Any, credentials: dict[str, Any], request: Any = None, **kwargs: Any) -> None:
        super().user_login_failed(sender, credentials, request, **kwargs)
        if request is None:
            return
        address, now = request.axes_ip_address, request.axes_attempt_time
        # Only the last window counts: the next failure of an address takes its older ones away.
        expired = now - settings.LOGIN_ADDRESS_WINDOW
        AccessFailureLog.objects.filter(ip_address=address, attempt_time__lt=expired).delete()
        if address_locked_until(address, now) is not None:
            request.axes_locked_out = True
            request.axes_credentials = credentials


def _until(newest_first: Iterable[tuple[datetime, int]], limit: int, span: timedelta) -> datetime | None:
    """When failures (time, how many), newest first, each counting for ``span``, will number fewer than ``limit``;
    None if they already do. The lock lasts until the failure that brought the count to the limit expires."""
    count = 0
    for at, failures in newest_first:
        count += failures
        if count >= limit:
            return at + span
    return None


def pair_locked_until(username: str, address: str | None, now: datetime) -> datetime | None:
    cool_off = get_cool_off()
    attempts = AccessAttempt.objects.filter(username=username, ip_address=address, attempt_time__gte=now - cool_off)
    rows = attempts.order_by("-attempt_time").values_list("attempt_time", "failures_since_start")
    return _until(rows, get_failure_limit(None, None), cool_off)


def address_locked_until(address: str | None, now: datetime) -> datetime | None:
    window, limit = settings.LOGIN_ADDRESS_WINDOW, settings.LOGIN_ADDRESS_FAILURE_LIMIT
    failures = AccessFailureLog.objects.filter(ip_address=address, attempt_time__gte=now - window)
    times = failures.order_by("-attempt_time").values_list("attempt_time", flat=True)[:limit]
    return _until(((at, 1) for at in times), limit, window)


def locked_logins(usernames: Iterable[str], now: datetime) -> dict[str, datetime]:
    """The names among ``usernames`` locked from some address, with the time the last of their locks ends."""
    cool_off = get_cool_off()
    attempts = AccessAttempt.objects.filter(username__in=list(usernames), attempt_time__gte=now - cool_off)
    pairs: dict[tuple[str, str], list[tuple[datetime, int]]] = defaultdict(list)
    for username, address, at, failures in attempts.order_by("-attempt_time").values_list(
        "username", "ip_address", "attempt_time", "failures_since_start"
    ):
        pairs[username, address].append((at, failures))
    locked: dict[str, datetime] = {}
    for (username, _address), rows in pairs.items():
        until = _until(rows, get_failure_limit(None, None), cool_off)
        if until is not None:
            locked[username] = max(until, locked.get(username, until))
    return locked


def lift(username: str) -> int:
    """Forget the wrong passwords for ``username`` from every address; how many records went."""
    return AxesProxyHandler.reset_attempts(username=username)


def to_the_minute(until: datetime) -> datetime:
    """The end of a lock as a page says it, on the full minute after it: never earlier than it is."""
    at = until.replace(second=0, microsecond=0)
    return at + timedelta(minutes=1) if at < until else at


def _shown(until: datetime | None, now: datetime) -> dict[str, Any] | None:
    if until is None:
        return None
    return {"at": to_the_minute(until), "minutes": math.ceil((until - now).total_seconds() / 60)}


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None, credentials: dict[str, Any] | None = None
) -> HttpResponse:
    """The lock-out page (AXES_LOCKOUT_CALLABLE): which lock holds and until when, in the visitor's language."""
    username = get_client_username(request, credentials) or ""
    address, now = request.axes_ip_address, request.axes_attempt_time  # type: ignore[attr-defined]
    context = {
        "username": username,
        "pair": _shown(pair_locked_until(username, address, now), now),
        "address": _shown(address_locked_until(address, now), now),
    }
    return render(request, "registration/locked_out.html", context, status=settings.AXES_HTTP_RESPONSE_CODE)
