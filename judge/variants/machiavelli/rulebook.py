"""Machiavelli's rules by id: our house rules (seed 000), the income and control rules (seed 001)
and njudge's rules text (``rules.machiavelli`` v3.1b, ids ``rules.machiavelli/<section>``), with
the njudge bugs its appendix 6 lists that apply to a judge (``rules.machiavelli/bugs-a3``...).

A section the text numbers or letters is split into its rules (``famine-a``, ``rebellions-5.3``,
``expenditures-f``); an unnumbered section into its paragraphs, named by what they say
(``sieges-self``, ``movement-trade-places``). Seed 000 and seed 001 are split by paragraph, in the
seed's order (``seed000/straits-3`` is the third rule of its STRAITS section). The seeds take
precedence over rules.machiavelli where they differ (seed 000 replaces the Piombino and Messina
note and Venice's special rules, and lets a besieged garrison convert): those rules.machiavelli
rules are played with the house rule's option off (``house_straits``, ``house_venice_lagoon``,
``house_besieged_garrison_converts``), and their text says so.

Not listed: njudge bugs A1 (treasuries cannot be hidden: ours are public by design), A9 (the
predict command: we have none) and B4 (duplex games: we have none); rules.machiavelli's
Machiavelli 2 notes, its face-to-face options (appendix 3), its map-file appendix and the
commands for playing Machiavelli on the standard map.
"""

from __future__ import annotations

from ...rulebook import Rule, Rulebook

# Where the rules are played (``by``), named once.
_MOVE = ".movement:play_movement"
_CAMPAIGN = ".movement:play_campaign"
_BESIEGE = ".movement:_besiege"
_SIEGE_STEP = ".movement:_play_sieges"
_ABANDONED = ".movement:_siege_abandoned"
_OUT_OF_CITY = ".movement:_garrison_converts"
_INTO_CITY = ".movement:_converts_into_city"
_OTHER = ".movement:_other_order"
_NODES = ".geography:core_board"
_RETREAT = ".retreat:play_retreat"
_RETREAT_CITY = ".retreat:retreat_city"
_RETREAT_INTO_CITY = ".retreat:_retreats_into_cities"
_NO_RETREAT = ".movement:_without_retreat"
_REBEL_SUPPORT = ".movement:_rebel_support"
_BEFORE_MOVES = ".movement:_orders_of_the_moves"
_CONTROL = ".control:update_control"
_INCOME = ".income:income"
_FIXED_INCOME = ".income:_fixed_income"
_VARIABLE_INCOME = ".income:_variable_income"
_END = ".campaign:end_of_campaign"
_CONQUESTS = ".campaign:_conquests"
_ELIMINATIONS = ".campaign:_eliminations"
_WINNER = ".campaign:winner_of"
_STRAIT = ".straits:strait_denied"
_STRAIT_ORDER = ".straits:strait_problem"
_STRAITS_AS_WRITTEN = ".movement:_fleets_arrived_in_straits"
_ADJUST = ".adjustment:play_adjustment"
_BUILD = ".adjustment:build_problem"
_SITE = ".adjustment:_site_problem"
_UNIT = ".adjustment:_unit_problem"
_BASIC = ".adjustment:play_basic_adjustment"
_MONEY = ".money:play_money"
_BANK = ".money:_pay_the_bank"
_GIFTS = ".money:_give_money"
_BORROW = ".money:_borrow"
_COLLECT = ".money:_collect_loans"
_EXPENSES = ".money:_pay_expenses"
_EXPENSE = ".money:_expense_problem"
_SETTLE = ".money:_settle_bribes"
_BRIBE_COST = ".money:_bribe_cost"
_BRIBE = ".money:_apply_bribe"
_SIMPLE = ".money:_apply_simple"
_ASSASSINATE = ".money:_assassinate"
_REBELLIONS_END = ".aftermath:_rebellions_end"
_STRIKE = ".aftermath:_strike"
_BLOCKED = ".state:income_blocked"
_BUILD_BLOCKED = ".state:build_blocked"
_ASSASSINATED = ".money:_assassination_effects"
_HOLDS = ".money:assassinated_orders"
_STRENGTH = ".core_view:CoreRules.strength_bonus"
_SUPPORT_STRENGTH = ".core_view:CoreRules.support_strength"
_SPECIAL = ".special:strength_of"
_CARRY = ".special:carry"
_PARSE = ".orders:parse_order"
_PARSE_MONEY = ".orders:parse_money_order"
_PARSE_SPECIAL = ".orders:parse_special_build"
_CORE = "judge.core.movement:MovementAdjudicator"

S000C = "seed 000, GARRISONS/CONVERT ORDERS"
S000S = "seed 000, STRAITS"
S000V = "seed 000, VENICE/VENICE LAGOON"
S001I = "seed 001, income"
S001C = "seed 001, control"
S001H = "seed 001, home country and elimination"
RM = "rules.machiavelli"


def _r(rule_id: str, source: str, text: str, *by: str) -> Rule:
    return Rule(rule_id, source, text, tuple(by))


def _m(section: str, source: str, text: str, *by: str) -> Rule:
    """A rule of rules.machiavelli, ``source`` its section as the text names it."""
    return Rule(f"rules.machiavelli/{section}", f"{RM} §{source}", text, tuple(by))


_SEED000 = (
    _r("seed000/convert-1", S000C, "A conversion is played at the same time as every other order, with the strength of a move.", _OUT_OF_CITY, _INTO_CITY, _NODES),
    _r("seed000/convert-2", S000C, "A besieged garrison converts when its support is greater than the besieger's strength; "
       "the besieger is dislodged (the rulebook's ban on it is set aside).", _OUT_OF_CITY),
    _r("seed000/convert-3", S000C, "An army or fleet converting into the city does not stop another unit advancing into the "
       "province it leaves.", _INTO_CITY),
    _r("seed000/straits-1", S000S, "The power whose fleet is in Piombino or Messina at the beginning of a phase grants or "
       "denies passage through its strait, even while that fleet is ordered to move.", _STRAIT, ".orders:Ally"),
    _r("seed000/straits-2", S000S, "Passage is a move, a support or a convoy (transport) along the strait.", _STRAIT_ORDER),
    _r("seed000/straits-3", S000S, "Another power's fleet entering Piombino or Messina changes nothing in that phase: the "
       "fleet there at its beginning decides.", _STRAIT, ".retreat:_retreats_refused"),
    _r("seed000/straits-4", S000S, "With no fleet in Piombino or Messina at the beginning of a phase, its strait is open "
       "to all.", _STRAIT),
    _r("seed000/venice-lagoon-1", S000V, "For control and income the Venice Lagoon counts as a land province (1 ducat, "
       "not a sea holding a fleet).", _INCOME, _CONTROL),
    _r("seed000/venice-lagoon-2", S000V, "No fleet need stay on the Lagoon for it to count in its controller's income.",
       _INCOME, _CONTROL),
    _r("seed000/venice-lagoon-3", S000V, "The Lagoon is controlled by the last power whose fleet occupied it, or by Venice "
       "(its original owner) until then; never by the garrison in Venice.", _CONTROL, ".control:initialised"),
    _r("seed000/venice-lagoon-4", S000V, "Venice may hold a garrison in the city, a fleet on the Lagoon, or both "
       "(no army or fleet stands, nor retreats, in Venice).", _NODES, ".geography:city_node", ".retreat:retreat_places",
       ".retreat:_retreats_refused", ".rules:MachiavelliRules.shown_kind"),
    _r("seed000/venice-lagoon-5", S000V, "Venice may be besieged, by a fleet on the Lagoon only.", _BESIEGE, ".geography:city_of"),
    _r("seed000/venice-lagoon-6", S000V, "A garrison in Venice converts only into a fleet on the Lagoon.", _OUT_OF_CITY),
    _r("seed000/venice-lagoon-7", S000V, "A garrison in Venice may support into the Lagoon (the one support by a land unit "
       "into water).", _NODES, _OTHER),
)

