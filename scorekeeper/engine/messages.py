"""Every sentence the engine and the leagues say: one registry of codes, each with two templates.

A problem or an explanation line is a :class:`Message`: a stable code and the values to fill in. Each code has
an *author* template (English, for the ``settle`` command, imports, the JSON documents and the CLI: it may name the
JSON key; ``str()`` renders it) and a *player* template (for forms, the preview, the outbox and the sheet: the
table's words, no key, a whole sentence that is translated as a whole). The interface renders the player template
in the scorer's language (``scorekeeper.words.engine_words``). A parameter is a name, a number, a game term, or another
Message; where the player's sentence depends on which phrase a parameter is, :class:`Cases` holds one whole
sentence per phrase, so no sentence is put together from separately translated pieces.

The engine registers its codes here (domain ``engine``); the league ranking and the tournaments register theirs
(each under its own domain, so the same code may mean different things there).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Union, cast


def gettext_noop(text: str) -> str:
    """Marks an English template for the interface's catalogue: ``makemessages`` finds templates by this name.

    The engine itself only speaks English, so it returns the text unchanged.
    """
    return text


Param = Union[str, int, "Message"]

AS_AUTHOR = "="
"""A player template that is the author's own: the author's words are already the table's."""


@dataclass(frozen=True, slots=True)
class Cases:
    """One whole player sentence for each phrase (a Message's code) a parameter can be, and under ``""`` the
    sentence for a game term or another value, which it quotes as a name.

    The parameters of the chosen phrase fill the sentence in place of the phrase itself.
    """

    param: str
    sentences: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Entry:
    author: str
    player: str | Cases | None  # None: not written yet (the registry's test lists these)

    def player_sentence(self, params: Mapping[str, Param]) -> tuple[str, dict[str, Param]]:
        """The player template for these parameters and the parameters that fill it."""
        if self.player is None or self.player == AS_AUTHOR:
            return self.author, dict(params)
        if isinstance(self.player, str):
            return self.player, dict(params)
        chosen = params[self.player.param]
        sentences = self.player.sentences
        if not isinstance(chosen, Message):  # a game term or a value: the sentence that takes it as a name
            sentence = sentences.get(str(chosen), sentences.get(""))
            return (sentence, dict(params)) if sentence else (self.author, dict(params))
        if chosen.code not in sentences:  # a phrase nobody wrote the sentence for yet: never a crash on a page
            return self.author, dict(params)
        values = {k: v for k, v in params.items() if k != self.player.param}
        return sentences[chosen.code], values | dict(chosen.params)


class Registry:
    """Every code of every domain with its author and player templates: the one catalogue of the application."""

    def __init__(self) -> None:
        self._domains: dict[str, dict[str, Entry]] = {}

    def register(self, domain: str, authors: Mapping[str, str], players: Mapping[str, str | Cases]) -> None:
        """Add the codes of ``authors`` to ``domain`` (a new one, or one another module began: a package's rules and
        its services share it); a code is registered once."""
        if stray := players.keys() - authors.keys():
            raise KeyError(f"player templates without an author template in {domain!r}: {sorted(stray)}")
        codes = self._domains.setdefault(domain, {})
        if twice := codes.keys() & authors.keys():
            raise KeyError(f"message codes registered twice in {domain!r}: {sorted(twice)}")
        codes.update({code: Entry(text, players.get(code)) for code, text in authors.items()})

    def entry(self, domain: str, code: str) -> Entry:
        return self._domains[domain][code]

    def knows(self, domain: str, code: str) -> bool:
        return code in self._domains.get(domain, {})

    def __iter__(self) -> Iterator[tuple[str, str, Entry]]:
        for domain, entries in self._domains.items():
            for code, entry in entries.items():
                yield domain, code, entry


REGISTRY = Registry()


