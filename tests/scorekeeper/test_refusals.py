"""A service refuses with a code of the one message registry: the code and the field reach the view, the page reads
the player's sentence in its language, a command the author's."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.utils import translation
from django.utils.translation import gettext

import leagues.seasons.refusals  # registers the league services' codes
import leagues.tournaments.services.refusals  # noqa: F401  registers the tournament services' codes
from scorekeeper import services
from scorekeeper.engine.messages import AS_AUTHOR, REGISTRY
from scorekeeper.interchange.backup import export_club, import_club

from .conftest import Personas

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def test_a_refusal_keeps_its_code_and_field_and_reads_in_the_page_language(personas: Personas) -> None:
    with pytest.raises(services.ServiceError) as raised:
        services.add_member(club=personas.club, name="Anna")
    assert raised.value.codes == ["member_exists"]
    assert [each.field for each in raised.value.faults] == ["name"]
    assert raised.value.errors == {"name": ["Anna is already a member of this club."]}
    with translation.override("de"):
        assert str(raised.value.faults[0]) == "Anna ist bereits Mitglied dieses Vereins."


@pytest.mark.parametrize("domain", ["service", "league", "tournament"])
def test_every_refusal_reads_in_german(domain: str) -> None:
    """The player's sentence is a whole entry of the German catalogue (a template of placeholders alone needs none)."""
    untranslated = []
    with translation.override("de"):
        for code, entry in ((code, entry) for each, code, entry in REGISTRY if each == domain):
            template = entry.author if entry.player == AS_AUTHOR else entry.player
            assert isinstance(template, str)
            if re.sub(r"%\(\w+\)s", "", template).strip(" :") and gettext(template) == template:
                untranslated.append(code)
    assert untranslated == []


def test_a_backup_refusal_names_the_path_for_the_author_and_the_table(personas: Personas) -> None:
    document = export_club(personas.club)
    document["members"][0]["is_guest"] = "no"
    with pytest.raises(services.ServiceError) as raised:
        import_club(document=document, slug="copy")
    [fault] = raised.value.faults
    assert fault.code == "wrong_type"
    assert fault.for_author == "members[0].is_guest: 'no' where true or false was expected."
    with translation.override("de"):
        assert str(fault) == "members[0].is_guest: 'no', wo ja oder nein hingehört."


def test_no_service_refuses_with_a_sentence_of_its_own() -> None:
    """A refusal's words are a registry code (``services.refusals``), never a sentence translated where it is raised."""
    found = []
    services = [*ROOT.glob("scorekeeper/services/*.py"), *ROOT.glob("scorekeeper/interchange/*.py")]
    league_services = [ROOT / "leagues/seasons/services.py", *ROOT.glob("leagues/tournaments/services/*.py")]
    for path in sorted([*services, *league_services]):
        name = path.relative_to(ROOT).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "django.utils.translation":
                found += [f"{name}:{node.lineno} imports {alias.name}" for alias in node.names]
    # names, as the table says them ("someone", "Table 3"): not refusals
    assert found == [
        "leagues/tournaments/services/words.py:6 imports gettext",
        "scorekeeper/services/words.py:7 imports gettext",
    ]