_SEED001 = (
    _r("seed001/income-1", S001I, "Each power is paid its income in ducats once a year, before the Spring campaign (the "
       "Winter income phase, before upkeep).", ".rules:CALENDAR", ".income:play_income"),
    _r("seed001/income-2", S001I, "1 ducat for each controlled province.", _FIXED_INCOME),
    _r("seed001/income-3", S001I, "1 ducat for each controlled city; a major city pays the number printed on it.", _FIXED_INCOME, "data:map.txt"),
    _r("seed001/income-4", S001I, "1 ducat for each sea area holding one of the power's fleets.", _FIXED_INCOME),
    _r("seed001/income-5", S001I, "Variable income: a die roll on the home country's table; a power holding another's home "
       "country draws its variable income too.", _VARIABLE_INCOME, "data:variant.yaml#variable_income"),
    _r("seed001/control-1", S001C, "The last power to have had a unit in a province controls it, whatever the season (a unit "
       "walking Genoa, Fornova, Parma, Mantua in one year keeps all four).", _CONTROL),
    _r("seed001/control-2", S001C, "In a province with an ungarrisoned city the last power there takes the city too.",
       _CONTROL),
    _r("seed001/control-3", S001C, "A unit in the province and another power's garrison in its city: the province pays the "
       "one, the city the other.", _CONTROL, _FIXED_INCOME),
    _r("seed001/control-4", S001C, "When the unit in the province leaves or is eliminated and the garrison stays, the "
       "province goes back to the garrison's owner, autonomous garrisons included.", _CONTROL),
    _r("seed001/control-5", S001C, "A besieged city pays no income.", _FIXED_INCOME),
    _r("seed001/home-country", S001H, "A power gains another's home country by controlling all of its original provinces and "
       "cities.", _CONQUESTS),
    _r("seed001/elimination", S001H, "A power controlling no city in its home country (or countries) at the end of a "
       "campaign is eliminated, and its units removed at once.", _ELIMINATIONS),
)

_BASICS = (
    _m("advanced-basic-1", "Advanced and basic rules", "The Basic game (option money off) has no money: no income, upkeep, "
       "loans, expenses or special units.", _MONEY, ".income:play_income", _BASIC),
    _m("advanced-basic-2", "Advanced and basic rules", "In the Basic game a power keeps, after Fall, one unit for each city "
       "it controls together with that city's province.", ".adjustment:basic_allowance", _BASIC),
    _m("provinces", "Provinces", "The board has 70 provinces and 11 sea areas, the Venice Lagoon one of them.", "data:map.txt"),
    _m("game-year", "Game year", "A year is three campaigns, Spring, Summer and Fall, each a movement and its retreats, "
       "then the Winter adjustment.", ".rules:CALENDAR", "data:variant.yaml#sequence"),
    _m("movement-1", "Movement", "Standard Diplomacy's movement rules apply where these rules say nothing else.", _CORE, _MOVE),
    _m("movement-2", "Movement", "An order to besiege, lift a siege or convoy is broken only when its unit is dislodged.", _SIEGE_STEP, _CORE),
    _m("movement-3", "Movement", "A garrison in the city and an army or fleet in the province proper may share a province "
       "(Venice apart).", _OTHER, _NODES),
    _m("movement-retreats-1", "Movement, retreats 1", "No retreat into a rebelling city (its gates are shut).", _RETREAT_CITY),
    _m("movement-retreats-2", "Movement, retreats 2", "A retreat into a rebelling province is allowed.", _RETREAT),
    _m("movement-retreats-3", "Movement, retreats 3", "Rebels never support a retreat.", _RETREAT),
    _m("movement-retreats-4", "Movement, retreats 4", "A retreating unit liberates a rebellion that is not against its power.", _REBELLIONS_END),
    _m("movement-retreats-5", "Movement, retreats 4 (the second)", "In retreats elite units are strength 1: an elite and an "
       "ordinary unit retreating to one place bounce.", _RETREAT),
    _m("movement-disband", "Movement; Variant specific judge commands, set disband", "With the disband option a unit may be "
       "disbanded by a movement order ('A MIL 0'), before the moves: it bounces nothing.", _BEFORE_MOVES),
    _m("movement-self-bounce", "Movement", "An elite unit and an ordinary unit of one power moving to one place: the elite "
       "moves in and the other bounces.", _STRENGTH, _CORE),
    _m("movement-trade-places", "Movement", "A garrison and the army or fleet of its province cannot trade places by "
       "converting, whatever their strengths.", _INTO_CITY, _OUT_OF_CITY),
    _m("movement-trade-provinces", "Movement", "Two units cannot trade provinces with each other, whatever their strengths.",
       _CORE),
    _m("convoys-1", "Convoys", "Only armies are convoyed, one army a fleet, from a coastal province to a coastal province, with "
       "no step over land before or after.", _CORE, "judge.core.convoy:ConvoyGraph"),
    _m("convoys-2", "Convoys", "Fleets in coastal provinces may convoy (njudge's coastal convoys, on for Machiavelli).",
       ".rules:MachiavelliRules.can_carry_convoy"),
    _m("additional-units", "Additional units", "Units are paid for from the treasury, not given by centres: only units "
       "maintained survive the Winter; any number of ordinary units; fleets are built in port cities only.", _ADJUST, _BUILD),
    _m("garrison-units-1", "Garrison units", "A garrison stands in a fortified city (a fortress too, with the option), apart "
       "from the province around it.", ".geography:garrisonable", "data:map.txt"),
    _m("garrison-units-2", "Garrison units", "A garrison is made by converting an army or fleet in a province whose city is "
       "empty; it may only hold, support into its own province, or convert back.", _INTO_CITY, _OTHER,
       ".movement:_garrison_reach"),
    _m("autonomous-garrisons-1", "Autonomous garrisons", "Autonomous garrisons belong to no power and only hold; they are "
       "removed by siege or bribe, or bought.", _SIEGE_STEP, _BRIBE),
    _m("autonomous-garrisons-2", "Autonomous garrisons", "An autonomous garrison controls its city like any garrison, which "
       "counts for elimination.", _CONTROL, _ELIMINATIONS),
    _m("autonomous-garrisons-3", "Autonomous garrisons", "A special unit bribed into an autonomous garrison stays special.",
       ".money:_special_moves", _BRIBE_COST, _CARRY),
)

