"""EOS's transcript (``simulate/eos/transcript.py``, ``windtunnel replay eos``): one game of a
run told in the rulebook's words.

``replay(rules, n_players, run_seed, game_index, strategies, check, nations)`` plays the
game again through the Python face with the seats' policies on the batch's policy stream, so
it must be the very game the batch played (``kernel.batch``): the same scores, turns, rounds,
winners and number of decisions. The text names every seat's nation and strategy, has one
"Turn k" line per turn, tells each decision with the text of one of the options legal at that
point (the one the policy took), the chronicle track's entries as the batch counts them, and
an end-bonus line per seat that adds up to the final score. In check mode a normal game
reports no error, and the check is the batch's check mode's.

Tests that found bugs when they were written (the kernel, the data or the words did otherwise)
say so in their docstrings; all are fixed.
"""
import re

import numpy as np
import pytest

from simulate.core.tape import no_tape
from simulate.eos import GAME
from simulate.eos import kernel as K
from simulate.eos import layout as L
from simulate.eos.check import CHECKS
from simulate.eos.config import NATIONS, load_rules
from simulate.eos.face import State, content_of
from simulate.eos.transcript import SeatPolicies, replay
from strategies import resolve_strategies

from .scenario import (FIRST_OFFICER, QUARTERMASTER, SCOUT, WARRIOR, deed_area, give_upgrade, new, put_in_deed_area,
                       ready)

GREEDY, RANDOM, LOOKAHEAD = (resolve_strategies(GAME, name, 1)[0][0] for name in ("greedy", "random", "lookahead"))

# (players, run seed, game index, nations (None: the batch's draw), strategies in seat order)
GAMES = [
    pytest.param(2, 11, 4, ["mespanne", "kwanan"], [GREEDY], id="2p-mespanne-kwanan-greedy"),
    pytest.param(2, 3, 0, None, [GREEDY, RANDOM], id="2p-drawn-greedy-random"),
    pytest.param(4, 5, 2, ["guild", "noom", "kusan", "mespanne"], [GREEDY], id="4p-greedy"),
    pytest.param(4, 8, 1, None, [RANDOM, GREEDY, GREEDY, RANDOM], id="4p-drawn-mixed"),
    pytest.param(3, 6, 1, None, [LOOKAHEAD, GREEDY, RANDOM], id="3p-lookahead-greedy-random"),
]
# games whose check mode finds nothing
CLEAN = [
    pytest.param(4, 5, 2, ["guild", "noom", "kusan", "mespanne"], [GREEDY], id="4p-greedy"),
    pytest.param(2, 7, 0, ["guild", "noom"], [GREEDY], id="2p-guild-noom"),
    pytest.param(2, 2, 0, None, [GREEDY, RANDOM], id="2p-drawn-greedy-random"),
    pytest.param(4, 1, 0, None, [GREEDY], id="4p-drawn-greedy"),
]


@pytest.fixture(scope="module")
def rules():
    return load_rules()


def batch_game(rules, n, run_seed, index, nations, strategies, check=False):
    """The batch's record of game `index` of a run: (game row, seat rows)."""
    c = content_of(rules)[0]
    games, seats, seeds = K.result_arrays(1)
    wanted = np.full(L.MAX_PLAYERS, -1, np.int64)
    for p, name in enumerate(nations or ()):
        wanted[p] = NATIONS.index(name)
    chosen = list(strategies) * n if len(strategies) == 1 else list(strategies)
    POL = np.zeros(L.MAX_PLAYERS, np.int64)
    POL[:n] = [s.policy for s in chosen]
    W = np.zeros((L.MAX_PLAYERS, L.W_ROW))
    W[:n] = [s.weights for s in chosen]
    plan = K.Plan(n_players=n, run_seed=run_seed, first=index, n_games=1, nations=wanted, rotate=False, POL=POL,
                  WS=W, check=check)
    K.batch(c.C, c.NS, c.PR, plan, K.Out(games, seats, seeds, K.card_arrays(1)), K.scratch(int(c.C[L.C_N_PROGS])),
            None, no_tape())
    return games[0], seats[0, :n]


_CACHE = {}


def told(rules, n, run_seed, index, nations, strategies, check=False):
    """(Played, text lines) of the replay, computed once per game."""
    key = (n, run_seed, index, tuple(nations or ()), tuple(s.name for s in strategies), check)
    if key not in _CACHE:
        played, text = replay(rules, n, run_seed, index, strategies, check=check, nations=nations)
        _CACHE[key] = played, text.splitlines()
    return _CACHE[key]


