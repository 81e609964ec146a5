"""The strategy layer: roster, TOML and parameter strategies, game phases, Python
plugins, hidden information, legality under check mode, tournaments and tuning."""
import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from simulate.aeolos import game as G
from simulate.aeolos import layout as L
from simulate.aeolos.kernel import buffers
from simulate.aeolos.observe import determinize, observe
from simulate.aeolos.engine import F_TURN, choose, decision_kind, push, step
from simulate.aeolos.pieces import game_phase
from simulate.aeolos.policy import activate_phase
from simulate.aeolos.search import decide
from simulate.aeolos.turn import start_turn
from simulate.aeolos.scorer import extension
from simulate.cli import app
from simulate.core.errors import UserError
from simulate.core.games import get_game
from simulate.core.protocol import Game, StrategySchema
from strategies import load_strategy, resolve_strategies, strategy_arrays, strategy_names
from strategies.match import play_match, shares_by_slot
from strategies.plugin import load_plugin, registered, scorer
from strategies.roster import row_from_tables

ROOT = Path(__file__).resolve().parent.parent
GAME = get_game("aeolos")
EXAMPLE_PLUGIN = ROOT / "configs" / "aeolos" / "strategies" / "plugins" / "example.py"
ROSTER = ["random", "greedy", "temple", "crystal", "prophet", "builder", "favor", "balanced", "lookahead", "tuned", "mcts"]
runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def one_line_error(r, words):
    return r.exit_code == 2 and words in r.output and len(r.output.strip().splitlines()) == 1


def tables(rules, n_players, strategies, seed=3, n=60, rotate=False):
    chosen, POL, W = resolve_strategies(GAME, strategies, n_players)
    r = GAME.play(rules, n_players, seed, 0, n, POL, W, rotate=rotate, scorers=[c.plugin for c in chosen])
    return r.games, r.seats


def assert_legal(rules, n_players, seed, n, strategies):
    """Check mode (conservation after every step, scripted legality) over n games."""
    chosen, POL, W = resolve_strategies(GAME, strategies, n_players)
    r = GAME.play(rules, n_players, seed, 0, n, POL, W, scorers=[c.plugin for c in chosen], check=True)
    assert not r.errors.any(), (strategies, [L.CHECK_MESSAGES[int(e)] for e in r.errors if e])


# ---------------------------------------------------------------- roster and names
def test_roster_has_every_style_with_a_description():
    r = run("strategies", "list", "aeolos")
    assert r.exit_code == 0
    listed = {line.split()[0]: line for line in r.output.splitlines()}
    assert set(listed) == set(ROSTER)
    for name in ROSTER:
        assert len(listed[name].split()) > 3, name
    assert listed["balanced"].endswith("(default)")


def test_strategies_list_without_a_game_groups_every_game():
    r = run("strategies", "list")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0] == "AEOLOS (aeolos):"
    assert {line.split()[0] for line in lines[1:] if line.startswith("  ")} >= set(ROSTER)
    r = run("strategies", "list", "nope")
    assert one_line_error(r, "unknown game 'nope'")


def test_roster_strategies_play_differently(rules):
    """Each named style is its own player: no two heuristics give the same games."""
    seen = {}
    for name in ["greedy", "temple", "crystal", "prophet", "builder", "favor", "balanced", "tuned"]:
        _, s = tables(rules, 2, f"{name},random", n=30)
        key = s[:, :2, :].tobytes()
        assert key not in seen, f"{name} plays exactly like {seen.get(key)}"
        seen[key] = name


def test_styles_lean_the_way_their_names_say(rules):
    """Against balanced, on the same deals, the temple runner sacrifices more ships, the
    prophet climbs higher, the builder builds more, the crystal collector takes more
    crystals, the favor player draws more Favor cards than balanced itself does."""
    def mean(name, cols):
        _, s = tables(rules, 2, f"{name},balanced", n=300)
        cols = cols if isinstance(cols, list) else [cols]
        return s[:, 0, cols].sum(axis=-1).mean()

    assert mean("temple", G.P_SHIPS_SACRIFICED) > mean("balanced", G.P_SHIPS_SACRIFICED)
    assert mean("prophet", G.P_PROPHET) > mean("balanced", G.P_PROPHET)
    assert mean("builder", [G.P_SETTLEMENTS, G.P_SHIPS_BUILT]) > mean("balanced", [G.P_SETTLEMENTS, G.P_SHIPS_BUILT])
    crystals = list(range(G.P_CRYSTALS, G.P_CRYSTALS + L.PURPLE))
    assert mean("crystal", crystals) > mean("balanced", crystals)
    drawn = list(range(G.P_FAVOR_DRAWN, G.P_FAVOR_DRAWN + L.N_FAVOR_TYPES))
    assert mean("favor", drawn) > mean("balanced", drawn)


