"""A read-only admin for support: look at clubs, members, sessions, deals and the history, change nothing.

Every write goes through the services (validation, one transaction, an audit entry); the admin would bypass them,
so it can only look.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from .models import AuditEntry, Club, Deal, HouseRules, Invitation, Member, PlayerResult, Session


class ReadOnly(admin.ModelAdmin):
    actions = None

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Club)
class ClubAdmin(ReadOnly):
    list_display = ["name", "slug", "currency", "pot_policy", "settlement_mode", "created_at"]
    search_fields = ["name", "slug"]


@admin.register(Member)
class MemberAdmin(ReadOnly):
    list_display = ["name", "club", "role", "user", "is_guest"]
    list_filter = ["role", "is_guest"]
    search_fields = ["name", "club__name", "user__username"]


@admin.register(Session)
class SessionAdmin(ReadOnly):
    list_display = ["__str__", "club", "status", "deal_count", "cents_per_point", "currency", "played_on"]
    list_filter = ["game", "status"]
    search_fields = ["club__name", "table"]
    date_hierarchy = "played_on"


@admin.register(Deal)
class DealAdmin(ReadOnly):
    list_display = ["__str__", "session", "number", "revision", "deleted_at", "created_by"]
    search_fields = ["session__club__name"]


@admin.register(PlayerResult)
class PlayerResultAdmin(ReadOnly):
    list_display = ["name", "session", "place", "points", "money_cents", "deals_played", "deals_won"]
    list_filter = ["game"]
    search_fields = ["name", "session__club__name"]
    date_hierarchy = "played_on"


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnly):
    list_display = ["at", "club", "session", "actor", "action", "deal_number"]
    list_filter = ["action"]
    search_fields = ["club__name", "actor__username"]
    date_hierarchy = "at"


@admin.register(HouseRules)
class HouseRulesAdmin(ReadOnly):
    list_display = ["name", "club", "game", "cents_per_point"]


@admin.register(Invitation)
class InvitationAdmin(ReadOnly):
    list_display = ["club", "role", "member", "created_by", "created_at", "expires_at", "used_by"]
    exclude = ["token"]  # a working link is a key to the club
