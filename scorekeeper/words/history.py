"""The history as sentences: "Caro corrected deal 5: points 72 → 61 (Anna +20 → −20, Bert −20 → +20)".

Each audit entry becomes one line in the page's language, naming people as the club's sheet does (the member's
name, else the login). The before and after kept with an entry are compared field by field, so a line says what
changed instead of dumping both.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..games import packs
from ..models import AuditEntry, Club, Role

# Words for the facts of a deal and the settings of a club, as a line of the history names them.
FIELD_WORDS = {
    "contract": gettext_lazy("contract"),
    "type": gettext_lazy("game"),
    "declarer": gettext_lazy("declarer"),
    "picker": gettext_lazy("picker"),
    "partner": gettext_lazy("partner"),
    "winner": gettext_lazy("winner"),
    "re": gettext_lazy("Re party"),
    "points": gettext_lazy("points"),
    "re_points": gettext_lazy("Augen"),
    "suit": gettext_lazy("suit"),
    "runners": gettext_lazy("Laufende"),
    "kontra": gettext_lazy("Kontra"),
    "knocks": gettext_lazy("knocks"),
    "schwarz": gettext_lazy("Schwarz"),
    "dealer": gettext_lazy("dealer"),
    "name": gettext_lazy("name"),
    "currency": gettext_lazy("currency"),
    "pot_policy": gettext_lazy("pot"),
    "settlement_mode": gettext_lazy("settlement"),
    "cents_per_point": gettext_lazy("stake in cents per point"),
    "announcements": gettext_lazy("Announcements"),
    "extras": gettext_lazy("Sonderpunkte"),
    "player": gettext_lazy("Player"),
    "kind": gettext_lazy("kind"),
}

# Values that are the engine's keys rather than the table's words.
VALUE_WORDS = {
    "no90": gettext_lazy("no 90"),
    "no60": gettext_lazy("no 60"),
    "no30": gettext_lazy("no 30"),
    "small": gettext_lazy("small"),
    "big": gettext_lazy("big"),
}


# A yes/no fact as the table says it: (when true, when false).
FLAG_WORDS = {
    "won": (gettext_lazy("won"), gettext_lazy("lost")),
    "tout": (gettext_lazy("Tout announced"), gettext_lazy("no Tout")),
    "schwarz": (gettext_lazy("Schwarz"), gettext_lazy("not Schwarz")),
    "muss": (gettext_lazy("Muss (forced to play)"), gettext_lazy("no Muss")),
    "forced": (gettext_lazy("Pflichtsolo"), gettext_lazy("no Pflichtsolo")),
    "vorgefuehrt": (gettext_lazy("vorgeführt"), gettext_lazy("not vorgeführt")),
    "bock": (gettext_lazy("Bock"), gettext_lazy("no Bock")),
}


@dataclass(frozen=True)
class Line:
    entry: AuditEntry
    text: str


def lines(entries: Iterable[AuditEntry], club: Club) -> list[Line]:
    """Each entry as a sentence; the names of the club's members are read once."""
    names = dict(club.members.filter(user__isnull=False).values_list("user_id", "name"))
    return [Line(entry, sentence(entry, names)) for entry in entries]


def sentence(entry: AuditEntry, names: Mapping[int, str]) -> str:
    who = names.get(entry.actor_id) if entry.actor_id else None
    if who is None:
        who = entry.actor.get_username() if entry.actor is not None else _("someone")
    words = SENTENCES.get(entry.action)
    text = words(entry, who) if words else f"{who} {entry.get_action_display()}"
    if entry.table_link_id is not None:
        return _("%(change)s, via the table link") % {"change": text}
    return text


# one sentence per action ------------------------------------------------------------------------------------------


def _deal(entry: AuditEntry) -> str:
    return str(entry.deal_number or "?")