_SPECIAL_UNITS = (
    _m("special-units-1", "Special units", "A power has one special unit in play at most; an order past the limit fails and "
       "its money is lost; a special unit may be an army, a fleet or a garrison.", ".adjustment:_past_special_limit", _PARSE_SPECIAL),
    _m("special-units-a", "Special units a", "Citizen's militia: 6 ducats to build and keep, strength 1, twice the bribe.",
       "data:variant.yaml#units", _ADJUST, _BRIBE_COST),
    _m("special-units-b", "Special units b", "Elite mercenaries: 6 ducats to build and keep, strength 2, the normal bribe.",
       "data:variant.yaml#units", _SPECIAL, _BRIBE_COST),
    _m("special-units-c", "Special units c", "Elite professionals: 9 ducats to build and keep, strength 2, twice the bribe.",
       "data:variant.yaml#units", _SPECIAL, _BRIBE_COST),
    _m("special-units-strength-1", "Special units, strength 2, 1", "A unit of strength 2 counts twice in its moves, holds and "
       "supports.", _STRENGTH, _SUPPORT_STRENGTH),
    _m("special-units-strength-2", "Special units, strength 2, 2", "Any attack, of strength 1 too, cuts an elite unit's whole "
       "support.", _SUPPORT_STRENGTH, _CORE),
    _m("special-units-strength-3", "Special units, strength 2, 3", "An elite unit cannot dislodge a besieger in the siege's "
       "second campaign.", _STRENGTH),
    _m("special-units-strength-4", "Special units, strength 2, 4", "In retreats an elite unit counts as strength 1.", _RETREAT),
)

_SIEGES = (
    _m("sieges-1", "Sieges", "An army or fleet in a garrison's province that orders besiege two campaigns running eliminates "
       "the garrison.", _BESIEGE, _SIEGE_STEP, ".orders:Besiege"),
    _m("sieges-2", "Sieges", "A fleet besieges only a port city, and only from the city's province.", _BESIEGE),
    _m("sieges-3", "Sieges", "As written (house rule off): a besieged garrison cannot convert, whatever its support.", _OUT_OF_CITY),
    _m("sieges-4", "Sieges", "A besieged garrison may support a unit moving into its province to dislodge the besieger.", _OTHER, _SIEGE_STEP),
    _m("sieges-5", "Sieges", "In the siege's second campaign any order of the besieger but besiege is changed to hold, and "
       "the siege ends.", _ABANDONED),
    _m("sieges-6", "Sieges", "Lift siege ends a siege; the unit holds.", _SIEGE_STEP, ".orders:LiftSiege"),
    _m("sieges-lapse-1", "Sieges, lapses 1", "A siege lapses when the garrison is eliminated otherwise: the besieger is free "
       "in what would be the second campaign.", _SIEGE_STEP, _ABANDONED),
    _m("sieges-lapse-2", "Sieges, lapses 2", "A siege lapses when the garrison is disbanded by a bribe; if the bribe fails the "
       "besieger's other order is a hold.", _ABANDONED, _BRIBE),
    _m("sieges-self", "Sieges, self-sieges", "Besieging one's own garrison is a hold; a besieger whose power comes to own the "
       "garrison by a bribe lifts the siege.", _BESIEGE),
)

_CONVERSION = (
    _m("conversion-1", "Conversion between unit types", "A conversion is a move into or out of the province: a garrison "
       "converting as an army moves in, neither supported, both bounce.", _OUT_OF_CITY, _INTO_CITY),
    _m("conversion-2", "Conversion between unit types", "Fleets and garrisons convert into each other only in port cities; a "
       "fleet retreats by conversion only into a port city.", _OUT_OF_CITY, _INTO_CITY, _RETREAT_CITY),
    _m("conversion-3", "Conversion between unit types", "An army becomes a fleet (or a fleet an army) only through a garrison, "
       "over two campaigns.", _OUT_OF_CITY, _INTO_CITY),
    _m("conversion-retreat", "Conversion between unit types, retreats", "A dislodged army or fleet may retreat into the empty "
       "walled city of its province as its garrison only with no other retreat, and not when its attacker was that city's "
       "garrison.", _RETREAT_INTO_CITY, _RETREAT_CITY, _NO_RETREAT),
    _m("conversion-1a", "Conversion, clarification 1a", "Garrisoning a city not in rebellion succeeds.", _INTO_CITY),
    _m("conversion-1b", "Conversion, clarification 1b", "Converting into an empty province succeeds.", _OUT_OF_CITY),
    _m("conversion-1c", "Conversion, clarification 1c", "Converting into an empty province attacked by a lesser force "
       "succeeds.", _OUT_OF_CITY),
    _m("conversion-1d1", "Conversion, clarification 1d1", "Converting into a province held by a lesser force that is not "
       "besieging succeeds.", _OUT_OF_CITY),
    _m("conversion-1d2", "Conversion, clarification 1d2", "Converting into a province held by a lesser force giving its first "
       "besiege order succeeds.", _OUT_OF_CITY, _SIEGE_STEP),
    _m("conversion-2a", "Conversion, clarification 2a", "Garrisoning a city in rebellion against oneself fails.", _INTO_CITY),
    _m("conversion-2b", "Conversion, clarification 2b", "Converting into a province attacked by an equal or greater force "
       "fails.", _OUT_OF_CITY),
    _m("conversion-2c", "Conversion, clarification 2c", "Converting into a province held by an equal or greater force fails.", _OUT_OF_CITY),
    _m("conversion-2d", "Conversion, clarification 2d", "As written (house rule off): converting into a province whose "
       "besieger gives its second besiege order fails, whatever the support.", _OUT_OF_CITY),
)