def test_parameters_after_the_name_change_the_weights():
    s = load_strategy("aeolos", "greedy:wind=2.5:late.vp=3:rollouts=4")
    assert s.game == "aeolos"
    assert s.weight("wind") == 2.5 and s.weight("wind", "late") == 2.5
    assert s.weight("vp", "late") == 3 and s.weight("vp", "early") == load_strategy(GAME, "greedy").weight("vp")
    assert s.weights[L.W_PARAMS + L.PARAM_ROLLOUTS] == 4
    assert s.name == "greedy:wind=2.5:late.vp=3:rollouts=4"


@pytest.mark.parametrize("spec,words", [("greedy:wind", "NAME=NUMBER"), ("greedy:wind=lots", "NAME=NUMBER"),
                                        ("greedy:speed=2", "unknown feature"), ("greedy:dawn.vp=1", "unknown phase"),
                                        ("nobody", "unknown strategy 'nobody'"),
                                        ("lookahead:rollouts=1.5", "whole number"),
                                        ("random:wind=1", "takes no parameters"),
                                        ("random:rollouts=2", "takes no parameters"),
                                        ("greedy:wind=nan", "finite"), ("greedy:late.vp=-inf", "finite"),
                                        ("lookahead:rollouts=inf", "finite")])
def test_bad_strategy_parameters_are_one_clear_error(spec, words):
    with pytest.raises(UserError, match=words):
        load_strategy(GAME, spec)


@pytest.mark.parametrize("text,words", [
    ('[weights]\nvp = 1\n[phase.dusk]\nvp = 2\n', "unknown phase"),
    ('[weights]\nvp = 1\n[phase.late]\nluck = 2\n', "unknown feature"),
    ('policy = "oracle"\n[weights]\nvp = 1\n', "unknown policy"),
    ('base = "SELF"\n', "its own base"),
    ('[weights]\nvp = "one"\n', "expected a number"),
    ('[weights]\nvp = nan\n', "finite"),
    ('[weights]\nvp = 1\n[phase.late]\nwind = -inf\n', "finite"),
    ('[params]\nhorizon = inf\n[weights]\nvp = 1\n', "finite"),
    ('[params]\nrollouts = -1\n[weights]\nvp = 1\n', "whole number"),
    ('description = "no weights"\n', "missing \\[weights\\]"),
])
def test_malformed_strategy_toml_names_file_and_field(tmp_path, text, words):
    path = tmp_path / "mine.toml"
    path.write_text(text.replace("SELF", "mine"))
    with pytest.raises(UserError, match=words) as e:
        load_strategy(GAME, str(path))
    assert "mine.toml" in str(e.value)


def test_a_toml_strategy_from_a_base_inherits_and_overrides(tmp_path):
    path = tmp_path / "keen.toml"
    path.write_text('base = "balanced"\n[weights]\nship = 9.5\n[phase.late]\nvp = 2\n')
    s, b = load_strategy(GAME, str(path)), load_strategy(GAME, "balanced")
    assert s.weight("ship", "early") == 9.5 and s.weight("ship", "late") == 9.5
    assert s.weight("vp", "late") == 2 and s.weight("crystal") == b.weight("crystal")


# ---------------------------------------------------------------- game phases
def test_game_phase_is_the_third_of_the_draws_under_way():
    S = np.zeros(L.S_SIZE, np.int32)
    S[L.S_N_PLAYERS], S[L.S_PASS_SIZE] = 2, 30
    for deck, phase in [(30, 0), (21, 0), (19, 1), (11, 1), (9, 2), (0, 2)]:
        S[L.S_DECK_N] = deck
        assert game_phase(S) == phase, deck
    S[L.S_N_PLAYERS] = 4                       # two passes through the deck: the first is phases 0-1
    S[L.S_DECK_N] = 5
    assert game_phase(S) == 1
    S[L.S_REFILLS], S[L.S_DECK_N] = 1, 25
    assert game_phase(S) == 1
    S[L.S_DECK_N] = 5
    assert game_phase(S) == 2


