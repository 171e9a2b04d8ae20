"""The schreiber-tournament/1 document: validation naming paths, the ranking, the round trip and ``manage.py rank``."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from leagues.tournaments.rules.document import InvalidTournament, dump, load, rank

ROOT = Path(__file__).resolve().parents[3]
FIXTURE = Path(__file__).with_name("ddv_13_players.json")


@pytest.fixture
def tournament() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return document


def problems(document: Any) -> list[str]:
    with pytest.raises(InvalidTournament) as raised:
        rank(document)
    return [str(p) for p in raised.value.problems]


def by_number(rows: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    return {row["number"]: row for row in rows}


def test_every_table_of_the_fixture_is_a_complete_tsr_round(tournament: dict[str, Any]) -> None:
    tables = rank(tournament)["tables"]
    assert [(t["round"], t["table"], len(t["seats"]), t["played"]) for t in tables] == [
        (1, 1, 4, 24), (1, 2, 4, 24), (1, 3, 5, 30),
        (2, 1, 4, 24), (2, 2, 4, 24), (2, 3, 5, 30),
        (3, 1, 4, 18), (3, 2, 4, 24), (3, 3, 5, 30),
    ]  # fmt: skip
    assert all(t["can_close"] and not t["owing"] for t in tables)
    assert all(t["normal_games"] == t["played"] - len(t["seats"]) for t in tables)
    called = tables[6]  # time called after 15 deals: the three Pflichtsoli still owed were played after it
    assert (called["time_called"], called["normal_games"]) == (15, 14)


def test_the_five_table_scores_the_dealer_zero(tournament: dict[str, Any]) -> None:
    table = tournament["rounds"][0]["tables"][2]
    first = table["deals"][0]  # Caro deals the first deal and sits out
    assert first == {"type": "normal", "re": ["Gustl", "Dieter"], "re_points": 140}
    one_deal = {**tournament, "rounds": [{"number": 1, "tables": [{**table, "deals": [first]}]}], "penalties": []}
    [seats] = [t["seats"] for t in rank(one_deal)["tables"]]
    # by hand: Re 140 won, Kontra has 100 (not under 90): 1 point each way, Caro 0
    assert {s["name"]: s["points"] for s in seats} == {"Caro": 0, "Dieter": 1, "Gustl": 1, "Hanne": -1, "Luis": -1}


def test_penalties_count_in_the_round_they_were_given(tournament: dict[str, Any]) -> None:
    out = rank(tournament)
    tables = {(t["round"], t["table"]): {s["number"]: s["points"] for s in t["seats"]} for t in out["tables"]}
    round2 = by_number(out["rounds"][1]["standings"])
    # minor penalty on Emil (5) at round 2's table 2: −3 to him, +1 to each of Bert (2), Hanne (8), Ida (9)
    assert round2[5]["points"] == tables[(2, 2)][5] - 3
    assert [round2[n]["points"] - tables[(2, 2)][n] for n in (2, 8, 9)] == [1, 1, 1]
    round3 = by_number(out["rounds"][2]["standings"])
    assert round3[10]["points"] == tables[(3, 3)][10] - 5  # the free deduction of 5 on Jakob
    assert sum(row["points"] for row in out["overall"]) == -5  # everything else is zero-sum


def test_a_withdrawal_and_a_late_arrival_are_ranked_on_what_they_played(tournament: dict[str, Any]) -> None:
    overall = by_number(rank(tournament)["overall"])
    assert list(overall[13]["rounds"]) == ["1"]
    assert overall[13]["withdrawn_after"] == 1
    assert list(overall[14]["rounds"]) == ["2", "3"]
    assert overall[14]["arrives"] == 2
    assert overall[14]["points"] == sum(overall[14]["rounds"].values())
    assert len(overall) == 14


def test_the_overall_ranking_is_ordered_by_points_then_the_chain(tournament: dict[str, Any]) -> None:
    overall = rank(tournament)["overall"]
    keys = [(-row["points"], -row["tiebreaks"]["best_round"], -row["tiebreaks"]["solos_won"]) for row in overall]
    assert keys == sorted(keys)
    assert [row["place"] for row in overall][:3] == [1, 2, 3]


def test_a_lot_is_recorded_with_its_seed(tournament: dict[str, Any]) -> None:
    tournament["settings"]["tiebreaks"] = ["points", "lot"]
    out = rank(tournament)
    assert out["lot"]["seed"] == 2026
    assert sorted(out["lot"]["order"]) == list(range(1, 15))
    assert out == rank(tournament)  # drawn again, the same


def test_the_document_round_trips(tournament: dict[str, Any]) -> None:
    loaded = load(tournament)
    assert load(dump(loaded)) == loaded
    written = dump(loaded)
    assert written["rounds"] == [
        {"number": r["number"], "tables": [{"time_called": None, **t} for t in r["tables"]]}
        for r in tournament["rounds"]
    ]
    assert written["participants"][12] == {"number": 13, "name": "Mona", "arrives": 1, "withdrawn_after": 1}


def test_bad_fields_are_named_by_their_path(tournament: dict[str, Any]) -> None:
    bad = copy.deepcopy(tournament)
    bad["settings"]["preset"] = "skat"
    bad["participants"][3]["number"] = "4"
    bad["participants"][1]["colour"] = "red"
    assert problems(bad) == [
        "settings.preset: There is no tournament preset 'skat' (known: ddv, ddv_home, schafkopf_plusminus, "
        "schafkopf_plus_only, schafkopf_turnier, sheepshead_five).",
        "participants[1].colour: Unknown field (known: number, name, arrives, withdrawn_after).",
        "participants[3].number: This must be a whole number of at least 1, not '4'.",
    ]


def test_bad_seating_and_penalties_are_named_by_their_path(tournament: dict[str, Any]) -> None:
    bad = copy.deepcopy(tournament)
    bad["rounds"][1]["tables"][0]["seats"][3] = 13  # Mona withdrew after round 1
    bad["rounds"][0]["tables"][0]["seats"][0] = 14  # Nepomuk arrives in round 2
    bad["rounds"][2]["number"] = 4
    bad["rounds"][2]["tables"][1]["seats"][0] = 1  # Anna sits at table 1 already
    bad["penalties"][0]["kind"] = "yellow"
    bad["penalties"][1]["round"] = 4
    assert problems(bad) == [
        "rounds[0].tables[0].seats[0]: Start number 14 arrives in round 2, so he does not play round 1.",
        "rounds[1].tables[0].seats[3]: Start number 13 withdrew after round 1, so he does not play round 2.",
        "rounds[2].number: This round must be number 3, not 4.",
        "rounds[2].tables[1].seats[0]: Start number 1 sits twice in round 3.",
        "penalties[0].kind: The kind of penalty is one of minor, serious, deduction, not 'yellow'.",
        "penalties[1].round: Round 4 is not in the document (it has rounds 1 to 3).",
    ]


def test_a_bad_deal_is_named_by_its_whole_path(tournament: dict[str, Any]) -> None:
    bad = copy.deepcopy(tournament)
    bad["rounds"][2]["tables"][1]["deals"][5]["re_points"] = 250
    assert problems(bad) == ["rounds[2].tables[1].deals[5].re_points: re_points must be between 0 and 240 (got 250)"]


def test_a_lot_needs_a_seed_and_a_deduction_its_points(tournament: dict[str, Any]) -> None:
    bad = copy.deepcopy(tournament)
    bad["settings"]["tiebreaks"] = ["points", "lot"]
    del bad["settings"]["seed"]
    assert problems(bad) == [
        "settings.tiebreaks: The tie-break lot draws with the tournament's seed, and the settings give none."
    ]
    bad = copy.deepcopy(tournament)
    del bad["penalties"][1]["points"]
    bad["penalties"][0]["points"] = 3
    assert problems(bad) == [
        "penalties[0].points: Only a free deduction names its points; a minor penalty is fixed by the rules.",
        "penalties[1].points: This field is required.",
    ]


def test_a_document_that_is_no_object_or_has_no_settings() -> None:
    assert problems([]) == ["A tournament document is a JSON object."]
    assert problems({"format": "schreiber-tournament/1", "participants": []}) == ["settings: This field is required."]


def manage_rank(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", "rank", *args], cwd=ROOT, input=stdin, capture_output=True, text=True, check=False
    )


def test_the_rank_command_prints_json_and_csv_without_a_database() -> None:
    result = manage_rank(str(FIXTURE))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == rank(json.loads(FIXTURE.read_text(encoding="utf-8")))
    lines = manage_rank(str(FIXTURE), "--format", "csv").stdout.splitlines()
    assert lines[0] == "place,number,name,points,round_1,round_2,round_3,best_round,solos_won"
    assert len(lines) == 15
    mona = next(line for line in lines if ",Mona," in line)
    assert mona.split(",")[4:7] == ["-17", "", ""]


def test_the_rank_command_reads_standard_input(tournament: dict[str, Any]) -> None:
    result = manage_rank("-", stdin=json.dumps(tournament))
    assert json.loads(result.stdout)["overall"][0]["place"] == 1


def test_the_rank_command_refuses_bad_input_with_a_message_and_no_traceback(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    result = manage_rank(str(broken))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith(f"{broken}: It is not valid JSON")
    assert "Traceback" not in result.stderr
    invalid = manage_rank("-", stdin=json.dumps({"format": "schreiber-tournament/1"}))
    assert (invalid.returncode, invalid.stderr) == (
        2,
        "settings: This field is required.\nparticipants: This field is required.\n",
    )


def test_every_kind_of_bad_setting_participant_and_table_is_named() -> None:
    document = {
        "format": "schreiber/1",
        "settings": {"game": "schafkopf", "preset": "ddv", "rounds": 1, "games_per_round": {"6": 36}, "seed": 1.5},
        "participants": [
            {"number": 1, "name": "Anna"},
            {"number": 1, "name": "anna", "arrives": 3, "withdrawn_after": 2},
            {"number": 3, "name": " "},
        ],
    }
    assert problems(document) == [
        "format: The format must be 'schreiber-tournament/1', not 'schreiber/1'.",
        "settings.game: The preset ddv is for doppelkopf, not 'schafkopf'.",
        "settings.games_per_round: The table size '6' is none of the preset's (4, 5).",
        "settings.seed: The seed is a whole number or a text, not 1.5.",
        "participants[1].arrives: Arrives in round 3 but withdrew after round 2.",
        "participants[2].name: name: a name must be some text (got ' ')",
        "participants[1].number: Start number 1 is given twice.",
        "participants: Anna and anna are one name.",
    ]
    good: dict[str, Any] = {
        "format": "schreiber-tournament/1",
        "settings": {"game": "doppelkopf", "preset": "ddv", "rounds": 1, "table_points": "yes"},
        "participants": [{"number": n, "name": name} for n, name in enumerate("ABCDE", 1)],
        "rounds": [
            {"number": 1, "tables": [{"number": 1, "seats": [1, 2, 3], "deals": {}}, {"number": 1, "seats": [9]}]},
            {"number": 2, "tables": []},
        ],
        "penalties": [{"round": 1, "player": 5, "kind": "minor", "reason": "", "official": "X"}],
    }
    assert problems(good) == ["settings.table_points: This must be true or false, not 'yes'."]
    good["settings"]["table_points"] = True
    assert problems(good) == [
        "rounds[0].tables[0].seats: The preset has tables of 4, 5, not 3.",
        "rounds[0].tables[0].deals: This must be a list, not dict.",
        "rounds[0].tables[1].seats[0]: No participant has start number 9.",
        "rounds[0].tables[1].number: Table 1 is given twice in this round.",
        "rounds[1].tables: A round has at least one table.",
        "rounds: The settings plan 1 rounds, but the document has 2.",
        "penalties[0].player: Start number 5 sat at no table in round 1.",
        "penalties[0].reason: This must be some text, not ''.",
    ]


def test_a_penalty_names_who_sat_out_and_whose_solo_it_was(tournament: dict[str, Any]) -> None:
    five = tournament["rounds"][0]["tables"][2]["seats"]
    offender, soloist, dealer = five[0], five[1], five[4]
    context = {"round": 1, "player": offender, "reason": "showed a card", "official": "Weber"}
    tournament["penalties"] = [
        {**context, "kind": "minor", "sitting_out": dealer},
        {**context, "kind": "serious", "sitting_out": dealer, "soloist": soloist},
    ]
    before = {r["number"]: r["points"] for r in rank({**tournament, "penalties": []})["overall"]}
    after = {r["number"]: r["points"] for r in rank(tournament)["overall"]}
    moved = {n: after[n] - before[n] for n in before if after[n] != before[n]}
    assert moved == {offender: -3 - 12, soloist: 1 + 12, five[2]: 1, five[3]: 1}
    assert load(dump(load(tournament))) == load(tournament)
    assert dump(load(tournament))["penalties"][1] == {
        **context,
        "kind": "serious",
        "sitting_out": dealer,
        "soloist": soloist,
    }


def test_a_penalty_context_names_others_at_the_offenders_table(tournament: dict[str, Any]) -> None:
    four, five = tournament["rounds"][0]["tables"][0]["seats"], tournament["rounds"][0]["tables"][2]["seats"]
    context = {"round": 1, "reason": "showed a card", "official": "Weber"}
    tournament["penalties"] = [
        {**context, "player": four[0], "kind": "minor", "sitting_out": four[1]},
        {**context, "player": five[0], "kind": "minor", "soloist": four[1]},
        {**context, "player": five[0], "kind": "serious", "sitting_out": five[4], "soloist": five[4]},
        {**context, "player": five[0], "kind": "deduction", "points": 2, "soloist": five[1]},
    ]
    assert problems(tournament) == [
        "penalties[0].sitting_out: Only at a table of five does a dealer sit out.",
        f"penalties[1].soloist: Start number {four[1]} sat at no table with the offender in that round.",
        f"penalties[2].soloist: Start number {five[4]} sat out, so he played no solo.",
        "penalties[3].soloist: A free deduction moves no points at the table: it names no one else.",
    ]


def without_last_pflichtsolo(document: dict[str, Any]) -> dict[str, Any]:
    """Round 3, table 1 stops before Ida's Pflichtsolo, the last deal (time was called after deal 15)."""
    document["rounds"][2]["tables"][0]["deals"].pop()
    return document