def _in_order(keys: Iterable[str]) -> list[str]:
    """Keys in the order FIELD_WORDS gives them, the rest after them alphabetically: the database may keep a JSON
    object's keys in any order, and the same deal should always read the same."""
    rank = {key: n for n, key in enumerate(FIELD_WORDS)}
    return sorted(set(keys), key=lambda key: (rank.get(key, len(rank)), key))


def _facts(facts: Any) -> str:
    """A deal's facts, compactly: "Sauspiel · declarer Anna · partner Caro · points 72"."""
    if not isinstance(facts, Mapping):
        return ""
    parts: list[str] = []
    for key in _in_order(facts):
        value = facts[key]
        if key in ("dealer", "note"):
            continue
        if key in CONTRACT_KEYS:
            parts.insert(0, _contract(value))
        else:
            parts.append(_fact(key, value))
    return " · ".join(parts)


CONTRACT_KEYS = ("contract", "type")


def _contract(value: Any) -> str:
    """A contract as its game's form names it ("Normalspiel", "Aufnehmen"), never its key ("normal", "pick")."""
    if value is None:
        return "–"
    for pack in packs():
        if value in pack.entry.type_labels:
            return str(pack.entry.type_labels[value])
    return str(value).replace("_", " ").capitalize()


def _fact(key: str, value: Any) -> str:
    """ "partner Caro", or a yes/no fact as a phrase ("won", "Tout announced") rather than "won yes"."""
    if isinstance(value, bool) and key in FLAG_WORDS:
        return str(FLAG_WORDS[key][not value])
    return f"{FIELD_WORDS.get(key, key)} {_value(value)}"


def _value(value: Any) -> str:
    if value is True:
        return _("yes")
    if value is False:
        return _("no")
    if value is None:
        return "–"
    if isinstance(value, list):
        return " + ".join(map(_value, value))
    if isinstance(value, Mapping):
        return ", ".join(_fact(k, value[k]) for k in _in_order(value))
    return str(VALUE_WORDS.get(value, value)) if isinstance(value, str) else str(value)


def _changes(before: Any, after: Any) -> str:
    """ "points 72 → 61, declarer Anna → Bert": what differs between two dicts of facts or settings."""
    before, after = before or {}, after or {}
    keys = [key for key in _in_order((*before, *after)) if before.get(key) != after.get(key)]
    return ", ".join(_change(key, before.get(key), after.get(key)) for key in keys)


def _change(key: str, old: Any, new: Any) -> str:
    """ "points 72 → 61", or for a yes/no fact "lost → won" (a fact left out reads as its no)."""
    if key in FLAG_WORDS and {type(old), type(new)} <= {bool, type(None)}:
        return f"{_fact(key, bool(old))} → {_fact(key, bool(new))}"
    if key in CONTRACT_KEYS:
        return f"{FIELD_WORDS[key]} {_contract(old)} → {_contract(new)}"
    return f"{FIELD_WORDS.get(key, key)} {_value(old)} → {_value(new)}"


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points).replace("-", "−")


def _effect(entry: AuditEntry) -> str:
    moved = entry.effect or []
    if not moved:
        return ""
    return " (" + ", ".join(f"{name} {_signed(old)} → {_signed(new)}" for name, old, new in moved) + ")"


def _lineup(entry: AuditEntry) -> dict[str, Any]:
    """Who left or joined, after which deal (0 before the first) and at which seat of the table as it was then."""
    after = entry.after or {}
    player, table = after.get("player", "?"), after.get("table") or []
    seat = table.index(player) + 1 if player in table else "?"
    return {"player": player, "n": entry.deal_number or 0, "seat": seat}


def _role(value: Any) -> str:
    return str(Role(value).label) if value in Role.values else str(value)


def _corrected(entry: AuditEntry, who: str) -> str:
    changes = _changes(entry.before, entry.after) or _("nothing")
    return _("%(who)s corrected deal %(n)s: %(changes)s") % {"who": who, "n": _deal(entry), "changes": changes} + (
        _effect(entry)
    )


