"""EOS's Python face (``simulate/eos/face.py``) and its words (``simulate/eos/words.py``).

A face game whose every decision the greedy policy takes (its stream seeded as the batch
seeds it) is the batch's game for that (run seed, game index, nations), to the last
glory: the face runs the kernel and adds no rule of its own."""
import numpy as np
import pytest

from simulate.core.tape import no_tape
from simulate.eos import GAME
from simulate.eos import kernel as K
from simulate.eos import layout as L
from simulate.eos.config import NATIONS, load_rules
from simulate.eos.face import TERMINAL, IllegalChoice, State
from simulate.eos.transcript import SeatPolicies
from strategies import resolve_strategies

SCOUT, FIRST_OFFICER, QUARTERMASTER, TREASURER, WARRIOR = range(5)


@pytest.fixture(scope="module")
def rules():
    return load_rules()


def batch_game(state, run_seed, index, nations):
    """The batch's record of game `index` of a run (greedy policy at every seat)."""
    games, seats, seeds = K.result_arrays(1)
    wanted = np.full(L.MAX_PLAYERS, -1, np.int64)
    for p, name in enumerate(nations or ()):
        wanted[p] = NATIONS.index(name)
    _, POL, W = resolve_strategies(GAME, "greedy", L.MAX_PLAYERS)
    c = state.content
    plan = K.Plan(n_players=state.n, run_seed=run_seed, first=index, n_games=1, nations=wanted, rotate=False,
                  POL=POL, WS=W, check=False)
    K.batch(c.C, c.NS, c.PR, plan, K.Out(games, seats, seeds, K.card_arrays(1)), K.scratch(int(c.C[L.C_N_PROGS])),
            None, no_tape())
    return games[0], seats[0, :state.n]


@pytest.mark.parametrize("players,seed,index,nations", [
    (3, 7, 1, None),                                   # the nations the batch draws for the game
    (2, 11, 4, ["mespanne", "kwanan"]),
    (4, 5, 2, ["guild", "noom", "kusan", "mespanne"]),
])
def test_a_greedy_face_game_is_the_batch_game(rules, players, seed, index, nations):
    state = State(rules, players, seed=seed, game_index=index, nations=nations)
    game, seats = batch_game(state, seed, index, nations)
    assert state.nations == [int(k) for k in seats[:, L.P_NATION]]
    greedy = SeatPolicies(resolve_strategies(GAME, "greedy", players)[0], players, state.C)
    decisions = 0
    while not state.is_terminal():
        assert state.offered >= 2 and 0 <= state.current_player() < players
        state.apply_action(greedy.pick(state))
        decisions += 1
    assert decisions == game[L.G_DECISIONS] > 50
    assert state.turns == game[L.G_TURNS]
    assert state.scores() == [int(v) for v in seats[:, L.P_SCORE]]
    assert state.winners() == [p for p in range(players) if seats[p, L.P_WON]]
    w = state.winners()
    assert state.returns() == [1.0 / len(w) if p in w else 0.0 for p in range(players)]
    assert state.current_player() == TERMINAL and state.legal_actions() == []
    assert "game over" in str(state) and "final glory" in str(state)


def test_actions_are_readable_unique_and_checked(rules):
    state = State(rules, 3, seed=2, game_index=3)
    for _ in range(40):
        options = state.legal_actions()
        assert len(options) == state.offered >= 2
        assert all(isinstance(o, str) and o for o in options)
        assert len(set(options)) == len(options)
        state.apply_action(options[-1])                          # by its text
    with pytest.raises(IllegalChoice, match="not offered"):
        state.apply_action("sail to the moon")
    with pytest.raises(IllegalChoice):
        state.apply_action(state.offered)
    assert state.returns() == [0.0, 0.0, 0.0]                   # nothing won before the end
    other = state.clone()
    other.apply_action(0)
    assert len(other.history) == len(state.history) + 1 and not np.array_equal(other.S, state.S)
    text = str(state)
    for p in range(3):
        assert f"seat {p}: " in text
    assert "chronicle (" in text and "Demon Lords:" in text and "deeds:" in text
    assert "Angels on the board:" in text and "to decide:" in text


def test_random_face_games_end_with_a_winner(rules):
    rng = np.random.default_rng(0)
    state = State(rules, 4, seed=2, game_index=4)
    while not state.is_terminal():
        state.apply_action(int(rng.integers(state.offered)))
    assert sum(state.returns()) == pytest.approx(1.0)
    best = max(state.scores())
    assert all(state.scores()[p] == best for p in state.winners())


def test_nations_by_name_and_the_first_turn(rules):
    state = State(rules, 2, seed=1, nations=["The Guild", "Kusan"])
    assert state.nations == [NATIONS.index("guild"), NATIONS.index("kusan")]
    assert state.seat_of("kusan") == 1
    while not (state.frame()[0] == L.F_MOVE and state.S[L.S_AREA] < 0):
        state.apply_action(0)                                    # (a setup curse's marks)
    assert state.current_player() == 0                          # The Guild places its ship
    assert all(t.startswith("place the ship in area ") for t in state.legal_actions())
    assert "place the ship in area 21 (Gull Rocks) as the Scout Yrsa Windhand's first move" in state.legal_actions()
    with pytest.raises(ValueError):
        State(rules, 2, nations=["atlantis", "kusan"])


