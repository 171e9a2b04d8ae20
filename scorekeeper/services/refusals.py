"""Every refusal of a service as a code of the one message registry (``engine.messages``), domain ``service``.

A service refuses with ``ServiceError.on(field, refusal(code, **params))``: the code reaches the view (and the
offline outbox, in ``X-Problem-Codes``), the page renders the player's sentence in the reader's language and a
command prints the author's. A service's sentences are the table's words already, so each player template is the
author's (``AS_AUTHOR``) unless the author's names something only a file's author knows (``true``, a key).
"""

from __future__ import annotations

from scorekeeper.engine.messages import Message, gettext_noop, refusals

Refusal = Message
"""What ``refusal`` makes: a message of the domain ``service``."""

_ = gettext_noop

TEMPLATES: dict[str, str] = {
    # names, choices and money terms
    "name_unreadable": _("Enter a name without control characters."),
    "name_too_long": _("A name has at most %(n)s characters."),
    "currency_unknown": _("Choose a currency by its ISO code, like EUR or CHF."),
    "stake_range": _("A point is worth 0 to %(most)s cents."),
    "choice_unknown": _("Choose one of the offered values."),
    "table_name": _("A table's name has at most 60 characters and no control characters."),
    # members, owners, invitations and logins
    "member_exists": _("%(name)s is already a member of this club."),
    "last_owner": _("A club needs at least one owner."),
    "last_owner_leaves": _("You are the club's only owner: make someone else an owner first."),
    "role_needs_login": _("Only a member with a login can score or own the club."),
    "invite_needs_owner": _("Only an owner can invite scorers or owners."),
    "invite_member": _("Choose a member of this club who has no login yet."),
    "invitation_unusable": _("This invitation has been used or has expired. Ask your club for a new one."),
    "username_too_long": _("A username has at most %(n)s characters."),
    "username_taken": _("This username is taken. Log in first if it is yours."),
    "no_login": _("%(name)s has no login."),
    "login_not_locked": _("The login of %(name)s is not locked."),
    # sessions, their players and their pots
    "session_closed": _("This session is closed. A scorer can reopen it to make changes."),
    "sheet_changed": _("The sheet changed in the meantime: look at it again."),
    "session_changed": _("The session changed in the meantime: look at the money again."),
    # a deal written while someone else wrote (the code a view reacts to is the Conflict's, ``conflict_`` and kind)
    "deal_taken": _("Deal %(n)s was just entered by %(who)s: %(deal)s"),
    "deal_moved": _("The sheet changed while you were entering: this deal is now deal %(n)s."),
    "dealer_changed": _("Who deals changed while you were entering: %(dealer)s deals this deal."),
    "deal_changed": _("%(who)s changed deal %(n)s %(when)s. Here it is as it is now."),
    "deal_deleted": _("%(who)s deleted this deal %(when)s."),
    "same_as_last": _("%(who)s saved this very deal %(when)s, as deal %(n)s: %(deal)s. Is this the same deal again?"),
    "points_beyond": _("Deal %(number)s takes the points beyond %(most)s, more than can be kept: check the tariff."),
    "seat_twice": _("A player can only take one seat."),
    "not_of_club": _("Every player must be a member or guest of this club."),
    "member_twice": _("Two of the players are the same member of this club."),
    "first_dealer": _("Choose who deals first."),
    "leaver": _("Choose who leaves the table."),
    "pot_policy": _("Choose what happens to the pot."),
    "settlement_mode": _("Choose how the session is settled."),
    "stake_shares_pot": _("The stake cannot change: this session shares its pot with the session of %(date)s."),
    "pot_carried_on": _("This session's pot was already carried into a later session."),
    "pot_carried_later": _("This session's pot was carried into a later session."),
    "pot_carried_into": _("This session's pot was carried into the session of %(date)s: abandon that one first."),
    "pot_would_move": _(
        "This change would move the pot carried into the session of %(date)s from %(old)s to %(new)s "
        "points, and that session is closed. Reopen it first, so its sheet changes with the pot."
    ),
    "abandon_needs_owner": _("Only an owner can abandon a session that has deals."),
    "delete_has_deals": _("A session with deals cannot be deleted; abandon it instead."),
    "kept_by_tournament": _("This session is kept by a tournament as one of its tables."),
    "imported_before": _("This document was already imported as the session of %(date)s (#%(id)s)."),
    "table_link_in_progress": _("A table link is made only for a session in progress."),
    "other_deal_impossible": _("This change would make another deal impossible: %(problem)s"),
    "deal_problem": _("deal %(number)s: %(problem)s"),
    # a document handed in (an imported session, a club's backup)
    "nul": _("%(path)s: a text cannot hold a NUL character."),
    "not_a_backup": _("This is not a club backup (format %(format)s)."),
    "backup_lacks_key": _("The backup lacks the key %(key)s."),
    "backup_unrestorable": _("The backup cannot be restored: %(error)s"),
    "backup_slug_taken": _("A club with the short name %(slug)s exists already."),
    "backup_unknown_id": _("%(where)s: %(key)s is not in the backup."),
    "backup_not_time": _("%(where)s: a date and time was expected."),
    "backup_not_date": _("%(where)s: a date was expected."),
    "at_path": _("%(path)s: %(problem)s"),
    "backup_session": _("%(session)s: %(problem)s"),
    "backup_deal_sum": _("%(session)s: deal %(n)s does not add up."),
    "wrong_type": _("%(value)s where %(wanted)s was expected."),
    "unreadable_too_large": _("It is larger than %(most)s MB."),
    "unreadable_not_utf8": _("It is not UTF-8 text."),
    "unreadable_too_deep": _("It is nested more than %(most)s levels deep, deeper than any document of Schreiber."),
    "unreadable_not_json": _("It is not valid JSON (%(error)s)."),
    # what a value of the document must be (``wrong_type``'s ``wanted``)
    "json_bool": _("true or false"),
    "json_whole_number": _("a whole number"),
    "json_text": _("text"),
}

refusal = refusals("service", TEMPLATES, {"json_bool": _("yes or no")})