@dataclass(frozen=True, slots=True)
class Message:
    code: str
    params: Mapping[str, Param] = field(default_factory=dict)

    domain: ClassVar[str] = "engine"
    """Whose code it is; a subclass names its own domain of :data:`REGISTRY`."""

    def __post_init__(self) -> None:
        if not REGISTRY.knows(self.domain, self.code):  # a typo in the code, never input
            raise KeyError(f"no message template {self.code!r}")

    @property
    def entry(self) -> Entry:
        return REGISTRY.entry(self.domain, self.code)

    def __str__(self) -> str:
        return self.render()

    def as_json(self) -> dict[str, Any]:
        """The message in plain JSON types, for a stored explanation."""
        params = {k: v.as_json() if isinstance(v, Message) else v for k, v in self.params.items()}
        return {"code": self.code, "params": params}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Message:
        """The message :meth:`as_json` stored; KeyError for a code that is no longer known."""
        params = {k: cls.from_json(v) if isinstance(v, Mapping) else v for k, v in data["params"].items()}
        return cls(data["code"], params)

    def render(self, translate: Callable[[str], str] = str, *, player: bool = False) -> str:
        """The author's sentence (or with ``player`` the player's), each template passed through ``translate``,
        and so every Message among its parameters."""
        text, params = self.entry.player_sentence(self.params) if player else (self.entry.author, self.params)
        values = {k: v.render(translate, player=player) if isinstance(v, Message) else v for k, v in params.items()}
        return translate(text) % values


def say(code: str, /, **params: Param) -> Message:
    if params:
        return Message(code, params)
    # Without parameters a message is a constant: made once, not for every deal that names it in case it fails.
    message = _PLAIN.get(code)
    if message is None:
        message = _PLAIN[code] = Message(code)
    return message


_PLAIN: dict[str, Message] = {}


class CodedError(ValueError):
    """An error named by a code of ``catalogue`` (a :class:`Message` kind, that is a domain) and the values to fill
    in; ``str()`` is the author's English sentence, ``words`` the message a page renders for the player."""

    catalogue: type[Message] = Message

    def __init__(self, code: str, /, **params: Param) -> None:
        self.words = self.catalogue(code, params)
        self.code = code
        self.params = params
        super().__init__(str(self.words))


def refusals(
    domain: str, templates: Mapping[str, str], players: Mapping[str, str | Cases] | None = None
) -> Callable[..., Message]:
    """Register a service's refusals, ``templates`` by code, in ``domain`` and return their maker,
    ``refusal(code, **params)``. A refusal already speaks the table's words: each player template is the author's
    own unless ``players`` gives one (where the author's names a key only a file's author knows)."""
    REGISTRY.register(domain, templates, dict.fromkeys(templates, AS_AUTHOR) | dict(players or {}))
    kind = cast("type[Message]", type(f"{domain.title()}Refusal", (Message,), {"__slots__": (), "domain": domain}))

    def refusal(code: str, /, **params: Param) -> Message:
        return kind(code, params)

    return refusal


def names_and(names: Iterable[str]) -> Message:
    """ "Anna, Bert and Caro" (or just "Anna")."""
    *first, last = names
    return say("names_and", names=", ".join(first), last=last) if first else say("name", name=last)


def listed(values: Iterable[object]) -> str:
    """A list of keys or names as the messages quote it: ``a, b, c``."""
    return ", ".join(map(str, values))


_ = gettext_noop

