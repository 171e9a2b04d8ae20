"""``manage.py appoint_owner SLUG USERNAME``: give a club whose owners lost their logins a new owner."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorekeeper import services
from scorekeeper.models import Club


class Command(BaseCommand):
    help = "Make a login an owner of a club (for a club nobody can manage any more)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the club's short name")
        parser.add_argument("username", help="the login that becomes an owner")

    def handle(self, *args: Any, slug: str, username: str, **options: Any) -> None:
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            raise CommandError(f"no club with the short name {slug!r}")
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(
                f"no login named {username!r} (create it with manage.py createsuperuser or an invitation)"
            )
        member = services.appoint_owner(club=club, user=user)
        self.stdout.write(f"{member.name} ({username}) is now an owner of {club}.")
