"""The game protocol: everything windtunnel's generic code asks of a game.

A game is one package of code (``simulate/<game>/``) and one folder of data
(``configs/<game>/``), registered by one line in ``simulate/core/games.py``. Its
package's ``__init__`` exposes ``GAME``, an instance of a ``Game`` subclass; the
runner, the CLI, the bench, strategies, analysis and reports use nothing else of
it. ``docs/adding-a-game.md`` walks through it with a tiny dice game
(``tests/dicegame/``) as the example.

Keep a game's ``__init__`` light: import the kernel (numba) inside the methods
that play, so that checking a run's settings and failing on bad input stays quick.

What a game declares once (class attributes):
  name, title, players (fewest, most), score_unit ("VP", "glory"), tiebreak (how a
  tie on score is broken, in a sentence's words), variants (names a run may combine),
  tables (the Parquet tables a batch writes), chunk (games per kernel call),
  kernel_entry ("module.function" of its compiled batch entry point), records (the module
  declaring its tables' own columns and other tables; ``simulate/core/records.py`` builds
  them after the CORE columns: ``schemas()`` and Results' ``tables``),
  plugin_error_code (the ``Results.errors`` code of a game in which a plugin scorer
  failed; None for a game without plugins), options (run options of the game's own,
  name -> help: the CLI takes ``--<name> VALUE``; see ``check_options``), sections (its
  report's sections of its own, declared as data: ``simulate/core/sections.py``),
  balance_groups (seat attributes ``windtunnel balance`` can hold to a fair share: name ->
  labels; Results' ``group(name)`` and the seats column ``name`` hold them), variant_folder
  (the config folder's subfolder of variant files), no_values (its subfolders that hold no
  game values: strategies).

What it implements (methods):
  read_rules           config file / resolved dict + --set overrides + variants -> Rules
                       (callers use load_rules, which turns any slip into one ConfigError line;
                       ``read_config`` resolves a one-file config, and the base class's
                       read_rules reads one of whole numbers: ``config_ranges``, ``rules_table``)
  canonical_variant    a variant spec -> its canonical text ("base" or "a,b")
  check_options        a run's game options -> their canonical values (a game with options)
  seat_options         those options as one game of a rotated run seats them (for replay)
  strategy_schema      the StrategySchema of its strategies
  _results, _play      a batch's empty Results, and the rules that play games [first, first + n)
                       into them (``play``, the batch entry point, checks the player count and
                       the tape, reuses or makes the buffers, and calls them)
  subjects             the Subjects whose value a report measures
  content_items        the items of each kind of content its Usage sections measure (owner too)
  replay               one game of a run told turn by turn
  new_state            the Python face (State): one game, decision by decision; with
                       kernel_seats, what plain-Python strategies play through
  number_in, with_number  the number inside a config value that is not itself a number
                       (an amount inside an action string), for ``windtunnel balance --param``
  config_files         the TOML files holding its values (a run's: its variants only)
  config_key           where a file's key sits in the resolved config (as --set names it)
  assumed_values       the values its config files mark ASSUMED (``simulate/core/assumed.py``)
  assumed_entries      the config entries a finding's subject (an item of a subject or
                       section) rests on, to mark findings that rest on assumed values
  causal_items         the items whose effect a report measures as a cause by default: each
                       a what-if of its intervention table (``CausalItem``; ``docs/causal.md``)
  item_classes, item_absent  the items setup deals that the core's what-if "hold an item" gives
                       a seat (``simulate/core/held_items.py``), and those a config does not deal
  about                what ``windtunnel info`` says of it beyond the declared facts

Rules (whatever ``load_rules`` returns) has ``config`` (the resolved dict: a run
records it and a worker rebuilds the rules from it), ``hash``, ``path`` and
``player_range``. Results (what ``play`` returns; ``game``, the Game that played it) has the
arrays the generic code reads, as (n, players) or (n,) numpy arrays: ``won``, ``slot``
(strategy row), ``score``, ``tie``, ``turns``, ``errors`` (check-mode codes, 0 = none),
``capped`` (games a turn cap ended instead of the rules: the run summary and the bench show
their share); and ``tables(run_id=, run_seed=, first=, strategies=, variant=)`` -> {name:
pyarrow.Table} (``ArrayResults`` has them all for a kernel writing game and seat rows).

Plugin scorers (``strategies.plugin``) are user code: a game that takes them types
their array arguments read-only in ``scorer_signature`` (a scorer cannot write the
kernel's state), and when a scorer's score is not a finite number (an exception or
an index out of bounds becomes NaN) it ends that game with ``plugin_error_code`` in
``errors``, in any mode, check or not. The runner's worker fails the run on such a
game, naming the plugin strategy, the game and the seed (``simulate.running.worker``).
"""
import copy
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path