def test_activate_phase_puts_the_block_of_the_phase_the_turn_began_in_in_use():
    s = load_strategy(GAME, "greedy:late.wind=4:early.wind=0.5")
    W = np.zeros((L.MAX_PLAYERS, L.N_WCOLS))
    W[1] = s.weights
    S = np.zeros(L.S_SIZE, np.int32)
    S[L.S_N_PLAYERS], S[L.S_PASS_SIZE], S[L.S_DECK_N] = 2, 30, 2
    start_turn(S, np.zeros((0, L.LOG_COLS), np.int32))
    S[L.S_DECK_N] = 30                         # (a card swap mid-turn does not change the turn's phase)
    activate_phase(S, W, 1)
    assert W[1, L.W_WIND] == 4
    start_turn(S, np.zeros((0, L.LOG_COLS), np.int32))
    activate_phase(S, W, 1)
    assert W[1, L.W_WIND] == 0.5


def test_a_late_phase_weight_changes_only_late_play(rules):
    """A strategy that differs from greedy only in its late block plays greedy's game
    until the late phase: the same first turns, a different end."""
    same = tables(rules, 2, "greedy:late.vp=1", n=80)[1]        # greedy's own vp weight is 1
    base = tables(rules, 2, "greedy", n=80)[1]
    changed = tables(rules, 2, "greedy:late.vp=-3", n=80)[1]
    assert np.array_equal(same, base)
    assert not np.array_equal(changed, base)


# ---------------------------------------------------------------- hidden information
def mid_game_states(rules, n_players, count, seed=11):
    """States at the sailing card's decision of turns of greedy games (its options in OPT)."""
    _, POL, W = resolve_strategies(GAME, "greedy", n_players)
    out = []
    for k in range(count):
        S, R, OPT, SC = buffers()
        LOG, SCR = np.zeros((0, L.LOG_COLS), np.int32), np.zeros((0, 4), np.int32)
        G.new_game(rules.T, LOG, n_players, seed, k, S, R)
        for _ in range(4 + 3 * k % 17):
            G.play_turn(S, rules.T, W, POL, R, SCR, LOG, OPT, None, SC, False)
        push(S, F_TURN, 0, 0, 0)
        n = step(S, rules.T, LOG, R, OPT)
        while decision_kind(S) != L.DK_CARD:       # the windows before it, by greedy
            choose(S, rules.T, LOG, R, OPT, decide(S, rules.T, W, POL, R, SCR, LOG, OPT, None, SC, n,
                                                   decision_kind(S)))
            n = step(S, rules.T, LOG, R, OPT)
        out.append((S, R, OPT[:n].copy()))
    return out


def hidden_swapped(S, seed):
    """S with everything the seat to move cannot see dealt differently."""
    S2 = S.copy()
    R = np.array([seed], np.uint64)
    determinize(S2, int(S[L.S_CUR]), R, np.zeros(2000, np.int32), 0)
    return S2


def test_observation_zeroes_exactly_what_the_seat_cannot_see(rules):
    S, _, _ = mid_game_states(rules, 3, 1)[0]
    p = int(S[L.S_CUR])
    other = (p + 1) % 3
    S2 = hidden_swapped(S, 5)
    assert not np.array_equal(S[L.S_DECK:L.S_DECK + S[L.S_DECK_N]], S2[L.S_DECK:L.S_DECK + S[L.S_DECK_N]])
    A, B = S.copy(), S2.copy()
    observe(A, p)
    observe(B, p)
    assert np.array_equal(A, B)                              # the seat's view does not change
    own = slice(L.S_HAND + p * L.HAND_CAP, L.S_HAND + p * L.HAND_CAP + S[L.S_HAND_N + p])
    assert np.array_equal(A[own], S[own]) and A[own].any()   # its own hand is there
    assert not A[L.S_HAND + other * L.HAND_CAP:L.S_HAND + (other + 1) * L.HAND_CAP].any()
    assert A[L.S_HAND_N + other] == S[L.S_HAND_N + other]    # counts stay public
    assert not A[L.S_DECK:L.S_DECK + L.MAX_CARDS].any() and A[L.S_DECK_N] == S[L.S_DECK_N]