def test_option_texts_in_the_rulebooks_words(rules):
    """The texts of every kind of option, with the config's names."""
    st = State(rules, 2, seed=1, nations=["kusan", "guild"])
    S, NS, w, c = st.S, st.NS, st.words, st.content
    S[L.S_SP] = 0

    def say(kind, row, a=0, b=0):
        st.push(kind, 0, a, b)
        try:
            return w.option(S, NS, row)
        finally:
            S[L.S_SP] -= 1

    S[L.S_COINS] = 50
    assert say(L.F_ACTION, (L.O_HERO, SCOUT, 2, 0)) == "activate the Scout Nadira Sel at rank 2 (pay 10 coins)"
    assert say(L.F_ACTION, (L.O_HERO, SCOUT, 1, 0)) == "activate the Scout Nadira Sel at rank 1"
    assert say(L.F_ACTION, (L.O_HERO, TREASURER, 0, 0)) == \
        "place the worker on the Treasurer Jacub van Luwenburgh without activating"
    assert say(L.F_ACTION, (L.O_RECHARGE, 0, 0, 0)) == "recharge"
    alva, demor = c.angels.index("alva"), c.lords.index("Demor")
    rock = c.deeds.index("pass_the_black_rock")
    assert say(L.F_ACTION, (L.O_CHRONICLE, L.CH_AWAKEN_HERO, alva, 0)) == "awaken Alva as a hero"
    assert say(L.F_ACTION, (L.O_CHRONICLE, L.CH_AWAKEN_PATRON, alva, 0)) == "awaken Alva as a patron"
    assert say(L.F_ACTION, (L.O_CHRONICLE, L.CH_LORD, demor, 0)) == "defeat Demor"
    assert say(L.F_ACTION, (L.O_CHRONICLE, L.CH_DEED, rock, 0)) == "accomplish Pass the Black Rock"
    x = c.areas.index(2)
    assert say(L.F_MOVE, (L.O_AREA, x, 0, 0), a=2) == "sail into area 2 (Gate of Whispers)"
    assert say(L.F_MOVE, (L.O_DONE, 0, 0, 0), a=2) == "stop sailing"
    assert say(L.F_MOVE, (L.O_PLACE, c.areas.index(21), 0, 0), a=2) == \
        "place the ship in area 21 (Gull Rocks) as the Scout Nadira Sel's first move"
    assert say(L.F_PURIFY_ADJ, (L.O_AREA, x, 0, 0)) == "purify area 2 (Gate of Whispers)"
    j01 = c.journey.index("j01")
    assert say(L.F_PLAY, (L.O_CARD, j01, 0, 0), a=1) == 'play journey card "Favourable Winds"'
    assert say(L.F_PLAY, (L.O_CARD, j01, 1, 0), a=1) == 'play journey card "Favourable Winds" face down'
    assert say(L.F_DISCARD, (L.O_CARD, j01, 0, 0), a=1) == 'discard journey card "Favourable Winds"'
    u05 = c.upgrades.index("u05")
    assert say(L.F_UPGRADE, (L.O_UPGRADE, u05, 0, 0), a=1) == 'gain upgrade "Powder Magazine"'
    assert say(L.F_UPGRADE, (L.O_UPGRADE, u05, 0, 0), a=1, b=1) == 'discard upgrade "Powder Magazine"'
    assert say(L.F_ACTION, (L.O_BUY, u05, 0, 0)) == 'buy upgrade "Powder Magazine" for 30 coins'
    assert say(L.F_ACTION, (L.O_REFRESH, 0, 0, 0)) == "refresh the upgrade market (10 coins)"
    assert say(L.F_DIE, (L.O_ROLL, 0, 0, 0), a=1) == "roll the destiny die"
    assert say(L.F_MORALE, (L.O_HERO_PICK, WARRIOR, 0, 0), a=1) == \
        "boost the morale of the Warrior Rashid al-Keless: destroy 3 Demons"
    assert say(L.F_RANK, (L.O_HERO_PICK, SCOUT, 0, 0), a=1) == "increase the rank of the Scout Nadira Sel (to rank 2)"
    assert say(L.F_SECONDARY, (L.O_SECONDARY, 1, 0, 0), a=1) == "secondary action 2: gain 2 power"
    assert say(L.F_ATTACH, (L.O_HERO_PICK, WARRIOR, 0, 0), a=u05) == \
        'put upgrade "Powder Magazine" under the Warrior Rashid al-Keless'
    kusan_ship = int(NS[0, L.NS_SLOT + 0])                       # "upgrade / rank"
    step = int(st.content.programs.progs[kusan_ship][0])
    assert say(L.F_CHOICE, (L.O_ALT, 0, 0, 0), a=step) == "gain 1 upgrade"
    assert say(L.F_CHOICE, (L.O_ALT, 1, 0, 0), a=step) == "increase 1 rank"
    assert say(L.F_CORNER, (L.O_ALT, 0, 0, 0), a=1) == "gain 5 glory"
    assert say(L.F_MARK_CURSE, (L.O_CURSE, demor, 0, 0), a=-1, b=1) == "ignore Demor's curse"
    assert say(L.F_ACTION, (L.O_ALVA, 0, 0, 0)) == "move the ship 1 ocean area (Alva)"
    assert say(L.F_MOVE, (L.O_KRAKEN_MOVE, 0, 0, 0), a=2) == "move the Kraken instead of the ship"
    assert say(L.F_INSTEAD, (L.O_ALT, 1, 0, 0), a=kusan_ship) == "gain 2 glory instead"
    assert say(L.F_DOUBLE, (L.O_ALT, 3, 0, 0), a=2) == "double the reward of worker slot 4: gain 20 coins"
    st.push(L.F_MOVE, 0, 2)
    S[L.S_AREA] = x
    assert w.frame(S, NS) == "Kusan (seat 0) sails from area 2 (Gate of Whispers): 2 speed left"