def test_a_pflichtsolo_never_played_keeps_the_ranking_provisional(tournament: dict[str, Any]) -> None:
    assert (rank(tournament)["final"], rank(tournament)["missing"]) == (True, [])
    ranking = rank(without_last_pflichtsolo(tournament))
    assert ranking["final"] is False
    assert [m["text"] for m in ranking["missing"]] == ["Round 3, table 1: Ida still owes his Pflichtsolo."]


def test_an_unplayed_game_and_an_undrawn_round_keep_the_ranking_provisional(tournament: dict[str, Any]) -> None:
    del tournament["rounds"][2]["tables"][1]["deals"][0]  # a normal game
    assert [m["text"] for m in rank(tournament)["missing"]] == [
        "Round 3, table 2: 1 of the round's 24 games is still to play."
    ]
    tournament["rounds"].pop()
    tournament["penalties"] = [p for p in tournament["penalties"] if p["round"] < 3]
    assert [m["text"] for m in rank(tournament)["missing"]] == ["1 of the 3 rounds is still to play."]


def test_rank_final_exits_non_zero_naming_what_is_missing(tournament: dict[str, Any]) -> None:
    complete = manage_rank("--final", "-", stdin=json.dumps(tournament))
    assert (complete.returncode, complete.stderr) == (0, "")
    assert json.loads(complete.stdout)["final"] is True
    open_table = json.dumps(without_last_pflichtsolo(tournament))
    provisional = manage_rank("--final", "-", stdin=open_table)
    assert provisional.returncode == 1
    assert provisional.stderr == "The ranking is provisional:\nRound 3, table 1: Ida still owes his Pflichtsolo.\n"
    assert json.loads(provisional.stdout)["final"] is False
    assert manage_rank("-", stdin=open_table).returncode == 0  # without --final the ranking is only marked


