"""Every sentence the engine says, as a code with parameters.

A problem or an explanation line is a :class:`Message`: a stable code from :data:`TEMPLATES` and the values
to fill in. ``str()`` renders it in English (the ``settle`` command, the engine's own tests); the interface looks
the same template up in its catalogue and renders it in the scorer's language (``scorekeeper.engine_words``).
A parameter is a name, a number, a game term, or another Message for a phrase that needs translating too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Union


def gettext_noop(text: str) -> str:
    """Marks an English template for the interface's catalogue: ``makemessages`` finds templates by this name.

    The engine itself only speaks English, so it returns the text unchanged.
    """
    return text


Param = Union[str, int, "Message"]


@dataclass(frozen=True, slots=True)
class Message:
    code: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.code not in self.templates():  # a typo in the engine, never input
            raise KeyError(f"no message template {self.code!r}")

    @staticmethod
    def templates() -> Mapping[str, str]:
        """The codes this kind of message has, with their English templates (a subclass names its own)."""
        return TEMPLATES

    def __str__(self) -> str:
        return self.render(self.templates().__getitem__)

    def as_json(self) -> dict[str, Any]:
        """The message in plain JSON types, for a stored explanation."""
        params = {k: v.as_json() if isinstance(v, Message) else v for k, v in self.params.items()}
        return {"code": self.code, "params": params}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Message:
        """The message :meth:`as_json` stored; KeyError for a code that is no longer known."""
        params = {k: cls.from_json(v) if isinstance(v, Mapping) else v for k, v in data["params"].items()}
        return cls(data["code"], params)

    def render(self, template: Callable[[str], str]) -> str:
        """The message with ``template(code)`` for itself and for every Message among its parameters."""
        values = {k: v.render(template) if isinstance(v, Message) else v for k, v in self.params.items()}
        return template(self.code) % values


def say(code: str, /, **params: Param) -> Message:
    return Message(code, params)


class CodedError(ValueError):
    """An error named by a code of ``catalogue`` (a :class:`Message` kind) and the values to fill in; ``str()`` is
    the English sentence, ``words`` the message a page translates. The league ranking and the draw raise these."""

    catalogue: type[Message] = Message

    def __init__(self, code: str, /, **params: Param) -> None:
        self.words = self.catalogue(code, params)
        self.code = code
        self.params = params
        super().__init__(str(self.words))


def names_and(names: Iterable[str]) -> Message:
    """ "Anna, Bert and Caro" (or just "Anna")."""
    *first, last = names
    return say("names_and", names=", ".join(first), last=last) if first else say("name", name=last)


def listed(values: Iterable[object]) -> str:
    """A list of keys or names as the messages quote it: ``a, b, c``."""
    return ", ".join(map(str, values))


_ = gettext_noop

# Codes are stable: the interface keys its translations by them and a stored explanation keeps them.
TEMPLATES: dict[str, str] = {
    # words used inside other messages
    "name": _("%(name)s"),
    "names_and": _("%(names)s and %(last)s"),
    "a_thrown_in_deal": _("a thrown-in deal"),
    "a_leaster": _("a Leaster"),
    "a_tie_on_points": _("a tie on %(points)s points (%(players)s)"),
    "a_normal_game": _("a normal game"),
    "a_stille_hochzeit": _("a stille Hochzeit"),
    "an_armut": _("an Armut"),
    "a_hochzeit": _("a Hochzeit"),
    "a_solo": _("a solo"),
    "a_penalty": _("a penalty"),
    "a_doubler": _("a doubler"),
    "a_pick": _("a pick"),
    "a_leaster_hand": _("a leaster"),
    "a_leaster_by_winner": _("a leaster recorded by its winner"),
    "a_deal_without_solo": _("a deal without a solo"),
    "a_counted_game": _("a counted game"),
    "re_who_normal": _("the 2 players of the Re party (the ♣ queens) in a normal game"),
    "re_who_stille_hochzeit": _("only the player holding both ♣ queens in a stille Hochzeit"),
    "re_who_armut": _("the player in Armut and the partner who took his trumps"),
    "re_who_hochzeit": _("the Hochzeit player and his partner, or him alone when nobody joined him"),
    "re_who_solo": _("only the soloist in a solo"),
    "at_most_kontra_steps": _("at most %(steps)s doubling steps (%(names)s)"),
    "no_kontra": _("no Kontra"),
    "at_most_knocks": _("at most %(knocks)s knocks"),
    "no_knocking": _("no knocking (rules.klopfen is off)"),
    "muss_must_play": _('the holder of the Eichel-Ober must play (record the Sauspiel with "muss": true)'),
    "small_or_big": _("small or big"),
    "small_solo": _("Small solo"),
    "big_solo": _("Big solo"),
    "true_or_false": _("true or false"),
    "record_played_instead": _("record the %(game)s played instead"),
    # the document and its header
    "document_not_object": _("the session document must be a JSON object"),
    "format_wrong": _("format must be %(expected)s (got %(got)s)"),
    "game_unknown": _("game must be one of %(known)s (got %(got)s)"),
    "tariff_not_used": _("tariff: %(game)s carries its scale inside rules"),
    "players_not_list": _("players must be a list of names"),
    "players_name_spaces": _("players: a name has no space around it (got %(got)s)"),
    "players_one_person": _("players must have distinct names (%(first)s and %(second)s are one person)"),
    "players_seats": _("players: %(game)s under these rules seats %(seats)s, got %(got)s"),
    "players_seats_or_one_out": _(
        "players: %(game)s under these rules seats %(seats)s (or %(most)s with the dealer sitting out), got %(got)s"
    ),
    "players_seats_up_to": _(
        "players: %(game)s under these rules seats %(seats)s (up to %(most)s, players sitting out in turn), got %(got)s"
    ),
    "cents_plus_only": _(
        "cents_per_point: a plus-only sheet (rules.sheet plus_only) is not zero-sum and settles no money; "
        "leave cents_per_point out"
    ),
    "deals_not_list": _("deals must be a list"),
    "pot_needs_pot_rules": _("pot_carried_in needs a rule set with a pot"),
    "deal_not_object": _("deal must be an object (got %(got)s)"),
    "dealer_unknown": _("dealer: %(got)s is not a player of this session"),
    "name_not_text": _("%(field)s: a name must be some text (got %(got)s)"),
    "name_too_long": _("%(field)s: a name has at most %(most)s characters (got %(got)s)"),
    "name_control_characters": _("%(field)s: a name cannot contain control characters (got %(got)s)"),
    # options: presets and their values
    "preset_needed": _('%(field)s needs a "preset" (one of %(known)s)'),
    "preset_or_object": _('%(field)s must be a preset name or an object with "preset" (got %(got)s)'),
    "preset_unknown": _("%(field)s: unknown preset %(got)s (known: %(known)s)"),
    "option_unknown": _("%(field)s: unknown option %(got)s (known: %(known)s)"),
    "one_of": _("%(field)s must be one of %(known)s (got %(got)s)"),
    "whole_number": _("%(field)s must be a whole number (got %(got)s)"),
    "at_least": _("%(field)s must be %(low)s or more (got %(got)s)"),
    "between": _("%(field)s must be between %(low)s and %(high)s (got %(got)s)"),
    "map_not_object": _("%(field)s must be an object like %(example)s (got %(got)s)"),
    "map_key_unknown": _("%(field)s: unknown key %(got)s (known: %(known)s)"),
    "map_value": _("%(field)s.%(key)s must be a whole number of %(low)s or more (got %(got)s)"),
    "flag": _("%(field)s must be true or false (got %(got)s)"),
    "not_a_list": _("%(field)s must be a list (got %(got)s)"),
    "subset_unknown": _("%(field)s: unknown %(got)s (known: %(known)s)"),
    # the recorded facts of a deal
    "required": _("%(field)s is required"),
    "required_for": _("%(field)s is required for %(purpose)s"),
    "does_not_apply": _("%(field)s does not apply to %(context)s"),
    "sits_out": _("%(field)s: %(player)s sits out this deal (the dealer sits out at this table)"),
    "not_a_player": _("%(field)s: %(got)s is not a player of this session"),
    "not_players": _("%(field)s must be a list of players (got %(got)s)"),
    "player_twice": _("%(field)s names a player twice"),
    "per_player_not_map": _("%(field)s must map each playing player to a number (got %(got)s)"),
    "per_player_missing": _("%(field)s is missing %(players)s"),
    "per_player_count": _("%(field)s: %(player)s must have a whole number of 0 or more (got %(got)s)"),
    "per_player_total": _("%(field)s must add up to %(total)s (got %(got)s)"),
    # Schafkopf rules and tariff
    "sk_contracts_not_bid": _(
        "%(field)s: %(contracts)s cannot be enabled here; pass_out decides what happens when everyone passes"
    ),
    "sk_contracts_none": _("%(field)s must name at least one contract the table plays"),
    "sk_three_short_deck": _("rules.players: three players play the short deck of 24 cards (got deck %(deck)s)"),
    "sk_three_no_partner": _("rules.contracts: three players have no partner games (remove %(contracts)s)"),
    "sk_muss_needs_sauspiel": _("rules.pass_out: muss forces a Sauspiel, so contracts must include sauspiel"),
    "sk_kreuz_needs_four": _("rules.pass_out: über Kreuz is two pairs against each other, so it needs four players"),
    "sk_plus_only_pot": _(
        "rules.sheet: a plus-only sheet writes only the winners, so it cannot keep a pot (pass_out %(pass_out)s)"
    ),
    "sk_book_unused": _(
        "tariff.%(key)s is not used by the book tariff, which multiplies by Schneider ×2, Schwarz ×3, Tout ×4 "
        "and Sie ×5"
    ),
    "sk_runners_min_trumps": _(
        "rules.runners_min: a %(contract)s has only %(trumps)s trumps with %(deck)s cards, so its Laufende can "
        "count from at most %(trumps)s (got %(got)s)"
    ),
    "sk_runners_max_below_min": _(
        "rules.runners_max must be at least the %(contract)s's runners_min (%(least)s), or no runner would ever "
        "count (got %(got)s)"
    ),
    # Schafkopf deals
    "sk_called_herz": _("suit: a Sauspiel calls the Eichel, Gras or Schellen ace, never Herz (Herz is trump)"),
    "sk_muss_no_kontra": _("kontra: a Muss game cannot be doubled (got %(got)s)"),
    "sk_partner_is_declarer": _("partner must be another player than the declarer (got %(got)s for both)"),
    "sk_kreuz_partner": _(
        "partner: über Kreuz the pairs sit opposite each other, so %(declarer)s's partner is %(partner)s (got %(got)s)"
    ),
    "sk_schwarz_points": _(
        "schwarz is only possible with points 0 or %(all)s: the side without a trick has no card points "
        "(got points %(got)s)"
    ),
    "sk_no_durchmarsch": _(
        "durchmarsch: these rules play no Durchmarsch (rules.durchmarsch is off); the player with all the points "
        "loses the Ramsch"
    ),
    "sk_durchmarsch_points": _(
        "durchmarsch: %(player)s took every trick, so points_by_player must give %(player)s all %(all)s (got %(got)s)"
    ),
    "sk_no_jungfrau": _("jungfrau: these rules pay no Jungfrau bonus (rules.jungfrau is none); leave it out"),
    "sk_jungfrau_points": _(
        "jungfrau: %(player)s took no trick, so points_by_player must give %(player)s 0 (got %(got)s)"
    ),
    "sk_jungfrau_durchmarsch": _(
        "jungfrau: everyone but %(player)s took no trick, so %(player)s made a Durchmarsch: record durchmarsch instead"
    ),
    "sk_loser_not_highest": _(
        "loser must be a player with the most points, %(points)s (%(players)s); got %(got)s with %(got_points)s"
    ),
    "sk_contract_not_name": _('contract must be a contract name like "sauspiel" (got %(got)s)'),
    "sk_passed_impossible": _("contract: passed is not possible under pass_out %(pass_out)s: %(why)s"),
    "sk_pass_out_only": _("contract: %(game)s is played only under pass_out %(needs)s (these rules: %(pass_out)s)"),
    "sk_contract_not_played": _("contract: %(contract)s is not played under these rules (they play %(played)s)"),
    "sk_contract_unknown": _("contract must be one of %(known)s (got %(got)s)"),
    "sk_no_tout": _("tout: these rules play no Tout (add tout to rules.contracts)"),
    "sk_muss_only": _("muss: a forced game exists only under pass_out muss (these rules: %(pass_out)s)"),
    "sk_kontra_limit": _("kontra: these rules allow %(rule)s (got %(got)s)"),
    "sk_knocks_limit": _("knocks: these rules allow %(rule)s (got %(got)s)"),
    "sk_runners_limit": _(
        "runners: a %(contract)s has only %(trumps)s trumps, so at most %(trumps)s runners (got %(got)s)"
    ),
    # Doppelkopf rules
    "dk_fuchs_am_ende_needs_fuchs": _("%(field)s: fuchs_am_ende changes how a Fuchs counts, so it needs fuchs too"),
    "dk_bock_not_object": _("%(field)s must be false or an object with triggers and stacking (got %(got)s)"),
    "dk_bock_setting_unknown": _("%(field)s: unknown setting %(got)s (known: triggers, stacking)"),
    "dk_bock_no_triggers": _("%(field)s.triggers must list at least one of %(known)s (got %(got)s)"),
    "dk_bock_trigger_unknown": _("%(field)s.triggers: unknown %(got)s (known: %(known)s)"),
    # Doppelkopf deals
    "dk_pflichtsolo_again": _(
        "%(field)s: %(player)s already played a Pflichtsolo in this round (deal %(deal)s); record this solo as a "
        "Lustsolo"
    ),
    # a tournament round at one table (rounds.py)
    "round_table_size": _("players: the round's games are set for tables of %(sizes)s, not of %(got)s"),
    "round_complete": _(
        "The round's %(games)s games are played and no Pflichtsolo is owed: this deal is one too many."
    ),
    "time_called_complete": _("Time was called and every Pflichtsolo is played: no deal follows."),
    "time_called_no_solo": _(
        "Time was called: only the Pflichtsoli still owed (%(players)s) are played, and this deal is none of them."
    ),
    "pflichtsolo_due": _(
        "%(players)s still owe their Pflichtsolo and only %(left)s games are left: this deal must be the vorgeführtes "
        "solo of one of them."
    ),
    "extra_deal_not_pflichtsolo": _(
        "The round's %(games)s games are played: the extra deals are the Pflichtsoli still owed (%(players)s)."
    ),
    "not_vorgefuehrt_yet": _("Nobody is vorgeführt yet: %(owing)s Pflichtsoli are owed and %(left)s games are left."),
    "dk_round_needs_pflichtsolo": _("rules.pflichtsolo_per_round needs rules.pflichtsolo and rules.games_per_round"),
    "dk_re_count": _("re must name %(who)s (got %(got)s)"),
    "dk_extras_solo": _("extras: %(context)s is scored as a solo, without Sonderpunkte"),
    "dk_no_pflichtsolo": _("%(field)s: these rules have no Pflichtsolo (rules.pflichtsolo is off)"),
    "dk_vorgefuehrt_forced": _("forced: a vorgeführtes solo is the player's Pflichtsolo (got forced false)"),
    "dk_no_manual_bock": _("bock: these rules have no manual Bock trigger (rules.bock.triggers)"),
    "dk_pflichtsolo_bock": _("bock: a Pflichtsolo neither plays nor starts Bock"),
    "dk_schwarz_augen": _("schwarz: the %(party)s party took no trick, so it has 0 Augen (got re_points %(got)s)"),
    "dk_least_trick": _(
        "re_points: with 40 cards every trick holds at least %(least)s Augen, so the %(party)s party cannot end "
        "with %(own)s (got %(got)s); if it took no trick, record schwarz"
    ),
    "dk_one_auge": _("re_points: no card is worth 1 Auge, so the %(party)s party cannot end with 1 (got %(got)s)"),
    "dk_no_armut": _("%(field)s: Armut is not played under these rules (rules.armut is off)"),
    "dk_damen_buben_deck": _("%(field)s: damen_buben is only played with the 40-card deck (rules.deck is 48)"),
    "dk_extras_unknown_party": _("%(field)s: unknown party %(got)s (known: re, kontra)"),
    "dk_gegen_die_alten_recorded": _("%(field)s.gegen_die_alten is not recorded: it is scored when Kontra wins"),
    "dk_extra_unknown": _("%(field)s: unknown Sonderpunkt %(got)s (known: %(known)s)"),
    "dk_extra_not_scored": _("%(field)s.%(key)s: %(extra)s is not scored under these rules (rules.extras)"),
    "dk_extra_count": _("%(field)s.%(key)s must be a whole number between 0 and %(most)s (got %(got)s)"),
    "dk_announcement": _("%(field)s.%(party)s must be one of %(known)s (got %(got)s)"),
    "dk_extras_no_trick": _("extras.%(key)s: the %(party)s party took no trick, so it has no Sonderpunkte"),
    "dk_doppelkopf_augen": _(
        "extras.%(key)s.doppelkopf: %(count)s tricks of 40 Augen need %(needed)s, the party took %(got)s"
    ),
    "dk_two_karlchen": _("extras.%(key)s: only two ♣ Buben for karlchen and karlchen_gefangen"),
    "dk_two_fuchse": _("extras: there are only two Füchse, fuchs and fuchs_am_ende count %(got)s"),
    "dk_last_trick": _(
        "extras: only the party that won the last trick can have karlchen, karlchen_gefangen or fuchs_am_ende"
    ),
    # Sheepshead
    "sh_type_not_played": _("type %(got)s is not played under these rules (pass_out is %(pass_out)s)"),
    "sh_three_alone": _("partner: three-handed the picker always plays alone (got %(got)s)"),
    "sh_partner_is_picker": _("partner must be someone other than the picker (got %(got)s for both)"),
    "sh_schwarz_points": _("schwarz is only possible with 0 or %(all)s points (got %(got)s)"),
    "sh_winner_required": _(
        "winner is required for a leaster: the player with the fewest points, or null for a tie "
        "(or record points_by_player for every player)"
    ),
    "sh_tricks_need_points": _("tricks_by_player goes with points_by_player, not with a winner"),
    "sh_winner_or_points": _("winner: give either the winner or points_by_player, not both"),
    "sh_points_without_trick": _("points_by_player: %(player)s took no trick, so cannot have %(got)s points"),
    "sh_tricks_required": _(
        "tricks_by_player is required: %(players)s tie for fewest with %(points)s points, and under leaster_tie "
        "fewer_tricks the one with fewer tricks wins"
    ),
    # Bauernstoss
    "bs_chalk_first": _('chalk is required on the first deal: the team dealt the ♣J ("A" or "B")'),
    "bs_schwarz_points": _("schwarz needs all %(all)s card points for the scoring team %(team)s (got %(got)s)"),
    "bs_solo_not_object": _(
        '%(field)s must be an object like {"player": NAME, "kind": "small", "won": true} (got %(got)s)'
    ),
    "bs_solo_field_unknown": _("%(field)s is not a solo field (known: %(known)s)"),
    "bs_solo_required": _("%(field)s is required (%(expected)s)"),
    # explanation lines
    "x_into_pot": _("into the pot (Stock)"),
    "x_out_of_pot": _("out of the pot (Stock)"),
    "x_ante": _("Ante into the pot (Stock)"),
    "x_runners": _("%(count)s Laufende"),
    "x_jungfrau": _("Jungfrau: %(players)s"),
    "x_jungfrau_all": _("Jungfrau: %(players)s (all)"),
    "x_leaster_winner": _("Leaster: %(player)s"),
    "x_party_wins": _("%(party)s wins"),
    "x_party_under": _("%(party)s under %(under)s"),
    "x_announced": _("%(party)s announced"),
    "x_absage": _("%(party)s: %(absage)s announced"),
    "x_counter": _("%(party)s: %(augen)s against %(absage)s"),
    "x_extra": _("%(extra)s (%(party)s)"),
    "x_penalty_minor": _("Penalty (minor) per player"),
    "x_penalty_serious": _("Penalty (serious) per player"),
    "x_picker_side_points": _("Picker side %(points)s points (%(band)s)"),
    "x_picker_every_trick": _("Picker side took every trick"),
    "x_picker_no_trick": _("Picker side took no trick"),
    "x_alone": _("Alone: the picker takes every defender's share"),
    "x_free_partner": _("No trick: the picker pays the partner's share"),
    "x_doubler_next": _("Doubler: the next played hand counts double"),
    "x_tie_next": _("60:60: the next played hand counts double"),
    "x_leaster_tie": _("Tie for fewest: nobody scores"),
    "x_leaster_tie_at": _("Tie for fewest at %(points)s points: nobody scores"),
    "x_fewest": _("%(player)s fewest"),
    "x_fewest_with": _("%(player)s fewest with %(points)s points"),
    "x_chalk": _("Chalk %(team)s"),
    "x_stroke": _("Stroke %(team)s"),
    "x_strokes": _("Strokes %(team)s"),
    "x_team_a_points": _("A %(points)s card points"),
    "x_solo_won": _("%(solo)s %(player)s won"),
    "x_solo_lost": _("%(solo)s %(player)s lost"),
}