def _session_started(entry: AuditEntry, who: str) -> str:
    players = ", ".join((entry.after or {}).get("players", []))
    return _("%(who)s started the session with %(players)s") % {"who": who, "players": players}


def _role_changed(entry: AuditEntry, who: str) -> str:
    before, after = entry.before or {}, entry.after or {}
    return _("%(who)s made %(name)s %(role)s (was %(old)s)") % {
        "who": who,
        "name": after.get("name", "?"),
        "role": _role(after.get("role")),
        "old": _role(before.get("role")),
    }


def _member_removed(entry: AuditEntry, who: str) -> str:
    name = (entry.before or {}).get("name", "?")
    if (entry.after or {}).get("kept"):
        return _("%(who)s took %(name)s off the list; the name stays on the sheets as a guest") % {
            "who": who,
            "name": name,
        }
    return _("%(who)s removed %(name)s") % {"who": who, "name": name}


def _invited(entry: AuditEntry, who: str) -> str:
    after = entry.after or {}
    if after.get("name"):
        return _("%(who)s invited someone to claim %(name)s, as %(role)s") % {
            "who": who,
            "name": after["name"],
            "role": _role(after.get("role")),
        }
    return _("%(who)s invited someone new, as %(role)s") % {"who": who, "role": _role(after.get("role"))}


def _pot_carried(entry: AuditEntry, who: str) -> str:
    return _("The pot carried in changed from %(old)s to %(new)s: %(who)s corrected the session it came from") % {
        "old": (entry.before or {}).get("pot", 0),
        "new": (entry.after or {}).get("pot", 0),
        "who": who,
    }


def _session_deleted(entry: AuditEntry, who: str) -> str:
    return _("%(who)s deleted the session %(session)s (it had no deal)") % {
        "who": who,
        "session": (entry.before or {}).get("session", ""),
    }


TOURNAMENT_WORDS: dict[str, Any] = {
    "participant_added": gettext_lazy("%(who)s registered %(name)s (no. %(number)s) for the tournament %(tournament)s"),
    "participant_withdrawn": gettext_lazy(
        "%(who)s withdrew %(name)s (no. %(number)s) from the tournament %(tournament)s"
    ),
    "kept_apart": gettext_lazy(
        "%(who)s kept %(first)s and %(second)s apart in the first round of the tournament %(tournament)s"
    ),
    "drawn": gettext_lazy(
        "%(who)s kept the draw of the tournament %(tournament)s from round %(round)s on: %(repeats)s repeat meetings"
    ),
    "round_started": gettext_lazy("%(who)s started round %(round)s of the tournament %(tournament)s"),
    "participants_swapped": gettext_lazy(
        "%(who)s swapped %(first)s and %(second)s in round %(round)s of the tournament %(tournament)s"
    ),
    "time_called": gettext_lazy("%(who)s called time in round %(round)s of the tournament %(tournament)s"),
    "round_closed": gettext_lazy("%(who)s closed round %(round)s of the tournament %(tournament)s"),
    "prizes_set": gettext_lazy("%(who)s set the prizes of the tournament %(tournament)s"),
    "penalty": gettext_lazy("%(who)s recorded a penalty for %(name)s in the tournament %(tournament)s: %(reason)s"),
    "tournament_imported": gettext_lazy(
        "%(who)s imported the tournament %(tournament)s: %(participants)s participants, %(rounds)s rounds played"
    ),
    "team_added": gettext_lazy("%(who)s registered the team %(team)s (%(members)s) for the tournament %(tournament)s"),
    "team_removed": gettext_lazy("%(who)s removed the team %(team)s from the tournament %(tournament)s"),
    "public_link_renewed": gettext_lazy(
        "%(who)s made a new public link to the ranking of the tournament %(tournament)s (an older one stops working)"
    ),
    "public_link_off": gettext_lazy(
        "%(who)s turned off the public link to the ranking of the tournament %(tournament)s"
    ),
}


