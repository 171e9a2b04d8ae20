"""The ``settle`` and ``import_session`` commands, as the session format page specifies them."""

from __future__ import annotations

import json
import subprocess
import sys
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from scorekeeper import engine
from scorekeeper.models import Session
from tests.engine.golden import golden_files

from .conftest import Personas

ROOT = Path(__file__).resolve().parents[2]
SESSION: dict[str, Any] = {
    "format": "schreiber/1",
    "game": "schafkopf",
    "rules": "classic",
    "tariff": "10/20/50",
    "cents_per_point": 10,
    "players": ["Anna", "Bert", "Caro", "Dieter"],
    "deals": [
        {"contract": "sauspiel", "declarer": "Anna", "partner": "Caro", "points": 72},
        {"contract": "solo", "suit": "herz", "declarer": "Bert", "points": 45, "runners": 4, "kontra": 1},
    ],
}


def settle(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", "settle", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.fixture
def session_file(tmp_path: Path) -> Path:
    path = tmp_path / "session.json"
    path.write_text(json.dumps(SESSION), encoding="utf-8")
    return path


def test_settle_prints_the_output_document(session_file: Path) -> None:
    result = settle(str(session_file))
    assert result.returncode == 0, result.stderr
    output = json.loads(result.stdout)
    assert output["totals"] == {"Anna": 200, "Bert": -560, "Caro": 200, "Dieter": 160}
    assert output["money"] == {"Anna": "20.00", "Bert": "-56.00", "Caro": "20.00", "Dieter": "16.00"}
    assert output["deals"][1]["multiplier"] == 2
    assert output["deals"][1]["value"] == 180


def test_settle_reads_standard_input() -> None:
    result = settle("-", stdin=json.dumps(SESSION))
    assert json.loads(result.stdout)["pot"] == 0


def test_settle_as_a_table_shows_running_totals(session_file: Path) -> None:
    result = settle(str(session_file), "--format", "table")
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["#", "dealer", "contract", "value", "Anna", "Bert", "Caro", "Dieter"]
    assert lines[-1].split() == ["money", "20.00", "-56.00", "20.00", "16.00"]


def test_settle_names_the_deal_and_field_and_exits_2(tmp_path: Path) -> None:
    bad = {
        **SESSION,
        "deals": [*SESSION["deals"], {"contract": "sauspiel", "declarer": "Anna", "partner": "Bert", "points": 130}],
    }
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    result = settle(str(path))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.strip() == "deal 3: points must be between 0 and 120 (got 130)"


def test_settle_refuses_more_knocks_than_players_whatever_the_cap(tmp_path: Path) -> None:
    """A cap no table reaches (max_knocks 20,000) does not let a deal knock 14,300 times: 2 ** 14,300 is a number
    Python will not print, and no table of four knocks more than four times. Refused as any bad input (exit 2)."""
    knocking = {**SESSION, "rules": {"preset": "classic", "klopfen": True, "max_knocks": 20_000}}
    deal = {"contract": "sauspiel", "declarer": "Anna", "partner": "Caro", "points": 72}
    for knocks, code in ((4, 0), (5, 2), (14_300, 2)):
        path = tmp_path / f"knocks-{knocks}.json"
        path.write_text(json.dumps({**knocking, "deals": [{**deal, "knocks": knocks}]}), encoding="utf-8")
        result = settle(str(path))
        assert result.returncode == code, result.stderr
    assert result.stderr.strip() == "deal 1: knocks: these rules allow one knock per player, at most 4 (got 14300)"
    assert "Traceback" not in result.stderr


def test_settle_names_every_problem_of_the_header_on_a_line_of_its_own(tmp_path: Path) -> None:
    bad = {**SESSION, "format": "schreiber/0", "players": ["Anna", " Bert", "Caro", "Dieter"], "cents_per_point": -1}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({**bad, "deals": {"1": SESSION["deals"][0]}}), encoding="utf-8")
    result = settle(str(path))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.splitlines() == [
        "format must be 'schreiber/1' (got 'schreiber/0')",
        "players: a name has no space around it (got ' Bert')",
        "cents_per_point must be 0 or more (got -1)",
        "deals must be a list",
    ]


def test_settle_explains_unreadable_input(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{", encoding="utf-8")
    assert settle(str(path)).returncode == 2
    missing = settle(str(tmp_path / "missing.json"))
    assert missing.returncode == 2
    assert "missing.json" in missing.stderr


@pytest.mark.parametrize(
    "path",
    golden_files() or [pytest.param(None, marks=pytest.mark.skip("no golden folder"))],
    ids=lambda p: p.stem if p else "none",
)
def test_every_golden_file_through_the_command(path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for number, case in enumerate(json.loads(path.read_text(encoding="utf-8"))):
        expect: dict[str, Any] = case["expect"]
        document = tmp_path / f"case{number}.json"
        document.write_text(json.dumps(case["session"]), encoding="utf-8")
        with pytest.raises(SystemExit) if "error" in expect else nullcontext():
            call_command("settle", str(document))
        out, err = capsys.readouterr()
        if "error" in expect:
            assert out == "", case["name"]
            assert expect["error"] in err, case["name"]
            continue
        output = json.loads(out)
        assert output == engine.settle(case["session"]), case["name"]
        if "deltas" in expect:
            assert [d["deltas"] for d in output["deals"]] == expect["deltas"], case["name"]


@pytest.mark.django_db
def test_import_session_adds_a_closed_session(
    personas: Personas, session_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    call_command("import_session", str(session_file), "--club", personas.club.slug)
    session = Session.objects.get()
    assert session.status == Session.Status.CLOSED
    assert session.deals.count() == 2
    assert "Imported" in capsys.readouterr().out


@pytest.mark.django_db
def test_import_session_is_all_or_nothing(
    personas: Personas, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(
        json.dumps({**SESSION, "deals": [*SESSION["deals"], {"contract": "wenz", "declarer": "Zoe", "points": 70}]}),
        encoding="utf-8",
    )
    with pytest.raises(SystemExit) as exited:
        call_command("import_session", str(path), "--club", personas.club.slug)
    assert exited.value.code == 2
    assert "deal 3: declarer" in capsys.readouterr().err
    assert not Session.objects.exists()


@pytest.mark.django_db
def test_import_session_needs_a_known_club(session_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        call_command("import_session", str(session_file), "--club", "nowhere")
    assert "--club" in capsys.readouterr().err