def card_choice(rules, S, R, OPT, POL, W):
    """The option the seat to move takes at its sailing card (the game's state, R and OPT as they
    were after: a heuristic keeps its plan of the turn in S's policy scratch)."""
    S2, R2, OPT2 = S.copy(), R.copy(), np.zeros((L.MAX_OPTIONS, 4), np.int32)
    OPT2[:len(OPT)] = OPT
    i = decide(S2, rules.T, W.copy(), POL, R2, np.zeros((0, 4), np.int32), np.zeros((0, L.LOG_COLS), np.int32),
               OPT2, extension(None, POL), np.zeros(L.MAX_OPTIONS), len(OPT), L.DK_CARD)
    game = slice(0, L.S_POLICY_KEY)
    assert np.array_equal(S2[game], S[game]) and np.array_equal(R2, R) and np.array_equal(OPT2[:len(OPT)], OPT)
    return i


@pytest.mark.parametrize("name", ["greedy", "balanced", "temple", "favor", "tuned"])
def test_heuristics_decide_the_same_whatever_the_hidden_cards(rules, name):
    """The same public position and own hand give the same choice of card, however the deck
    and the other hands lie."""
    _, POL, W = resolve_strategies(GAME, name, 3)
    decided = 0
    for S, R, OPT in mid_game_states(rules, 3, 12):
        S = S.copy()
        S[L.S_POLICY_KEY:L.S_POLICY_KEY + L.MAX_PLAYERS] = 0      # (greedy's plan of the turn: made again)
        choices = {card_choice(rules, variant, R, OPT, POL, W) for variant in (S, hidden_swapped(S, 1),
                                                                                 hidden_swapped(S, 2))}
        assert len(choices) == 1
        decided += 1
    assert decided == 12


def test_lookahead_picks_the_same_card_whatever_the_hidden_cards(rules):
    """Its rollouts redeal what the seat cannot see; the state, stream and options come back."""
    _, POL, W = resolve_strategies(GAME, "lookahead:rollouts=3", 2)
    for S, R, OPT in mid_game_states(rules, 2, 4):
        POL[:2], W[:2] = POL[0], W[0]                  # the seat to move is the lookahead
        picks = [card_choice(rules, variant, R, OPT, POL, W) for variant in (S, hidden_swapped(S, 8))]
        assert picks[0] == picks[1]


def test_a_plugin_cannot_read_hidden_cards(rules, tmp_path):
    """A scorer that adds the deck and the other hands to its score would play
    differently if it could see them; it plays exactly like its base strategy."""
    path = tmp_path / "peek.py"
    path.write_text(
        "from simulate.aeolos.layout import S_DECK, S_HAND, S_FDECK, MAX_CARDS, HAND_CAP, MAX_FAVOR\n"
        "from strategies.plugin import scorer\n"
        "@scorer('peek', game='aeolos', base='greedy', description='tries to read hidden cards')\n"
        "def peek(obs, decision, options, i, base, weights, seat):\n"
        "    hidden = 0\n"
        "    for k in range(MAX_CARDS):\n"
        "        hidden += obs[S_DECK + k]\n"
        "    for k in range(MAX_FAVOR):\n"
        "        hidden += obs[S_FDECK + k]\n"
        "    for k in range(4 * HAND_CAP):\n"
        "        if k // HAND_CAP != seat:\n"
        "            hidden += obs[S_HAND + k]\n"
        "    return base + 0.01 * hidden * (i % 3)\n")
    load_plugin(path)
    assert np.array_equal(tables(rules, 2, "peek,random", n=60)[1], tables(rules, 2, "greedy,random", n=60)[1])


# ---------------------------------------------------------------- Python plugins
def test_example_plugin_registers_and_changes_play(rules):
    load_plugin(EXAMPLE_PLUGIN)
    s = registered(GAME)["favor_hoarder"]
    assert s.policy == L.POL_PLUGIN and s.game == "aeolos" and "favor_hoarder" in strategy_names("aeolos")
    played = slice(G.P_FAVOR_PLAYED, G.P_FAVOR_PLAYED + L.N_FAVOR_TYPES)
    _, hoard = tables(rules, 2, "favor_hoarder,random", n=200)
    _, base = tables(rules, 2, "balanced,random", n=200)
    assert hoard[:, 0, played].sum() < 0.9 * base[:, 0, played].sum()


