"""The standard game's rulebook: every rule of seed 003 (the 1971 rulebook excerpt) by id.

Seed 003 is played by the core for every variant (a variant's seed names only what it changes),
so ``by`` points at the core, the order reader and the standard board's data. The sections are
the excerpt's, named by their subject: its opening lines on fleets and coasts (``coasts``), 2
Attack (``attack``), 3a Kiel and Constantinople, 3b provinces having two coasts, 3c Sweden and
Denmark, 4 the mechanics of writing orders (``orders``), 5 the Gamesmaster; the number after the
dash is the rule's place in its section.
"""

from ...rulebook import Rule, Rulebook

_MOVE = "judge.core.legality:MovementChecker.check"
_FLEET_TO = "judge.core.legality:_fleet_destination"
_SUPPORT_REACH = "judge.core.board:Board.can_reach"
_MAP = "data:map.txt"

RULEBOOK = Rulebook("standard", (
    # -- §1 (the excerpt's opening lines): fleets and coasts --------------------------------
    Rule("seed003/coasts-1", "§1 (fleets)",
         "A fleet moves from a coastal province to another only along a coastline they share: Rome to "
         "Tuscany or Naples, not Rome to Venice, which it touches only inland.",
         by=(_MAP, _FLEET_TO)),
    Rule("seed003/coasts-2", "§1 (fleets)",
         "No unit moves to an island except England: the other islands are no spaces of the board.",
         by=(_MAP, "judge.notation:parse_line")),
    Rule("seed003/coasts-3", "§1 (fleets)",
         "No unit moves to Switzerland (impassable), so none can support a move there.",
         by=(_MAP, "judge.core.legality:MovementChecker._move", _SUPPORT_REACH)),
    Rule("seed003/coasts-4", "§1 (fleets)",
         "No unit moves to a place not named on the board: such an order is not understood and the unit holds.",
         by=("judge.notation:parse_line", "judge.notation:Names")),
    # -- §2 Attack -------------------------------------------------------------------------
    Rule("seed003/attack-1", "§2 Attack",
         "A move order correctly given is an attack on its destination (it contests the space and cuts a "
         "support given there); an order not correctly given attacks nothing.",
         by=("judge.core.movement:MovementAdjudicator.attack_strength",
             "judge.core.movement:MovementAdjudicator._adjudicate_support")),
    # -- §3a Kiel and Constantinople -------------------------------------------------------
    Rule("seed003/kiel-constantinople-1", "§3a Kiel and Constantinople",
         "A fleet may enter Kiel or Constantinople along one coast and leave by the other on a later move.",
         by=(_MAP,)),
    Rule("seed003/kiel-constantinople-2", "§3a Kiel and Constantinople",
         "Armies pass into and out of Kiel and Constantinople freely, bridging the waterways.",
         by=(_MAP,)),
    Rule("seed003/kiel-constantinople-3", "§3a Kiel and Constantinople",
         "No unit jumps over Kiel or Constantinople (Heligoland Bight to the Baltic, the Black Sea to the "
         "Aegean, Bulgaria to Smyrna are no moves).",
         by=(_MAP, _MOVE)),
    # -- §3b Provinces having two coasts ---------------------------------------------------
    Rule("seed003/two-coasts-1", "§3b Two coasts",
         "A fleet enters Bulgaria, Spain or St Petersburg along one coast and may then move only to spaces "
         "adjacent to that coast.",
         by=(_MAP, _FLEET_TO)),
    Rule("seed003/two-coasts-2", "§3b Two coasts",
         "A fleet on one coast nevertheless occupies the entire province.",
         by=("judge.core.movement:MovementAdjudicator.hold_strength",)),
    Rule("seed003/two-coasts-3", "§3b Two coasts",
         "A fleet ordered to a two-coast province when it could reach either coast must name one, or it does "
         "not move (an order with one reachable coast needs none).",
         by=(_FLEET_TO,)),
    Rule("seed003/two-coasts-4", "§3b Two coasts",
         "A fleet that may move to a two-coast province may support an action anywhere in it, whatever the "
         "coast: Marseilles supports a move to, or a hold in, Spain (north coast).",
         by=(_SUPPORT_REACH, _MOVE)),
    Rule("seed003/two-coasts-5", "§3b Two coasts",
         "The converse is not true: a fleet on Spain's north coast cannot support into Marseilles, which it "
         "cannot reach in one move.",
         by=(_SUPPORT_REACH, _MOVE)),
    # -- §3c Sweden and Denmark ------------------------------------------------------------
    Rule("seed003/sweden-denmark-1", "§3c Sweden and Denmark",
         "An army or a fleet may move from Sweden to Denmark and back.",
         by=(_MAP,)),
    Rule("seed003/sweden-denmark-2", "§3c Sweden and Denmark",
         "A fleet going between the Baltic and the Skagerrak must first move to Sweden or Denmark.",
         by=(_MAP,)),
    Rule("seed003/sweden-denmark-3", "§3c Sweden and Denmark",
         "The border with Denmark does not split Sweden's coast: Sweden has one coast.",
         by=(_MAP,)),
    Rule("seed003/sweden-denmark-4", "§3c Sweden and Denmark",
         "Denmark does not border Berlin.",
         by=(_MAP,)),
    # -- §4 Mechanics of writing orders ----------------------------------------------------
    Rule("seed003/orders-1", "§4 Writing orders",
         "Every player's orders are written in secret and exposed at once: all the orders of a phase are "
         "adjudicated together, whatever the order they are read in.",
         by=("judge.adjudication:run_phase", "judge.core.phases:adjudicate")),
    Rule("seed003/orders-2", "§4 Writing orders",
         "An illegal order is not followed: the unit stands in its place (and may be supported there).",
         by=(_MOVE, "judge.core.phases:adjudicate")),
    Rule("seed003/orders-3", "§4 Writing orders",
         "A mistaken order, if legal, is followed.",
         by=(_MOVE,)),
    Rule("seed003/orders-4", "§4 Writing orders",
         "An order that admits of two meanings is not followed.",
         by=("judge.notation:parse_line", _FLEET_TO)),
    Rule("seed003/orders-5", "§4 Writing orders",
         "A badly written order that can have only one meaning is followed (misspellings, words, a wrong "
         "unit letter where one unit stands).",
         by=("judge.notation:parse_line", "judge.notation:Names.guess_province", _MOVE)),
    # -- §5 The Gamesmaster ----------------------------------------------------------------
    Rule("seed003/gamesmaster-1", "§5 Gamesmaster",
         "A neutral Gamesmaster collects and reads the orders and adjudicates: every unit gets a ruling with "
         "its reason, the same whichever power owns it.",
         by=("judge.adjudication:run_phase", "judge.adjudication:Report.resolutions")),
    Rule("seed003/gamesmaster-2", "§5 Gamesmaster",
         "The Gamesmaster keeps time for the diplomacy periods: each phase has its deadline.",
         by=("judge.store.settings:Schedule.deadline",)),
    Rule("seed003/gamesmaster-3", "§5 Gamesmaster",
         "The Gamesmaster keeps a running tally of who owns each supply centre (owners change after the "
         "Fall, and a centre stays its owner's when left).",
         by=("judge.core.phases:close_phase", "judge.core.variant:Rules.captures_now")),
))