def seats_named(rules, seats, strategies):
    """The transcript's name of each seat: "<nation> (seat p, <strategy>)"."""
    words = content_of(rules)[1]
    chosen = list(strategies) * len(seats) if len(strategies) == 1 else list(strategies)
    return [f"{words.nation(int(seats[p, L.P_NATION]))} (seat {p}, {chosen[p].name})" for p in range(len(seats))]


def nations_named(rules, seats):
    """The name a seat goes by in the story's lines: its nation's (each nation plays one seat)."""
    words = content_of(rules)[1]
    return [words.nation(int(seats[p, L.P_NATION])) for p in range(len(seats))]


@pytest.mark.parametrize("n,run_seed,index,nations,strategies", GAMES)
def test_the_replay_is_the_batchs_game(rules, n, run_seed, index, nations, strategies):
    """The scores, turns, rounds, winners and decisions of the replay are the batch's."""
    game, seats = batch_game(rules, n, run_seed, index, nations, strategies)
    played, lines = told(rules, n, run_seed, index, nations, strategies)
    assert played.scores == [int(v) for v in seats[:, L.P_SCORE]]
    assert played.turns == int(game[L.G_TURNS]) and played.rounds == int(game[L.G_ROUNDS])
    won = [p for p in range(n) if seats[p, L.P_WON]]
    assert played.returns == [1.0 / len(won) if p in won else 0.0 for p in range(n)]
    assert sum(1 for line in lines if " chooses: " in line) == int(game[L.G_DECISIONS]) > 50
    assert played.error_message == ""
    who = seats_named(rules, seats, strategies)
    winners = [who[p] for p in won]
    assert lines[-1] == (f"{winners[0]} wins." if len(winners) == 1 else f"{' and '.join(winners)} share the win.")


@pytest.mark.parametrize("n,run_seed,index,nations,strategies", GAMES)
def test_the_text_names_every_seats_nation(rules, n, run_seed, index, nations, strategies):
    """The seats line names each seat's nation (the batch's, drawn or given) and strategy."""
    game, seats = batch_game(rules, n, run_seed, index, nations, strategies)
    played, lines = told(rules, n, run_seed, index, nations, strategies)
    assert lines[0] == f"EOS: Island of Angels, {n} players, seed {run_seed}, game {index}."
    assert lines[1] == "Seats: " + ", ".join(seats_named(rules, seats, strategies)) + "."
    if nations:
        assert [int(k) for k in seats[:, L.P_NATION]] == [NATIONS.index(k) for k in nations]
    assert len(set(int(k) for k in seats[:, L.P_NATION])) == n


@pytest.mark.parametrize("n,run_seed,index,nations,strategies", GAMES)
def test_one_turn_line_per_turn(rules, n, run_seed, index, nations, strategies):
    """"Turn k: <seat>" once for every turn, in order, the seats in turn order from seat 0; the
    last line before the score tells how many turns the game took."""
    game, seats = batch_game(rules, n, run_seed, index, nations, strategies)
    played, lines = told(rules, n, run_seed, index, nations, strategies)
    who = seats_named(rules, seats, strategies)
    turns = [line for line in lines if re.match(r"Turn \d+: ", line)]
    assert turns == [f"Turn {k + 1}: {who[k % n]}" for k in range(played.turns)]
    ended = "the chronicle track is full" if game[L.G_ENDED_BY] == L.END_CHRONICLE else "the turn cap is reached"
    assert f"The game ends after {played.turns} turns: {ended}." in lines


@pytest.mark.parametrize("n,run_seed,index,nations,strategies", GAMES)
def test_each_decision_is_told_with_an_option_legal_at_that_point(rules, n, run_seed, index, nations, strategies):
    """Each "<seat> chooses: <text>." line, in order, is the decision the game reached there: its
    text is one of the options legal at that point (``State.legal_actions``) - the one the
    seat's policy took - and the seat is the one deciding."""
    game, seats = batch_game(rules, n, run_seed, index, nations, strategies)
    played, lines = told(rules, n, run_seed, index, nations, strategies)
    who = nations_named(rules, seats)
    chosen = list(strategies) * n if len(strategies) == 1 else list(strategies)
    told_choices = [line for line in lines if " chooses: " in line]
    st = State(rules, n, run_seed, index, nations=nations)
    policies = SeatPolicies(chosen, n, st.C)
    k = 0
    while not st.is_terminal():
        p = st.current_player()
        legal = st.legal_actions()
        i = policies.pick(st)
        prefix = f"  {who[p]} chooses: "
        line = told_choices[k]
        assert line.startswith(prefix) and line.endswith(".")
        said = line[len(prefix):-1]
        row = st.options()[i]
        if row[0] == L.O_CARD and st.frame()[0] == L.F_PLAY and row[2] == 0:      # a card played: what it does
            assert said == f"{legal[i]} ({st.words.journey_text(int(row[1]))})"
        elif said.startswith(("stop sailing (the move of upgrade ", "stop sailing (the destiny die's")):  # whose move
            assert legal[i] == "stop sailing"
        else:
            assert said == legal[i]
        st.choose_index(i)
        k += 1
    assert k == len(told_choices)