_CONTROL_RULES = (
    _m("control", "Control of provinces and cities", "The last power whose unit was in a province controls it, in every "
       "season and phase.", _CONTROL),
    _m("control-1", "Control of provinces and cities 1", "Buying a unit gives its buyer the province too.", _CAMPAIGN, _CONTROL),
    _m("control-2", "Control of provinces and cities 2", "Disbanding in a province that holds another power's unit gives that "
       "power the province.", _CONTROL),
    _m("control-3", "Control of provinces and cities 3", "Leaving (or being eliminated from) a garrisoned province gives it to "
       "the garrison's owner, autonomous garrisons too.", _CONTROL),
    _m("control-4", "Control of provinces and cities 4", "Garrison and unit of a province eliminated together: control does "
       "not change.", _CONTROL),
    _m("control-5", "Control of provinces and cities 5", "Entering a province with an ungarrisoned city takes the city too.",
       _CONTROL),
    _m("control-6", "Control of provinces and cities 6", "Province and city controlled by two powers: each is paid for its "
       "own.", _FIXED_INCOME),
    _m("control-7", "Control of provinces and cities 7", "Building needs both a home city and its province; both lost together "
       "(famine, plague) leave nobody the right.", _SITE),
    _m("control-example-1", "Control of provinces and cities, example 1", "A bought unit's province changes hands before the "
       "unit moves away.", _CAMPAIGN),
    _m("control-example-2", "Control of provinces and cities, example 2", "A unit walking Genoa, Fornova, Parma and Mantua in "
       "one year has all four counted in the Winter.", _CONTROL, _FIXED_INCOME),
    _m("home-countries-1", "Control and conquest of home countries", "Home countries are won and lost whole, as set at the "
       "start.", _CONQUESTS),
    _m("home-countries-2", "Control and conquest of home countries", "No power builds in, or draws the variable income of, "
       "another's home country it has not conquered.", _SITE, _VARIABLE_INCOME),
    _m("home-countries-a", "Control and conquest of home countries a", "Control of all of a home country's provinces and "
       "cities at the end of a campaign (after its retreats) conquers it.", _CONQUESTS),
    _m("home-countries-3", "Control and conquest of home countries a", "A conquered home country gives its holder its "
       "variable income and builds in its cities.", _VARIABLE_INCOME, ".adjustment:held_homes"),
    _m("home-countries-b", "Control and conquest of home countries b", "A conquered home country is lost only with all of its "
       "provinces and cities; a single power taking them all conquers it at once.", _CONQUESTS),
    _m("elimination-1", "Player elimination", "A power with no city in its home country at the end of a campaign is "
       "eliminated: its units are removed and its provinces and cities become unowned.", _ELIMINATIONS),
    _m("elimination-2", "Player elimination", "A power holding a conquered home country survives the loss of its own.", _ELIMINATIONS),
    _m("elimination-3", "Player elimination", "A power with several home countries is eliminated only when it holds no city "
       "in any of them.", _ELIMINATIONS),
    _m("elimination-4", "Player elimination", "Autonomous garrisons count for control, and so for elimination; rebellions do "
       "not.", _ELIMINATIONS, _CONTROL),
    _m("elimination-5", "Player elimination, tech note 1", "Everything being simultaneous, a power that conquers a home country "
       "in the campaign it loses its own survives (njudge eliminates it).", _END, _CONQUESTS, _ELIMINATIONS),
    _m("victory-1", "Victory 1", "Basic game: 12 cities and one home country (all of its own home cities and six others).",
       _WINNER, ".campaign:_goal", ".campaign:_reaches", "data:variant.yaml#victory"),
    _m("victory-2", "Victory 2", "Advanced game: 15 cities and two home countries.", _WINNER, ".campaign:_goal",
       "data:variant.yaml#victory"),
    _m("victory-3", "Victory, important", "A home country counts for victory with one of its cities controlled.", _WINNER,
       ".campaign:_reaches"),
    _m("victory-4", "Victory, tech note 2", "Two powers reaching the goal together: nobody is declared the winner (the GM "
       "decides).", _WINNER),
)

_STRAITS = (
    _m("straits", "Special mapboard features 1", "A fleet in Piombino keeps the strait Pisa - Eastern Tyrrhenian Sea, a fleet "
       "in Messina the strait Gulf of Naples - Ionian Sea.", "data:variant.yaml#straits", _STRAIT),
    _m("straits-a", "Special mapboard features 1a", "Without the keeper's leave no fleet of another power moves, supports or "
       "convoys through the strait.", _STRAIT_ORDER),
    _m("straits-b", "Special mapboard features 1b", "Another power's garrison beside the fleet in Piombino or Messina: the "
       "fleet's owner keeps the strait.", _STRAIT),
    _m("straits-c", "Special mapboard features 1c", "As written (house rule off): a fleet that enters a fleetless Piombino or "
       "Messina blocks the strait in that campaign.", _STRAITS_AS_WRITTEN),
    _m("straits-d", "Special mapboard features 1d", "As written: a garrison converting into a fleet in a fleetless Piombino or "
       "Messina blocks likewise.", _STRAITS_AS_WRITTEN),
    _m("straits-e", "Special mapboard features 1e", "A keeper ordered to convert into the garrison still blocks.", _STRAIT),
    _m("straits-f", "Special mapboard features 1f", "A keeper moving away still blocks.", _STRAIT),
    _m("straits-g", "Special mapboard features 1g", "A keeper bounced back into its province blocks.", _STRAIT),
    _m("straits-h", "Special mapboard features 1h", "A retreating fleet is blocked too; a fleet retreating into Piombino or "
       "Messina blocks no retreat of the same phase.", ".retreat:_retreats_refused", _STRAIT_ORDER),
    _m("straits-i", "Special mapboard features 1i", "The keeper may convoy, support or besiege while it blocks.", _STRAIT),
    _m("straits-j", "Special mapboard features 1j", "Blocking fleets do not change adjacency for bribes.", ".money:_adjacent"),
    _m("straits-k", "Special mapboard features 1k", "The keeper lets another power pass with 'ally', until 'unally'.",
       ".orders:Ally", _STRAIT),
    _m("straits-l", "Special mapboard features 1l", "An army or a garrison keeps no strait.", _STRAIT),
    _m("croatia-provence", "Special mapboard features 2", "Croatia and Provence have a north and a south coast, as two-coast "
       "provinces of Diplomacy.", "data:map.txt"),
    _m("istria-dalmatia", "Special mapboard features 3", "An army moves between Istria and Dalmatia (a land bridge).",
       "data:map.txt"),
    _m("venice-4", "Special mapboard features 4", "The Venice Lagoon is a sea area of its own (as written, an ordinary one).",
       "data:map.txt"),
    _m("venice-5a", "Special mapboard features 5a", "As written: only one unit may be in Venice (a move into it while a garrison holds "
       "it bounces; no unit retreats into it then).", ".movement:_venice_bounce", _SITE, ".retreat:_retreat_barred"),
    _m("venice-5b", "Special mapboard features 5b", "As written: in Venice no unit of one type is disbanded for one of "
       "another type built.", _SITE),
    _m("venice-5c", "Special mapboard features 5c", "As written: an army or fleet in Venice cannot retreat into the city.",
       _RETREAT_CITY),
    _m("venice-5d", "Special mapboard features 5d", "As written: a unit in Venice converting, attacked by a greater force, is "
       "eliminated; by an equal or lesser one, it converts and the attacker bounces.", _INTO_CITY, _NO_RETREAT),
    _m("venice-5e", "Special mapboard features 5e", "As written: a garrison in Venice converting out bounces if Venice is "
       "attacked, whatever the strengths.", ".movement:_venice_bounce", ".movement:_attacked"),
    _m("venice-5f", "Special mapboard features 5f", "As written: a garrison in Venice is never besieged.", _BESIEGE),
    _m("venice-5g", "Special mapboard features 5g", "As written: no rebellion is raised in Venice while a unit is there.", ".money:_venice_held",
       ".money:_rebellion_problem", ".money:_provinces_rebel"),
    _m("venice-5h", "Special mapboard features 5h", "As written: a rebellion in Venice has one rebel unit, in the city.",
       _SIMPLE),
    _m("venice-5i", "Special mapboard features 5i", "As written: the power a rebellion in Venice is against cannot besiege it; "
       "its units bounce off the rebels; another power puts it down by entering.", ".movement:_venice_bounce",
       _REBELLIONS_END),
    _m("ports", "Special mapboard features 6", "Fleets are built, and fleets and garrisons convert into each other, only in "
       "port cities (an anchor on the map).", _UNIT, _OUT_OF_CITY, _INTO_CITY, "data:map.txt"),
    _m("fortresses-a", "Special mapboard features 7a", "Fortresses, in play only with the option, pay no income.", _FIXED_INCOME, "data:map.txt"),
    _m("fortresses-b", "Special mapboard features 7b", "No garrison is built in a fortress.", _SITE),
    _m("fortresses-c", "Special mapboard features 7", "Otherwise a fortress is a fortified city: garrisoned by conversion, "
       "besieged, a port where marked.", ".geography:garrisonable", _BESIEGE),
)