from .assumed import assumed_values
from .config_files import CONFIG_ROOT, TableRules, apply_overrides, merge_tables, read_toml, whole_numbers
from .errors import ConfigError, UserError
from .sections import Endings, FlagEffect, HeadToHead, LongValue, Pace, ScoreGroups, SeatHeatmap, State, Usage, Use

@dataclass(frozen=True)
class StrategySchema:
    """How a game's strategies are laid out for its kernel: one row of floats per strategy,
    ``[weights in use | one block per phase | parameters]`` (see ``strategies.roster``).

    ``policies`` maps a policy name to the kernel's code: "random" is required; a game
    with weights has "heuristic"; optional "lookahead" (parameters used), "plugin" (with
    ``scorer_signature``, a numba signature for plugin scorers), "record" and "replay"
    (the choice tape, ``simulate/core/tape.py``: the bench's rules-only timing, and with
    ``new_state(kernel_seats=)`` plain-Python strategies, whose seats are "replay" seats)."""

    features: tuple                  # weight names, in row order
    phases: tuple = ()               # phase names; each gets a block of weights
    params: dict = field(default_factory=dict)   # policy parameter -> default (whole numbers >= 0)
    param_words: dict = field(default_factory=dict)  # parameter -> {word: the kernel's code} (horizon=round)
    policies: dict = field(default_factory=lambda: {"random": 0})
    max_players: int = 4             # rows of the kernel's strategy arrays
    scorer_signature: object = None  # numba signature of a plugin scorer; None: no plugins
    folder: Path = None              # the game's strategy TOMLs (configs/<game>/strategies)
    default: str = "random"          # what a seat plays when not told

    @property
    def n_weights(self):
        return len(self.features)

    @property
    def param_offset(self):
        return self.n_weights * (1 + len(self.phases))

    @property
    def row_size(self):
        return self.param_offset + len(self.params)


@dataclass(frozen=True)
class Subject:
    """Something whose value a report measures: seats that have it against seats that do not.

    ``column`` is a seats column per item with ``{item}`` in it, a count (``favor_drawn_{item}``:
    with = more than 0), or, without ``{item}``, one categorical column (``tableau``: with = that
    value, without = another value). ``items`` in report order (() = found in the data).
    ``states`` names the with / without states in tables; ``played`` an optional second count
    column (``favor_played_{item}``) for a third state. A finding reads
    "Seats that <verb> <phrase> win ..."; ``named`` is the phrase where the game knows what an
    item is (a numbered action by its effect)."""

    name: str                        # the key column of its table and a finding's kind: "card"
    title: str                       # its report section: "Favor card value"
    column: str
    verb: str = "had"
    phrase: str = "{item}"           # "{Item}" capitalises, "the harbor {item} action"
    items: tuple = ()
    states: tuple = ("with", "without")
    played: str = None
    findings: bool = True            # whether its differences become findings
    note: str = ""                   # one sentence under its table
    same_as: str = ""                # a categorical column left out where the data holds it one-to-one
                                     # with this other column (it would say the same thing again)
    named: str = ""                  # the phrase where the game names the item (``Game.item_names``):
                                     # "space {item}'s action ({name})"; "" = `phrase` always

    def text(self, item, names=None):
        """How a sentence names an item; with `names` ({str(item): name}) and a `named` phrase, by
        what it is as well as its id ("space 7's action (4 points)")."""
        name = (names or {}).get(str(item))
        phrase = self.named if name and self.named else self.phrase
        return phrase.format(item=item, Item=str(item).capitalize(), name=name)


