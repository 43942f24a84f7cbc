"""Europe 1615's rulebook: every rule of seed 002 (the DipWiki text of 30 August 2015) and of each
of its clarifications and errata, by id (see :mod:`judge.rulebook`).

Ids: ``seed002/<section>-<n>`` for the rulebook's sections, numbered in the order the section
states its rules (``war-1`` to ``war-3`` are the section's own numbers); ``seed002/errata-<date>-<n>``
for an erratum by its date and the number the seed gives it (``-a``/``-b`` for its lettered
paragraphs, a word for its paragraphs without a number: ``-initiation``, ``-join``...). Where
two passages disagree the later date wins; a superseded erratum is kept, played as an option.
The reconstructed tables (lost images of the original) are ``seed002/tables``.
"""

from ...rulebook import Rule, Rulebook

_R = ".rules:Europe1615Rules."
_ORD = ".orders:"
_DIP = ".diplomacy:"
_ECO = ".economy:"
_CTL = ".control:"
_S = ".state:"
_DATA = "data:variant.yaml"
_MAP = "data:map.txt"

_INTRO = "Introduction"
_PHASES = "Phases of the game"
_INFLUENCE = "Influence and placement"
_SANCTIONS = "Sanctions"
_ATTACK = "The diplomatic attack"
_ALIGN = "Alignments"
_NEUTRAL = "Neutrality"
_MARKERS = "Confessional markers"
_MINORS = "Specific rules regarding minor states"
_DECL = "Declarations and movement"
_WAR = "Declarations and movement: Declaration of war"
_ALLY = "Declarations and movement: Alliances"
_SURRENDER = "Declarations and movement: Declaration of surrender"
_ARMISTICE = "Declarations and movement: Armistice"
_CONTROL = "Securing control of a captured foreign center"
_REBELLION = "Religious rebellion"
_ATTRITION = "Combat attrition rule (army units only)"
_NEW = "Creating a new pliant minor state"
_POWER_UNIT = "Adding a unit for a power"
_MINOR_UNIT = "Adding a unit for a minor state"
_INCOME = "Income phase"
_BOARD = "Notes about the board"
_MOBIL = "Mobilization phase"


def _errata(date: str) -> str:
    return f"Clarification and errata (added {date})"