_WINTER = (
    _m("famine-severity", "Famine", "A 2d6 roll sets the year: 2-3 nothing, 4 or 6 a row, 5 or 7 a column, 8-12 a row and a "
       "column (njudge's bands; the rulebook's by option).", _STRIKE, "data:variant.yaml#disaster_severity"),
    _m("famine-table", "Famine", "Two more 2d6 rolls pick a row and a column of the famine table; every area listed in a "
       "struck row or column suffers.", _STRIKE, "data:variant.yaml#famine"),
    _m("famine-a", "Famine a", "Every unit in a famine area at the end of the Spring campaign is eliminated, garrisons "
       "included.", ".aftermath:_famine_strikes"),
    _m("famine-b", "Famine b", "No unit is built in a famine area.", _BUILD_BLOCKED, _SITE),
    _m("famine-c", "Famine c", "Famine does not change control.", ".aftermath:_famine_strikes"),
    _m("famine-d", "Famine d", "A famine area pays no income.", _BLOCKED, _FIXED_INCOME),
    _m("famine-e", "Famine e", "A garrisoned city in a famine area still pays.", _BLOCKED),
    _m("income-a", "Income a", "1 ducat for each sea area holding one of the power's fleets.", _FIXED_INCOME),
    _m("income-b", "Income b", "1 ducat for each controlled province.", _FIXED_INCOME),
    _m("income-c", "Income c", "A controlled city pays its value (1, or a major city's number); a besieged city pays "
       "nothing.", _FIXED_INCOME),
    _m("income-d", "Income d", "Variable income: the dice of each controlled home country, and of Genoa.", _VARIABLE_INCOME, "data:variant.yaml#variable_income"),
    _m("income-conquered", "Income", "A conquered home country's variable income goes to its holder; rebellion, siege, famine "
       "or the loss of its capital do not stop it.", _VARIABLE_INCOME, ".control:home_controller"),
    _m("income-genoa", "Income", "Genoa's roll goes with the city of Genoa alone, besieged or not.", _VARIABLE_INCOME),
    _m("income-table", "Income", "The variable income table: dice and ducats for each power and Genoa (Florence and Venice "
       "roll two dice).", "data:variant.yaml#variable_income", _VARIABLE_INCOME),
    _m("adjustments-1", "Military unit adjustments", "Every unit to stay on the map is paid its upkeep, 3 ducats, in the "
       "Winter; a unit not paid for is disbanded.", _ADJUST, ".adjustment:_keep_or_disband", ".adjustment:_silent_units"),
    _m("builds-a", "Military unit adjustments, builds a", "New units go only in controlled provinces with a city in the "
       "power's home countries, in the province or in the fortified city; fleets only in port cities.", _SITE, _UNIT),
    _m("builds-b", "Military unit adjustments, builds b", "One new unit a province; a new unit beside an old one (city and "
       "province) is allowed.", _SITE, _UNIT),
    _m("builds-c", "Military unit adjustments, builds c", "Not two new units in one province (city and province) in one "
       "Winter.", _SITE),
    _m("builds-d", "Military unit adjustments, builds d", "An army or fleet is not disbanded for a new one of another type in "
       "its province, but a garrison may be disbanded for a new army or fleet, and the reverse.", _UNIT),
    _m("builds-e", "Military unit adjustments, builds e", "No builds in rebelling cities or provinces.", _BUILD_BLOCKED, _SITE),
    _m("builds-f", "Military unit adjustments, builds f", "Any number of ordinary units may be built.", ".adjustment:_build"),
    _m("builds-g", "Military unit adjustments, builds g", "Upkeep paid in the Winter keeps a unit for the year: nothing more "
       "to pay in the campaigns, nothing refunded.", _ADJUST),
    _m("adjustments-orders", "Military unit adjustments", "Each unit is maintained or disbanded by order; a later order for "
       "the same unit or place replaces an earlier one (a disband rescinds a build ordered before it).", _ADJUST,
       ".adjustment:_latest_orders", ".adjustment:_keep_or_disband"),
)

