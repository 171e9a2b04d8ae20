"""Clubs, their settings and history, members, roles and invitations."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.forms import Form
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from schreiber.web.errors import errors_on_form, refusal_as_message

from .. import selectors, services
from ..access import Request, club_member
from ..forms import ClubForm, ClubSettingsForm, InvitationForm, MemberForm, RenameForm, SignUpForm
from ..models import HouseRules, Invitation, Member, Role, Session
from ..sign_in import MODEL_BACKEND
from ..words import history

SESSIONS_PER_PAGE = 20


@login_required
def club_create(request: Request) -> HttpResponse:
    form = ClubForm(request.POST or None, initial={"owner_name": request.user.get_short_name()})
    if request.method == "POST" and form.is_valid():
        with errors_on_form(form):
            club = services.create_club(owner=request.user, **form.cleaned_data)
            return redirect(club)
    return render(request, "scorekeeper/club_form.html", {"form": form})


def club_detail(request: Request, club_slug: str) -> HttpResponse:
    """The club's sessions, newest first: the ones in progress, then the played ones a page at a time."""
    member = club_member(request, club_slug)
    club = member.club
    sessions = selectors.sessions_of(club)
    played = Paginator(sessions.filter(status=Session.Status.CLOSED), SESSIONS_PER_PAGE)
    return render(
        request,
        "scorekeeper/club_detail.html",
        {
            "club": club,
            "me": member,
            "open_sessions": sessions.filter(status=Session.Status.OPEN),
            "page": played.get_page(request.GET.get("page")),
            "abandoned": sessions.filter(status=Session.Status.ABANDONED) if member.can(Role.SCORER) else [],
            "house_rules": club.house_rules.all(),
        },
    )


def club_settings(request: Request, club_slug: str) -> HttpResponse:
    member = club_member(request, club_slug, Role.OWNER)
    club = member.club
    form = ClubSettingsForm(request.POST or None, initial=services.clubs.club_settings(club))
    if request.method == "POST" and form.is_valid():
        with errors_on_form(form):
            services.change_club_settings(club=club, actor=request.user, **form.cleaned_data)
            messages.success(request, _("Club settings saved. They apply to sessions started from now on."))
            return redirect(club)
    return render(request, "scorekeeper/club_settings.html", {"club": club, "me": member, "form": form})


def club_history(request: Request, club_slug: str) -> HttpResponse:
    """What changed in the club: settings, members, roles, invitations, house rules, sessions started and put aside."""
    member = club_member(request, club_slug, Role.OWNER)
    page = Paginator(selectors.club_history_of(member.club), 50).get_page(request.GET.get("page"))
    context = {"club": member.club, "me": member, "page": page, "lines": history.lines(page, member.club)}
    return render(request, "scorekeeper/club_history.html", context)


def members(request: Request, club_slug: str) -> HttpResponse:
    me = club_member(request, club_slug)
    club = me.club
    add_form = MemberForm(request.POST or None, prefix="add")
    if request.method == "POST":
        if not me.can(Role.SCORER):
            return HttpResponse(status=403)
        if add_form.is_valid():
            with errors_on_form(add_form):
                services.add_member(club=club, actor=request.user, **add_form.cleaned_data)
                messages.success(request, _("%(name)s added.") % {"name": add_form.cleaned_data["name"].strip()})
                return redirect("members", club.slug)
    return _members_page(request, me, add_form=add_form)


def _members_page(request: Request, me: Member, **forms: Form) -> HttpResponse:
    """The members page; a form given (bound, with its errors) replaces the blank one of that name."""
    club = me.club
    members = selectors.members_of(club)
    locks = selectors.login_locks(members) if me.can(Role.OWNER) else {}  # only an owner can lift them
    context = {
        "club": club,
        "me": me,
        "rows": [(member, locks.get(member.pk)) for member in members],
        "add_form": MemberForm(prefix="add"),
        "invite_form": InvitationForm(club=club),
        "roles": Role.choices,
        **forms,
    }
    status = 422 if any(form.errors for form in forms.values()) else 200
    return render(request, "scorekeeper/members.html", context, status=status)


@require_POST
def member_role(request: Request, club_slug: str, member_id: int) -> HttpResponse:
    me = club_member(request, club_slug, Role.OWNER)
    member = get_object_or_404(me.club.members, pk=member_id)
    with refusal_as_message(request):
        services.change_role(member=member, role=request.POST.get("role", ""), actor=request.user)
        member.refresh_from_db()
        messages.success(
            request, _("%(name)s is now: %(role)s.") % {"name": member.name, "role": member.get_role_display()}
        )
    return redirect("members", club_slug)