def test_plugin_runs_on_workers_and_replays(rules, tmp_path):
    out = tmp_path / "run"
    r = run("simulate", "aeolos", "--players", 2, "--games", 400, "--strategies", "favor_hoarder,greedy",
            "--plugin", EXAMPLE_PLUGIN, "--jobs", 2, "--batch-size", 100, "--out", out, "--no-progress")
    assert r.exit_code == 0, r.output
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["strategy_weights"]["favor_hoarder"]["plugin"] == str(EXAMPLE_PLUGIN.resolve())
    import polars as pl
    seats = pl.read_parquet(out / "seats" / "*.parquet")
    # the workers played the plugin, not its base: equal to an in-process batch of the plugin
    _, mine = tables(rules, 2, "favor_hoarder,greedy", seed=1, n=400)
    got = seats.filter(pl.col("seat") == 0).sort("game_id")["score_total"].to_numpy()
    assert np.array_equal(got, mine[:, 0, G.P_VP])
    r = run("replay", "aeolos", "--players", 2, "--seed", 1, "--strategies", "favor_hoarder,greedy",
            "--plugin", EXAMPLE_PLUGIN)
    assert r.exit_code == 0 and "favor_hoarder" in r.output


@pytest.mark.parametrize("text,words", [("this is not python", "failed to load"),
                                        ("from strategies.plugin import scorer\n"
                                         "@scorer('bad', game='aeolos')\n"
                                         "def bad(obs, decision, options, i, base, weights, seat):\n"
                                         "    return undefined_name\n", "does not compile")])
def test_a_broken_plugin_is_one_clear_error(tmp_path, text, words):
    path = tmp_path / "broken.py"
    path.write_text(text)
    r = run("strategies", "list", "--plugin", path)
    assert one_line_error(r, words)


def test_a_missing_plugin_file_is_one_clear_error(tmp_path):
    r = run("simulate", "aeolos", "--players", 2, "--plugin", tmp_path / "nope.py", "--out", tmp_path / "x")
    assert r.exit_code == 2 and "does not exist" in r.output and not (tmp_path / "x").exists()


def test_a_plugin_may_not_take_a_built_in_name():
    for name in ("greedy", "random"):
        with pytest.raises(UserError, match=f"{name!r} has the name of a built-in"):
            scorer(name, game="aeolos")
    assert "greedy" not in registered(GAME)


def test_a_plugin_file_must_name_its_game(tmp_path):
    path = tmp_path / "gameless.py"
    path.write_text("from strategies.plugin import scorer\n"
                    "@scorer('gameless')\n"
                    "def f(obs, decision, options, i, base, weights, seat):\n"
                    "    return base\n")
    with pytest.raises(UserError, match="game"):
        load_plugin(path)


# ---------------------------------------------------------------- any game
class Tiny(Game):
    """A game with two features, no phases, one parameter and no heuristic: strategies/ must
    lay its rows out from its schema alone."""

    name, title = "tiny", "Tiny"

    def __init__(self, folder, signature=True):
        from numba import types

        self.schema = StrategySchema(features=("gold", "time"), params={"depth": 2},
                                     policies={"random": 0, "plugin": 7} if signature else {"random": 0},
                                     max_players=3, folder=folder,
                                     scorer_signature=types.float64(types.float64) if signature else None)

    def strategy_schema(self):
        return self.schema


def test_rows_follow_the_game_schema(tmp_path):
    tiny = Tiny(tmp_path)
    assert row_from_tables(tiny.schema, "t", {"time": 1.5}) == (0.0, 1.5, 2.0)
    assert row_from_tables(tiny.schema, "t", {"gold": 1}, params={"depth": 5}) == (1.0, 0.0, 5.0)
    with pytest.raises(UserError, match="unknown phase \\(known: none\\)"):
        row_from_tables(tiny.schema, "t", {}, {"late": {"gold": 1}})
    (tmp_path / "lean.toml").write_text("[weights]\ngold = 1\n")
    assert strategy_names(tiny) == ["random", "lean"]
    POL, W = strategy_arrays(tiny, [load_strategy(tiny, "random")])
    assert POL.shape == (3,) and W.shape == (3, 3)
    with pytest.raises(UserError, match="aeolos strategy"):
        strategy_arrays(tiny, [load_strategy(GAME, "greedy")])