@pytest.mark.parametrize("n,run_seed,index,nations,strategies", GAMES)
def test_the_chronicle_lines_are_the_tracks_entries(rules, n, run_seed, index, nations, strategies):
    """"Chronicle: <nation> places a nation token on slot s of the track." - once per entry, slots in
    order from the space that marks the player count ("The first player to complete a chronicle
    action will add their token to the empty space that marks the game's player count. Further
    tokens are placed to the right of it."), each seat as often as the batch counts its entries."""
    game, seats = batch_game(rules, n, run_seed, index, nations, strategies)
    played, lines = told(rules, n, run_seed, index, nations, strategies)
    who = nations_named(rules, seats)
    fills = [re.fullmatch(r"    Chronicle: (.*) places a nation token on slot (\d+) of the track\.", line)
             for line in lines]
    fills = [(m.group(1), int(m.group(2))) for m in fills if m]
    assert len(fills) == int(game[L.G_ENTRIES]) > 0
    first = int(content_of(rules)[0].C[L.C_CHRON_FIRST + n])
    assert [s for _, s in fills] == list(range(first + 1, first + 1 + len(fills)))
    for p in range(n):
        assert sum(1 for name, _ in fills if name == who[p]) == int(seats[p, L.P_ENTRIES])


END_LINE = re.compile(r"  (.*): (-?\d+) glory in play, end bonus ([+-]\d+) Demons, ([+-]\d+) morale, ([+-]\d+) ranks, "
                      r"([+-]\d+) journey cards, ([+-]\d+) upgrades = (\d+) glory; (\d+) coins\.")


@pytest.mark.parametrize("n,run_seed,index,nations,strategies", GAMES)
def test_the_end_bonus_lines_add_up_to_the_final_score(rules, n, run_seed, index, nations, strategies):
    """"Players score their bonus glory and add it to the glory scored during the game." - each
    seat's line: glory in play + the five bonuses (unprotected Demons, morale boosts, rank
    increases, played journey cards, upgrades) = the final score (the batch's, piece by piece)."""
    game, seats = batch_game(rules, n, run_seed, index, nations, strategies)
    played, lines = told(rules, n, run_seed, index, nations, strategies)
    who = seats_named(rules, seats, strategies)
    rows = [m.groups() for m in map(END_LINE.fullmatch, lines) if m]
    assert [r[0] for r in rows] == who
    for p, (_, glory, *rest) in enumerate(rows):
        bonus, score, coins = [int(v) for v in rest[:5]], int(rest[5]), int(rest[6])
        assert max(0, int(glory) + sum(bonus)) == score == played.scores[p] == int(seats[p, L.P_SCORE])
        assert int(glory) == int(seats[p, L.P_GLORY_PLAY]) and coins == int(seats[p, L.P_COINS])
        assert bonus == [int(seats[p, c]) for c in (L.P_BONUS_DEMONS, L.P_BONUS_MORALE, L.P_BONUS_RANKS,
                                                    L.P_BONUS_JOURNEY, L.P_BONUS_UPGRADES)]


@pytest.mark.parametrize("n,run_seed,index,nations,strategies", CLEAN)
def test_check_mode_on_a_normal_game_reports_no_error(rules, n, run_seed, index, nations, strategies):
    """check=True checks the state after every decision; a normal game breaks no invariant, and
    checking changes nothing of the game."""
    played, lines = told(rules, n, run_seed, index, nations, strategies, check=True)
    plain, plain_lines = told(rules, n, run_seed, index, nations, strategies)
    assert played.error_message == "" and not any(line.startswith("Check failed") for line in lines)
    assert (played.scores, played.turns, lines) == (plain.scores, plain.turns, plain_lines)