_MONEY_RULES = (
    _m("plague", "Plague", "With the option, plague strikes after Spring (before the Summer moves), rolled as famine on its own "
       "table: every unit in a struck area dies, the autonomous garrisons too.", ".aftermath:_plague", ".aftermath:_all_die",
       "data:variant.yaml#plague"),
    _m("borrowing-1", "Borrowing", "A power borrows up to 25 ducats in all, for 1 year at 20% or 2 years at 50%, interest "
       "rounded up.", _BORROW, "data:variant.yaml#loans"),
    _m("borrowing-2", "Borrowing", "A loan and its interest are due in full in the borrowing step of the season they fall "
       "due; they may be paid earlier.", _COLLECT, _BANK),
    _m("borrowing-repayment", "Borrowing, loan repayments a-d", "Money paid to the bank goes to the earliest-due loan, "
       "interest first, then principal, then the next loan.", _BANK),
    _m("borrowing-default", "Borrowing", "A power that cannot repay a loan due is assassinated by the bankers and never "
       "borrows again.", _COLLECT, _BORROW),
    _m("borrowing-gifts", "Borrowing", "Powers may give or lend each other ducats in the borrowing step, before the bank "
       "collects.", _GIFTS),
    _m("borrowing-in-debt", "Borrowing", "A power in debt to the bank gives no money to another power.", _GIFTS),
    _m("borrowing-sequence", "Borrowing, the judge's sequence a-e", "Pay the bank, then pay other powers, then borrow, then "
       "the bank collects, then the expenses.", _MONEY),
    _m("borrowing-example-1", "Borrowing, example 1", "15 ducats borrowed for two years are 23 due two years on; a new loan "
       "may pay an old one.", _BORROW, _COLLECT),
    _m("borrowing-example-2", "Borrowing, example 2", "The limit counts the principal owed at the moment of borrowing: pay "
       "first, then borrow.", _BANK, _BORROW),
    _m("borrowing-example-3", "Borrowing, example 3", "'Borrow 0 ducats for N years' withdraws an earlier borrow order of that term: no "
       "loan is taken.", ".money:_latest_orders", _BORROW),
    _m("expenditures-1", "Expenditures", "Up to four expenditures a campaign, numbered 1-4, carried out in their numbers' "
       "order; money is spent even when one fails; a short treasury is spent to the last ducat.", _EXPENSES),
    _m("expenditures-2", "Expenditures", "'Expense N: none' withdraws expense N; a new expense N replaces the old.", ".money:_latest_orders"),
    _m("expenditures-a", "List of allowed expenditures a", "Famine relief, 3 ducats, ends the famine in an area.",
       _SIMPLE),
    _m("expenditures-b", "List of allowed expenditures b", "Pacify rebellion, 12 ducats, ends a rebellion in province and "
       "city.", _SIMPLE),
    _m("expenditures-c", "List of allowed expenditures c", "A counter-bribe costs 3 ducats or a multiple of 3.", _EXPENSE, ".money:_bribe_problem"),
    _m("expenditures-c1", "List of allowed expenditures c1", "Counter-bribes are deducted from the bribe on the unit; too "
       "little left for the bribe ordered, it fails.", _SETTLE),
    _m("expenditures-c2", "List of allowed expenditures c2", "Counter-bribes act on bribes only, not on famine, rebellions or "
       "assassinations.", _EXPENSES, _SETTLE),
    _m("expenditures-c3", "List of allowed expenditures c3", "A counter-bribe may guard another power's unit, an autonomous "
       "garrison or one's own unit.", _SETTLE, ".money:_unit_key"),
    _m("expenditures-c4", "List of allowed expenditures c4", "Of several bribes on one unit only the largest succeeds; a tie "
       "for the largest fails them all, and the money is lost.", _SETTLE),
    _m("bribes-1", "List of allowed expenditures, bribes 1", "A bribe may exceed its minimum in steps of 3 ducats.", ".money:_bribe_problem"),
    _m("bribes-2", "List of allowed expenditures, bribes 2", "The minimum against a garrison in a major city is doubled.",
       _BRIBE_COST),
    _m("bribes-3", "List of allowed expenditures, bribes 3", "A power buying a unit may order it in the same campaign.",
       _CAMPAIGN),
    _m("bribes-4", "List of allowed expenditures, bribes 4", "A bribe must cover the bribe ordered; enough for a cheaper one "
       "does not help.", _SETTLE, _BRIBE_COST),
    _m("bribes-5", "List of allowed expenditures, bribes 5", "Militia and professionals cost twice, the factors stacking (a "
       "militia garrison in Rome: 48 to disband).", _BRIBE_COST),
    _m("expenditures-d", "List of allowed expenditures d", "Disband an autonomous garrison: 6+3n ducats.", _BRIBE_COST, _BRIBE),
    _m("expenditures-e", "List of allowed expenditures e", "Buy an autonomous garrison: 9+3n ducats; it becomes the buyer's "
       "garrison.", _BRIBE_COST, _BRIBE),
    _m("expenditures-f", "List of allowed expenditures f", "Turn another power's garrison autonomous: 9+3n ducats.",
       _BRIBE_COST, _BRIBE, ".money:_unit_key"),
    _m("expenditures-g", "List of allowed expenditures g", "Disband another power's garrison: 12+3n ducats.", _BRIBE_COST, _BRIBE),
    _m("expenditures-h", "List of allowed expenditures h", "Disband an army or fleet: 12+3n ducats.", _BRIBE_COST, _BRIBE),
    _m("expenditures-i", "List of allowed expenditures i", "Buy an army, fleet or garrison: 18+3n ducats; it keeps its type.",
       _BRIBE_COST, _BRIBE),
    _m("expenditures-j", "Rebellions j", "Raise a rebellion in a province another power controls outside its home country: "
       "9 ducats.", ".money:_fixed_cost", ".money:_rebellion_problem"),
    _m("expenditures-k", "Rebellions k", "Raise a rebellion in a province of the controlling power's home country: 15 "
       "ducats.", ".money:_fixed_cost"),
)

