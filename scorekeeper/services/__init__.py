"""Every write goes through a function here: it validates, runs in one transaction and leaves an audit entry.

- ``deals``: recording, correcting, deleting, restoring and inserting deals; re-deriving who dealt.
- ``sessions``: starting, closing, reopening sessions, their money terms; importing a finished one.
- ``closing``: the rules a session must meet before it closes, declared by the apps built on the scorekeeper.
- ``pots``: the pot chain from one session to the next.
- ``clubs``: clubs, members, invitations and house rules.
- ``table_links``: the links a phone at the table scores one session by, without an account.
- ``logins``: an owner lifting the login throttle's lock on a member.
- ``record``: how every change to a session's deals is made (lock, one read, one replay, store).

A club restored from its backup is written by ``interchange.backup.import_club``, which builds on these.
"""

from .clubs import (
    accept_invitation,
    add_member,
    appoint_owner,
    change_club_settings,
    change_role,
    create_club,
    create_invitation,
    delete_house_rules,
    leave_club,
    remove_member,
    rename_member,
    save_house_rules,
    sign_up,
)
from .deals import SAME_AS_LAST, correct_deal, delete_deal, record_deal, rederive_dealers, restore_deal
from .errors import Conflict, DealRejected, ServiceError, refuse_nul
from .lineup import player_joins, player_leaves
from .logins import lift_login_lock
from .sessions import (
    abandon_session,
    call_time,
    change_money_terms,
    close_session,
    delete_session,
    import_session,
    rebuild_player_results,
    rederive_session,
    reopen_session,
    restore_session,
    start_session,
)
from .table_links import create_table_link, expire_table_links

__all__ = [
    "SAME_AS_LAST",
    "Conflict",
    "DealRejected",
    "ServiceError",
    "abandon_session",
    "accept_invitation",
    "add_member",
    "appoint_owner",
    "call_time",
    "change_club_settings",
    "change_money_terms",
    "change_role",
    "close_session",
    "correct_deal",
    "create_club",
    "create_invitation",
    "create_table_link",
    "delete_deal",
    "delete_house_rules",
    "delete_session",
    "expire_table_links",
    "import_session",
    "leave_club",
    "lift_login_lock",
    "player_joins",
    "player_leaves",
    "rebuild_player_results",
    "record_deal",
    "rederive_dealers",
    "rederive_session",
    "refuse_nul",
    "remove_member",
    "rename_member",
    "reopen_session",
    "restore_deal",
    "restore_session",
    "save_house_rules",
    "sign_up",
    "start_session",
]