@dataclass(frozen=True)
class CausalItem:
    """An item whose effect a report measures as a cause (``simulate.running.causal``): the run's
    own games played again with the intervention `sets` ({intervention key: value}) on game k's
    seat k mod players, paired with the run's same seat in the same game."""
    kind: str                        # its class: a Subject's or section's name where one shows it ("card")
    title: str                       # the class in words ("Favor card")
    item: str                        # its id, as the report's tables name it ("aeolos", "7", "u01")
    sets: dict                       # the what-if: {key of the game's intervention table, or a dotted config key: value}
    sign: int = 1                    # +1: the what-if gives the item; -1: it takes it away (value = run - what-if)
    per_seat: bool = True            # False: it changes every seat's game (no win-rate verdict)
    games: int = 0                   # games a no-verdict item plays (0: ``simulate.running.causal.FIXED``)

    @property
    def key(self):
        return f"{self.kind}:{self.item}"


@dataclass
class Played:
    """A replayed game's outcome (``Game.replay``'s first value; ``error_message``: a check-mode
    violation, or empty)."""

    scores: list
    returns: list
    turns: int
    rounds: int
    error_message: str = ""


@dataclass
class ArrayResults:
    """Results of a kernel that writes one row per game (`games`: (capacity, columns)), one per
    seat (`seats`: (capacity, most players, columns)) and each game's seed (`seeds`); the first
    `n` rows are the batch's games. A subclass names its columns' offsets (class attributes):
    WON, SLOT (strategy row), SCORE, RANK of a seat row; TIE, TURNS, ROUNDS, WINNER (the seat,
    -1 for none), ERROR, ERROR_TURN (check mode's first violation) of a game row. From them
    ``simulate/core/records.py`` builds the CORE columns, then the game's own (``Game.records``).
    ``empty`` makes them for a kernel writing int32 rows GAME_COLS and SEAT_COLS wide."""

    games: object
    seats: object
    seeds: object
    n: int = 0
    n_players: int = 0
    game: object = field(default=None, repr=False)      # the Game that played them (``Game.play``)
    WON = SLOT = SCORE = RANK = TIE = TURNS = ROUNDS = WINNER = ERROR = ERROR_TURN = None
    GAME_COLS = SEAT_COLS = MAX_PLAYERS = None
    ENDED_BY = END_CAP = None       # a game row's "how it ended" column and its turn-cap code (a capped game)
    GROUPS = {}                     # balance group (``Game.balance_groups``) -> its seat row's column

    @classmethod
    def empty(cls, capacity):
        import numpy as np

        return cls(np.zeros((capacity, cls.GAME_COLS), np.int32),
                   np.zeros((capacity, cls.MAX_PLAYERS, cls.SEAT_COLS), np.int32), np.zeros(capacity, np.uint64))

    @property
    def capacity(self):
        return len(self.seeds)

    def _seat(self, col):
        return self.seats[:self.n, :self.n_players, col]

    won = property(lambda self: self._seat(self.WON) != 0)
    slot = property(lambda self: self._seat(self.SLOT))
    score = property(lambda self: self._seat(self.SCORE))
    tie = property(lambda self: self.games[:self.n, self.TIE] != 0)
    turns = property(lambda self: self.games[:self.n, self.TURNS])
    errors = property(lambda self: self.games[:self.n, self.ERROR])

    def group(self, name):
        """Each seat's label index in balance group `name` (``Game.balance_groups``), (n, players)."""
        return self._seat(self.GROUPS[name])

    @property
    def capped(self):
        import numpy as np

        if self.ENDED_BY is None:
            return np.zeros(self.n, bool)
        return self.games[:self.n, self.ENDED_BY] == self.END_CAP

    def same_games(self, other):
        """Whether two batches hold the same games, to the last point (the bench's check)."""
        import numpy as np

        return (self.n == other.n and np.array_equal(self.games[:self.n], other.games[:other.n])
                and np.array_equal(self.seats[:self.n], other.seats[:other.n]))

    def tables(self, *, run_id, run_seed, first, strategies, variant):
        from .records import tables
        return tables(self, import_module(self.game.records), run_id=run_id, first=first, strategies=strategies,
                      variant=variant)


