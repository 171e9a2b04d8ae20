"""Clubs, their members and invitations."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import selectors, services
from ..forms import ClubForm, ClubSettingsForm, InvitationForm, MemberForm, SignUpForm
from ..models import Invitation, Role
from .access import Request, club_member
from .errors import add_service_errors


@login_required
def club_create(request: Request) -> HttpResponse:
    form = ClubForm(request.POST or None, initial={"owner_name": request.user.get_short_name()})
    if request.method == "POST" and form.is_valid():
        club = services.create_club(owner=request.user, **form.cleaned_data)
        return redirect(club)
    return render(request, "scorekeeper/club_form.html", {"form": form})


def club_detail(request: Request, club_slug: str) -> HttpResponse:
    member = club_member(request, club_slug)
    club = member.club
    return render(
        request,
        "scorekeeper/club_detail.html",
        {
            "club": club,
            "me": member,
            "open_sessions": selectors.sessions_of(club).filter(status="open"),
            "closed_sessions": selectors.sessions_of(club).filter(status="closed")[:30],
            "house_rules": club.house_rules.all(),
        },
    )


def club_settings(request: Request, club_slug: str) -> HttpResponse:
    member = club_member(request, club_slug, Role.OWNER)
    form = ClubSettingsForm(request.POST or None, instance=member.club)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Club settings saved."))
        return redirect(member.club)
    return render(request, "scorekeeper/club_settings.html", {"club": member.club, "me": member, "form": form})


def members(request: Request, club_slug: str) -> HttpResponse:
    me = club_member(request, club_slug)
    club = me.club
    add_form = MemberForm(request.POST or None, prefix="add")
    if request.method == "POST":
        if not me.can(Role.SCORER):
            return HttpResponse(status=403)
        if add_form.is_valid():
            try:
                services.add_member(club=club, **add_form.cleaned_data)
            except services.ServiceError as error:
                add_service_errors(add_form, error)
            else:
                messages.success(request, _("%(name)s added.") % {"name": add_form.cleaned_data["name"]})
                return redirect("members", club.slug)
    return render(
        request,
        "scorekeeper/members.html",
        {
            "club": club,
            "me": me,
            "members": selectors.members_of(club),
            "add_form": add_form,
            "invite_form": InvitationForm(club=club),
            "roles": Role.choices,
        },
    )


@require_POST
def member_role(request: Request, club_slug: str, member_id: int) -> HttpResponse:
    me = club_member(request, club_slug, Role.OWNER)
    member = get_object_or_404(me.club.members, pk=member_id)
    try:
        services.change_role(member=member, role=request.POST.get("role", ""))
    except services.ServiceError as error:
        messages.error(request, str(error))
    return redirect("members", club_slug)


@require_POST
def invitation_create(request: Request, club_slug: str) -> HttpResponse:
    me = club_member(request, club_slug, Role.SCORER)
    form = InvitationForm(request.POST, club=me.club)
    if not form.is_valid() or (form.cleaned_data["role"] != Role.MEMBER and not me.can(Role.OWNER)):
        messages.error(request, _("Only an owner can invite scorers or owners."))
        return redirect("members", club_slug)
    invitation = services.create_invitation(club=me.club, actor=request.user, **form.cleaned_data)
    link = request.build_absolute_uri(invitation.get_absolute_url())
    messages.success(request, _("Send this link (valid for 14 days): %(link)s") % {"link": link})
    return redirect("members", club_slug)


def invitation_accept(request: Request, token: str) -> HttpResponse:
    invitation = get_object_or_404(Invitation.objects.select_related("club", "member"), token=token)
    if not invitation.is_usable():
        return render(request, "scorekeeper/invitation.html", {"invitation": invitation, "expired": True}, status=410)
    form = None
    if request.user.is_authenticated:
        if request.method == "POST":
            services.accept_invitation(invitation=invitation, user=request.user)
            return redirect(invitation.club)
    else:
        initial = {"name": invitation.member.name if invitation.member else ""}
        form = SignUpForm(request.POST or None, initial=initial)
        if request.method == "POST" and form.is_valid():
            try:
                user = services.sign_up(invitation=invitation, **form.cleaned_data)
            except services.ServiceError as error:
                add_service_errors(form, error)
            else:
                login(request, user, backend="django.contrib.auth.backends.ModelBackend")
                return redirect(invitation.club)
    return render(request, "scorekeeper/invitation.html", {"invitation": invitation, "form": form})
