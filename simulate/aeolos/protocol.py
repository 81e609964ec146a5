"""AEOLOS's implementation of the game protocol (``simulate/core/protocol.py``).

Everything the runner, the CLI, the bench, strategies, analysis and reports know
about AEOLOS comes through ``GAME``. The kernel is imported only by the methods
that play, so checking a run's settings stays quick.
"""
from strategies import strategy_arrays
from strategies.plugin import scorers_for

from ..core.protocol import CausalItem, Game, StrategySchema, Subject
from . import layout as L
from .config import ITEM_CLASSES, VARIANTS, favor_absent, load_rules


class Aeolos(Game):
    name = "aeolos"
    title = "AEOLOS"
    players = (2, L.MAX_PLAYERS)
    score_unit = "VP"
    tiebreak = "a tie on VP goes to the highest temple place occupied; players still tied share the win"
    tables = ("games", "seats", "cards")
    card_table = "cards"
    chunk = 8192                    # games per kernel call: bounds a worker's scratch arrays
    kernel_entry = "simulate.aeolos.game.batch"
    records = "simulate.aeolos.records"
    plugin_error_code = L.CHK_PLUGIN
    intervention_table = "intervention"   # base.toml's [intervention]: favor, start_vp, start_wind, no_harbor, tableau
    item_classes = ITEM_CLASSES           # favor: the core's "hold an item at setup" (the kernel's hold_favor)
    intervention_words = {"start_vp": "{value} VP more at the start", "start_wind": "{value} wind more at the start",
                          "no_harbor": "no harbor {value} action, ever",
                          "tableau": "the {value} tableau instead of the one dealt"}
    # the report quotes an intervention's effect in the association finding of the same item
    intervention_subjects = {"no_harbor": ("harbor", "never taking it")}
    # the strongest last: the MCTS player at 50 iterations (about 7 games/s a core with three players in
    # every seat, and 71% against tuned) on a subsample (docs/mcts.md)
    skill_tiers = (("tuned", 100_000), ("lookahead", 2_000), ("mcts:iterations=50", 1_000))
    tier_speeds = {"lookahead": 80, "mcts:iterations=50": 15}     # seat-games/s a core (three players)
    seat_knob = "setup.starting_wind[{seat}]=1..6"     # docs/balance.md: wind 4 and 5 even out two players
    causal_budget = 1_500_000       # 15 items raced: under a minute on two cores for the 3-player demo

    @property
    def variants(self):
        return VARIANTS

    def read_rules(self, config=None, overrides=None, variants=None, data=None):
        return load_rules(config, overrides, data=data, variants=variants)

    def strategy_schema(self):
        from .scorer import SCORER_SIG
        return StrategySchema(
            features=L.WEIGHT_NAMES, phases=L.PHASE_NAMES, params={"rollouts": 8, "horizon": 0, "iterations": 200},
            param_words={"horizon": L.HORIZON_WORDS},
            policies={"random": L.POL_RANDOM, "heuristic": L.POL_HEURISTIC, "lookahead": L.POL_LOOKAHEAD,
                      "mcts": L.POL_MCTS, "plugin": L.POL_PLUGIN, "record": L.POL_RECORD,
                      "replay": L.POL_REPLAY},
            max_players=L.MAX_PLAYERS, scorer_signature=SCORER_SIG, folder=self.config_dir / "strategies",
            default="balanced")

    def _results(self, capacity):
        from .kernel import Results
        return Results.empty(capacity)

    def _play(self, rules, n_players, run_seed, first, n_games, POL, W, r, *, rotate, scorers, check, tape):
        from .kernel import game_seeds, play_batch

        r.seeds[:n_games] = game_seeds(run_seed, first, n_games)        # (the kernel keeps none)
        r.setup_favor = n_players * int(rules.config["setup"]["favor_cards_each"])
        play_batch(rules.T, n_players, run_seed, first, n_games, W, POL, check, r.games, r.seats, r.fdraws,
                   r.fdraw_n, rotate, scorers, tape)

    @property
    def subjects(self):
        return (
            Subject("card", "Favor card value", "favor_drawn_{item}", verb="drew", phrase="{Item}",
                    items=L.FAVOR_NAMES, states=("drawn", "not_drawn"), played="favor_played_{item}",
                    note="Seats that drew the card at least once in a game against those that never drew it: the "
                         "difference in their win rates (the improvement when drawn); played = "
                         "drew and played it."),
            Subject("harbor", "Harbor action value", "actions_harbor_{item}", verb="took",
                    phrase="the harbor {item} action", named="the harbor {item} action ({name})",
                    items=tuple(range(L.FIRST_HARBOR, L.FIRST_HARBOR + L.N_HARBORS)), states=("took", "not_took"),
                    note="Seats that took the harbor's action at least once in a game against those that did not."),
            Subject("ability", "Tableau ability value", "tableau", verb="were dealt", phrase="the {item} tableau",
                    states=("with", "without"), findings=False,
                    note="Seats dealt the ability against seats dealt another one (variant tableaus)."),
        )

    def item_names(self, config):
        """Each harbor number by what its action does ("3": "blue crystal or upriver 3"), from the
        config's harbor tokens; none under variant 4 (variable), where a number's action changes
        from game to game."""
        from .transcript import harbor_side_text

        if config.get("variable", {}).get("enabled"):
            return {}
        return {str(h["number"]): harbor_side_text(h.get("crystal", ""), h["action"], h.get("amount", 0))
                for h in config.get("harbor", []) if "number" in h and "action" in h}

    def assumed_entries(self, kind, item, config):
        """A Favor card: its [favor.<card>] table; a harbor's action: its [[harbor]] entry (its
        settlement spaces are assumed) and, under variant 4, its alternative side."""
        if kind == "card":
            return [("base.toml", f"favor.{item}")]
        if kind == "harbor":
            return [("base.toml", f"harbor.{item}"), ("variants/variable.toml", f"variable.alternative.{item}")]
        return []

    def causal_items(self, config, n_players):
        """Each Favor card (held instead of the one dealt), each harbor's action (never taken: its
        value is the run's seat against the what-if's) and, with variant tableaus, each tableau."""
        items = super().causal_items(config, n_players)
        items += [CausalItem("harbor", "harbor action", str(h), {"no_harbor": h}, sign=-1)
                  for h in range(L.FIRST_HARBOR, L.FIRST_HARBOR + L.N_HARBORS)]
        if (config.get("tableaus") or {}).get("enabled"):
            items += [CausalItem("ability", "tableau", name, {"tableau": name}) for name in L.ABILITY_NAMES]
        return items

    def item_absent(self, item_class, name, config):
        return favor_absent(item_class, name, config)

    def intervention_values(self, config):
        harbors = f"{L.FIRST_HARBOR}-{L.FIRST_HARBOR + L.N_HARBORS - 1}"
        return {**super().intervention_values(config), "start_vp": "1-100", "start_wind": "1-20",
                "no_harbor": harbors, "tableau": ", ".join(L.ABILITY_NAMES) + " (with --variant tableaus)"}

    def replay(self, rules, n_players, run_seed, game_index, strategies, *, check=False, tape=None):
        """Game `game_index` of run `run_seed` as the batch plays it, with `strategies` by seat, kept
        and told (``kernel.play_one``, ``transcript``); `tape`: the choices of its plain-Python seats
        (``simulate/core/python_play.py``). Returns (PlayedGame, transcript text)."""
        from .kernel import play_one
        from .transcript import transcript

        self.check_players(n_players, rules)
        POL, W = strategy_arrays(self, strategies)
        game = play_one(rules, n_players, run_seed, game_index, POL, W, check=check, script=tape,
                        scorers=scorers_for(strategies))
        return game, transcript(rules, game, [s.name for s in strategies], run_seed, game_index)

    def new_state(self, players, seed=0, game_index=0, rules=None, *, kernel_seats=None, options=None):
        from .state import State
        rules = rules or self.load_rules()
        self.check_players(players, rules)
        return State(rules, players, seed, game_index, kernel_seats=kernel_seats)


GAME = Aeolos()
