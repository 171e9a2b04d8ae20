"""One language at a time: every engine message and every page reads wholly in German or wholly in English.

The catalogue is the list of what changes between the two: no entry may be left untranslated or fuzzy, and a page
in one language must not show an entry's text of the other. Game terms (Sauspiel, Kontra, Laufende …) are the
same in both and so never counted.
"""

from __future__ import annotations

import ast
import html
import re
from collections.abc import Iterator
from dataclasses import dataclass
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scorekeeper import engine, services
from scorekeeper.engine.messages import TEMPLATES, Cases, Message, Param
from scorekeeper.management.commands.load_demo import DEMO_CLUB, DEMO_USERNAME
from scorekeeper.models import Club, Session
from scorekeeper.words import engine_words

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = ROOT / "locale" / "de" / "LC_MESSAGES" / "django.po"
ENGINE = ROOT / "scorekeeper" / "engine"
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


@dataclass(frozen=True)
class Entry:
    msgid: str
    plural: str
    msgstrs: tuple[str, ...]
    fuzzy: bool

    @property
    def english(self) -> tuple[str, ...]:
        return (self.msgid, self.plural) if self.plural else (self.msgid,)


def catalogue() -> list[Entry]:
    """The German catalogue's entries, read without a library (the header left out)."""
    entries = []
    for block in CATALOGUE.read_text(encoding="utf-8").split("\n\n"):
        fields: dict[str, str] = {}
        flags: set[str] = set()
        key = ""
        for line in block.splitlines():
            if line.startswith("#,"):
                flags.update(flag.strip() for flag in line[2:].split(","))
            elif line.startswith('"'):
                fields[key] += ast.literal_eval(line)
            elif line and not line.startswith("#"):
                key, _, value = line.partition(" ")
                fields[key] = ast.literal_eval(value)
        if fields.get("msgid"):
            msgstrs = tuple(value for name, value in fields.items() if name.startswith("msgstr"))
            entries.append(Entry(fields["msgid"], fields.get("msgid_plural", ""), msgstrs, "fuzzy" in flags))
    return entries


def test_the_catalogue_has_no_untranslated_or_fuzzy_entry() -> None:
    entries = catalogue()
    assert entries
    assert [e.msgid for e in entries if e.fuzzy] == []
    assert [e.msgid for e in entries if not all(e.msgstrs)] == []


# engine messages ----------------------------------------------------------------------------------------------


def engine_codes() -> set[str]:
    """Every message code the engine source names: DealError's second argument and say()'s first."""
    codes: set[str] = set()
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                position = {"DealError": 1, "say": 0}.get(node.func.id)
                if position is not None and len(node.args) > position:
                    codes.update(_literals(node.args[position]))
    return codes