_REBELLIONS = (
    _m("rebellions-2", "Effects of rebellions 2", "A rebellion does not change control.", _CONTROL),
    _m("rebellions-3", "Effects of rebellions 3", "A rebellion is against the power controlling the province, and never "
       "placed in a garrisoned city.", _SIMPLE, ".money:_rebels_in_the_city"),
    _m("rebellions-4", "Effects of rebellions 4", "Rebels stand in the province and, when it is ungarrisoned, in its "
       "fortified city or fortress (never in an unwalled city).", _SIMPLE, ".money:_rebels_in_the_city",
       ".money:_provinces_rebel"),
    _m("rebellions-5.1", "Effects of rebellions 5.1", "Movement into a rebelling province is not restricted.", _OTHER),
    _m("rebellions-5.2", "Effects of rebellions 5.2", "The power a rebellion is against cannot retreat into the rebelling "
       "city.", _RETREAT_CITY),
    _m("rebellions-5.3", "Effects of rebellions 5.3", "The power a rebellion is against cannot convert into the rebelling "
       "city.", _INTO_CITY),
    _m("rebellions-5.4", "Effects of rebellions 5.4", "A garrison may convert out into a rebelling province (unless "
       "besieged).", _OUT_OF_CITY, _REBEL_SUPPORT),
    _m("rebellions-5.5", "Effects of rebellions 5.5", "No unit is built in a rebelling city or province.", _BUILD_BLOCKED),
    _m("rebellions-5.6", "Effects of rebellions 5.6", "A garrison may be built in a city not in rebellion though its province "
       "rebels.", _BUILD_BLOCKED, _SITE),
    _m("rebellions-6.1", "Effects of rebellions 6.1", "A power the rebellion is not against gets one point of support moving "
       "into the rebelling province.", _REBEL_SUPPORT, _STRENGTH),
    _m("rebellions-6.2", "Effects of rebellions 6.2", "Rebels give one point at most, even with rebels in city and province.", _REBEL_SUPPORT),
    _m("rebellions-6.3", "Effects of rebellions 6.3", "Rebel support is never divided between powers.", _REBEL_SUPPORT),
    _m("rebellions-6.4", "Effects of rebellions 6.4", "Two powers trying for the rebels' support: neither gets it.", _REBEL_SUPPORT),
    _m("rebellions-6.5", "Effects of rebellions 6.5", "A converting garrison of a power the rebellion is not against gets the "
       "rebels' support into the province.", _REBEL_SUPPORT),
    _m("rebellions-6.6", "Effects of rebellions 6.6", "Rebels do not support retreats.", _RETREAT),
    _m("rebellions-7.1", "Effects of rebellions 7.1", "A rebelling province, or rebelling ungarrisoned city, pays its "
       "controller nothing.", _BLOCKED),
    _m("rebellions-7.2", "Effects of rebellions 7.2", "A garrisoned city still pays.", _BLOCKED),
    _m("rebellions-7.3", "Effects of rebellions 7.3", "A city not itself in rebellion pays though its province rebels, even "
       "if its garrison is gone since.", _BLOCKED),
    _m("rebellions-8.1", "Effects of rebellions 8.1", "The power a rebelling city is against puts it down by a completed "
       "siege, which ends the province's rebellion too.", _SIEGE_STEP, ".movement:_rebellions_put_down"),
    _m("rebellions-8.2", "Effects of rebellions 8.2", "The power a rebelling province is against puts it down by holding there "
       "with an army or fleet for a campaign.", _REBELLIONS_END, ".movement:_held"),
    _m("rebellions-8.3", "Effects of rebellions 8.3", "Another power entering the province or city, retreats included, "
       "liberates both rebellions at once; a unit standing there since before, or bought from a third power, does not.",
       _REBELLIONS_END, ".campaign:entered"),
    _m("rebellions-8.4", "Effects of rebellions 8.4", "Another power buying the targeted power's unit in the rebelling "
       "province liberates it.", _BRIBE),
    _m("rebellions-8.5", "Effects of rebellions 8.5", "Pacifying (expense b) ends the rebellion in city and province.",
       _SIMPLE),
)

_ASSASSINATIONS = (
    _m("assassination-1", "Assassinations", "An attempt needs the chit for its victim (each power starts with one for every "
       "other), used up by the attempt; chits may be given to other powers.", _ASSASSINATE, ".money:_assassination_problem", ".money:_give_chits"),
    _m("assassination-2", "Assassinations", "12, 24 or 36 ducats give one, two or three chances in six on a die.", _ASSASSINATE),
    _m("assassination-3", "Assassinations", "Several attempts on one ruler in a campaign: the effects are those of one.", _ASSASSINATE, _ASSASSINATED),
    _m("assassination-effects-1", "Effects of assassination 1", "The victim's orders become holds (others' supports still "
       "count); they put down no rebellion; its sieges are broken.", _HOLDS, ".money:_sieges_after_assassinations"),
    _m("assassination-effects-2", "Effects of assassination 2", "The victim still retreats.", _RETREAT),
    _m("assassination-effects-3", "Effects of assassination 3", "The expenses of a power the bankers assassinate are wasted; "
       "those of one assassinated by a power go through.", _EXPENSES, _COLLECT),
    _m("assassination-effects-4", "Effects of assassination 4", "The victim's garrisons besieged since the campaign before are "
       "eliminated; not if the siege began this campaign, nor if the besieger's power is assassinated too.", ".money:_sieges_after_assassinations"),
    _m("assassination-effects-5", "Effects of assassination 5", "Some of the victim's provinces rebel, on a die by kind: home "
       "with a unit 1, home empty 1-2, conquered with a unit 1-3, conquered empty 1-5.", ".money:_provinces_rebel", "data:variant.yaml#expenses"),
    _m("assassination-effects-6", "Effects of assassination 6", "The victim is not eliminated.", _ASSASSINATED, _ELIMINATIONS),
    _m("self-bribes", "Self-bribes", "Bribes may be aimed at one's own units (buying one is refused, as by njudge); with "
       "another power's bribe on the same unit they compete as any two bribes.", _SETTLE, ".money:_bribe_problem"),
)

_SEQUENCE = (
    _m("sequence-a", "Sequence of play 1.1a", "A campaign opens with the banking: loans and repayments.", _MONEY, _BANK, _GIFTS, _BORROW, _COLLECT),
    _m("sequence-b", "Sequence of play 1.1b", "Then every expense but assassinations; control is then brought up to date "
       "(a bought unit's province is its buyer's).", _MONEY, _CAMPAIGN),
    _m("sequence-c", "Sequence of play 1.1c", "Then the assassinations, after the other expenses.", _MONEY, _ASSASSINATE),
    _m("sequence-d", "Sequence of play 1.1d", "Then the bankers assassinate powers that cannot repay, before the moves.", _COLLECT),
    _m("sequence-e", "Sequence of play 1.1e", "Then the moves, and control.", _CAMPAIGN, _MOVE),
    _m("sequence-f", "Sequence of play 1.1f", "Then rebellions in provinces are removed (put down or liberated).", _REBELLIONS_END),
    _m("sequence-g", "Sequence of play 1.2g", "Then the retreats, and control.", _RETREAT),
    _m("sequence-h", "Sequence of play 1.2h", "Then rebellions in cities are removed.", _REBELLIONS_END, ".movement:_rebellions_put_down"),
    _m("sequence-i", "Sequence of play 1.2i", "After Spring, units in famine areas are removed.", ".aftermath:_famine_strikes"),
    _m("sequence-j", "Sequence of play 1.2j", "After Spring, the plague (option).", ".aftermath:_plague"),
    _m("sequence-k", "Sequence of play 1.2k", "After Fall, storms sink fleets in struck sea areas (option).", ".aftermath:_storms", "data:variant.yaml#storms"),
    _m("sequence-l", "Sequence of play 1.2l", "After Fall, the next famine is rolled.", ".aftermath:_next_famine"),
    _m("sequence-m", "Sequence of play 1.2m", "Last, every campaign, the elimination checks.", _ELIMINATIONS),
    _m("sequence-2.1", "Sequence of play 2.1", "In the Winter the income is paid first.", ".income:play_income"),
    _m("sequence-2.2", "Sequence of play 2.2", "Then units are paid for: kept, built or disbanded.", _ADJUST),
)