RULEBOOK = Rulebook("europe1615", (
    # -- the rulebook ---------------------------------------------------------------------------
    Rule("seed002/introduction", _INTRO,
         "Seven playable powers (Austria, Sweden, Denmark, Spain, France, the Dutch Republic, England); "
         "Poland and the Ottomans are minor states; otherwise the standard rules apply.",
         by=(_DATA, ".rules:Europe1615Rules", "judge.core.phases:adjudicate")),
    Rule("seed002/phases", _PHASES,
         "A year is Spring, Summer and Fall Movement and Retreat, the Winter Adjustment and the Winter "
         "Income and Build phase; both Winter phases are always played.",
         by=(".rules:CALENDAR", _R + "phase_needed")),
    Rule("seed002/influence-1", _INFLUENCE,
         "Each year a power receives the INFs of the Influence Progression Table and may not place more.",
         by=(_R + "_advance", _ECO + "_placements", _S + "influence_left", _DATA)),
    Rule("seed002/influence-2", _INFLUENCE,
         "INFs not placed during the year are lost: they are not saved for the next.",
         by=(_R + "_advance",)),
    Rule("seed002/influence-3", _INFLUENCE,
         "INFs are never lent to another power nor taken back once placed; they stay from year to year.",
         by=(_ECO + "_placements",)),
    Rule("seed002/influence-4", _INFLUENCE,
         "INFs may be bought, in the Winter Income and Build phase (placed the next year).",
         by=(_ECO + "_influence_bought", _R + "_advance", _DATA)),
    Rule("seed002/influence-5", _INFLUENCE,
         "INFs are placed by the order `N: STATE` (the seed's \"# of INFs: [minor state]\").",
         by=(_ORD + "parse_order", ".state:PlaceInfluence")),
    Rule("seed002/sanctions-1", _SANCTIONS,
         "Protestant powers may not place INFs in the Papal State or Bavaria.",
         by=(_ECO + "_sanction_refusal", _ECO + "may_influence", _DATA)),
    Rule("seed002/sanctions-2", _SANCTIONS,
         "Catholic powers may not place INFs in the Rhineland.",
         by=(_ECO + "_sanction_refusal", _ECO + "may_influence", _DATA)),
    Rule("seed002/sanctions-3", _SANCTIONS,
         "Kejserkrigen: from 1625 only Denmark may place INFs in Lower Saxony.",
         by=(_ECO + "_sanction_refusal", _ECO + "may_influence", _DATA)),
    Rule("seed002/sanctions-4", _SANCTIONS,
         "Bethlen's intervention: from 1619 only Protestant powers may place INFs in Transylvania.",
         by=(_ECO + "_sanction_refusal", _ECO + "may_influence", _DATA)),
    Rule("seed002/sanctions-5", _SANCTIONS,
         "Polish-Swedish rivalry: in the first year only, Sweden may not place INFs in Poland.",
         by=(_ECO + "_sanction_refusal", _ECO + "may_influence", _DATA)),
    Rule("seed002/sanctions-6", _SANCTIONS,
         "The Maghreb states are closed at first; Tunisia opens after the Ottomans' first successful move, "
         "Algeria after Tunisia's, Morocco after Algeria's.",
         by=(_R + "_maghreb_activated", _ECO + "may_influence", _DATA)),
    Rule("seed002/sanctions-7", _SANCTIONS,
         "Optional Huguenot revolt: from 1621 Guyenne secedes from France as a pliant state open to "
         "Protestant INFs only.",
         by=(_R + "_secessions", _ECO + "may_influence", _DATA)),
    Rule("seed002/sanctions-8", _SANCTIONS,
         "Optional Bohemian revolt: from 1618 Bohemia secedes from Austria as a pliant state open to "
         "Protestant INFs only.",
         by=(_R + "_secessions", _ECO + "may_influence", _DATA)),
    Rule("seed002/diplomatic-attack-1", _ATTACK,
         "A diplomatic attack (`STATE > POWER`) is made in a state where the attacker has or now places "
         "INFs, against a power with INFs there, with the placements.",
         by=(_ECO + "_diplomatic_attacks", _ORD + "parse_order")),
    Rule("seed002/diplomatic-attack-2", _ATTACK,
         "A power makes at most one diplomatic attack a phase.",
         by=(_ECO + "_diplomatic_attacks",)),
    Rule("seed002/diplomatic-attack-3", _ATTACK,
         "Placements are settled first; an attack is a mutual reduction: the weaker side loses all its "
         "INFs there and the stronger as many.",
         by=(_ECO + "influence", _ECO + "_diplomatic_attacks")),
    Rule("seed002/diplomatic-attack-4", _ATTACK,
         "Several attacks in one state are settled in the order Sweden, Denmark, England, Dutch Republic, "
         "Austria, France, Spain.",
         by=(_ECO + "_diplomatic_attacks", _DATA)),
    Rule("seed002/alignments-1", _ALIGN,
         "A minor state without INFs is unaligned, and passable to all.",
         by=(_S + "status", _DIP + "entry_allowed")),
    Rule("seed002/alignments-2", _ALIGN,
         "A power holding at least half of a state's INFs aligns it; it is then passable or not as the "
         "declarations allow.",
         by=(_S + "status", _DIP + "entry_allowed")),
    Rule("seed002/alignments-3", _ALIGN,
         "An aligned state's units obey the orders of the power it is aligned to.",
         by=(_ORD + "parse_order", _DIP + "side")),
    Rule("seed002/alignments-4", _ALIGN,
         "After the diplomatic attacks the players are shown every state's INFs and status in a table "
         "and in colour on the map.",
         by=(".pages:SECTIONS", ".report:SECTIONS", ".layer:Europe1615Layer")),
    Rule("seed002/neutrality-1", _NEUTRAL,
         "A state is neutral when two or more powers are equally invested, or three or more without one "
         "holding half.",
         by=(_S + "status",)),
    Rule("seed002/neutrality-2", _NEUTRAL,
         "A neutral state is impassable in every movement and retreat phase.",
         by=(_DIP + "entry_allowed", _R + "retreat_options")),
    Rule("seed002/markers-1", _MARKERS,
         "A state whose INFs are all Protestant (or all Catholic) carries that confession's marker; with "
         "both, only a confession holding twice the other's INFs places its marker.",
         by=(_S + "state_marker", _S + "markers")),
    Rule("seed002/markers-2", _MARKERS,
         "The Papal State starts with a Catholic marker.",
         by=(_DATA, _S + "state_marker")),
    Rule("seed002/markers-3", _MARKERS,
         "A marked state captured by a unit of its own confession gets a white marker; by the opposing "
         "confession, a red one (religious rebellion).",
         by=(_CTL + "_confessions_after_captures", _S + "markers")),
    Rule("seed002/minor-states-1", _MINORS,
         "A minor state's unit is disbanded when dislodged.",
         by=(_R + "_dislodged_disbanded",)),
    Rule("seed002/minor-states-2", _MINORS,
         "A power neither dislodges nor supports the dislodgement of its aligned minor's unit, and its "
         "attack on that unit cuts no support.",
         by=(_DIP + "friends",)),
    Rule("seed002/minor-states-3", _MINORS,
         "The capture of a minor state's home centre disbands all its units and frees its foreign "
         "centres, in the Winter Adjustment.",
         by=(_CTL + "_capitals_taken",)),
    Rule("seed002/declarations-1", _DECL,
         "Without a declaration of war or an alliance, no power nor its aligned minors enter another "
         "power's domain or the states aligned to it.",
         by=(_DIP + "entry_allowed", _R + "may_enter")),
    Rule("seed002/declarations-2", _DECL,
         "Declarations are made openly in a phase, recorded in its adjudication, and in force from the "
         "next movement phase.",
         by=(_DIP + "record_declarations", _DIP + "declaration_refused", _DIP + "apply_declarations", _R + "_advance")),
    Rule("seed002/declarations-3", _DECL,
         "Declarations of the Fall (or the Winter) come into force in the next Spring, not in the Winter "
         "phases.",
         by=(_R + "_advance",)),
    Rule("seed002/war-1", _WAR,
         "No declaration of war is needed to move against an unaligned minor state.",
         by=(_DIP + "entry_allowed",)),
    Rule("seed002/war-2", _WAR,
         "A unit ordered into a foreign province without a declaration of war does not enter it but may "
         "cause a standoff; a dislodged unit may retreat there if no standoff occurred.",
         by=(_R + "may_enter", _R + "retreat_options", _R + "_retreats")),
    Rule("seed002/war-3", _WAR,
         "Without a declaration of war a unit may still support a hold or a move, and convoy.",
         by=("judge.core.movement:MovementAdjudicator",)),
    Rule("seed002/alliances-1", _ALLY,
         "An alliance is made only when every member declares it.",
         by=(_DIP + "_alliances",)),
    Rule("seed002/alliances-2", _ALLY,
         "Allies move freely through each other's territories and centres and their aligned minor states.",
         by=(_DIP + "entry_allowed",)),
    Rule("seed002/alliances-3", _ALLY,
         "Allies neither dislodge nor support the dislodgement of each other's units (or their aligned "
         "minors'), and an ally's attack cuts no support.",
         by=(_DIP + "friends",)),
    Rule("seed002/alliances-4", _ALLY,
         "Allies may occupy but not capture each other's centres or those of their aligned states.",
         by=(_CTL + "_not_captured", _CTL + "_proxy")),
    Rule("seed002/alliances-5", _ALLY,
         "Any member may break from an alliance, declared in one phase and in force from a later movement "
         "phase.",
         by=(_DIP + "record_declarations", _DIP + "_breaks")),
    Rule("seed002/surrender", _SURRENDER,
         "A power may surrender to one at war with it, paying the agreed indemnity, which may not take it "
         "below 25 and is shared equally by the victor's alliance.",
         by=(_DIP + "_surrenders", _DIP + "_surrender_refused")),
    Rule("seed002/armistice", _ARMISTICE,
         "Powers at war may announce an armistice in any phase to end the war.",
         by=(_DIP + "_armistices", _DIP + "_armistice_refused")),
    Rule("seed002/control-1", _CONTROL,
         "A captured foreign province stays controlled only while occupied; unoccupied at the end of the "
         "Winter Adjustment, it reverts to its independent status.",
         by=(_CTL + "_control_settled", _CTL + "_province_settled")),
    Rule("seed002/control-2", _CONTROL,
         "A controlled state cannot be influenced; its INFs are held in suspension and come back into "
         "effect when its controller removes its unit and releases it.",
         by=(_ECO + "may_influence", _S + "state_status", _S + "controlled")),
    Rule("seed002/control-3", _CONTROL,
         "Occupation by proxy: an aligned minor's or an ally's unit in place of one's own keeps control.",
         by=(_CTL + "_proxy", _CTL + "_province_settled", _DATA)),
    Rule("seed002/control-4", _CONTROL,
         "Transferring control: in the Fall, with occupation by proxy, control may be announced to pass "
         "to the occupying minor or power; it passes in the Winter.",
         by=(_CTL + "transfers", _CTL + "_transfer_refused", _CTL + "_province_settled")),
    Rule("seed002/rebellion-1", _REBELLION,
         "A controlled centre of the opposing confession revolts: no income to the occupier, for as many "
         "movement phases as its value, then a black marker.",
         by=(_CTL + "_confessions_after_captures", _R + "_revolts_count_down", _ECO + "income")),
    Rule("seed002/rebellion-2", _REBELLION,
         "No rebellion when a Protestant power captures Bohemia or Guyenne: a black marker at once.",
         by=(_CTL + "_confessions_after_captures", _MAP)),
    Rule("seed002/attrition-1", _ATTRITION,
         "An army forced to retreat gains an attrition mark; forced to retreat again it is disbanded "
         "(armies only).",
         by=(_R + "_retreats", _R + "_marks_moved", _R + "_dislodged_disbanded", _R + "_marked")),
    Rule("seed002/attrition-2", _ATTRITION,
         "Attrition marks are relieved on all units in the Winter Adjustment.",
         by=(_CTL + "winter_adjustment",)),
    Rule("seed002/new-state", _NEW,
         "A home centre captured by a foreign power or minor and later let go becomes a new pliant minor "
         "state.",
         by=(_CTL + "_release_to", _CTL + "natural_owner")),
    Rule("seed002/power-units-1", _POWER_UNIT,
         "In the Winter Income and Build phase a unit costs the Military Cost Table's percentage of the "
         "treasury at the power's present size.",
         by=(_ECO + "_unit_bought", _S + "build_cost", _DATA)),
    Rule("seed002/power-units-2", _POWER_UNIT,
         "A unit is bought only on an unoccupied home centre; purchases are limited by the treasury and "
         "the vacant home centres.",
         by=(_ECO + "_unit_bought",)),
    Rule("seed002/power-units-3", _POWER_UNIT,
         "Each further unit is priced at the new size on what is left, and no purchase may leave the "
         "treasury below 25 (France buying two units).",
         by=(_ECO + "winter_income", _ECO + "_unit_bought", _S + "build_cost")),
    Rule("seed002/power-units-4", _POWER_UNIT,
         "No power has more than 15 units on the board.",
         by=(_ECO + "_unit_bought", _DATA)),
    Rule("seed002/minor-units-1", _MINOR_UNIT,
         "A minor state adds a unit when it controls a foreign centre.",
         by=(_ECO + "_minor_builds",)),
    Rule("seed002/minor-units-2", _MINOR_UNIT,
         "A minor state has no more units than controlled centres: in the Winter Adjustment the excess "
         "is disbanded, chosen by its aligned power, else the furthest first.",
         by=(_CTL + "_minor_excess_removed", _CTL + "_removal_choices")),
    Rule("seed002/income-1", _INCOME,
         "Each treasury starts at 50 and can never fall below 25.",
         by=(_DATA, _ECO + "_unit_bought", _ECO + "_influence_bought", _DIP + "_surrenders")),
    Rule("seed002/income-2", _INCOME,
         "In the Winter Income and Build phase a power receives the Income Map value of its home centres, "
         "its controlled centres and its controlled provinces without a centre (Switzerland).",
         by=(_ECO + "income", _R + "_advance", _MAP)),
    Rule("seed002/income-3", _INCOME,
         "Islamic states provide no income.",
         by=(_ECO + "income", _MAP)),
    Rule("seed002/income-4", _INCOME,
         "A home centre occupied by a power of the opposing confession is in revolt and pays nothing "
         "until the revolt is quelled.",
         by=(_ECO + "income", _CTL + "winter_adjustment")),
    Rule("seed002/objectives", "Objectives",
         "Each player chooses three objectives of his power's table before the game; they are revealed "
         "and scored at the final scoring.",
         by=(_S + "check_objectives", _S + "objectives_met", _S + "score", _DATA)),
    Rule("seed002/elimination", "Elimination",
         "A power holding none of its home centres is eliminated: its units are disbanded in the Winter "
         "Adjustment, its foreign centres freed, its INFs removed.",
         by=(_CTL + "_eliminations", _CTL + "_release_to")),
    Rule("seed002/scoring-1", "Mid-game and final scoring",
         "The game ends at the opening of 1630 with the final score; the highest wins; on a tie the "
         "players extend the game or call a draw.",
         by=(_R + "_scoring", _S + "score", _DATA)),
    Rule("seed002/scoring-2", "Mid-game and final scoring",
         "The referee may score the game at mid-game (1625) for the players to gauge their progress.",
         by=(_R + "_scoring", _DATA)),
    Rule("seed002/board-1", _BOARD,
         "Large states (Lower Saxony, Poland, the Papal State, Brandenburg, the Ottoman Empire) are "
         "aligned or neutral in all their provinces at once.",
         by=(_DATA, _S + "state_of", _DIP + "entry_allowed")),
    Rule("seed002/board-2", _BOARD,
         "Schleswig-Holstein has two coasts: a fleet from Copenhagen names one; no move from one coast "
         "to the other.",
         by=(_MAP,)),
    Rule("seed002/board-3", _BOARD,
         "The Dutch and the Swedes have units off centres at the start; Spain has an extra unit in "
         "Luxemburg.",
         by=(_DATA,)),
    Rule("seed002/mobilization-1", _MOBIL,
         "Without declarations aligned minors are impassable, except a power's own (NAP-MAR for Spain "
         "with the Papal State); no aligned minor or power attacks another's.",
         by=(_DIP + "entry_allowed",)),
    Rule("seed002/mobilization-2", _MOBIL,
         "Unaligned states are open and may be captured; the seas are open to all.",
         by=(_DIP + "entry_allowed", _DIP + "domain_owner")),
    # -- the clarifications and errata, latest first as the seed lists them -------------------------
    Rule("seed002/errata-2015-04-05-1", _errata("4-5-2015"),
         "Minors collect no income from revolting centres (no effect here: minors keep no treasury, and a "
         "revolting centre still counts for their units).",
         by=(_ECO + "income", _ECO + "_minor_builds")),
    Rule("seed002/errata-2015-03-14-1", _errata("3-14-2015"),
         "When an ally declares war, a member either breaks from the alliance in that Declaration phase or "
         "is forced to declare too (with the penalty).",
         by=(_DIP + "_wars", _DIP + "_breaks", _DATA)),
    Rule("seed002/errata-2015-03-14-2", _errata("3-14-2015"),
         "Breaking an alliance needs no agreement of the other members.",
         by=(_DIP + "_breaks",)),
    Rule("seed002/errata-2015-03-14-3", _errata("3-14-2015"),
         "A power may not break an alliance and declare war on its former ally in the same pass.",
         by=(_DIP + "_war_refused",)),
    Rule("seed002/errata-2015-03-14-4", _errata("3-14-2015"),
         "Ending a war is mutual; one side alone ends it only by surrender, which comes first and pays the "
         "indemnity.",
         by=(_DIP + "_armistices", _DIP + "_surrenders")),
    Rule("seed002/errata-2015-03-14-5", _errata("3-14-2015"),
         "A and B form an offensive alliance against C: both take the war penalty.",
         by=(_DIP + "_wars", _S + "score")),
    Rule("seed002/errata-2015-03-14-6", _errata("3-14-2015"),
         "An alliance outlives the enemy it was formed against; only a new declaration breaks it.",
         by=(_CTL + "_eliminations", _DIP + "_breaks")),
    Rule("seed002/errata-2015-03-14-7", _errata("3-14-2015"),
         "D declares war on A: A's ally B is at war with D without reciprocating.",
         by=(".position_state:Relations.at_war",)),
    Rule("seed002/errata-2015-03-14-8", _errata("3-14-2015"),
         "B declares war on E: B's ally A is at war with E too and obligated to declare (penalty), until "
         "it breaks the alliance in a later Declaration phase.",
         by=(_DIP + "_wars", ".position_state:Relations.at_war")),
    Rule("seed002/errata-2015-03-08-options", _errata("3-8-2015"),
         "In a Declaration phase a power may declare war on one opponent only, form or break alliances, "
         "take a neutral stance, end a war, or surrender.",
         by=(_DIP + "_war_refused", _DIP + "record_declarations", _ORD + "parse_order")),
    Rule("seed002/errata-2015-03-08-penalty", _errata("3-8-2015"),
         "A declaration of war costs a penalty at the final scoring; the power declared upon need not "
         "reciprocate.",
         by=(_S + "score", _DIP + "_wars", _DATA)),
    Rule("seed002/errata-2015-03-08-initiation", _errata("3-8-2015"),
         "The power that initiates a war and those that join its campaign each declare and take the "
         "penalty; the target and its allies take none and cannot be neutral.",
         by=(_DIP + "_wars", _DIP + "_neutrality_refused", _DIP + "_neutrality")),
    Rule("seed002/errata-2015-03-08-offensive", _errata("3-8-2015"),
         "Sharing a campaign is not an alliance: an alliance is announced and agreed by all its members, "
         "and only they pass through each other's lands.",
         by=(_DIP + "_alliances", _DIP + "entry_allowed")),
    Rule("seed002/errata-2015-03-08-defensive", _errata("3-8-2015"),
         "The target's allies are at war with the declarer and its allies; a member's own war on another "
         "power binds its allies to declare too (wars are settled before alliances).",
         by=(_DIP + "_wars", ".position_state:Relations.at_war")),
    Rule("seed002/errata-2015-03-08-neutrality", _errata("3-8-2015"),
         "A neutral power still supports holds and moves, cuts support, causes standoffs and convoys.",
         by=("judge.core.movement:MovementAdjudicator", _R + "may_enter")),
    Rule("seed002/errata-2015-03-08-movement", _errata("3-8-2015"),
         "Once at war, units may enter the enemy's territories, its aligned states and its allies' "
         "territories; allies enter each other's.",
         by=(_DIP + "entry_allowed", ".position_state:Relations.at_war")),
    Rule("seed002/errata-2015-03-08-join", _errata("3-8-2015"),
         "Joining an offensive alliance is declaring war on its target, with the penalty.",
         by=(_DIP + "_join_offensive_alliance", _DIP + "_alliances")),
    Rule("seed002/errata-2015-03-08-1", _errata("3-8-2015"),
         "A surrender takes priority over continued war, but needs the Declaration phase invoked again.",
         by=(_DIP + "_surrender_refused", _DIP + "_surrenders")),
    Rule("seed002/errata-2015-03-08-2", _errata("3-8-2015"),
         "A power is in one alliance at a time; breaking an alliance, or a neutral joining one, waits for "
         "a new Declaration phase; no break and war on the former ally in one pass.",
         by=(_DIP + "_alliance_refused", _DIP + "_war_refused", _DIP + "_neutrality_refused")),
    Rule("seed002/errata-2015-03-08-3", _errata("3-8-2015"),
         "A former ally's unit may stay in one's province; control changes hands at the end of the "
         "Mobilization phase (the Winter Adjustment).",
         by=(_CTL + "_province_settled",)),
    Rule("seed002/errata-2015-03-08-4", _errata("3-8-2015"),
         "A neutral state cannot be captured; while a foreign unit occupies it, it is passable (that unit "
         "may be attacked or supported).",
         by=(_CTL + "_not_captured", _DIP + "entry_allowed")),
    Rule("seed002/errata-2015-03-08-5", _errata("3-8-2015"),
         "Declarations restrict neither INF placements nor diplomatic attacks (against an ally, an enemy "
         "or a neutral).",
         by=(_ECO + "_placements", _ECO + "_diplomatic_attacks")),
    Rule("seed002/errata-2015-03-05-1", _errata("3-5-2015"),
         "One unit bought per Winter Income and Build phase (the rulebook's several purchases are an "
         "option).",
         by=(_ECO + "_unit_bought", _DATA)),
    Rule("seed002/errata-2015-03-05-2", _errata("3-5-2015"),
         "With 50 in the treasury every power can buy a unit except Spain.",
         by=(_S + "build_cost", _DATA)),
    Rule("seed002/errata-2015-03-02-1", _errata("3-2-2015"),
         "A power's units enter its own aligned states and they its domain; units move between states "
         "aligned to the same power (Denmark into Bremen, the Ottomans into Venice).",
         by=(_DIP + "entry_allowed", _DIP + "side")),
    Rule("seed002/errata-2015-03-02-2", _errata("3-2-2015"),
         "An aligned minor's unit substituted for one's own keeps control of a foreign province, until "
         "the minor changes allegiance.",
         by=(_CTL + "_proxy",)),
    Rule("seed002/errata-2015-03-02-3", _errata("3-2-2015"),
         "With occupation by proxy, control may be transferred to the minor (the rulebook's later text: "
         "by announcement in the Fall).",
         by=(_CTL + "transfers", _CTL + "_transfer_refused")),
    Rule("seed002/errata-2015-03-01-a", _errata("3-1-2015"),
         "A dislodged unit retreats neither where a standoff occurred (a move without declaration stands "
         "off) nor whence the attack came nor into an undeclared domain (Fall 1616: Spain to Milan).",
         by=(_R + "retreat_options", _R + "may_enter", _R + "_dislodged_disbanded")),
    Rule("seed002/errata-2015-03-01-b", _errata("3-1-2015"),
         "No diplomatic attack in a controlled state.",
         by=(_ECO + "_diplomatic_attacks", _DATA)),
    Rule("seed002/errata-2015-02-17-1", _errata("2-17-2015"),
         "Without a declaration no power enters another's territories or dependent states, but standoffs "
         "are allowed in any province.",
         by=(_R + "may_enter", _R + "_undeclared_moves_held", _DATA)),
    Rule("seed002/errata-2015-02-17-2", _errata("2-17-2015"),
         "Without declarations every power acts as a neutral: it supports holds and moves, causes "
         "standoffs and cuts support.",
         by=("judge.core.movement:MovementAdjudicator", _R + "may_enter")),
    Rule("seed002/errata-2015-02-11-1", _errata("2-11-2015"),
         "A foreign centre is kept only by occupation, assessed at the end of the Mobilization phase (the "
         "Winter Adjustment); home centres need no occupation.",
         by=(_CTL + "_control_settled", _CTL + "_province_settled")),
    Rule("seed002/errata-2015-02-11-2", _errata("2-11-2015"),
         "A centre let go and entered by an aligned minor's unit passes to that minor (replaced by "
         "3-2-2015 and the rulebook; an option).",
         by=(_CTL + "_proxy", _DATA)),
    Rule("seed002/errata-2015-02-11-3", _errata("2-11-2015"),
         "A captured home centre let go without a new occupier does not return to its power: it becomes a "
         "new pliant minor state.",
         by=(_CTL + "_release_to", _DATA)),
    Rule("seed002/tables", "Reconstructed tables (the seed's tables were images)",
         "The Influence Progression, Military Cost, Income, INF price, Objectives and Scoring tables are "
         "reconstructed and a game may override them.",
         by=(_DATA, ".tables:_merge_tables", ".tables:_Index")),
))