@require_POST
def member_unlock(request: Request, club_slug: str, member_id: int) -> HttpResponse:
    me = club_member(request, club_slug, Role.OWNER)
    member = get_object_or_404(me.club.members.select_related("user"), pk=member_id)
    with refusal_as_message(request):
        services.lift_login_lock(member=member, actor=request.user)
        messages.success(request, _("The lock on the login of %(name)s is lifted.") % {"name": member.name})
    return redirect("members", club_slug)


@require_POST
def member_rename(request: Request, club_slug: str, member_id: int) -> HttpResponse:
    me = club_member(request, club_slug, Role.SCORER)
    member = get_object_or_404(me.club.members, pk=member_id)
    form = RenameForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Enter a name of at most 60 characters."))
        return redirect("members", club_slug)
    with refusal_as_message(request):
        services.rename_member(member=member, actor=request.user, name=form.cleaned_data["name"])
    return redirect("members", club_slug)


def member_remove(request: Request, club_slug: str, member_id: int) -> HttpResponse:
    me = club_member(request, club_slug, Role.OWNER)
    member = get_object_or_404(me.club.members, pk=member_id)
    if request.method == "POST":
        with refusal_as_message(request):
            services.remove_member(member=member, actor=request.user)
            messages.success(request, _("%(name)s is no longer on the club's list.") % {"name": member.name})
        return redirect("members", club_slug)
    played = member.seats.exists()
    return confirm(
        request,
        me,
        title=_("Remove %(name)s?") % {"name": member.name},
        text=_("%(name)s played with the club and stays on those sheets, as a guest without a login.")
        % {"name": member.name}
        if played
        else _("%(name)s has never played with the club and is removed from its list.") % {"name": member.name},
        button=_("Remove"),
    )


def club_leave(request: Request, club_slug: str) -> HttpResponse:
    me = club_member(request, club_slug)
    if request.method == "POST":
        with refusal_as_message(request):
            services.leave_club(member=me)
            messages.success(request, _("You left %(club)s.") % {"club": me.club.name})
            return redirect("home")
        return redirect("members", club_slug)
    return confirm(
        request,
        me,
        title=_("Leave %(club)s?") % {"club": me.club.name},
        text=_("Your name stays on the sheets you played. To come back, ask for a new invitation."),
        button=_("Leave the club"),
    )


@require_POST
def invitation_create(request: Request, club_slug: str) -> HttpResponse:
    me = club_member(request, club_slug, Role.SCORER)
    form = InvitationForm(request.POST, club=me.club)
    if form.is_valid():
        with errors_on_form(form):
            invitation = services.create_invitation(club=me.club, actor=request.user, inviter=me, **form.cleaned_data)
            link = request.build_absolute_uri(invitation.get_absolute_url())
            messages.success(request, _("Send this link (valid for 14 days): %(link)s") % {"link": link})
            return redirect("members", club_slug)
    return _members_page(request, me, invite_form=form)


def invitation_accept(request: Request, token: str) -> HttpResponse:
    invitation = get_object_or_404(Invitation.objects.select_related("club", "member"), token=token)
    if not invitation.is_usable():
        return render(request, "scorekeeper/invitation.html", {"invitation": invitation, "expired": True}, status=410)
    form = None
    if request.user.is_authenticated:
        if request.method == "POST":
            with refusal_as_message(request):
                services.accept_invitation(invitation=invitation, user=request.user)
            return redirect(invitation.club)
    else:
        initial = {"name": invitation.member.name if invitation.member else ""}
        form = SignUpForm(request.POST or None, initial=initial)
        if request.method == "POST" and form.is_valid():
            with errors_on_form(form):
                user = services.sign_up(invitation=invitation, **form.cleaned_data)
                login(request, user, backend=MODEL_BACKEND)
                return redirect(invitation.club)
    return render(request, "scorekeeper/invitation.html", {"invitation": invitation, "form": form})


def house_rules_delete(request: Request, club_slug: str, house_rules_id: int) -> HttpResponse:
    me = club_member(request, club_slug, Role.SCORER)
    house_rules = get_object_or_404(HouseRules, club=me.club, pk=house_rules_id)
    if request.method == "POST":
        services.delete_house_rules(house_rules=house_rules, actor=request.user)
        messages.success(request, _("The house rules %(name)s are deleted.") % {"name": house_rules.name})
        return redirect("session_new", club_slug)
    return confirm(
        request,
        me,
        title=_("Delete the house rules %(name)s?") % {"name": house_rules.name},
        text=_("Sessions played under them keep their rules."),
        button=_("Delete"),
    )


def confirm(request: Request, me: Member, *, title: str, text: str, button: str) -> HttpResponse:
    """A page that asks before a change that is hard to undo; it posts back to the same address."""
    return render(
        request, "scorekeeper/confirm.html", {"club": me.club, "me": me, "title": title, "text": text, "button": button}
    )
