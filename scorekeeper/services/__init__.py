"""Every write goes through a function here: it validates, runs in one transaction and leaves an audit entry.

- ``deals``: recording, correcting, deleting, restoring and inserting deals; re-deriving who dealt.
- ``sessions``: starting, closing, reopening sessions, their money terms; importing a finished one.
- ``pots``: the pot chain from one session to the next.
- ``clubs``: clubs, members, invitations and house rules.
- ``record``: how every change to a session's deals is made (lock, one read, one replay, store).
"""

from .clubs import (
    accept_invitation,
    add_member,
    change_role,
    create_club,
    create_invitation,
    save_house_rules,
    sign_up,
)
from .deals import correct_deal, delete_deal, record_deal, rederive_dealers, restore_deal
from .errors import Conflict, DealRejected, ServiceError
from .sessions import (
    change_money_terms,
    close_session,
    import_session,
    rederive_session,
    reopen_session,
    start_session,
)

__all__ = [
    "Conflict",
    "DealRejected",
    "ServiceError",
    "accept_invitation",
    "add_member",
    "change_money_terms",
    "change_role",
    "close_session",
    "correct_deal",
    "create_club",
    "create_invitation",
    "delete_deal",
    "import_session",
    "record_deal",
    "rederive_dealers",
    "rederive_session",
    "reopen_session",
    "restore_deal",
    "save_house_rules",
    "sign_up",
    "start_session",
]
