"""The one message registry: every code has a player template, and every player sentence reads as the table talks.

A player sentence (forms, the preview, the outbox, the sheet) names no JSON key and no snake_case token, in either
language, and its German has no English word in it. Game terms (Sauspiel, Re, Kontra, Solo, Leaster, Picker …) are
the same in both languages and so allowed.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.utils import translation
from django.utils.translation import gettext

import leagues.seasons.ranking  # registers the ranking's codes
import leagues.seasons.refusals  # registers the league services' codes
import leagues.tournaments.rules.words  # registers the tournaments' codes
import leagues.tournaments.services.refusals  # noqa: F401  and the tournament services' codes
import scorekeeper.services.refusals  # noqa: F401  registers the scorekeeper services' codes
from scorekeeper import engine
from scorekeeper.engine.errors import DealError
from scorekeeper.engine.messages import AS_AUTHOR, PHRASES, REGISTRY, Cases, Registry, say

ENGINE = Path(engine.__file__).parent
SNAKE_CASE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
JSON_SYNTAX = re.compile(r'\b[a-z]+\.[a-z_]+\b|"\w+":|\b(?:true|false|null)\b')
ENGLISH_WORDS = {
    "the", "and", "or", "is", "are", "must", "not", "with", "of", "to", "for", "this", "these", "that", "rules",
    "player", "players", "points", "deal", "deals", "game", "games", "won", "lost", "trick", "tricks", "winner",
    "partner", "enter", "choose", "cannot", "only", "every", "each", "has", "have", "none", "needs", "fill", "leave",
    "empty", "party", "tie", "fewest", "got",
}  # fmt: skip
GERMAN_WORDS_THAT_ARE_KEYS = {"muss"}  # the fact "muss" (a Muss game) is also the German verb


def fact_keys() -> set[str]:
    """Every key the engine's readers take from a deal or a header: the fields ``facts.get`` and its siblings read
    and the fields a DealError points at (``rules.kontra_max`` gives ``rules`` and ``kontra_max``)."""
    keys: set[str] = set()
    readers = {"get", "player", "players", "per_player", "has"}
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args or not isinstance(node.args[0], ast.Constant):
                continue
            reads = isinstance(node.func, ast.Attribute) and node.func.attr in readers
            points = isinstance(node.func, ast.Name) and node.func.id == "DealError"
            if (reads or points) and isinstance(node.args[0].value, str):
                keys.update(part for part in node.args[0].value.split(".") if part.isidentifier())
    return keys


def player_sentences() -> Iterator[tuple[str, str]]:
    """(where, template) for every player sentence: each code's own, or each of its cases."""
    for domain, code, entry in REGISTRY:
        if isinstance(entry.player, Cases):
            for case, sentence in entry.player.sentences.items():
                yield f"{domain}:{code}[{case}]", sentence
        elif entry.player is not None:
            yield f"{domain}:{code}", entry.author if entry.player == AS_AUTHOR else entry.player


class Samples(dict[str, object]):
    """Sample parameters: a name for each, as a name or a number reads the same in both languages."""

    def __missing__(self, key: str) -> object:
        return "Anna"


def test_every_code_has_a_player_template() -> None:
    missing = sorted(f"{domain}:{code}" for domain, code, entry in REGISTRY if entry.player is None)
    assert missing == [], "these codes have no player template (add them to the domain's PLAYER templates): " + (
        ", ".join(missing)
    )


def test_every_phrase_has_a_whole_sentence_where_a_field_needs_it_or_not() -> None:
    for code in ("required_for", "does_not_apply"):
        cases = REGISTRY.entry("engine", code).player
        assert isinstance(cases, Cases)
        assert set(PHRASES) - cases.sentences.keys() == set(), code


def test_the_fact_keys_are_found() -> None:
    assert {"points", "re_points", "points_by_player", "winner", "re", "rules"} <= fact_keys()


@pytest.mark.parametrize("language", ["de", "en"])
def test_every_player_sentence_names_no_key(language: str) -> None:
    keys = fact_keys() - GERMAN_WORDS_THAT_ARE_KEYS
    found = []
    with translation.override(language):
        for where, template in player_sentences():
            text = gettext(template) % Samples()
            words = set(re.findall(r"\b\w+\b", text))
            quoted = SNAKE_CASE.findall(text) + JSON_SYNTAX.findall(text)
            if language == "de":
                quoted += sorted(words & keys)
            else:  # in English a key is often a word too ("points"): it is a key where it is the text's subject
                quoted += [key for key in keys if re.match(rf"{key}(?: must| is| does| needs| goes|:)", text)]
            if quoted:
                found.append(f"{where}: {text!r} quotes {quoted}")
    assert found == []


def test_every_german_player_sentence_is_german() -> None:
    found = []
    with translation.override("de"):
        for where, template in player_sentences():
            text = gettext(template) % Samples()
            if english := sorted(set(re.findall(r"\b\w+\b", text)) & ENGLISH_WORDS):
                found.append(f"{where}: {text!r} has {english}")
    assert found == []


def test_a_phrase_gets_a_whole_sentence_of_its_own() -> None:
    error = DealError("winner", "does_not_apply", field="winner", context=say("a_pick"))
    assert str(error) == "winner does not apply to a pick", "the author's English stays"
    with translation.override("de"):
        assert error.words.render(gettext, player=True) == (
            "Zu einem Spiel mit Aufnehmen gehört diese Angabe nicht: Bitte leer lassen."
        )


def test_a_domain_takes_more_codes_but_never_one_twice() -> None:
    """A package's services add their refusals to the domain its rules began; a code given twice is a mistake."""
    registry = Registry()
    registry.register("tournament", {"unknown_game": "rules"}, {})
    registry.register("tournament", {"tournament_over": "services"}, {})
    assert registry.knows("tournament", "unknown_game")
    assert registry.knows("tournament", "tournament_over")
    with pytest.raises(KeyError, match="registered twice"):
        registry.register("tournament", {"unknown_game": "again"}, {})
