"""EOS's implementation of the game protocol (``simulate/core/protocol.py``).

Everything the runner, the CLI, the bench, strategies, analysis and reports know about
EOS comes through ``GAME``. The kernel (numba) is imported only by the methods that play,
so checking a run's settings and refusing bad input stay quick.

A seat's nation is a run option of EOS's own (``Game.options``): ``--nations
noom,kusan,guild,kwanan`` gives seat p the p-th nation (``random`` for a random one);
without it every game deals random nations, all different, from its seed. With
``--rotate-seats`` the nations rotate with the strategies. The run's manifest records
the option (``game_options``), so a resumed run and a replay seat the same nations.
"""
import unicodedata
from dataclasses import dataclass, field

import numpy as np

from ..core.errors import UserError
from ..core.protocol import ArrayResults, CausalItem, Game, StrategySchema, Subject, parse_variants
from ..core.seats import seated_at
from . import layout as L
from .actions import SYMBOLS, ActionError, amount_in, with_amount
from .config import MODULES, NATIONS, intervention_choices, load_rules
from .sections import SECTIONS

NATION_OPTION = ("one nation per seat, comma-separated, seat 0 first (noom, mespanne, kusan, guild, kwanan; "
                 "'random' for a random one); default: random nations, all different")

def nation_names():
    return NATIONS


def parse_nations(value, n_players):
    """--nations text (or a list of names) -> the canonical text, one name per seat
    ("random" for a random one); one UserError for a bad one."""
    known = nation_names()
    items = value.split(",") if isinstance(value, str) else list(value) if isinstance(value, (list, tuple)) else None
    if items is None:
        raise UserError(f"--nations expects nation names separated by commas, got {value!r}")
    names = [str(v).strip().lower() for v in items]
    if not any(names):
        raise UserError("--nations is empty (give one nation per seat, or leave it out for random nations)")
    for name in names:
        if name not in known and name != "random":
            raise UserError(f"--nations: unknown nation {name!r} (known: {', '.join(known)}, or random)")
    if len(names) != n_players:
        raise UserError(f"--nations names {len(names)} nation{'' if len(names) == 1 else 's'} for {n_players} "
                        "players (give one per seat)")
    fixed = [n for n in names if n != "random"]
    if len(set(fixed)) != len(fixed):
        twice = next(n for n in fixed if fixed.count(n) > 1)
        raise UserError(f"--nations names {twice!r} twice (each nation plays at most one seat)")
    return ",".join(names)


def face_nations(options, n_players):
    """A game's --nations option as the Python face takes it: a name per seat, None for a
    random one; None without the option."""
    text = (options or {}).get("nations")
    return None if not text else [None if n == "random" else n for n in parse_nations(text, n_players).split(",")]


def nation_array(options, n_players):
    """The kernel's `nations` argument: a nation index per seat, -1 random (MAX_PLAYERS long)."""
    out = np.full(L.MAX_PLAYERS, -1, np.int64)
    text = (options or {}).get("nations")
    if text:
        known = nation_names()
        for p, name in enumerate(parse_nations(text, n_players).split(",")):
            out[p] = -1 if name == "random" else known.index(name)
    return out


@dataclass
class Results(ArrayResults):
    """One batch's result arrays (``protocol.ArrayResults``): games (capacity, N_GAME_COLS),
    seats (capacity, MAX_PLAYERS, N_SEAT_COLS), seeds, all int32 but the uint64 seeds."""

    content: object = None         # the content.Content the games were played with (names in the tables)
    cards: object = None           # (capacity, N_CARD_ROWS, CARD_RESULT_W) int16: each card's story (layout CARD_*)
    scratch: object = field(default=None, repr=False)   # kernel.scratch(), reused batch after batch
    WON, SLOT, SCORE, RANK = L.P_WON, L.P_SLOT, L.P_SCORE, L.P_RANK
    TIE, TURNS, ROUNDS, WINNER = L.G_TIE, L.G_TURNS, L.G_ROUNDS, L.G_WINNER
    ERROR, ERROR_TURN = L.G_ERROR, L.G_ERROR_TURN
    ENDED_BY, END_CAP = L.G_ENDED_BY, L.END_CAP
    GROUPS = {"nation": L.P_NATION}


