"""Maharajah's rulebook: every rule of seed 004 (Maharajah's Diplomacy v2) by id, its
clarifications and its footnote included.

Sections are named by subject: the opening line (``standard``: all else as in the standard game,
seed 003), §1 victory, §2 navigable rivers and river convoys (``rivers``), §3 additional home
centres (``homes``), §4 the start, §5 the Monsoon, the designer's five clarifications of the
river convoys (``clarification-1`` to ``-5``) and the footnote on choosing the simplified rules
(``options``). The number after the dash is the rule's place in its section.
"""

from ...rulebook import Rule, Rulebook

_RULES = ".rules:MaharajahRules"

RULEBOOK = Rulebook("maharajah", (
    Rule("seed004/standard-1", "Opening line",
         "All rules are as in the standard game (seed 003), except those below.",
         by=("judge.core.phases:adjudicate", "judge.core.variant:Rules")),
    # -- §1 --------------------------------------------------------------------------------
    Rule("seed004/victory-1", "§1 Victory",
         "A power wins by owning a majority of the supply centres, 19 of 37 (counted after the Fall).",
         by=("data:variant.yaml", f"{_RULES}.winner")),
    # -- §2 --------------------------------------------------------------------------------
    Rule("seed004/rivers-1", "§2 Navigable rivers",
         "The Indus, the Ganges/Brahmaputra/Patna/Hooghly and the Irrawaddy carry fleets up into the "
         "interior: fleets move along them (and nowhere else inland).",
         by=("data:map.txt", "data:variant.yaml", f"{_RULES}.rivers")),
    Rule("seed004/rivers-2", "§2 Navigable rivers",
         "The rivers are no spaces: a fleet stands on the province a river touches, holding it (and its "
         "centre) like any unit.",
         by=("data:map.txt", f"{_RULES}.is_river_province")),
    Rule("seed004/rivers-3", "§2 River convoys",
         "Fleets on the rivers can convoy armies, alone or in chains.",
         by=(f"{_RULES}.can_carry_convoy", f"{_RULES}.convoy_link")),
    Rule("seed004/rivers-4", "§2 River convoys",
         "A fleet that attacks a convoying fleet in a river province disrupts the convoy whether or not the "
         "attack succeeds (at sea, only dislodgement disrupts).",
         by=(f"{_RULES}.attack_disrupts_convoy",)),
    Rule("seed004/rivers-5", "§2 River convoys",
         "An attacking army must dislodge the river fleet to disrupt its convoy.",
         by=(f"{_RULES}.attack_disrupts_convoy", "judge.core.movement:MovementAdjudicator._convoy_stands")),
    Rule("seed004/rivers-6", "§2 Simplified rule",
         "Simplified rule (option river_convoys: false): the rivers are navigable but carry no convoys.",
         by=(f"{_RULES}.river_convoys", f"{_RULES}.can_carry_convoy", f"{_RULES}.convoy_endpoint")),
    # -- §3 --------------------------------------------------------------------------------
    Rule("seed004/homes-1", "§3 Additional home centres",
         "A supply centre (owned by the power or not) on which a power leaves one specific unit for a whole "
         "game year (Spring, Fall and Monsoon) becomes a home centre of that power.",
         by=(f"{_RULES}.after_phase", ".state:MaharajahState")),
    Rule("seed004/homes-2", "§3 Additional home centres",
         "Moving a different unit onto the centre in the Fall is not effective.",
         by=(f"{_RULES}.play_phase", f"{_RULES}.after_phase")),
    Rule("seed004/homes-3", "§3 Additional home centres",
         "A centre captured but not converted stays, as in the standard game, a home centre of its original "
         "owner, though it belongs to another power: neither may build there until the owner retakes it.",
         by=(f"{_RULES}.can_build_at", ".rules:effective_homes")),
    Rule("seed004/homes-4", "§3 Additional home centres",
         "A centre is a home centre of one power at a time: one converted by another power is no longer its "
         "former power's home, which must recapture and reconvert it.",
         by=(f"{_RULES}.after_phase", f"{_RULES}.can_build_at", ".state:MaharajahState")),
    Rule("seed004/homes-5", "§3 Simplified rule",
         "Simplified rule (option build_anywhere: true): a power may build in any vacant supply centre it owns.",
         by=(f"{_RULES}.build_anywhere", f"{_RULES}.can_build_at", f"{_RULES}.phase_needed")),
    # -- §4, §5 ----------------------------------------------------------------------------
    Rule("seed004/start-1", "§4 Start",
         "The game starts in 1501 (Spring 1501 Movement).",
         by=("data:variant.yaml",)),
    Rule("seed004/monsoon-1", "§5 Monsoon",
         "The adjustment phase, Winter, may be called Monsoon: the judge writes Monsoon and reads either.",
         by=(".rules:CALENDAR", ".rules:CALENDAR.other_names")),
    # -- Clarifications of the river convoys --------------------------------------------------
    Rule("seed004/clarification-1", "Clarification 1",
         "An army's origin or destination in a convoy must border a water province or border or contain a "
         "river: not inland provinces such as Kandahar, Jaipur or Warangal.",
         by=(f"{_RULES}.convoy_endpoint",)),
    Rule("seed004/clarification-2", "Clarification 2",
         "A fleet moves (or convoys directly) between two river provinces only when they are adjacent by "
         "coast or by river: not between Assam and Ava, nor Agra and Lahore.",
         by=("data:map.txt", f"{_RULES}.convoy_link")),
    Rule("seed004/clarification-3", "Clarification 3",
         "A convoy may mix river and sea fleets: A Assam-Jaffna through F Bengal, F Bay of Bengal, F Nicobar Sea.",
         by=(f"{_RULES}.convoy_link",)),
    Rule("seed004/clarification-4", "Clarification 4",
         "A fleet in a river province convoys directly only from or to provinces bordering it by river: Bengal "
         "from or to Assam, Benares, Muzaffarpur, Orissa and Sambalpur, not Pegu (coast only).",
         by=(f"{_RULES}.convoy_link", f"{_RULES}.borders_by_river")),
    Rule("seed004/clarification-5", "Clarification 5",
         "An attacked fleet does not have the power to disrupt a river convoy by attacking it (F Benares - "
         "Sambalpur, attacked by A Orissa - Benares, does not disrupt F Sambalpur's convoy).",
         by=(f"{_RULES}.attack_disrupts_convoy",)),
    # -- Footnote --------------------------------------------------------------------------
    Rule("seed004/options-1", "Footnote **",
         "The Gamesmaster and players choose before the game whether to use one, both or neither simplified "
         "rule: each is its own option of the game (full rules by default).",
         by=("data:variant.yaml", f"{_RULES}", "judge.positions:parse_position")),
))