def test_tuning_rows_follow_the_game_schema(tmp_path):
    from strategies import Strategy
    from strategies.tune import TuneResult, apply_multipliers, to_toml

    tiny = Tiny(tmp_path)
    assert np.allclose(apply_multipliers(tiny.schema, (1.0, 2.0, 3.0), np.log([2.0, 3.0])), (2, 6, 3))
    result = TuneResult(Strategy("tuned", 0, (1.0, 2.0, 3.0), "", game="tiny"), np.zeros(2), [], 10, 4, 6)
    text = to_toml(tiny, result, "lean", "lean", 2, 100, 1)
    assert text.startswith("# Tuned by `windtunnel tune tiny --players 2")
    assert "[weights]\ngold = 1.0000\ntime = 2.0000\n" in text and "[params]\ndepth = 3" in text
    assert "phase" not in text


@pytest.mark.parametrize("policy", ["", 'policy = "lookahead"\n'])
def test_a_toml_asking_for_a_policy_the_game_lacks_is_one_clear_error(tmp_path, policy):
    tiny = Tiny(tmp_path)
    (tmp_path / "lean.toml").write_text(policy + "[weights]\ngold = 1\n")
    name = "lookahead" if policy else "heuristic"
    with pytest.raises(UserError, match=f"lean.toml.*Tiny has no {name!r} policy \\(known: none\\)"):
        load_strategy(tiny, "lean")


def test_plugins_register_per_game(tmp_path):
    tiny = Tiny(tmp_path)
    (tmp_path / "lean.toml").write_text("[weights]\ngold = 1\n")

    @scorer("hasty", game=tiny, description="plays for time")
    def hasty(x):
        return x + 1.0

    s = registered(tiny)["hasty"]
    assert s.policy == 7 and s.game == "tiny" and s.plugin(1.0) == 2.0
    assert "hasty" in strategy_names(tiny) and "hasty" not in strategy_names(GAME)
    assert "hasty" not in registered(GAME) and "favor_hoarder" not in registered(tiny)
    with pytest.raises(UserError, match="unknown strategy 'hasty' for AEOLOS"):
        load_strategy(GAME, "hasty")
    with pytest.raises(UserError, match="built-in Tiny strategy"):
        scorer("lean", game=tiny)
    with pytest.raises(UserError, match="Tiny takes no plugin strategies"):
        scorer("hasty", game=Tiny(tmp_path, signature=False))


def test_shares_by_slot_shares_a_tie_for_first():
    won = np.array([[True, False, False], [True, True, False], [False, False, True], [True, True, True]])
    slot = np.array([[0, 1, 1], [1, 0, 1], [1, 1, 0], [0, 1, 2]])
    assert np.allclose(shares_by_slot(won, slot, 3), [1 + 0.5 + 1 + 1 / 3, 0.5 + 1 / 3, 1 / 3])


# ---------------------------------------------------------------- legality
@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_every_strategy_only_makes_legal_moves(rules, n_players):
    """Check mode (conservation after every step, scripted legality) over many games of
    every roster strategy, alone and mixed with the others."""
    load_plugin(EXAMPLE_PLUGIN)
    for name in ROSTER + ["favor_hoarder"]:
        if name not in ("lookahead", "mcts"):         # (searching players: their own tests)
            assert_legal(rules, n_players, 5, 150, name)
    assert_legal(rules, n_players, 6, 6, ["lookahead:rollouts=2", "balanced", "random", "favor_hoarder"][:n_players])
    assert_legal(rules, n_players, 7, 300, ["tuned", "favor", "temple", "builder"][:n_players])


# ---------------------------------------------------------------- tournaments and tuning
def test_tournament_matrix_and_ratings(rules):
    from strategies.tournament import run_tournament, to_text

    t = run_tournament("aeolos", rules, 2, ["random", "greedy", "balanced"], 60, seed=2, jobs=1)
    rate = t.rate()
    assert np.allclose(rate + rate.T, 1.0, equal_nan=True) or np.allclose((rate + rate.T)[~np.eye(3, dtype=bool)], 1)
    assert rate[2, 0] > 0.9 and rate[1, 0] > 0.9           # both beat random
    assert t.rating[2] > t.rating[1] > t.rating[0]
    assert (t.rating_lo <= t.rating).all() and (t.rating <= t.rating_hi).all()
    text = to_text(t)
    assert "Bradley-Terry" in text and "balanced" in text