@pytest.mark.parametrize("n,run_seed,index,nations,strategies", GAMES)
def test_check_mode_finds_what_the_batchs_check_mode_finds(rules, n, run_seed, index, nations, strategies):
    """The replay's check is the batch's check mode (``kernel.play_game(check=True)``): the same
    first broken invariant (or none), and the same game."""
    game, seats = batch_game(rules, n, run_seed, index, nations, strategies, check=True)
    played, lines = told(rules, n, run_seed, index, nations, strategies, check=True)
    code = int(game[L.G_ERROR])
    assert played.error_message == (CHECKS[code - 1] if code else "")
    if code:
        assert lines[-1] == f"Check failed at turn {int(game[L.G_ERROR_TURN])}: {CHECKS[code - 1]}."
    assert played.scores == [int(v) for v in seats[:, L.P_SCORE]]


def test_check_mode_with_a_nation_upgrade_flag_past_255_reports_no_error(rules):
    """A normal game (seed 11, game 4: Mespanne and Kwanan, greedy) in which Mespanne buys Diop's
    Purge (rule flag UF_DIOP = 1024, past a byte: check.check_upgrades once packed each place's
    flags into 8 bits and failed here): nothing is broken."""
    played, lines = told(rules, 2, 11, 4, ["mespanne", "kwanan"], [GREEDY], check=True)
    assert played.error_message == ""


# ---------------------------------------------------------------- the nation upgrades' decisions in words
def thorsteyn_choice(rules):
    """The Guild enters Amban's area (challenge: gain 10 Demons, pay 20 coins) with Thorsteyn's
    upgrade, 2 protection and 30 coins: pay it all, or 1 protection for one icon."""
    st = new(rules, "guild", "kusan")
    ready(st, 21, 22)
    st.PR[0, L.PR_N_ZONES] = 0
    put_in_deed_area(st, 1, lord="Amban")
    give_upgrade(st, 0, "guild_u2", FIRST_OFFICER)
    st.S[L.S_PROTECTION + 0], st.S[L.S_COINS + 0] = 2, 30
    st.start_turn(0)
    st.choose(L.O_HERO, SCOUT, 1)
    st.choose(L.O_AREA, deed_area(st, 1))
    assert st.frame()[0] == L.F_THORSTEYN
    return st, {(L.O_DONE, 0): (), (L.O_ALT, 0): ("protection", "10 Demons"), (L.O_ALT, 1): ("protection", "20 coins")}


def take_discard_choice(rules):
    """Kwanan's Ohn Ma Puuhn's Net after the Quartermaster: a card from the discard pile."""
    st = new(rules, "kwanan", "kusan")
    ready(st, 21, 22)
    S = st.S
    give_upgrade(st, 0, "kwanan_u3", QUARTERMASTER)
    n = int(S[L.S_JDECK_N])
    j = int(S[L.S_JDECK])                                           # the bottom card, discarded
    S[L.S_JDECK:L.S_JDECK + n - 1] = S[L.S_JDECK + 1:L.S_JDECK + n].copy()
    S[L.S_JDECK_N] = n - 1
    S[L.S_JLOC + j] = L.J_DISCARD
    st.start_turn(0)
    st.choose(L.O_HERO, QUARTERMASTER, 1)
    st.choose(L.O_DONE)
    assert st.frame()[0] == L.F_TAKE_DISCARD
    return st, {(L.O_CARD, j): ("take", st.words.journey_names[j]), (L.O_DONE, 0): ()}


def diop_choice(rules):
    """Mespanne's Diop's Purge after the Warrior: whose Demons to destroy (Kusan's)."""
    st = new(rules, "mespanne", "kusan")
    ready(st, 21, 22)
    give_upgrade(st, 0, "mespanne_u5", WARRIOR)
    st.S[L.S_MARKER + 1] = -5
    st.start_turn(0)
    st.choose(L.O_HERO, WARRIOR, 1)
    assert st.frame()[0] == L.F_DIOP
    return st, {(L.O_ALT, 1): ("Kusan", "3 Demons"), (L.O_DONE, 0): ()}


@pytest.mark.parametrize("position", [thorsteyn_choice, take_discard_choice, diop_choice],
                         ids=["thorsteyn", "ohn_ma_puuhn", "diop"])