def _literals(node: ast.expr) -> Iterator[str]:
    """The codes an argument can be: a literal, either branch of ``a if c else b``, or an f-string's expansions."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.IfExp):
        yield from _literals(node.body)
        yield from _literals(node.orelse)
    elif isinstance(node, ast.JoinedStr):  # f"x_penalty_{severity}": every code of that shape
        shape = "".join(re.escape(str(v.value)) if isinstance(v, ast.Constant) else "[a-z]+" for v in node.values)
        yield from (code for code in TEMPLATES if re.fullmatch(shape, code))
    elif isinstance(node, ast.Name):  # a variable chosen from a few literals (the players' seats message)
        yield from (code for code in TEMPLATES if code.startswith("players_seats"))


def test_every_code_the_engine_names_has_a_template_and_every_template_is_used() -> None:
    named = engine_codes()
    assert named - TEMPLATES.keys() == set()
    assert TEMPLATES.keys() - named == set()


def sample(code: str) -> Message:
    """The message with each parameter filled by a value no language translates, or where the player's sentence
    depends on a phrase, by the first phrase it has a sentence for."""
    params: dict[str, Param] = {name: f"<{name}>" for name in PLACEHOLDER.findall(TEMPLATES[code])}
    cases = Message(code, params).entry.player
    if isinstance(cases, Cases) and "" not in cases.sentences:
        params[cases.param] = sample(next(iter(cases.sentences)))
    return Message(code, params)


@pytest.mark.parametrize("code", sorted(TEMPLATES))
def test_every_engine_message_reads_in_german_and_in_english(code: str) -> None:
    german_entries = {e.msgid: e.msgstrs[0] for e in catalogue()}
    assert TEMPLATES[code] in german_entries, "makemessages finds every template"
    with translation.override("de"):
        german = engine_words.translated(sample(code))
    with translation.override("en"):
        english = engine_words.translated(sample(code))
    assert english == sample(code).render(player=True), "English on the page is the engine's player sentence"
    placeholders = sorted(PLACEHOLDER.findall(TEMPLATES[code]))
    assert sorted(PLACEHOLDER.findall(german_entries[TEMPLATES[code]])) == placeholders
    if german != english:
        assert english not in german
        assert german not in english


def test_a_refused_deal_is_explained_in_the_pages_language() -> None:
    document = {
        "format": engine.FORMAT,
        "game": "schafkopf",
        "players": ["Anna", "Bert", "Caro", "Dieter"],
        "deals": [{"contract": "sauspiel", "declarer": "Anna", "partner": "Caro", "points": 130}],
    }
    with pytest.raises(engine.InvalidSession) as refused:
        engine.settle(document)
    (problem,) = refused.value.problems
    assert str(problem) == "deal 1: points must be between 0 and 120 (got 130)", "the settle command stays English"
    with translation.override("de"):
        assert engine_words.problem_line(problem) == "Spiel 1: Bitte eine Zahl von 0 bis 120 eingeben (nicht 130)."


def test_an_explanation_stored_before_the_codes_still_reads() -> None:
    old: list[list[Any]] = [["Kreide A", None, None], ["Strich A", 1, None]]
    unknown: list[list[Any]] = [["Chalk A", None, None, {"code": "no_such_code", "params": {}}]]
    with translation.override("en"):
        assert engine_words.explanation_text(old) == "Kreide A + Strich A 1"
        assert engine_words.explanation_text(unknown) == "Chalk A"


# the pages ----------------------------------------------------------------------------------------------------


def pattern(text: str) -> re.Pattern[str] | None:
    """A catalogue text as it may stand on a page, its placeholders filled by anything on the same line; None for
    a text of fewer than two words, which would be found by chance."""
    parts = PLACEHOLDER.split(visible(text))[::2]
    if sum(len(re.findall(r"[^\W\d_]{2,}", part)) for part in parts) < 2:
        return None
    return re.compile(".{1,80}?".join(re.escape(part) for part in parts))


def visible(page: str) -> str:
    """The text a reader sees, one line per source line, without the language switcher."""
    page = re.sub(r'<form[^>]*class="language-switch".*?</form>', "", page, flags=re.S)
    page = re.sub(r"<(script|style)\b.*?</\1>", "", page, flags=re.S)
    text = html.unescape(re.sub(r"<[^>]+>", " ", page))
    return "\n".join(" ".join(line.split()) for line in text.splitlines() if line.strip())


def other_language(language: str) -> list[tuple[str, re.Pattern[str]]]:
    """The catalogue's texts that belong to the other language only."""
    found = []
    for entry in catalogue():
        for english, german in zip(entry.english, entry.msgstrs, strict=False):
            # A German text inside its English one is the game term the English explains: it belongs to both.
            if german not in english and english not in german:
                text = english if language == "de" else german
                compiled = pattern(text)
                if compiled is not None:
                    found.append((text, compiled))
    return found


def pages(client: Client) -> Iterator[tuple[str, str, dict[str, Any] | None]]:
    """(method, url, data) for every page the demo owner can open."""
    club = Club.objects.get(slug=DEMO_CLUB)
    yield "get", reverse("home"), None
    for name in ("club", "club_settings", "club_history", "members", "session_new"):
        yield "get", reverse(name, args=[club.slug]), None
    for game in engine.GAME_KEYS:
        yield "get", reverse("session_start", args=[club.slug, game]), None
        yield "post", reverse("session_start", args=[club.slug, game]), {"cents_per_point": "-1", "rules_preset": "x"}
    for session in Session.objects.filter(club=club):
        args = [club.slug, session.pk]
        for name in ("session", "session_history", "session_money", "session_settlement"):
            yield "get", reverse(name, args=args), None
        deal = session.deals.order_by("sequence").first()
        assert deal is not None
        yield "get", reverse("deal_edit", args=[*args, deal.pk]), None
        yield "get", reverse("deal_dealers", args=[*args, deal.pk]), None
        if session.status == Session.Status.OPEN:
            yield "get", reverse("deal_new", args=args), None
            yield "get", reverse("session_players", args=args), None
            yield "post", reverse("session_players", args=args), {"step": "join", "join-revision": "0"}
            yield "post", reverse("deal_preview", args=args), {"type": "sauspiel", "points": "130"}
    yield "get", reverse("password_change"), None


