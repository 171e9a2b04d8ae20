from django.urls import path, register_converter

from .views import clubs, deals, phone, sessions, settlement, table_links


class TokenConverter:
    """An invitation's or table link's token as ``secrets.token_urlsafe`` makes them: anything else is not found,
    before any query."""

    regex = "[A-Za-z0-9_-]{16,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(TokenConverter, "token")

club = "c/<slug:club_slug>/"
session = f"{club}s/<int:session_id>/"
deal = f"{session}deal/<int:deal_id>/"

urlpatterns = [
    path("phone/engine.json", phone.engine_manifest, name="phone_engine"),
    path("phone/<str:version>/words-<str:language>.json", phone.words, name="phone_words"),
    path("phone/<str:version>/<path:name>", phone.engine_file, name="phone_engine_file"),
    path("clubs/new/", clubs.club_create, name="club_create"),
    path("invite/<token:token>/", clubs.invitation_accept, name="accept_invitation"),
    path("t/<token:token>/", table_links.table_link_open, name="table_link"),
    path(club, clubs.club_detail, name="club"),
    path(f"{club}settings/", clubs.club_settings, name="club_settings"),
    path(f"{club}history/", clubs.club_history, name="club_history"),
    path(f"{club}leave/", clubs.club_leave, name="club_leave"),
    path(f"{club}members/", clubs.members, name="members"),
    path(f"{club}members/<int:member_id>/role/", clubs.member_role, name="member_role"),
    path(f"{club}members/<int:member_id>/name/", clubs.member_rename, name="member_rename"),
    path(f"{club}members/<int:member_id>/remove/", clubs.member_remove, name="member_remove"),
    path(f"{club}members/<int:member_id>/unlock/", clubs.member_unlock, name="member_unlock"),
    path(f"{club}invitations/", clubs.invitation_create, name="invitation_create"),
    path(f"{club}house-rules/<int:house_rules_id>/delete/", clubs.house_rules_delete, name="house_rules_delete"),
    path(f"{club}sessions/new/", sessions.session_new, name="session_new"),
    path(f"{club}sessions/new/<str:game>/", sessions.session_start, name="session_start"),
    path(session, sessions.session_detail, name="session"),
    path(f"{session}live/", sessions.session_live, name="session_live"),
    path(f"{session}sheet/", sessions.session_sheet_block, name="session_sheet_block"),
    path(f"{session}close/", sessions.session_close, name="session_close"),
    path(f"{session}reopen/", sessions.session_reopen, name="session_reopen"),
    path(f"{session}abandon/", sessions.session_abandon, name="session_abandon"),
    path(f"{session}restore/", sessions.session_restore, name="session_restore"),
    path(f"{session}delete/", sessions.session_delete, name="session_delete"),
    path(f"{session}money/", sessions.session_money, name="session_money"),
    path(f"{session}players/", sessions.session_players, name="session_players"),
    path(f"{session}history/", sessions.session_history, name="session_history"),
    path(f"{session}export.json", sessions.session_export, name="session_export"),
    path(f"{session}phone.json", phone.session_phone, name="session_phone"),
    path(f"{session}table-link/", table_links.table_link_create, name="table_link_create"),
    path(f"{session}table-link/end/", table_links.table_link_end, name="table_link_end"),
    path(f"{session}deal/", deals.deal_new, name="deal_new"),
    path(f"{session}deal/preview/", deals.deal_preview, name="deal_preview"),
    path(deal, deals.deal_edit, name="deal_edit"),
    path(f"{deal}delete/", deals.deal_delete, name="deal_delete"),
    path(f"{deal}restore/", deals.deal_restore, name="deal_restore"),
    path(f"{deal}dealers/", deals.deal_dealers, name="deal_dealers"),
    path(f"{session}settlement/", settlement.session_settlement, name="session_settlement"),
    path(f"{session}settlement.pdf", settlement.session_settlement_pdf, name="session_settlement_pdf"),
    path(f"{club}pad/<str:game>.pdf", settlement.score_pad_pdf, name="score_pad_pdf"),
]