def test_the_nation_upgrades_decisions_are_told_in_words(rules, position):
    """A transcript tells each decision "in the rulebook's words": the nation upgrades' own
    decisions too - Thorsteyn's icon ignored for 1 protection (or the whole challenge paid),
    the card Ohn Ma Puuhn takes from the discard pile (not one discarded), the player whose
    Demons Diop destroys; their "no" is more than "done"."""
    st, expected = position(rules)
    texts = dict(zip(((r[0], r[1]) for r in st.options()), st.legal_actions()))
    assert set(texts) == set(expected)
    for key, words in expected.items():
        assert texts[key] != "done" and not texts[key].startswith("discard")
        for w in words:
            assert w in texts[key], (texts[key], w)
    assert "decides (" not in st.words.frame(st.S, st.NS)


# ---------------------------------------------------------------- the rulebook's words
VERBS = ("gains ", "loses ", "pays ", "discards ", "draws ", "plays ", "destroys ", "increases the rank of ",
         "lowers the rank of ", "boosts the morale of ", "lowers the morale of ", "places the ", "moves the ")


@pytest.mark.parametrize("n,run_seed,index,nations,strategies", GAMES)
def test_the_story_names_cards_and_events_and_words_changes_as_the_book(rules, n, run_seed, index, nations,
                                                                         strategies):
    """No id of a card, upgrade, event or trophy (the names a designer knows), no marker dump
    ("1 Demons -> 1 power", "hand 1 -> 4"), no flag or key names (nothing with an underscore); every
    change a seat undergoes starts with the book's verb ("gains 2 glory", "pays 15 coins",
    "discards 1 blessing token", "draws 3 journey cards"); each event is told by its name with the
    active player's bonus and the least-glory players' choice, and its global effect where the card
    has one."""
    played, lines = told(rules, n, run_seed, index, nations, strategies)
    text = "\n".join(lines)
    c = content_of(rules)[0]
    ids = set(c.journey) | set(c.upgrades) | set(c.events) | set(c.trophies)
    assert not ids & set(re.findall(r"[A-Za-z0-9_]+", text))
    assert "->" not in text and "_" not in text
    game, seats = batch_game(rules, n, run_seed, index, nations, strategies)
    for name in nations_named(rules, seats):
        for line in lines:
            if line.startswith(f"    {name}: "):
                for part in line[len(name) + 6:-1].split("; "):
                    assert part.startswith(VERBS), (line, part)
    cards = {e["name"]: e for e in rules.config["events"]["card"]}
    events = [re.fullmatch(r'    Event "(.*)" is drawn: the active player: (.*); the player\(s\) with the least glory '
                           r"may choose: (.*?)(?:; (?:for )?every player: (.*))?\.", line)
              for line in lines if line.startswith("    Event ")]
    assert events and all(events)
    for m in events:
        card = cards[m.group(1)]
        assert bool(m.group(4)) == bool(card.get("global"))


def test_the_setup_bonuses_come_before_the_first_turn(rules):
    """"Finally, each player gains the specific setup bonuses granted from their ship and nation":
    before "Turn 1", each seat's ship and nation bonuses named by their source (HQS Ophelia's rank
    increase, Mespanne's protection that can never be lost, Kwanan's Kraken and its ship's dice),
    what they gave, and the decisions they ask for (the hero Ophelia's rank goes to)."""
    from simulate.eos.actions import parse_actions
    from simulate.eos.words import steps

    played, lines = told(rules, 2, 11, 4, ["mespanne", "kwanan"], [GREEDY])
    setup = lines[:lines.index("Turn 1: Mespanne (seat 0, greedy)")]
    nations = rules.config["nations"]

    def bonus(key, where):
        return steps(parse_actions(nations[key][where]["setup"]))

    ophelia = nations["mespanne"]["ship"]["name"]
    assert ophelia == "HQS Ophelia"
    assert (f"  Mespanne: {ophelia} (its ship): {bonus('mespanne', 'ship')}; the nation: "
            f"{bonus('mespanne', 'nation')} that can never be lost or spent.") in setup
    assert any(line.startswith(f"  Kwanan: {nations['kwanan']['ship']['name']} (its ship): {bonus('kwanan', 'ship')}; "
                               "the Kraken, its second ship") for line in setup)
    assert "    Mespanne: gains 3 protection (3)." in setup            # the rulebook's 3
    assert any(line.startswith("  Mespanne chooses: increase the rank of ") for line in setup)
    assert not any(line.startswith("  Mespanne chooses: increase the rank of ") for line in lines[len(setup):][:3])