def with_options(options):
    """The keyword arguments that hand a run's game options to ``play`` / ``replay``: none
    when it has none, so a game without options needs no ``options`` parameter."""
    return {"options": dict(options)} if options else {}


def parse_variants(text, known, title):
    """'base' or a combination of variants ("a,b" or "a+b") -> the list in the game's order
    ([] for the base game). Unknown names, repeats and 'base' in a combination are one error."""
    names = [v.strip() for v in str(text or "base").replace("+", ",").split(",") if v.strip()]
    if not names:
        raise UserError("--variant is empty (give base, or variants separated by commas)")
    if "base" in names:
        if len(names) > 1:
            raise UserError(f"--variant {text}: 'base' is the game without variants, it cannot be combined")
        return []
    for v in names:
        if v not in known:
            raise UserError(f"unknown variant {v!r} for {title} (known: {', '.join(('base',) + tuple(known))})")
    if len(set(names)) != len(names):
        raise UserError(f"--variant {text} names a variant twice")
    return [v for v in known if v in names]


class Game:
    """Base class of a game's protocol object (``simulate/<game>/__init__.py``: ``GAME``)."""

    name = None
    title = None
    players = (2, 4)
    score_unit = "points"
    tiebreak = "a tie on score is shared"
    variants = ()
    tables = ("games", "seats")
    # the table of `tables` with a row per card drawn (columns card, turn_played: null when never
    # played, and optionally kind): the report's "drawn, never played" reads it; None: no cards
    card_table = None
    chunk = 8192
    kernel_entry = None              # "module.function" of the numba batch entry point (bench: cache hit?)
    records = None                   # the module declaring its tables' columns (``simulate/core/records.py``)
    plugin_error_code = None         # Results.errors code of a game whose plugin scorer failed (see above)
    options = {}                     # run options of the game's own: name -> help (the CLI's --<name> VALUE)
    sections = ()                    # report sections of its own (simulate/core/sections.py), in report order
    # the config table of its interventions (`windtunnel whatif`): one seat per game, game k's seat
    # k mod players (``simulate.core.seats.treated_seat``), plays with what the table's values change; its keys, each
    # at its "none" value in the base config, are the interventions the game offers. None: none.
    intervention_table = None
    intervention_words = {}          # key -> its phrase in a sentence ("{value} VP more at the start")
    intervention_subjects = {}       # key -> (Subject name, phrase): its value is that subject's item
    # the classes of items setup deals that the core's what-if "hold an item" gives the treated
    # seat instead (``simulate.core.held_items.ItemClass``: each a key of the intervention table,
    # its words and causal items the core's; the game's kernel ``hold`` puts the item in its hand)
    item_classes = ()
    # the stronger strategies a run's findings are checked against (``simulate.running.robustness``), the
    # strongest last (a finding gone with it is one "only weaker play shows"), each with the most
    # games it plays (the run's, if fewer): a slow search player on a subsample
    skill_tiers = ()                 # none: --robustness then needs --tiers
    # seat-games a second on one core of the slow strategies among them (a report's next step says
    # how long a check against stronger play takes); a strategy not named plays at about the run's speed
    tier_speeds = {}
    # seat attributes a balance search can hold to a fair share (``windtunnel balance --objective
    # NAME``): name -> its labels. The seats table's column NAME holds a seat's label, and the batch
    # Results' ``group(NAME)`` its index into them, -1 for none.
    balance_groups = {}
    # a `windtunnel balance --param` that moves seat {seat}'s chances (the report's next step for
    # a seat off fair), or None where no config value does
    seat_knob = None
    # the knob only adds (a compensation, EOS's): a seat above fair is answered by a search over every
    # other seat's knob, a seat below fair by its own (``seat_params``); the knob may name {players}
    seat_knob_adds = False
    # games the report's causal values may play by default (``simulate.running.causal``): all items,
    # raced, at most this many games in all (about a minute on two cores)
    causal_budget = 0
    variant_folder = "variants"      # the config folder's subfolder of variant files (a game may call them modules)
    no_values = ("strategies",)      # config subfolders that hold no game values
    # a config of whole numbers only, for the base class's read_rules: each "section.key" -> (fewest, most),
    # and the keys whose values make the rules table its kernel reads, in order
    config_ranges = {}
    rules_table = ()

    def seat_params(self, players, seat, above=True):
        """The `--param` items of a balance search for seat `seat` off fair (above it or below) at
        `players`: the ``seat_knob`` at that seat, or, for a knob that only adds, at every other seat
        where the seat is above fair; [] without a knob."""
        if not self.seat_knob:
            return []
        seats = [s for s in range(players) if s != seat] if self.seat_knob_adds and above else [seat]
        return [self.seat_knob.format(seat=s, players=players) for s in seats]

    @property
    def config_dir(self):
        return CONFIG_ROOT / self.name

    def config_files(self, config=None, variants=None):
        """{label: path} of the TOML files holding the game's values, the label relative to the
        config folder ("base.toml", "variants/poseidon.toml"): the game's folder, or `config` (a
        folder replacing it, or a file replacing its base.toml), without the ``no_values``
        subfolders; with `variants` (a run's, [] for the base game) only those variants' files."""
        folder, base = self.config_dir, None
        if config is not None:
            config = Path(config)
            folder, base = (config, None) if config.is_dir() else (self.config_dir, config)
        files = {}
        for path in sorted(folder.rglob("*.toml"), key=lambda p: (len(p.relative_to(folder).parts), str(p))):
            rel = path.relative_to(folder)
            if rel.parts[0] in self.no_values or (
                    variants is not None and rel.parts[0] == self.variant_folder and path.stem not in variants):
                continue
            if base is not None and rel.as_posix() == "base.toml":
                files[base.name] = base
            else:
                files[rel.as_posix()] = path
        return files

    def config_key(self, label, path):
        """Where key `path` of config file `label` sits in the resolved config, as --set names it
        (None: nowhere --set reaches). The base class: variant files merge into the base's tables."""
        return path

    def assumed_values(self, config=None, variants=None, overrides=None, resolved=None):
        """The values the config files mark ASSUMED (``simulate.core.assumed.Assumed``); a run's
        `variants`, and its `overrides` (--set keys, read in its `resolved` config) left out:
        the designer's own."""
        return assumed_values(self.config_files(config, variants), self.config_key, overrides, resolved)

    def assumed_entries(self, kind, item, config):
        """[(file label, key path)]: the config entries an item of subject or section `kind` rests
        on ("angel", "alhana" -> [("angels.toml", "angel.alhana")]), in a run's resolved `config`;
        a finding about it is marked where they hold assumed values. None known: []."""
        return []

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if cls.item_classes:
            from .held_items import merge_words
            merge_words(cls)

    def intervention_values(self, config):
        """{intervention key: the values it takes, in words} of a resolved config (``windtunnel
        info``; the keys are the config's ``intervention_table``): its item classes' items."""
        from .held_items import values
        return values(self, config)

    def item_absent(self, item_class, name, config):
        """Why a resolved config deals no item `name` of `item_class` ("favor.hera.count is 0"),
        or "" where it does (the base class: every item of the class is dealt)."""
        return ""

    def held(self, config):
        """The (class index, item code) rows the config's what-if has the treated seat hold
        (``simulate.core.held_items.held``): none without item classes."""
        from .held_items import held
        return held(self.item_classes, config, self.intervention_table, self.item_absent)

    def about(self, config):
        """What ``windtunnel info`` tells of the game beyond its declared facts, from a resolved
        config: [(heading, [(name, description)])] (say, its factions by name)."""
        return []

    def check_players(self, n_players, rules=None):
        """One UserError unless n_players is a whole number the game (and its config) allows."""
        lo, hi = self.players
        if rules is not None:
            lo, hi = max(lo, rules.player_range[0]), min(hi, rules.player_range[1])
        if isinstance(n_players, bool) or not isinstance(n_players, int) or not lo <= n_players <= hi:
            raise UserError(f"{self.title} is for {lo}-{hi} players, not {n_players}")

    def canonical_variant(self, text):
        """'base', or the variants of a spec in the game's order, comma-separated."""
        return ",".join(parse_variants(text, self.variants, self.title)) or "base"

    def check_options(self, options, n_players):
        """A run's game options ({name: value}, the CLI's ``--<name> VALUE`` for each name in
        ``options``) -> their canonical values, or one UserError. The runner records them in
        the manifest (``game_options``) and hands them to ``play`` and ``replay`` as
        ``options=`` (only when there are some: a game without options takes no such
        argument). The base class refuses a name the game does not declare."""
        if not isinstance(options, dict):
            raise UserError(f"game options must be a mapping of name to value, not {options!r}")
        for name in options:
            if name not in self.options:
                own = f" ({self.title} takes {', '.join('--' + n for n in self.options)})" if self.options else ""
                raise UserError(f"no such option: --{name}{own}")
        return dict(options)

    def seat_options(self, options, game_index, n_players):
        """A run's game options as game `game_index` of a --rotate-seats run seats them (as the
        strategies: seat p gets what seat (p + game_index) mod n_players has in game 0), for
        ``replay``. The base class: unchanged (no option of the game is per seat)."""
        return options

    def load_rules(self, config=None, overrides=None, variants=None, data=None):
        """The game's ``read_rules``, with any failure it did not foresee turned into one
        ConfigError line naming the file (the one place configs' errors are wrapped)."""
        if config is not None and not str(config).strip():    # (else read as "no config": the base game)
            raise UserError("--config is empty (give a TOML file or config folder, or leave it out)")
        try:
            return self.read_rules(config, overrides, variants, data)
        except UserError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError) as e:
            where = config or ("--set" if overrides else "base config")
            raise ConfigError(where, None, f"invalid config ({type(e).__name__}: {e})") from None

    def read_config(self, config=None, overrides=None, variants=None, data=None):
        """(path, resolved config) for a ``read_rules`` of a game whose config is one file: `config`
        (default the game's base.toml) or a run's resolved `data`, each of `variants` merged in
        from its file in ``variant_folder`` (and listed under ``variants``), then the --set
        `overrides` applied; its values unchecked (``read_rules`` checks them)."""
        path = str(config or self.config_dir / "base.toml")
        data = copy.deepcopy(read_toml(path) if data is None else data)
        for v in parse_variants(",".join(variants or ["base"]), self.variants, self.title):
            merge_tables(data, read_toml(self.config_dir / self.variant_folder / f"{v}.toml"))
            data.setdefault("variants", []).append(v)
        apply_overrides(data, overrides or {})
        return path, data

    def read_rules(self, config=None, overrides=None, variants=None, data=None):
        """Rules from a config file (None: the game's base config) or the resolved dict of a
        run (`data`), with `variants` (names) merged in and `--set` `overrides` applied. The base
        class reads a one-file config of whole numbers (``config_ranges``) into ``TableRules``."""
        path, data = self.read_config(config, overrides, variants, data)
        return self._table_rules(data, data, path, overrides)

    def _table_rules(self, numbers, data, path, overrides=None):
        """``TableRules`` of config `data` (from `path`), its table the whole numbers of `numbers`
        (``config_ranges``, in ``rules_table``'s order)."""
        import numpy as np

        values = whole_numbers(numbers, self.config_ranges, path, overrides)
        return TableRules(np.array([values[key] for key in self.rules_table], np.int64), data, path)

    # ---- to implement
    def strategy_schema(self):
        raise NotImplementedError

    def play(self, rules, n_players, run_seed, first, n_games, POL, W, *, rotate=False, scorers=None,
             check=False, tape=None, out=None, options=None):
        """Play games [first, first + n_games) -> Results: the frame every game shares around its
        ``_play``, which plays them. `out`: an earlier Results with room for n_games, whose
        buffers are reused (the runner's worker plays chunk after chunk). `options`: a game's
        own (``check_options``'s values), handed on only when there are some."""
        self.check_players(n_players, rules)       # (a kernel's seat arrays hold the game's most players)
        if tape is not None and {"record", "replay"}.isdisjoint(self.strategy_schema().policies):
            raise UserError(f"{self.title} has no choice tape (no record/replay policies)")
        r = out if out is not None and out.capacity >= n_games else self._results(n_games)
        r.n, r.n_players, r.game = n_games, n_players, self
        self._play(rules, n_players, run_seed, first, n_games, POL, W, r, rotate=rotate, scorers=scorers,
                   check=check, tape=tape, **with_options(options))
        return r

    def _results(self, capacity):
        """Empty Results with room for `capacity` games (``play`` reuses them while they are large enough)."""
        raise NotImplementedError

    def _play(self, rules, n_players, run_seed, first, n_games, POL, W, r, *, rotate, scorers, check, tape):
        """The game's rules: games [first, first + n_games) into Results `r` (``play``'s arguments;
        a game with ``options`` also takes ``options=``)."""
        raise NotImplementedError

    def schemas(self):
        """{table: pyarrow.Schema} of each of ``tables``, as its ``records`` declare them."""
        from .records import schemas
        return schemas(import_module(self.records))

    def item_names(self, config):
        """{item id: the name a designer knows it by} for the items of the game's tables (cards,
        deeds, ...) and subjects (keys as text: a numbered action's "4 points"), from a run's resolved
        config; reports show "name (id)", a Subject its `named` phrase. None known: {}."""
        return {}

    def causal_items(self, config, n_players):
        """[CausalItem] of a run's resolved `config`: every item a report measures as a cause by
        default, each by one what-if of the game's ``intervention_table``: the base class's, each
        item of its item classes held from the start."""
        from .held_items import causal_items
        return causal_items(self, config)

    def seat_rule(self, config, n_players):
        """A CausalItem (kind "rule") whose what-if gives every seat the same number of turns (an end
        rule that plays the round out), measured with the items so that a report can split a seat's
        edge into the extra turns the printed end gives and the rest (``analysis.seat_parts``);
        None where the game has none or the run plays it already."""
        return None

    def content_items(self, config):
        """{kind: {item id: owner}}: every item of each kind of content a ``Usage`` section measures
        (``simulate/core/sections.py``, ``Use.kind``), from a run's resolved config, so that an item
        nobody used is listed too; owner: the value of the kind's `within` seats column that alone
        may use it (a nation's own card), None for every seat. None known: {} (items from the data)."""
        return {}

    @property
    def subjects(self):
        return ()

    def replay(self, rules, n_players, run_seed, game_index, strategies, *, check=False):
        """(played, text): game `game_index` of the run told turn by turn, `strategies` the
        seats' Strategy objects in seat order (the caller seats a rotated run's); the text
        ends with the final scores. `played.error_message` is a check-mode violation or
        empty; an optional `played.raw()` gives the kernel's log rows as text. A game with
        ``options`` also takes ``options=``, the run's as this game seats them (``seat_options``)."""
        raise NotImplementedError

    def number_in(self, value, part=None):
        """The number a balance search may change inside a config value that is not itself a
        number (an amount inside an action string), or None where the game reads none there; `part`
        names one of several (the text after '@' in ``--param KEY@PART=LO..HI``). A value it cannot
        take a number from raises UserError saying why. The base class: none."""
        return None

    def with_number(self, value, number, part=None):
        """`value` with the number ``number_in`` reads changed to `number`; UserError for a
        number the value cannot hold."""
        raise UserError(f"{self.title} reads no number inside a config value")

    def new_state(self, players, seed=0, game_index=0, rules=None, *, kernel_seats=None, options=None):
        """The Python face: game `game_index` of run `seed`, one decision at a time (OpenSpiel's
        ``State``: current_player, legal_actions, apply_action, is_terminal, scores, returns).
        `options`: the game's own, as this game seats them. `kernel_seats` (POL, W by seat, as
        the batch seats them): the kernel plays every seat whose policy is not "replay", and
        the face's ``tape`` lists the other seats' choices as "replay" seats read them (a game
        with "replay" in its policies implements it: plain-Python strategies need it)."""
        raise NotImplementedError

    def __repr__(self):
        return f"<game {self.name}>"
