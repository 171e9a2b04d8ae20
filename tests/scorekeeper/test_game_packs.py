"""Game packs: every engine game has a complete one, and nothing outside the engine and the packs branches on a
game's key."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from scorekeeper import engine
from scorekeeper.engine.deal import GENERIC_FIELDS
from scorekeeper.engine.registry import GAME_KEYS, GAMES
from scorekeeper.engine.tournament_presets import PRESETS
from scorekeeper.games import GamePack, pack_of, packs
from scorekeeper.models import Game

ROOT = Path(__file__).resolve().parents[2]
# Where a game's key may be written: the engine, the packs, the migrations (history) and the demo loaders (data).
MAY_NAME_GAMES = ("scorekeeper/engine/", "scorekeeper/games/", "/migrations/", "/management/commands/load_demo")
# Strings that spell a game's key but mean something else, with how often each file writes them.
NOT_A_GAME = {("scorekeeper/games/labels.py", "doppelkopf"): 1}  # the Doppelkopf extra (a trick of 40), an option value


@pytest.mark.parametrize("game", GAME_KEYS)
def test_every_engine_game_has_a_complete_pack(game: str) -> None:
    pack = pack_of(game)
    assert pack.key == game
    missing = [f.name for f in dataclasses.fields(GamePack) if getattr(pack, f.name, None) is None]
    assert not missing, f"the {game} pack lacks {missing}"
    assert pack.entry.type_labels
    assert pack.pad_columns
    assert pack.rule_phrases
    offered = {option.key for preset in PRESETS.values() if preset.game == game for option in preset.options}
    assert offered == set(pack.tournament_options), "every option of its tournament presets in words"


@pytest.mark.parametrize("game", GAME_KEYS)
def test_a_pack_enters_every_field_and_speaks_only_of_its_options(game: str) -> None:
    """Under every rule preset, each field a contract records has a control; each phrase names real options."""
    game_class = GAMES[game]
    controls = pack_of(game).entry.controls
    for preset in game_class.rule_presets:
        rules = game_class(*engine.freeze(game, preset))
        recorded = {name for t in rules.enabled_contracts() for name in rules.fields_for(t)} - GENERIC_FIELDS
        type_field = {pack_of(game).entry.type_field} | {"tout"}  # the contract type chips write these
        assert recorded - type_field <= {c.name for c in controls(rules)}, preset
    spoken = {option for options, _phrase in pack_of(game).rule_phrases for option in options}
    assert spoken <= set(game_class.rule_schema)


def test_the_games_choices_are_the_engine_games() -> None:
    assert Game.choices == [(key, GAMES[key].title) for key in GAME_KEYS]
    assert [pack.key for pack in packs()] == list(GAME_KEYS)
    with pytest.raises(KeyError):
        pack_of("skat")


def test_no_module_outside_the_engine_and_the_packs_names_a_game() -> None:
    """A game's knowledge lives in its engine module and its pack: elsewhere no string spells a game's key and no
    code names a ``Game`` member (``Game.SCHAFKOPF``)."""
    members = {key.upper() for key in GAME_KEYS}
    found: dict[tuple[str, str], list[int]] = {}
    for path in sorted([*ROOT.glob("scorekeeper/**/*.py"), *ROOT.glob("leagues/**/*.py")]):
        name = path.relative_to(ROOT).as_posix()
        if any(part in f"/{name}" for part in MAY_NAME_GAMES):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in GAME_KEYS:
                found.setdefault((name, node.value), []).append(node.lineno)
            elif isinstance(node, ast.Attribute) and node.attr in members:
                found.setdefault((name, node.attr), []).append(node.lineno)
    named = {where: lines for where, lines in found.items() if len(lines) != NOT_A_GAME.get(where, 0)}
    assert not named, f"move these into the game packs (scorekeeper/games/): {named}"