class Eos(Game):
    name = "eos"
    title = "EOS: Island of Angels"
    players = (1, L.MAX_PLAYERS)         # 1: the Solo Mode only (--variant solo)
    score_unit = "glory"
    # the strongest last: the lookahead plays about 8 games/s a core, the MCTS player at 50 iterations
    # 1.3 in every seat of a three-player game (73% of two-player games against tuned; docs/mcts.md)
    skill_tiers = (("tuned", 100_000), ("lookahead", 500), ("mcts:iterations=50", 300))
    tier_speeds = {"lookahead": 16, "mcts:iterations=50": 2.2}    # seat-games/s a core (four players)
    tiebreak = "most glory wins, then most coins, then the victory is shared"
    # the seat compensation at setup, glory by player count (base.toml [seat_compensation], issue #42):
    # a seat above fair is answered by the others' (docs/eos-modules.md)
    seat_knob = "seat_compensation.glory_{players}p[{seat}]=0..40"
    seat_knob_adds = True
    variants = MODULES
    tables = ("games", "seats", "cards", "feats", "uses")
    card_table = "cards"
    chunk = 2048                    # games per kernel call: bounds a worker's result buffers
    kernel_entry = "simulate.eos.kernel.batch"
    records = "simulate.eos.records"
    intervention_table = "intervention"     # base.toml's [intervention] (interventions.py)
    intervention_words = {"nation": "the {value} nation", "upgrade": "upgrade {value} in play from the start",
                          "journey": "journey card {value} in hand from the start", "angel": "Angel {value}",
                          "angel_side": "awakened only as {value}",
                          "curse": "{value}'s curse in play from the start (for every seat)",
                          "deed": "deed {value} on the board from the start (for every seat)"}
    # the report's subject or section of each key's item (a curse or a deed changes every seat's game:
    # the treated seat's effect is no value of the item; an Angel's side takes two keys)
    intervention_subjects = {"nation": ("nation", "playing it"), "upgrade": ("upgrade", "starting with it in play"),
                             "journey": ("journey", "holding it from the start")}
    causal_budget = 1_000_000       # 174 items at 4 players raced: about 5 minutes on two cores
    plugin_error_code = 92          # scorer.ERR_PLUGIN (kept here: the protocol imports no kernel)
    options = {"nations": NATION_OPTION}
    balance_groups = {"nation": NATIONS}    # each nation's win rate over the seat-games it played
    variant_folder = "modules"
    no_values = ("strategies", "flags")     # flags/: the kernel's rule flags, texts not values

    def check_players(self, n_players, rules=None):
        """As the base class, within 1-5 whatever the config says; one player is the Solo Mode's
        (the solo module), and the Solo Mode is one player's."""
        if rules is not None and not isinstance(n_players, bool) and isinstance(n_players, int):
            solo = "solo" in rules.config.get("variants", ())
            if n_players == 1 and not solo:
                raise UserError(f"{self.title} is played by one player only in the Solo Mode: add --variant solo")
            if n_players != 1 and solo:
                raise UserError(f"the Solo Mode is played by one player, not {n_players} (--players 1)")
        super().check_players(n_players, rules)

    def check_options(self, options, n_players):
        options = super().check_options(options, n_players)
        if "nations" in options:
            options["nations"] = parse_nations(options["nations"], n_players)
        return options

    def read_rules(self, config=None, overrides=None, variants=None, data=None):
        """`config`: an EOS config folder (default ``configs/eos``) or one file of a resolved config
        (``windtunnel balance``'s balanced.toml); `variants`: the modules
        (``config.MODULES``: the rulebook's modules and deluxe content, combinable)."""
        modules = parse_variants(",".join(variants or ["base"]), self.variants, self.title)
        return load_rules(config, overrides, data=data, modules=modules)

    def strategy_schema(self):
        # a heuristic's weights: the glory worth of each action symbol, then what the greedy
        # weighs beyond them (layout.POLICY_WEIGHTS; docs/strategies-eos.md)
        from .scorer import SCORER_SIG
        return StrategySchema(features=SYMBOLS + L.POLICY_WEIGHTS, phases=L.PHASE_NAMES, params=dict(L.PARAMS),
                              param_words={"horizon": dict(L.HORIZON_WORDS)},
                              policies={"random": L.POL_RANDOM, "heuristic": L.POL_GREEDY, "lookahead": L.POL_LOOKAHEAD,
                                        "plugin": L.POL_PLUGIN, "record": L.POL_RECORD,
                                        "replay": L.POL_REPLAY, "mcts": L.POL_MCTS}, scorer_signature=SCORER_SIG,
                              max_players=L.MAX_PLAYERS, folder=self.config_dir / "strategies", default="balanced")

    def _results(self, capacity):
        from . import kernel
        return Results(*kernel.result_arrays(capacity))

    def _play(self, rules, n_players, run_seed, first, n_games, POL, W, r, *, rotate, scorers, check, tape,
              options=None):
        from ..core.tape import no_tape
        from . import kernel
        from .content import built
        from .precompile import COMPILE
        from .scorer import extension

        content = built(rules)
        n_progs = int(content.C[L.C_N_PROGS])
        if r.scratch is None or r.scratch.PV.shape[1] < n_progs:
            r.scratch = kernel.scratch(n_progs)
        if r.cards is None or len(r.cards) < r.capacity:
            r.cards = kernel.card_arrays(r.capacity)
        r.content = content
        with COMPILE.first_compile():           # (on two cores, if it is one)
            plan = kernel.Plan(n_players=n_players, run_seed=run_seed, first=first, n_games=n_games,
                               nations=nation_array(options, n_players), rotate=bool(rotate),
                               POL=np.asarray(POL, np.int64), WS=np.asarray(W, np.float64), check=bool(check))
            kernel.batch(content.C, content.NS, content.PR, plan, kernel.Out(r.games, r.seats, r.seeds, r.cards),
                         r.scratch, extension(scorers), no_tape() if tape is None else tape)

    @property
    def subjects(self):
        return (Subject("nation", "Nation value", "nation", verb="played", phrase="{Item}",
                        note="Seats played by each nation against those of the other nations (with --nations "
                             "and no --rotate-seats a nation keeps its seat: rotate to tell the two apart). The "
                             "nation boards' numbers the rulebook does not print are assumed, and were tuned with "
                             "windtunnel balance to be fair for the balanced strategy: with balanced this table is "
                             "fair by construction. Stronger play is further from fair on the same boards: the worst "
                             "nation 7.6 to 10.1 points from fair with tuned at 2-5 players, 15.3 with the MCTS "
                             "player at 4 (docs/assumptions.md, the fair stand-in)."),
                Subject("ship", "Ship value", "ship", verb="sailed", phrase="{item}", same_as="nation",
                        note="Seats played on each ship against those on the other ships, whatever the nation "
                             "(the free-ship module deals the ships; without it a ship is its nation's and "
                             "this section is left out)."))

    @property
    def sections(self):
        return SECTIONS

    def item_names(self, config):
        """Journey cards, upgrades (general and the nations'), deeds and Angels by their printed
        (or assumed) names; Demon Lords by their title ("Amban, Marauding Hordes")."""
        cards = [*config.get("journey", {}).get("card", []), *config.get("upgrades", {}).get("card", [])]
        for nation in config.get("nations", {}).values():
            cards += [*nation.get("journey", []), *nation.get("upgrade", [])]
        named = {c["id"]: c["name"] for c in [*cards, *config.get("deeds", {}).get("deed", []),
                                               *config.get("angels", {}).get("angel", [])] if "name" in c}
        named.update({lord["id"]: f"{lord['name']}, {lord['title']}" if lord.get("title") else lord["name"]
                      for lord in config.get("demon_lords", {}).get("lord", []) if "name" in lord})
        named.update({f"{sc['name']}/{k + 1}": task["text"] for sc in config.get("solo", {}).get("scenario", [])
                      for k, task in enumerate(sc.get("task", []))})       # the solo section's tasks
        deeds = config.get("deeds", {})
        named.update({d["trophy"]: f"the trophy of {d.get('name', d['id'])}" for d in deeds.get("deed", [])
                      if d.get("trophy")})
        for nation, data in config.get("nations", {}).items():       # the uses table's secondary actions
            named.update({f"{nation}_secondary_{k + 1}": f"{nation.capitalize()}'s secondary action {k + 1} "
                          f"({' + '.join(sec.get('actions', []))})" for k, sec in enumerate(data.get("secondary", []))})
        named.update({f"corner_{area['corner']}_{k + 1}": f"{area.get('name', area['id'])}: {reward}"
                      for area in config.get("map", {}).get("area", []) if area.get("corner")
                      for k, reward in enumerate(area.get("rewards", []))})   # blessing corner rewards
        return named

    def number_in(self, value, part=None):
        """An action string's amount, its size ('coins:-10' is 10: the sign stays the printed one);
        `part` names the symbol of one of several ('power:3 + coins:5' @coins)."""
        if not isinstance(value, str):
            return None
        try:
            return amount_in(value, part)
        except ActionError as e:
            raise UserError(str(e)) from None

    def with_number(self, value, number, part=None):
        try:
            return with_amount(value, number, part)
        except ActionError as e:
            raise UserError(str(e)) from None

    def config_key(self, label, path):
        """base.toml at the top, nations/<n>.toml under nations.<n>, another file under its name; a
        module's [set] and [add] reach the keys they name (``config.read_files``, ``apply_module``)."""
        folder, _, name = label.removesuffix(".toml").rpartition("/")
        if folder == "modules":
            head, _, rest = path.partition(".")
            return rest if head in ("set", "add") else path
        if folder == "nations":
            return f"nations.{name}.{path}"
        return path if name == "base" else f"{name}.{path}"

    def assumed_entries(self, kind, item, config):
        """A nation: its file; a ship: its nation's [ship]; an Angel, a Demon Lord (its curse too),
        a deed (with its trophy), a journey card or an upgrade: its entry, in the file that holds
        it (a nation's own cards in the nation's file, the deluxe module's in its file)."""
        if kind == "nation":
            return [(f"nations/{item}.toml", "")] if item in NATIONS else []
        if kind == "seat":              # the one assumed value measured to move a seat's chances (issue #42:
            # the compensation takes seat 0 from 36.9% to 24.7% at 4 players); equal corner rewards, "each"
            # objectives and a longer chronicle each left the edge within a point (docs/assumptions.md)
            return [("base.toml", "seat_compensation")] + [(f"modules/{m}.toml", "set.seat_compensation")
                                                            for m in MODULES]
        if kind == "ship":
            return [(f"nations/{n}.toml", "ship") for n in NATIONS
                    if config.get("nations", {}).get(n, {}).get("ship", {}).get("name") == item]
        tables = {"angel": ("angels", "angel"), "lord": ("demon_lords", "lord"), "curse": ("demon_lords", "lord"),
                  "deed": ("deeds", "deed"), "journey": ("journey", "card"), "upgrade": ("upgrades", "card")}
        if kind not in tables:
            return []
        file, table = tables[kind]
        own = {"journey": "journey", "upgrade": "upgrade"}.get(kind)
        for n in NATIONS if own else ():
            if any(c.get("id") == item for c in config.get("nations", {}).get(n, {}).get(own, [])):
                return [(f"nations/{n}.toml", f"{own}.{item}")] + [
                    (f"modules/{m}.toml", f"add.nations.{n}.{own}.{item}") for m in MODULES]
        entries = [(f"{file}.toml", f"{table}.{item}")]
        if kind == "deed":              # its trophy card too
            deed = next((d for d in config.get("deeds", {}).get("deed", []) if d.get("id") == item), {})
            if deed.get("trophy"):
                entries.append(("deeds.toml", f"trophy.{deed['trophy']}"))
        # (a module's [add] entries: the deluxe content)
        return entries + [(f"modules/{m}.toml", f"add.{f.removesuffix('.toml')}.{p}") for m in MODULES
                          for f, p in entries]

    def causal_items(self, config, n_players):
        """Each nation, general upgrade (in play from the start), general journey card (in hand from
        the start) and Angel side (the only side the seat may awaken it on), the treated seat's; and
        each deed and Demon Lord's curse, on the board from the start for every seat."""
        known = intervention_choices(config)
        per_seat = [("nation", "nation"), ("upgrade", "upgrade"), ("journey", "journey card")]
        items = [CausalItem(key, title, v, {key: v}) for key, title in per_seat for v in known[key]
                 if key != "nation" or n_players > 1]
        items += [CausalItem("angel", "Angel side", f"{a}:{side}", {"angel": a, "angel_side": side})
                  for a in known["angel"] for side in known["angel_side"]]
        items += [CausalItem("deed", "deed", d, {"deed": d}, per_seat=False) for d in known["deed"]]
        return items + [CausalItem("curse", "curse", c, {"curse": c}, per_seat=False) for c in known["curse"]]

    def seat_rule(self, config, n_players):
        """The round played out (the full-round module's rule) on the run's games: the seat edge's
        parts (``analysis.seat_parts``); none where the run plays it already, or alone."""
        if n_players < 2 or (config.get("game") or {}).get("round_played_out"):
            return None
        return CausalItem("rule", "end rule", "round-played-out", {"game.round_played_out": True}, per_seat=False,
                          games=20_000)

    def intervention_values(self, config):
        """Each key's values by id, an item whose name is more than its id with the name after it
        ("u01 (The Demon Heart)"; not "Amban" with its title)."""
        names = self.item_names(config)
        return {key: ", ".join(_id_and_name(v, names.get(v)) for v in values)
                for key, values in intervention_choices(config).items()}

    def about(self, config):
        """The five nations by name, each with its ship."""
        nations = config.get("nations", {})
        return [("Nations (--nations)", [(n, f"{nations[n]['nation']['name']}, ship {nations[n]['ship']['name']}")
                                         for n in NATIONS if n in nations])]

    def content_items(self, config):
        """The items of the report's usage section (``sections.USAGE``): Angels, Demon Lords, deeds,
        journey cards and upgrades (a nation's own with its nation as owner), and the `uses`
        table's kinds (``records.use_items``: a nation's secondary actions owned by it)."""
        from .content import built
        from .records import use_items

        content = built(self.load_rules(data=config))
        C = content.C

        def owned(ids, nation_at):
            return {x: NATIONS[C[nation_at + i]] if C[nation_at + i] >= 0 else None for i, x in enumerate(ids)}
        items = {"angel": dict.fromkeys(content.angels), "lord": dict.fromkeys(content.lords),
                 "deed": dict.fromkeys(content.deeds), "journey": owned(content.journey, L.C_J_NATION),
                 "upgrade": owned(content.upgrades, L.C_U_NATION)}
        for kind, listed in use_items(content).items():
            items[kind] = {x: (x.split("_secondary_")[0] if kind == "secondary" else None) for x in listed if x}
        return items

    def seat_options(self, options, game_index, n_players):
        """The nations rotate with the strategies (the kernel's batch: seat p of game k plays
        the nation given for seat (p + k) mod n_players)."""
        if not options.get("nations"):
            return options
        names = options["nations"].split(",")
        return dict(options, nations=",".join(names[seated_at(p, game_index, n_players, True)]
                                              for p in range(n_players)))

    def replay(self, rules, n_players, run_seed, game_index, strategies, *, check=False, options=None, tape=None):
        """Game `game_index` told in the rulebook's words (``transcript.py``); `options` as this
        game seats them."""
        from .transcript import replay

        played, told = replay(rules, n_players, run_seed, game_index, strategies, check=check,
                              nations=face_nations(options, n_players), tape=tape)
        return played, told if told.endswith("\n") else told + "\n"

    def new_state(self, players, seed=0, game_index=0, rules=None, *, kernel_seats=None, options=None):
        from .face import State

        return State(rules or self.load_rules(), players, seed, game_index, nations=face_nations(options, players),
                     kernel_seats=kernel_seats)


GAME = Eos()


def _id_and_name(item, name):
    """"u01 (The Demon Heart)"; the id alone where the name only spells it out ("Alhana",
    "Awaken the Drowned Redeemer", "Meâron, Preyed Upon" for "Mearon")."""
    def letters(text):
        return "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if c.isascii() and c.isalnum())
    return f"{item} ({name})" if name and not letters(name).startswith(letters(item)) else item