def test_a_serious_penalty_in_a_solo_keeps_the_value_decided_and_refuses_one_out_of_range(
    tournament: dict[str, Any],
) -> None:
    """9.4.4: the official decides 12 to 24; the document keeps it as the penalty's points."""
    five = tournament["rounds"][0]["tables"][2]["seats"]
    offender, soloist, dealer = five[0], five[1], five[4]
    context = {"round": 1, "player": offender, "reason": "showed a card", "official": "Weber", "kind": "serious"}
    tournament["penalties"] = [{**context, "sitting_out": dealer, "soloist": soloist, "points": 20}]
    before = {r["number"]: r["points"] for r in rank({**tournament, "penalties": []})["overall"]}
    after = {r["number"]: r["points"] for r in rank(tournament)["overall"]}
    assert {n: after[n] - before[n] for n in before if after[n] != before[n]} == {offender: -20, soloist: 20}
    assert dump(load(tournament))["penalties"][0]["points"] == 20
    assert load(dump(load(tournament))) == load(tournament)
    tournament["penalties"] = [
        {**context, "soloist": soloist, "points": 25},
        {**context, "points": 18},
        {**context, "kind": "minor", "soloist": soloist, "points": 3},
    ]
    assert problems(tournament) == [
        "penalties[0].points: A serious offence in a solo credits the soloist 12 to 24 points (TSR 9.4.4), not 25.",
        "penalties[1].points: Only a free deduction names its points; a serious penalty is fixed by the rules.",
        "penalties[2].points: Only a free deduction names its points; a minor penalty is fixed by the rules.",
    ]