_ORDERS = (
    _m("order-syntax-movement", "Order syntax, movement orders", "Hold, move, support, convoy ('t', 'transport'), convert "
       "('c', with a type and coast), besiege ('b', 'siege') and lift siege ('l', 'ls') in every listed wording.", _PARSE),
    _m("order-syntax-expenditure", "Order syntax, expenditure orders", "Borrow, pay or give (ducats, or a chit), 'Expense "
       "N:' with amount, kind and unit, and ally or unally.", _PARSE_MONEY, _PARSE),
    _m("order-syntax-retreat", "Order syntax, retreat orders", "A retreat moves or disbands; here also 'C G', a retreat into "
       "the city.", _PARSE, _RETREAT),
    _m("order-syntax-adjustment", "Order syntax, adjustment orders", "Build (with a special type), remove ('r', 'd', "
       "'debuild') and maintain ('m').", _PARSE, _PARSE_SPECIAL),
    _m("order-shorthand", "Order shorthand", "'Expense 1: buy fer' is 18 ducats, 'disband dur' 12; '6+3 ducats' is 9.",
       ".orders:_expense_without_amount", _PARSE_MONEY),
    _m("order-example", "Example of orders", "Florence's example order set (pay the bank, pay Milan, borrow, three expenses, "
       "moves and a conversion) is read and played as one campaign.", _PARSE_MONEY, _CAMPAIGN),
    _m("options-summer", "Variant specific judge commands, set nosummer", "Without the Summer campaign a year has Spring and "
       "Fall only (and no plague).", ".rules:MachiavelliRules.phase_needed", ".aftermath:_plague"),
    _m("options-dice", "Variant specific judge commands, set nodice", "Without dice: no famine, plague, loans or "
       "assassinations, and every variable-income die reads 4 in odd years, 3 in even ones.", _VARIABLE_INCOME, _BORROW, ".money:_assassination_problem"),
    _m("options-loans", "Variant specific judge commands, set noloans", "Without loans nobody borrows from the bank; gifts "
       "between powers remain.", _BORROW),
    _m("options-assassinations", "Variant specific judge commands, set noassassinations", "Without assassinations no power "
       "may assassinate; the bankers still do.", ".money:_assassination_problem", _COLLECT),
    _m("options-garrisons", "Variant specific judge commands, set nogarrisons", "Without garrisons no unit converts into one "
       "(in a retreat neither) and none is built.", _BEFORE_MOVES, _UNIT, _RETREAT_CITY),
    _m("options-special", "Variant specific judge commands, set nospecial", "Without special units none is built.", ".adjustment:_build", ".special:table"),
    _m("options-adjacency", "Variant specific judge commands, set adjacency", "Bribes, counter-bribes on another's unit, "
       "relief, pacification and rebellions need a unit of the power in or next to the target's area; assassinations need "
       "none.", ".money:_adjacent", _EXPENSE),
    _m("options-adjacency-example", "Variant specific judge commands, set adjacency", "A city is next to its province and the "
       "provinces bordering it: a fleet in Siena reaches a garrison in Florence.", ".money:_adjacent"),
)

_BUGS = (
    _m("bugs-a2a", "Appendix 6 A2a (njudge #383)", "Disbanding a special unit and building another in one order set both "
       "succeed.", ".adjustment:_past_special_limit"),
    _m("bugs-a2b", "Appendix 6 A2b (njudge #548)", "A bribe withdrawn with 'Expense N: none' costs nothing and does "
       "nothing.", ".money:_latest_orders"),
    _m("bugs-a3", "Appendix 6 A3 (njudge #464)", "Elimination comes after the campaign's retreats, never before.", _RETREAT, _END),
    _m("bugs-a4a", "Appendix 6 A4a (njudge #511)", "A power's own fleet in Messina lets its other fleets pass, whoever tries "
       "to enter Messina.", _STRAIT),
    _m("bugs-a4b", "Appendix 6 A4b (njudge #537)", "A fleet bought in Piombino keeps the strait for its buyer in that "
       "campaign.", _CAMPAIGN, _STRAIT),
    _m("bugs-a5", "Appendix 6 A5 (njudge #516)", "A city in rebellion against a unit's power is not offered to it as a "
       "retreat (Venice's, to a fleet on the Lagoon under seed 000, neither).", _RETREAT_CITY, _NO_RETREAT, ".retreat:retreat_places"),
    _m("bugs-a6", "Appendix 6 A6 (njudge #521)", "As written, rebels never help a besieged garrison convert in the siege's "
       "second campaign (under seed 000 their point is support like any other).", _OUT_OF_CITY, _REBEL_SUPPORT),
    _m("bugs-a7", "Appendix 6 A7 (njudge #529)", "A besieger given another order in the siege's second campaign ends the "
       "siege.", _ABANDONED),
    _m("bugs-a8", "Appendix 6 A8 (njudge #534)", "A bribe eliminates nobody at the start of a campaign: elimination waits for "
       "its end.", _CAMPAIGN, _END),
    _m("bugs-b1", "Appendix 6 B1 (njudge #425, #489)", "A third power entering a rebelling province liberates it; the "
       "rebellion is never turned on the liberator.", _REBELLIONS_END),
    _m("bugs-b2", "Appendix 6 B2 (njudge #522)", "The Basic game's builds are played without fault.", _BASIC),
    _m("bugs-b3", "Appendix 6 B3 (njudge #541)", "A build and a disband in one province are accepted in one order set.", _ADJUST, _UNIT),
    _m("bugs-b5", "Appendix 6 B5 (njudge #532)", "A conquered home country is lost only with all its provinces and cities, "
       "not with its cities alone.", _CONQUESTS),
)

RULEBOOK = Rulebook("machiavelli", (
    _SEED000 + _SEED001 + _BASICS + _SPECIAL_UNITS + _SIEGES + _CONVERSION + _CONTROL_RULES + _STRAITS + _WINTER
    + _MONEY_RULES + _REBELLIONS + _ASSASSINATIONS + _SEQUENCE + _ORDERS + _BUGS
))
"""Every rule of seeds 000 and 001 and of rules.machiavelli, by id."""