# Codes are stable: a stored explanation keeps them. The author's templates; the players' follow below.
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
    "one_knock_each": _("one knock per player, at most %(players)s"),
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
    "dealer_away": _("dealer: %(got)s is not at the table for this deal"),
    "lineup_not_list": _("lineup must be a list of players who leave or join"),
    "lineup_change_unreadable": _(
        'lineup: a change is an object with "after" and "leaves" or "joins" (and "seat", "at"), got %(got)s'
    ),
    "lineup_after": _("lineup: after must be a number of deals from %(least)s to %(most)s (got %(got)s)"),
    "lineup_seated": _("lineup: %(name)s joins but is already at the table"),
    "lineup_not_seated": _("lineup: %(name)s leaves but is not at the table"),
    "lineup_seat": _("lineup: seat must be from 1 to %(most)s (got %(got)s)"),
    "lineup_join_size": _("lineup: %(name)s cannot join, %(game)s under these rules seats at most %(most)s"),
    "lineup_leave_size": _("lineup: %(name)s cannot leave, %(game)s under these rules seats at least %(least)s"),
    "lineup_round": _("lineup: the players of a table that plays a round (a tournament table) cannot change"),
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
    # a tournament preset's options (tournament_presets.py), each problem keyed by its option
    "preset_option_unknown": _("The scoring chosen has no such option: leave it as the scoring says."),
    "preset_option_value": _("Choose one of the values offered."),
    "sie_below_tout": _("A Sie outranks every Tout: choose at least the Tout's × %(n)s."),
    # the recorded facts of a deal
    "required": _("%(field)s is required"),
    "required_for": _("%(field)s is required for %(purpose)s"),
    "does_not_apply": _("%(field)s does not apply to %(context)s"),
    "sits_out": _("%(field)s: %(player)s sits out this deal (the dealer sits out at this table)"),
    "not_a_player": _("%(field)s: %(got)s is not a player of this session"),
    "player_left": _("%(field)s: %(player)s left the table after deal %(after)s"),
    "player_joins_later": _("%(field)s: %(player)s joins the table only after deal %(after)s"),
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
    "sk_loser_required": _(
        "loser is required for a Ramsch: the player with the most card points, or the one the table named on a tie "
        "(or record points_by_player for every player)"
    ),
    "sk_loser_jungfrau": _(
        "loser: %(player)s is listed in jungfrau, took no trick and so no points, and cannot have lost the Ramsch"
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
    "dk_penalty_own_solo": _("soloist: %(player)s offended, so he was a defender, not the soloist"),
    "dk_penalty_points_serious_solo": _(
        "points: only a serious penalty in a solo (with soloist) names its points; the others are fixed"
    ),
    "dk_penalty_points_range": _("points: a serious penalty in a solo is %(least)s to %(most)s (got %(got)s)"),
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
    "x_penalty_to_soloist": _("Penalty in the solo: to %(player)s"),
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

# The same codes in the players' words: for forms, the preview and the sheet. A sentence names no JSON key and
# stands on its own next to the field it is about; AS_AUTHOR where the author's words are already the table's.
PHRASES = (  # the phrases a sentence takes as a parameter; Cases gives each its own whole sentence
    "a_thrown_in_deal",
    "a_leaster",
    "a_tie_on_points",
    "a_normal_game",
    "a_stille_hochzeit",
    "an_armut",
    "a_hochzeit",
    "a_solo",
    "a_penalty",
    "a_doubler",
    "a_pick",
    "a_leaster_hand",
    "a_leaster_by_winner",
    "a_deal_without_solo",
    "a_counted_game",
)
ROUND_PROBLEMS = (
    "round_complete",
    "time_called_complete",
    "time_called_no_solo",
    "pflichtsolo_due",
    "extra_deal_not_pflichtsolo",
    "not_vorgefuehrt_yet",
)
PLAYER: dict[str, str | Cases] = {
    "name": AS_AUTHOR,
    # a tournament table's round (engine.rounds), already in the table's words
    **dict.fromkeys(ROUND_PROBLEMS, AS_AUTHOR),
    "names_and": AS_AUTHOR,
    **dict.fromkeys(PHRASES, AS_AUTHOR),
    "re_who_normal": AS_AUTHOR,
    "re_who_stille_hochzeit": AS_AUTHOR,
    "re_who_armut": AS_AUTHOR,
    "re_who_hochzeit": AS_AUTHOR,
    "re_who_solo": AS_AUTHOR,
    "at_most_kontra_steps": AS_AUTHOR,
    "no_kontra": AS_AUTHOR,
    "at_most_knocks": AS_AUTHOR,
    "no_knocking": _("no knocking"),
    "one_knock_each": AS_AUTHOR,
    "muss_must_play": _("the holder of the Eichel-Ober must play the Sauspiel"),
    "small_or_big": AS_AUTHOR,
    "small_solo": AS_AUTHOR,
    "big_solo": AS_AUTHOR,
    "true_or_false": _("won or lost"),
    "record_played_instead": AS_AUTHOR,
    # the document and its header
    "document_not_object": _("The session cannot be read: it is not a scoring document."),
    "format_wrong": _("The session cannot be read: it was written in another format (%(got)s)."),
    "game_unknown": _("There is no game %(got)s here."),
    "tariff_not_used": _("%(game)s has its tariff in the house rules."),
    "players_not_list": _("The players cannot be read: give their names."),
    "players_name_spaces": _("A name has no space at its start or end (%(got)s)."),
    "players_one_person": _("%(first)s and %(second)s are one person: every player needs a name of their own."),
    "players_seats": _("%(game)s under these rules seats %(seats)s players, not %(got)s."),
    "players_seats_or_one_out": _(
        "%(game)s under these rules seats %(seats)s players (or %(most)s with the dealer sitting out), not %(got)s."
    ),
    "round_table_size": _("The round's games are set for tables of %(sizes)s players, not of %(got)s."),
    "players_seats_up_to": _(
        "%(game)s under these rules seats %(seats)s players (up to %(most)s, sitting out in turn), not %(got)s."
    ),
    "cents_plus_only": _("A sheet that writes only plus points settles no money: leave the money per point empty."),
    "deals_not_list": _("The deals cannot be read."),
    "pot_needs_pot_rules": _("These house rules keep no pot, so no pot can be carried in."),
    "deal_not_object": _("A deal cannot be read (%(got)s)."),
    "dealer_unknown": _("%(got)s does not play in this session, so cannot deal."),
    "dealer_away": _("%(got)s is not at the table for this deal, so cannot deal."),
    "lineup_not_list": _("The players who left or joined cannot be read."),
    "lineup_change_unreadable": _("A player who left or joined cannot be read (%(got)s)."),
    "lineup_after": _("A player can leave or join only between the deals played so far."),
    "lineup_seated": _("%(name)s is already at the table."),
    "lineup_not_seated": _("%(name)s is not at the table, so cannot leave."),
    "lineup_seat": _("Choose a seat from 1 to %(most)s."),
    "lineup_join_size": _("%(name)s cannot join: %(game)s under these rules seats at most %(most)s players."),
    "lineup_leave_size": _(
        "%(name)s cannot leave: %(game)s under these rules needs at least %(least)s players at the table. "
        "Let someone join first."
    ),
    "lineup_round": _("The players of a tournament table cannot change here."),
    "name_not_text": _("A name must be written as text (%(got)s)."),
    "name_too_long": _("A name has at most %(most)s characters (%(got)s)."),
    "name_control_characters": _("A name cannot contain control characters (%(got)s)."),
    # options: presets and their values
    "preset_needed": _("Choose one of the offered rule sets."),
    "preset_or_object": _("Choose one of the offered rule sets (%(got)s cannot be read)."),
    "preset_unknown": _("There is no rule set %(got)s: choose one of the offered rule sets."),
    "option_unknown": _("There is no house rule %(got)s."),
    "one_of": _("Choose one of the offered values (%(got)s is none of them)."),
    "whole_number": _("Enter a whole number (not %(got)s)."),
    "at_least": _("Enter %(low)s or more (not %(got)s)."),
    "between": _("Enter a number from %(low)s to %(high)s (not %(got)s)."),
    "map_not_object": _("These values cannot be read (%(got)s)."),
    "map_key_unknown": _("There is no such choice here (%(got)s)."),
    "map_value": _("Enter a whole number of %(low)s or more (not %(got)s)."),
    "flag": _("Tick it or leave it empty (%(got)s is neither)."),
    "not_a_list": _("These values cannot be read (%(got)s)."),
    "subset_unknown": _("There is no such choice here (%(got)s)."),
    # a tournament preset's options: the form's words already
    **dict.fromkeys(("preset_option_unknown", "preset_option_value", "sie_below_tout"), AS_AUTHOR),
    # the recorded facts of a deal
    "required": _("Fill this in."),
    "required_for": Cases(
        "purpose",
        {
            "": _("%(purpose)s needs this: fill it in."),
            "a_thrown_in_deal": _("A thrown-in deal needs this: fill it in."),
            "a_leaster": _("A Leaster needs this: fill it in."),
            "a_tie_on_points": _("%(players)s tie on %(points)s points: say who lost."),
            "a_normal_game": _("A normal game needs this: fill it in."),
            "a_stille_hochzeit": _("A stille Hochzeit needs this: fill it in."),
            "an_armut": _("An Armut needs this: fill it in."),
            "a_hochzeit": _("A Hochzeit needs this: fill it in."),
            "a_solo": _("A solo needs this: fill it in."),
            "a_penalty": _("A penalty needs this: fill it in."),
            "a_doubler": _("A doubler needs this: fill it in."),
            "a_pick": _("A pick needs this: fill it in."),
            "a_leaster_hand": _("A leaster needs this: fill it in."),
            "a_leaster_by_winner": _("A leaster entered by its winner needs this: fill it in."),
            "a_deal_without_solo": _("A deal without a solo needs this: fill it in."),
            "a_counted_game": _("A counted game needs this: fill it in."),
        },
    ),
    "does_not_apply": Cases(
        "context",
        {
            "": _("%(context)s has no such entry: leave it empty."),
            "a_thrown_in_deal": _("A thrown-in deal has no such entry: leave it empty."),
            "a_leaster": _("A Leaster has no such entry: leave it empty."),
            "a_tie_on_points": _("A tie on %(points)s points (%(players)s) has no such entry: leave it empty."),
            "a_normal_game": _("A normal game has no such entry: leave it empty."),
            "a_stille_hochzeit": _("A stille Hochzeit has no such entry: leave it empty."),
            "an_armut": _("An Armut has no such entry: leave it empty."),
            "a_hochzeit": _("A Hochzeit has no such entry: leave it empty."),
            "a_solo": _("A solo has no such entry: leave it empty."),
            "a_penalty": _("A penalty has no such entry: leave it empty."),
            "a_doubler": _("A doubler has no such entry: leave it empty."),
            "a_pick": _("A pick has no such entry: leave it empty."),
            "a_leaster_hand": _("A leaster has no such entry: leave it empty."),
            "a_leaster_by_winner": _("A leaster entered by its winner has no such entry: leave it empty."),
            "a_deal_without_solo": _("A deal without a solo has no such entry: leave it empty."),
            "a_counted_game": _("A counted game has no such entry: leave it empty."),
        },
    ),
    "sits_out": _("%(player)s sits out this deal: the dealer sits out at this table."),
    "not_a_player": _("%(got)s does not play in this session."),
    "player_left": _("%(player)s left the table after deal %(after)s, so cannot be in this deal."),
    "player_joins_later": _("%(player)s joins the table only after deal %(after)s, so cannot be in this deal."),
    "not_players": _("Choose players of this session (%(got)s cannot be read)."),
    "player_twice": _("A player is chosen twice."),
    "per_player_not_map": _("Give every player of this deal a number (%(got)s cannot be read)."),
    "per_player_missing": _("A number is missing for %(players)s."),
    "per_player_count": _("%(player)s needs a whole number of 0 or more (not %(got)s)."),
    "per_player_total": _("The numbers must add up to %(total)s (they add up to %(got)s)."),
    # Schafkopf rules and tariff
    "sk_contracts_not_bid": _(
        "These games cannot be chosen here: what happens when everyone passes is a rule of its own."
    ),
    "sk_contracts_none": _("Choose at least one game the table plays."),
    "sk_three_short_deck": _("Three players play the short deck of 24 cards (not %(deck)s)."),
    "sk_three_no_partner": _("Three players have no partner games: take them out."),
    "sk_muss_needs_sauspiel": _("Muss forces a Sauspiel, so the table must play the Sauspiel."),
    "sk_kreuz_needs_four": _("Über Kreuz is two pairs against each other, so it needs four players."),
    "sk_plus_only_pot": _("A sheet that writes only the winners cannot keep a pot."),
    "sk_book_unused": _(
        "The book tariff has no such value: it multiplies by Schneider ×2, Schwarz ×3, Tout ×4 and Sie ×5."
    ),
    "sk_runners_min_trumps": _(
        "A %(contract)s has only %(trumps)s trumps with %(deck)s cards, so its Laufende can count from at most "
        "%(trumps)s (not %(got)s)."
    ),
    "sk_runners_max_below_min": _(
        "The most Laufende that count must be at least the fewest that count in a %(contract)s (%(least)s), or "
        "they never would (not %(got)s)."
    ),
    # Schafkopf deals
    "sk_called_herz": _("A Sauspiel calls the Eichel, Gras or Schellen ace, never Herz (Herz is trump)."),
    "sk_muss_no_kontra": _("A Muss game cannot be doubled."),
    "sk_partner_is_declarer": _("The partner must be another player than the declarer (%(got)s is both)."),
    "sk_kreuz_partner": _(
        "Über Kreuz the pairs sit opposite each other, so %(declarer)s plays with %(partner)s (not %(got)s)."
    ),
    "sk_schwarz_points": _(
        "Schwarz is only possible with 0 or %(all)s points: the side without a trick has no card points (not %(got)s)."
    ),
    "sk_no_durchmarsch": _("These rules play no Durchmarsch: the player with all the points loses the Ramsch."),
    "sk_durchmarsch_points": _("%(player)s took every trick, so %(player)s has all %(all)s points (not %(got)s)."),
    "sk_no_jungfrau": _("These rules pay no Jungfrau bonus: leave it empty."),
    "sk_jungfrau_points": _("%(player)s took no trick, so %(player)s has 0 points (not %(got)s)."),
    "sk_jungfrau_durchmarsch": _(
        "Everyone but %(player)s took no trick, so %(player)s made a Durchmarsch: enter the Durchmarsch instead."
    ),
    "sk_loser_not_highest": _(
        "The loser is a player with the most points, %(points)s (%(players)s); %(got)s has %(got_points)s."
    ),
    "sk_loser_required": _(
        "Say who lost the Ramsch: the player with the most points, on a tie the one the table names (or enter "
        "everyone's points)."
    ),
    "sk_loser_jungfrau": _("%(player)s took no trick, so %(player)s has no points and cannot have lost the Ramsch."),
    "sk_contract_not_name": _("Choose the game that was played."),
    "sk_passed_impossible": Cases(
        "why",
        {
            "muss_must_play": _("Nobody can pass here: the holder of the Eichel-Ober must play the Sauspiel."),
            "record_played_instead": _("Nobody can pass here: enter the %(game)s played instead."),
        },
    ),
    "sk_pass_out_only": _("%(game)s is played only when everyone passes under other house rules."),
    "sk_contract_not_played": _("%(contract)s is not played under these rules (they play %(played)s)."),
    "sk_contract_unknown": _("There is no game %(got)s here: choose the game that was played."),
    "sk_no_tout": _("These rules play no Tout."),
    "sk_muss_only": _("A forced game exists only when the house rules say that the Eichel-Ober must play."),
    "sk_kontra_limit": Cases(
        "rule",
        {
            "at_most_kontra_steps": _("These rules allow at most %(steps)s doubling steps (%(names)s)."),
            "no_kontra": _("These rules play no Kontra."),
        },
    ),
    "sk_knocks_limit": Cases(
        "rule",
        {
            "at_most_knocks": _("These rules allow at most %(knocks)s knocks (not %(got)s)."),
            "no_knocking": _("These rules play no knocking."),
            "one_knock_each": _("Each player knocks at most once: at most %(players)s knocks (not %(got)s)."),
        },
    ),
    "sk_runners_limit": _("A %(contract)s has only %(trumps)s trumps, so at most %(trumps)s Laufende (not %(got)s)."),
    # Doppelkopf rules
    "dk_fuchs_am_ende_needs_fuchs": _("A Fuchs at the end changes how a Fuchs counts, so the Fuchs must count too."),
    "dk_bock_not_object": _("The Bock rounds cannot be read (%(got)s)."),
    "dk_bock_setting_unknown": _("There is no such Bock setting (%(got)s)."),
    "dk_bock_no_triggers": _("Choose at least one thing that starts Bock rounds."),
    "dk_bock_trigger_unknown": _("There is no such start of Bock rounds (%(got)s)."),
    # Doppelkopf deals
    "dk_pflichtsolo_again": _(
        "%(player)s already played a Pflichtsolo in this round (deal %(deal)s): this solo is a Lustsolo."
    ),
    "dk_re_count": Cases(
        "who",
        {
            "re_who_normal": _("Re are the 2 players holding the ♣ queens in a normal game."),
            "re_who_stille_hochzeit": _("Re is only the player holding both ♣ queens in a stille Hochzeit."),
            "re_who_armut": _("Re are the player in Armut and the partner who took his trumps."),
            "re_who_hochzeit": _("Re are the Hochzeit player and his partner, or he alone when nobody joined him."),
            "re_who_solo": _("Re is only the soloist in a solo."),
        },
    ),
    "dk_extras_solo": Cases(
        "context",
        {
            "": _("%(context)s is scored as a solo, without Sonderpunkte."),
            "a_stille_hochzeit": _("A stille Hochzeit is scored as a solo, without Sonderpunkte."),
            "a_hochzeit": _("A Hochzeit without a partner is scored as a solo, without Sonderpunkte."),
            "a_solo": _("A solo is scored without Sonderpunkte."),
        },
    ),
    "dk_no_pflichtsolo": _("These rules have no Pflichtsolo."),
    "dk_round_needs_pflichtsolo": _("A Pflichtsolo per round needs the Pflichtsolo and the games of a round set."),
    "dk_vorgefuehrt_forced": _("A vorgeführtes solo is the player's Pflichtsolo."),
    "dk_no_manual_bock": _("Under these rules Bock is not started by hand."),
    "dk_pflichtsolo_bock": _("A Pflichtsolo neither plays nor starts Bock."),
    "dk_penalty_own_solo": _("%(player)s committed the offence, so the solo was another player's."),
    "dk_penalty_points_serious_solo": _(
        "Only a serious offence in a solo names its points: the other penalties are fixed by the rules."
    ),
    "dk_penalty_points_range": _(
        "A serious offence in a solo gives the soloist %(least)s to %(most)s points, as the official decides."
    ),
    "dk_schwarz_augen": _("The %(party)s party took no trick, so it has 0 Augen (not %(got)s)."),
    "dk_least_trick": _(
        "With 40 cards every trick holds at least %(least)s Augen, so the %(party)s party cannot end with %(own)s; "
        "if it took no trick, it is Schwarz."
    ),
    "dk_one_auge": _("No card is worth 1 Auge, so the %(party)s party cannot end with 1."),
    "dk_no_armut": _("Armut is not played under these rules."),
    "dk_damen_buben_deck": _("Damen and Buben solos are only played with the 40-card deck."),
    "dk_extras_unknown_party": _("The Sonderpunkte go to Re or Kontra (not %(got)s)."),
    "dk_gegen_die_alten_recorded": _("Gegen die Alten is not entered: it is scored when Kontra wins."),
    "dk_extra_unknown": _("There is no Sonderpunkt %(got)s here."),
    "dk_extra_not_scored": _("%(extra)s is not scored under these rules."),
    "dk_extra_count": _("Enter a whole number from 0 to %(most)s (not %(got)s)."),
    "dk_announcement": _("An announcement cannot be read (%(got)s)."),
    "dk_extras_no_trick": _("The %(party)s party took no trick, so it has no Sonderpunkte."),
    "dk_doppelkopf_augen": _("%(count)s Doppelköpfe of 40 Augen need %(needed)s Augen, the party took %(got)s."),
    "dk_two_karlchen": _("There are only two ♣ Buben for Karlchen and Karlchen gefangen."),
    "dk_two_fuchse": _("There are only two Füchse, and %(got)s are counted."),
    "dk_last_trick": _("Only the party that won the last trick can have a Karlchen or a Fuchs at the end."),
    # Sheepshead
    "sh_type_not_played": _("This game is not played under these rules."),
    "sh_three_alone": _("Three-handed the picker always plays alone."),
    "sh_partner_is_picker": _("The partner must be someone other than the picker (%(got)s is both)."),
    "sh_schwarz_points": _("Schwarz is only possible with 0 or %(all)s points (not %(got)s)."),
    "sh_winner_required": _(
        "Say who won the leaster: the player with the fewest points, or nobody for a tie (or enter everyone's points)."
    ),
    "sh_tricks_need_points": _("The tricks go with everyone's points, not with a winner."),
    "sh_winner_or_points": _("Give either the winner or everyone's points, not both."),
    "sh_points_without_trick": _("%(player)s took no trick, so cannot have %(got)s points."),
    "sh_tricks_required": _(
        "%(players)s tie for fewest with %(points)s points: enter the tricks, the one with fewer tricks wins."
    ),
    # Bauernstoss
    "bs_chalk_first": _("Say which team was dealt the ♣J: A or B."),
    "bs_schwarz_points": _("Schwarz needs all %(all)s card points for team %(team)s (not %(got)s)."),
    "bs_solo_not_object": _("The solo cannot be read (%(got)s)."),
    "bs_solo_field_unknown": _("A solo has no such entry."),
    "bs_solo_required": Cases(
        "expected",
        {
            "small_or_big": _("Say whether the solo was small or big."),
            "true_or_false": _("Say whether the solo was won or lost."),
        },
    ),
    # explanation lines: the sheet's own words
    **dict.fromkeys((code for code in TEMPLATES if code.startswith("x_")), AS_AUTHOR),
}

REGISTRY.register("engine", TEMPLATES, PLAYER)