def test_tournament_cli_json_three_players():
    r = run("tournament", "aeolos", "--players", 3, "--strategies", "random,greedy", "--games", 30, "--jobs", 1,
            "--json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["game"] == "aeolos"
    cells = {(c["strategy"], c["against"]): c for c in d["matrix"]}
    assert cells[("greedy", "random")]["rate"] > 1 / 3 > cells[("random", "greedy")]["rate"]
    assert cells[("greedy", "random")]["games"] == 30


@pytest.mark.parametrize("args,words", [(["--strategies", "greedy"], "at least two"),
                                        (["--strategies", "greedy,nobody"], "unknown strategy"),
                                        (["--strategies", "greedy,greedy"], "twice"),
                                        (["--games", 1], "--games"), (["--jobs", 0], "--jobs"),
                                        (["--jobs", -2], "--jobs"), (["--strategies", "random:wind=1,greedy"],
                                                                     "takes no parameters")])
def test_tournament_bad_input(args, words):
    r = run("tournament", "aeolos", "--players", 2, *args)
    assert one_line_error(r, words)


def test_tune_is_reproducible_and_writes_a_loadable_strategy(rules, tmp_path):
    from strategies.tune import to_toml, tune

    a = tune(GAME, rules, 2, "greedy", "greedy", 2400, seed=4, population=6, generations=3, jobs=1)
    b = tune("aeolos", rules, 2, "greedy", "greedy", 2400, seed=4, population=6, generations=3, jobs=1)
    assert np.array_equal(a.multipliers, b.multipliers) and a.strategy.weights == b.strategy.weights
    assert a.strategy.weights != load_strategy(GAME, "greedy").weights and a.strategy.game == "aeolos"
    path = tmp_path / "t.toml"
    path.write_text(to_toml(GAME, a, "greedy", "greedy", 2, 2400, 4))
    assert "windtunnel tune aeolos" in path.read_text()
    loaded = load_strategy(GAME, str(path))
    assert np.allclose(loaded.weights, a.strategy.weights, atol=1e-4)


def test_tune_cli_refuses_to_overwrite_and_reports_the_roster(tmp_path):
    out = tmp_path / "mine.toml"
    out.write_text("keep me")
    r = run("tune", "aeolos", "--players", 2, "--base", "greedy", "--budget", 2000, "--out", out)
    assert r.exit_code == 2 and "already exists" in r.output and out.read_text() == "keep me"
    r = run("tune", "aeolos", "--players", 2, "--base", "greedy", "--budget", 2000, "--population", 4,
            "--out", out, "--force", "--validate-games", 50, "--jobs", 1)
    assert r.exit_code == 0, r.output
    assert "vs random" in r.output and "vs balanced" in r.output
    assert "vs lookahead" not in r.output and "vs mcts" not in r.output         # (searching players: too slow)
    load_strategy(GAME, str(out))
    r = run("tune", "aeolos", "--players", 2, "--base", "random", "--out", tmp_path / "r.toml")
    assert one_line_error(r, "no weights")


@pytest.mark.parametrize("args,words", [(["--jobs", 0], "--jobs"), (["--jobs", -3], "--jobs"),
                                        (["--validate-games", 0], "--validate-games"),
                                        (["--validate-games", -1], "--validate-games"),
                                        (["--out", "/proc/tuned.toml"], "cannot write in folder /proc"),
                                        (["--out", "{tmp}/nowhere/tuned.toml"], "does not exist")])
def test_tune_bad_input_is_refused_before_the_search(tmp_path, args, words):
    args = [str(a).format(tmp=tmp_path) for a in args]
    out = [] if "--out" in args else ["--out", tmp_path / "t.toml"]
    r = run("tune", "aeolos", "--players", 2, "--base", "greedy", "--budget", 2000, "--population", 4, *args, *out)
    assert one_line_error(r, words), r.output
    assert not (tmp_path / "t.toml").exists()


def test_tune_writes_to_the_working_folder_by_default_never_the_package(tmp_path, monkeypatch):
    """The installed package's configs are not the user's to change: the default --out is
    tuned-GAME-Np.toml where the command runs, and a strategy file's path works as a name."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tuned-aeolos-2p.toml").write_text("keep me")
    r = run("tune", "aeolos", "--players", 2, "--budget", 2000, "--population", 4)
    assert one_line_error(r, "tuned-aeolos-2p.toml already exists")
    (tmp_path / "tuned-aeolos-2p.toml").unlink()
    shipped = {p: p.read_bytes() for p in GAME.strategy_schema().folder.glob("*.toml")}
    r = run("tune", "aeolos", "--players", 2, "--base", "greedy", "--budget", 2000, "--population", 4,
            "--validate-games", 20, "--jobs", 1)
    assert r.exit_code == 0, r.output
    assert (tmp_path / "tuned-aeolos-2p.toml").is_file()
    assert {p: p.read_bytes() for p in GAME.strategy_schema().folder.glob("*.toml")} == shipped
    r = run("tournament", "aeolos", "--players", 2, "--strategies", "tuned-aeolos-2p.toml,greedy", "--games", 20,
            "--jobs", 1, "--json", "--no-progress")
    assert r.exit_code == 0 and '"tuned-aeolos-2p"' in r.stdout, r.output      # a file by its name
    assert one_line_error(run("tournament", "aeolos", "--players", 2, "--strategies", "nowhere.toml,greedy"),
                          "no such strategy file: nowhere.toml")


@pytest.mark.parametrize("suffix", [".csv", ".parquet", ".json"])
def test_tournament_out_saves_the_matrix_and_ratings(tmp_path, suffix):
    import json

    import polars as pl
    out = tmp_path / f"results{suffix}"
    r = run("tournament", "aeolos", "--players", 2, "--strategies", "random,greedy,balanced", "--games", 40,
            "--jobs", 1, "--json", "--out", out, "--no-progress")
    assert r.exit_code == 0, r.output
    printed = json.loads(r.stdout)
    if suffix == ".json":
        assert json.loads(out.read_text()) == printed
        return
    table = pl.read_csv(out) if suffix == ".csv" else pl.read_parquet(out)
    assert table.height == 6 and set(table["strategy"]) == {"random", "greedy", "balanced"}
    by = {(c["strategy"], c["against"]): c for c in printed["matrix"]}
    rating = {x["strategy"]: x["rating"] for x in printed["ratings"]}
    for row in table.iter_rows(named=True):
        assert row["rate"] == pytest.approx(by[row["strategy"], row["against"]]["rate"])
        assert row["rating"] == pytest.approx(rating[row["strategy"]])
        assert row["against_rating"] == pytest.approx(rating[row["against"]])
    before = out.read_bytes()
    r = run("tournament", "aeolos", "--players", 2, "--strategies", "random,greedy", "--games", 20, "--out", out)
    assert one_line_error(r, "already exists") and out.read_bytes() == before          # never overwritten
    assert one_line_error(run("tournament", "aeolos", "--players", 2, "--out", tmp_path / "r.xlsx"),
                          "expected a file ending in .csv or .parquet or .json")


# ---------------------------------------------------------------- the bar (2 players)
def win_rate(rules, a, b, games, seed=101):
    r = play_match(GAME, rules, 2, load_strategy(GAME, a), load_strategy(GAME, b), games, seed)
    return r.rate, r.interval()


@pytest.mark.slow
def test_balanced_beats_random_and_greedy(rules):
    rate, (lo, _) = win_rate(rules, "balanced", "random", 2000)
    assert rate >= 0.95
    rate, (lo, _) = win_rate(rules, "balanced", "greedy", 4000)
    assert lo >= 0.60


@pytest.mark.slow
def test_tuned_and_lookahead_beat_balanced(rules):
    _, (lo, _) = win_rate(rules, "tuned", "balanced", 4000)
    assert lo > 0.5
    _, (lo, _) = win_rate(rules, "lookahead", "balanced", 400)
    assert lo > 0.5


def test_tournament_and_tune_take_a_variant(tmp_path):
    r = run("tournament", "aeolos", "--players", 2, "--strategies", "random,greedy", "--games", 20, "--jobs", 1,
            "--variant", "challenge", "--json")
    assert r.exit_code == 0, r.output
    r = run("tournament", "aeolos", "--players", 2, "--strategies", "random,greedy", "--variant", "nope")
    assert r.exit_code == 2 and "unknown variant" in r.output
    out = tmp_path / "v.toml"
    r = run("tune", "aeolos", "--players", 2, "--base", "greedy", "--budget", 1000, "--population", 4,
            "--variant", "poseidon", "--out", out, "--validate-games", 20, "--jobs", 1)
    assert r.exit_code == 0 and out.exists(), r.output