def _tournament_changed(entry: AuditEntry, who: str) -> str:
    after = dict(entry.after or {})
    words = TOURNAMENT_WORDS.get(after.get("what", ""))
    if words is None:
        return f"{who} {entry.get_action_display()}"
    return str(words) % {**after, "who": who}


Sentence = Callable[[AuditEntry, str], str]
A = AuditEntry.Action

SENTENCES: dict[str, Sentence] = {
    A.SESSION_STARTED: _session_started,
    A.SESSION_IMPORTED: lambda e, who: (
        _("%(who)s imported the session with %(n)s deals") % {"who": who, "n": (e.after or {}).get("deals", 0)}
    ),
    A.DEAL_ADDED: lambda e, who: (
        _("%(who)s entered deal %(n)s: %(deal)s") % {"who": who, "n": _deal(e), "deal": _facts(e.after)}
    ),
    A.DEAL_INSERTED: lambda e, who: (
        _("%(who)s inserted deal %(n)s: %(deal)s") % {"who": who, "n": _deal(e), "deal": _facts(e.after)}
    ),
    A.DEAL_EDITED: _corrected,
    A.DEAL_DELETED: lambda e, who: (
        _("%(who)s deleted deal %(n)s (%(deal)s)") % {"who": who, "n": _deal(e), "deal": _facts(e.before)}
    ),
    A.DEAL_RESTORED: lambda e, who: (
        _("%(who)s put deal %(n)s back (%(deal)s)") % {"who": who, "n": _deal(e), "deal": _facts(e.after)}
    ),
    A.DEALERS_REDERIVED: lambda e, who: (
        _("%(who)s let the deal pass on again from deal %(n)s") % {"who": who, "n": _deal(e)}
    ),
    A.PLAYER_LEFT: lambda e, who: (
        _("%(who)s noted that %(player)s left the table after deal %(n)s") % {**_lineup(e), "who": who}
    ),
    A.PLAYER_JOINED: lambda e, who: (
        _("%(who)s noted that %(player)s joined the table after deal %(n)s, at seat %(seat)s")
        % {**_lineup(e), "who": who}
    ),
    A.MONEY_CHANGED: lambda e, who: (
        _("%(who)s changed the money terms: %(changes)s") % {"who": who, "changes": _changes(e.before, e.after)}
    ),
    A.POT_CARRIED: _pot_carried,
    A.RESULTS_REDERIVED: lambda e, who: (
        _("The results were derived again from the deals: %(changed)s of %(deals)s deals scored differently")
        % {"changed": (e.after or {}).get("changed", 0), "deals": (e.after or {}).get("deals", 0)}
    ),
    A.PLAYER_RESULTS_REBUILT: lambda e, who: _("The players' results were written again from the deals") % {},
    A.SESSION_CLOSED: lambda e, who: _("%(who)s closed the session") % {"who": who},
    A.SESSION_REOPENED: lambda e, who: _("%(who)s reopened the session") % {"who": who},
    A.SESSION_ABANDONED: lambda e, who: _("%(who)s put the session aside") % {"who": who},
    A.SESSION_RESTORED: lambda e, who: _("%(who)s brought the session back") % {"who": who},
    A.SESSION_DELETED: _session_deleted,
    A.TIME_CALLED: lambda e, who: (
        _("%(who)s called time after deal %(n)s") % {"who": who, "n": (e.after or {}).get("time_called_after")}
    ),
    A.CLUB_CREATED: lambda e, who: _("%(who)s founded the club") % {"who": who},
    A.CLUB_IMPORTED: lambda e, who: _("The club was restored from a backup") % {},
    A.SETTINGS_CHANGED: lambda e, who: (
        _("%(who)s changed the settings: %(changes)s") % {"who": who, "changes": _changes(e.before, e.after)}
    ),
    A.MEMBER_ADDED: lambda e, who: (
        (_("%(who)s added %(name)s as a guest") if (e.after or {}).get("guest") else _("%(who)s added %(name)s"))
        % {"who": who, "name": (e.after or {}).get("name", "?")}
    ),
    A.MEMBER_RENAMED: lambda e, who: (
        _("%(who)s renamed %(old)s to %(new)s")
        % {"who": who, "old": (e.before or {}).get("name"), "new": (e.after or {}).get("name")}
    ),
    A.ROLE_CHANGED: _role_changed,
    A.MEMBER_REMOVED: _member_removed,
    A.MEMBER_LEFT: lambda e, who: _("%(name)s left the club") % {"name": (e.after or {}).get("name", who)},
    A.INVITATION_CREATED: _invited,
    A.INVITATION_ACCEPTED: lambda e, who: (
        _("%(name)s joined the club as %(role)s")
        % {"name": (e.after or {}).get("name", who), "role": _role((e.after or {}).get("role"))}
    ),
    A.HOUSE_RULES_SAVED: lambda e, who: (
        _("%(who)s saved the house rules %(name)s") % {"who": who, "name": (e.after or {}).get("name")}
    ),
    A.HOUSE_RULES_DELETED: lambda e, who: (
        _("%(who)s deleted the house rules %(name)s") % {"who": who, "name": (e.before or {}).get("name")}
    ),
    A.OWNER_APPOINTED: lambda e, who: _("%(name)s was appointed owner") % {"name": (e.after or {}).get("name")},
    A.LEAGUE_FOUNDED: lambda e, who: (
        _("%(who)s founded the league %(league)s") % {"who": who, "league": (e.after or {}).get("league")}
    ),
    A.LEAGUE_CLUB_INVITED: lambda e, who: (
        _("%(who)s invited %(club)s to the league %(league)s")
        % {"who": who, "club": (e.after or {}).get("club"), "league": (e.after or {}).get("league")}
    ),
    A.LEAGUE_JOINED: lambda e, who: (
        _("%(who)s joined the league %(league)s for the club") % {"who": who, "league": (e.after or {}).get("league")}
    ),
    A.LEAGUE_LEFT: lambda e, who: (
        _("The club is no longer in the league %(league)s (%(who)s)")
        % {"who": who, "league": (e.before or {}).get("league")}
    ),
    A.SEASON_SAVED: lambda e, who: (
        _("%(who)s saved the season %(season)s") % {"who": who, "season": (e.after or {}).get("name")}
    ),
    A.SEASON_DELETED: lambda e, who: (
        _("%(who)s deleted the season %(season)s") % {"who": who, "season": (e.before or {}).get("name")}
    ),
    A.TOURNAMENT_CREATED: lambda e, who: (
        _("%(who)s created the tournament %(tournament)s")
        % {"who": who, "tournament": (e.after or {}).get("tournament")}
    ),
    A.TOURNAMENT_CHANGED: _tournament_changed,
    A.TABLE_LINK_CREATED: lambda e, who: _("%(who)s made a table link for this session") % {"who": who},
    A.TABLE_LINK_EXPIRED: lambda e, who: _("%(who)s ended the table links of this session") % {"who": who},
    A.LOGIN_LOCK_LIFTED: lambda e, who: (
        _("%(who)s lifted the lock on the login of %(name)s") % {"who": who, "name": (e.after or {}).get("name")}
    ),
    A.PUBLIC_LINK_CHANGED: lambda e, who: (
        (
            _("%(who)s made a new public link for the season %(season)s")
            if (e.after or {}).get("on")
            else _("%(who)s turned off the public link of the season %(season)s")
        )
        % {"who": who, "season": (e.after or {}).get("season")}
    ),
}

# What the club's history shows besides its own changes: a session's life, not its deals.
SESSION_LIFE = (A.SESSION_STARTED, A.SESSION_IMPORTED, A.SESSION_CLOSED, A.SESSION_REOPENED,
                A.SESSION_ABANDONED, A.SESSION_RESTORED, A.MONEY_CHANGED)  # fmt: skip
