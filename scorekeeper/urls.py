from django.urls import path

from .views import clubs, deals, sessions, settlement

urlpatterns = [
    path("clubs/new/", clubs.club_create, name="club_create"),
    path("invite/<str:token>/", clubs.invitation_accept, name="accept_invitation"),
    path("c/<slug:club_slug>/", clubs.club_detail, name="club"),
    path("c/<slug:club_slug>/settings/", clubs.club_settings, name="club_settings"),
    path("c/<slug:club_slug>/members/", clubs.members, name="members"),
    path("c/<slug:club_slug>/members/<int:member_id>/role/", clubs.member_role, name="member_role"),
    path("c/<slug:club_slug>/invitations/", clubs.invitation_create, name="invitation_create"),
    path("c/<slug:club_slug>/sessions/new/", sessions.session_new, name="session_new"),
    path("c/<slug:club_slug>/sessions/new/<str:game>/", sessions.session_start, name="session_start"),
    path(
        "c/<slug:club_slug>/house-rules/<int:house_rules_id>/start/",
        sessions.session_quick_start,
        name="session_quick_start",
    ),
    path("c/<slug:club_slug>/s/<int:session_id>/", sessions.session_detail, name="session"),
    path("c/<slug:club_slug>/s/<int:session_id>/live/", sessions.session_live, name="session_live"),
    path("c/<slug:club_slug>/s/<int:session_id>/close/", sessions.session_close, name="session_close"),
    path("c/<slug:club_slug>/s/<int:session_id>/reopen/", sessions.session_reopen, name="session_reopen"),
    path("c/<slug:club_slug>/s/<int:session_id>/history/", sessions.session_history, name="session_history"),
    path("c/<slug:club_slug>/s/<int:session_id>/export.json", sessions.session_export, name="session_export"),
    path("c/<slug:club_slug>/s/<int:session_id>/deal/", deals.deal_new, name="deal_new"),
    path("c/<slug:club_slug>/s/<int:session_id>/deal/preview/", deals.deal_preview, name="deal_preview"),
    path("c/<slug:club_slug>/s/<int:session_id>/deal/<int:deal_id>/", deals.deal_edit, name="deal_edit"),
    path("c/<slug:club_slug>/s/<int:session_id>/deal/<int:deal_id>/delete/", deals.deal_delete, name="deal_delete"),
    path("c/<slug:club_slug>/s/<int:session_id>/deal/<int:deal_id>/restore/", deals.deal_restore, name="deal_restore"),
    path("c/<slug:club_slug>/s/<int:session_id>/deal/<int:deal_id>/dealers/", deals.deal_dealers, name="deal_dealers"),
    path("c/<slug:club_slug>/s/<int:session_id>/money/", sessions.session_money, name="session_money"),
    path("c/<slug:club_slug>/s/<int:session_id>/settlement/", settlement.session_settlement, name="session_settlement"),
    path(
        "c/<slug:club_slug>/s/<int:session_id>/settlement.pdf",
        settlement.session_settlement_pdf,
        name="session_settlement_pdf",
    ),
    path("c/<slug:club_slug>/pad/<str:game>.pdf", settlement.score_pad_pdf, name="score_pad_pdf"),
]