def test_noom_starts_with_its_angel_named(rules):
    """Noom's Divine Guidance: the Angel it starts with (the state's, on its hero side) named in the
    setup, as no awakening."""
    st = State(rules, 4, 5, 2, nations=["guild", "noom", "kusan", "mespanne"], run=False)
    angel = next(a for a in range(int(st.C[L.C_N_ANGELS])) if st.S[L.S_ANGEL + a] == L.ANG_HERO + 1)
    played, lines = told(rules, 4, 5, 2, ["guild", "noom", "kusan", "mespanne"], [GREEDY])
    setup = lines[:lines.index("Turn 1: The Guild (seat 0, greedy)")]
    assert any(f"Divine Guidance: the Angel {st.words.angel(angel)} joins its crew on its hero side (not an "
               "awakening)" in line for line in setup if line.startswith("  Noom: "))


@pytest.mark.parametrize("n,run_seed,index,nations,strategies", GAMES)
def test_each_seat_places_its_ship_as_its_scouts_first_move(rules, n, run_seed, index, nations, strategies):
    """"On your first turn of the game, you must take a worker action and you must choose your scout.
    Place your ship pawn in the ocean area of any island surrounding the perimeter of the map": each
    seat's first decision places the ship, so worded, in a perimeter area."""
    game, seats = batch_game(rules, n, run_seed, index, nations, strategies)
    played, lines = told(rules, n, run_seed, index, nations, strategies)
    areas = {f"area {a['id']} ({a['name']})": a for a in rules.config["map"]["area"]}
    for name in nations_named(rules, seats):          # (a start-of-turn decision may come first: Eo's)
        first = next(x for x in lines if x.startswith((f"  {name} chooses: place the ship",
                                                       f"  {name} chooses: sail ")))
        m = re.fullmatch(rf"  {re.escape(name)} chooses: place the ship in (.*) as the Scout [^.]+'s first move\.",
                         first)
        assert m and areas[m.group(1)]["perimeter"], first


# a game whose Scout activation moves three times: its rank's move, then two upgrades under it (#41)
BALANCED = resolve_strategies(GAME, "balanced", 1)[0][0]
STOPS = [*GAMES, pytest.param(3, 7, 1, None, [BALANCED], id="3p-balanced-scout-upgrades")]
PROFESSION = re.compile(r"\b(Scout|First Officer|Quartermaster|Treasurer|Warrior)\b(?! [A-Z])")


@pytest.mark.parametrize("n,run_seed,index,nations,strategies", STOPS)
def test_each_stop_reads_apart_and_each_hero_is_named(rules, n, run_seed, index, nations, strategies):
    """One line per stop (#41): a move given by an upgrade under a hero after its activation ends
    with a line naming the upgrade and the hero, so no seat's decisions read "stop sailing" twice
    in a row; and a hero is named wherever its profession is (the Scout's first move too)."""
    played, lines = told(rules, n, run_seed, index, nations, strategies)
    decisions = [line for line in lines if " chooses: " in line]
    again = [a for a, b in zip(decisions, decisions[1:]) if a == b and a.endswith(": stop sailing.")]
    assert again == []
    assert [line for line in lines if PROFESSION.search(re.sub(r'"[^"]*"', "", line))] == []     # (not in a card's name)
    if run_seed == 7:
        named = [line for line in decisions if "stop sailing (the move of upgrade " in line]
        assert named and all(re.search(r'upgrade "[^"]+", under the (Scout|First Officer|Quartermaster|Treasurer|'
                                       r'Warrior) [A-Z]', line) for line in named), named


def test_a_trophy_crew_member_is_named_where_a_hero_can_be_picked(rules):
    """"Place the trophy item under a hero or an extra crew member": the extra crew member is an
    option of its own (CREW + trophy) and the words name it by its deed's trophy (a replay of a
    game where one was picked had raised IndexError)."""
    from .scenario import give_trophy, ready

    st = new(rules, "kusan", "guild")
    ready(st, 21, 22)
    t = give_trophy(st, 0, "belvadans_throne_hero")
    item = give_trophy(st, 0, "her_majestys_delivery")
    st.push(L.F_ATTACH, 0, item, 2)                          # as chronicle.py pushes it
    st.run_to_decision()
    words = st.legal_actions()
    assert (L.O_HERO_PICK, L.CREW + t, 0, 0) in st.options() and len(words) == L.N_HEROES + 1
    names = st.words.trophy_names
    assert words[-1] == (f'put the trophy of "{names[item]}" under the extra crew member of the trophy of '
                         f'"{names[t]}"')