@pytest.mark.parametrize("language", ["de", "en"])
@pytest.mark.django_db
def test_every_page_reads_in_one_language(client: Client, language: str) -> None:
    call_command("load_demo", stdout=StringIO())
    client.force_login(User.objects.get(username=DEMO_USERNAME))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    foreign = other_language(language)
    mixed = []
    for method, url, data in pages(client):
        response = getattr(client, method)(url, data, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code in (200, 302), (url, response.status_code)
        text = visible(response.content.decode())
        mixed += [(url, found) for found, compiled in foreign if compiled.search(text)]
    client.logout()
    text = visible(client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE=language).content.decode())
    mixed += [("login", found) for found, compiled in foreign if compiled.search(text)]
    assert mixed == [], "\n".join(map(str, mixed))


def engine_keys() -> set[str]:
    """The engine's own names a page must never show: presets, options and contracts (those that are not German
    game terms; a game term such as "wenz" as a key would still read as German)."""
    keys: set[str] = set()
    for game in engine.GAME_KEYS:
        game_class = engine.GAMES[game]
        keys |= {*game_class.rule_presets, *(game_class.tariff_presets or ()), *game_class.rule_schema}
    return {key for key in keys if re.fullmatch(r"[a-z][a-z0-9_]*", key) and key not in GERMAN_KEYS}


# keys that are the German game term itself
GERMAN_KEYS = {"armut", "bock", "durchmarsch", "jungfrau", "klopfen", "pflichtsolo", "schierling", "turnier"}
ENGLISH_WORDS = {"won", "lost", "yes", "no", "true", "false", "none", "Yes", "No", "True", "False", "None"}
# English UI words that are no table's term (a Sheepshead table says picker, Leaster, Doubler, Crack, Blitz, but
# "Pick" on a button is an action, and "Alone" a plain word)
ENGLISH_WORDS |= {"Pick", "pick", "Alone", "alone", "More"}
# the keys of a deal's facts the history writes out (the contract's own keys are game terms)
FACT_KEYS = {"announcements", "kind", "player", "no90", "no60", "no30", "small", "big"}


def played_a_tout(session: Session) -> None:
    """A Wenz Tout, then corrected to a lost one: the history's yes/no facts."""
    actor = session.club.members.get(user__username=DEMO_USERNAME).user
    players = [seat.name for seat in session.seats.all()]
    tout = {"contract": "wenz", "tout": True, "declarer": players[0], "won": True, "runners": 2}
    services.record_deal(session=session, actor=actor, facts=tout)
    deal = session.deals.order_by("-sequence")[0]
    services.correct_deal(deal=deal, actor=actor, facts={**tout, "won": False}, revision=deal.revision)


def unwanted(language: str) -> set[str]:
    """German pages: every key and English word; English pages: the keys that are no English word either."""
    if language == "de":
        return engine_keys() | ENGLISH_WORDS | FACT_KEYS
    return {key for key in engine_keys() | FACT_KEYS if re.search(r"[_\d]", key)} | {"True", "False"}


@pytest.mark.parametrize("language", ["de", "en"])
@pytest.mark.django_db
def test_no_page_shows_an_engine_key_or_a_word_of_the_other_language(client: Client, language: str) -> None:
    call_command("load_demo", stdout=StringIO())
    schafkopf = Session.objects.filter(club__slug=DEMO_CLUB, game="schafkopf", status=Session.Status.OPEN)
    played_a_tout(schafkopf.earliest("pk"))
    client.force_login(User.objects.get(username=DEMO_USERNAME))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    words = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(unwanted(language)))) + r")(?![\w-])")
    shown = set()
    for method, url, data in pages(client):
        response = getattr(client, method)(url, data, HTTP_ACCEPT_LANGUAGE=language)
        shown |= {(url, word) for word in words.findall(visible(response.content.decode()))}
    assert sorted(shown) == [], "\n".join(map(str, sorted(shown)))
