"""A validated EOS config -> the arrays the kernel reads (``layout``): the content ``C``
(game numbers, board, cards, Angels, Demon Lords, deeds, with every action list as a
program at its end) and, per nation, ``NS`` (heroes, secondary actions, ship, nation cards)
and ``PR`` (``nations.player_rules``).

Journey cards are numbered general first (file order), then each nation's four (nation
order of ``config.NATIONS``); upgrades the same way (general, then each nation's five).
"""
from dataclasses import dataclass

import numpy as np

from . import layout as L
from .actions import parse_actions
from .config import NATIONS, PROFESSIONS
from .nations import player_rules
from .programs import NO_PROGRAM, ProgramBuilder, board_arrays, compile_programs
from . import solo

LEVELS = {"I": 0, "II": 1, "III": 2, "lake": L.DEED_LAKE}


@dataclass(frozen=True)
class Content:
    C: np.ndarray               # int32 (layout C_*), programs appended
    NS: np.ndarray              # int32 (N_NATIONS, NS_SIZE)
    PR: np.ndarray              # int32 (N_NATIONS, PR_SIZE)
    programs: object            # programs.Programs (names, decode)
    journey: tuple              # ids in kernel order
    upgrades: tuple
    events: tuple
    objectives: tuple
    angels: tuple
    lords: tuple
    deeds: tuple
    trophies: tuple
    areas: tuple                # area ids in kernel order
    flags: tuple                # rule flag names, code = index
    ships: tuple = ()           # each nation's ship by name, in nation order (NS_SHIP)
    scenarios: tuple = ()       # the solo scenarios' names (S_SOLO_SCENARIO), () without the solo module

    def journey_name(self, j):
        return self.journey[j]


def passives(names):
    """Bitmask of the seat-held rule flags (``layout.PASSIVES``) among `names`."""
    names = [names] if isinstance(names, str) else names
    return sum(1 << L.PASSIVES.index(f) for f in names if f in L.PASSIVES)


def added_up(ranks):
    """The actions of ranks 1..r for each r ("you add up all actions from left to right"):
    a plain symbol repeated at a higher rank adds to the same step (Cassandra: draw 3 at
    rank 1 and draw 1 at rank 2 draw 4 cards); choices and combined steps are kept whole."""
    out, steps = [], []
    for rank in ranks:
        for step in parse_actions(rank.get("actions", [])):
            single = len(step) == 1 and len(step[0]) == 1
            merged = False
            if single:
                name, amount = step[0][0]
                for i, old in enumerate(steps):
                    if len(old) == 1 and len(old[0]) == 1 and old[0][0][0] == name:
                        steps[i] = (((name, old[0][0][1] + amount),),)
                        merged = True
                        break
            if not merged:
                steps.append(step)
        out.append(tuple(steps))
    return out


_BUILT = {}                     # rules hash -> Content (building takes ~0.2 s)


def built(rules):
    """The kernel arrays of `rules` (``build``), built once per config hash."""
    content = _BUILT.get(rules.hash)
    if content is None:
        content = _BUILT[rules.hash] = build(rules.config)
    return content


def build(config):
    """Content of a validated config (``config.load_rules(...).config``)."""
    b = compile_programs(config, ProgramBuilder())
    idx = b.index
    C = np.zeros(L.C_SIZE, np.int32)
    flags = tuple(sorted(config["flags"]))
    flag_code = {f: i for i, f in enumerate(flags)}

    def prog(path):
        return idx.get(path, NO_PROGRAM)

    def put_flags(at, i, names):
        C[at + i * L.MAX_FLAGS:at + (i + 1) * L.MAX_FLAGS] = -1
        names = [names] if isinstance(names, str) else list(names or [])
        if len(names) > L.MAX_FLAGS:
            raise ValueError(f"at most {L.MAX_FLAGS} rule flags per component, got {names}")
        for k, f in enumerate(names):
            C[at + i * L.MAX_FLAGS + k] = flag_code[f]

    g = config["game"]
    for col, key in ((L.C_HAND_LIMIT, "hand_limit"), (L.C_MARKET, "market_size"),
                     (L.C_REFRESH_COINS, "market_refresh_coins"), (L.C_TURN_CAP, "turn_cap"),
                     (L.C_BLESSING_TOKENS, "blessing_tokens"), (L.C_BLESSING_LIMIT, "blessing_limit"),
                     (L.C_PER_CORNER, "blessing_per_corner_per_player"), (L.C_MAX_CURSES, "max_lord_curses"),
                     (L.C_MAX_ACTIVATIONS, "max_hero_activations"), (L.C_HERO_UPGRADES, "hero_market_upgrades"),
                     (L.C_BUYS, "upgrade_buys_per_turn"), (L.C_SHIELDS, "shields"),
                     (L.C_ANGEL_PAWNS, "angel_pawns")):
        C[col] = g[key]
    C[L.C_CORNER_SHARED] = int(bool(g.get("corner_rewards_shared", True)))
    bonus = config["end_bonus"]
    C[L.C_BONUS_DEMON], C[L.C_BONUS_MORALE], C[L.C_BONUS_RANK] = (
        bonus["unprotected_demon"], bonus["morale_boost"], bonus["rank_increase"])
    C[L.C_BONUS_JOURNEY], C[L.C_BONUS_UPGRADE] = bonus["played_journey"], bonus["upgrade_in_play"]
    for p, n in config["angels_drawn"].items():
        C[L.C_ANGELS_DRAWN + int(p)] = n
    for t in config["chronicle"]:
        C[L.C_CHRON_FIRST + t["players"]] = t["first_slot"]
        C[L.C_CHRON_N] = len(t["slots"])
    slots = config["chronicle"][0]["slots"]
    if len(slots) > L.MAX_CHRONICLE:
        raise ValueError(f"at most {L.MAX_CHRONICLE} chronicle slots")
    for i in range(len(slots)):
        C[L.C_CHRON_SLOT + i] = b.add(f"chronicle.slot[{i}]", parse_actions(slots[i]))
    faces = config["destiny_die"]["faces"]
    C[L.C_DIE_N] = len(faces)
    for i, face in enumerate(faces):
        C[L.C_DIE + i] = b.add(f"destiny_die.face[{i}]", parse_actions([face]))
    C[L.C_LEAST_GLORY] = prog("least_glory_event.choice")
    # Eo's start-of-turn passive is a choice of two symbols (flags/global.toml)
    C[L.C_EO_START] = b.add("angels.eo.start_of_turn", parse_actions(["destroy:3 / purify"]))

    # the board
    board = board_arrays(config, b)
    areas = config["map"]["area"]
    n = len(areas)
    if n > L.MAX_AREAS or len(board["adj"]) > L.MAX_ADJ:
        raise ValueError("the map is larger than the kernel's capacity (layout.MAX_AREAS, MAX_ADJ)")
    C[L.C_N_AREAS] = n
    for col, key in ((L.C_AREA_KIND, "kind"), (L.C_AREA_DEMONS, "demons"), (L.C_AREA_REWARD, "reward"),
                     (L.C_AREA_PERIMETER, "perimeter"), (L.C_AREA_ANGEL, "angel"), (L.C_AREA_DEED, "deed_area"),
                     (L.C_AREA_CORNER, "corner"), (L.C_AREA_PASSAGE, "passage")):
        C[col:col + n] = board[key]
    C[L.C_ADJ_START:L.C_ADJ_START + n + 1] = board["adj_start"]
    C[L.C_ADJ:L.C_ADJ + len(board["adj"])] = board["adj"]
    for i, a in enumerate(areas):
        if a.get("kind") == "blessing":
            c = a["corner"]
            C[L.C_CORNER_AREA + c] = i
            C[L.C_AREA_REWARD + i] = NO_PROGRAM
            rewards = a.get("rewards", [])
            C[L.C_CORNER_N + c] = len(rewards)
            for k, r in enumerate(rewards):
                C[L.C_CORNER_REWARD + c * L.MAX_CORNER_REWARDS + k] = b.add(
                    f"map.area[{a['id']}].rewards[{k}]", parse_actions([r]))
        if a.get("kind") == "deed":
            C[L.C_DEED_AREA + a["deed_area"]] = i
    C[L.C_N_CORNERS] = sum(1 for a in areas if a.get("kind") == "blessing")
    # the setup's tokens (per player) shared by the blessing areas: each holds its share
    C[L.C_PER_CORNER] = g["blessing_per_corner_per_player"] * g["blessing_setup_corners"] // C[L.C_N_CORNERS]
    steps = config.get("glory_track", {}).get("step", [])
    C[L.C_GT_N] = len(steps)
    for i, step in enumerate(steps):
        C[L.C_GT_STEP + i] = step["at"]
        C[L.C_GT_REWARD + i] = prog(f"glory_track.step[{i}].reward")

    # journey cards: general, then each nation's
    journey = [(c, None) for c in config["journey"]["card"]]
    journey += [(c, nat) for nat in NATIONS for c in config["nations"][nat]["journey"]]
    C[L.C_N_JOURNEY], C[L.C_N_GENERAL_JOURNEY] = len(journey), len(config["journey"]["card"])
    for j, (card, nat) in enumerate(journey):
        base = f"journey.card[{card['id']}]" if nat is None else f"nations.{nat}.journey[{card['id']}]"
        C[L.C_J_COST + j] = prog(f"{base}.cost")
        C[L.C_J_ACTIONS + j] = prog(f"{base}.actions")
        C[L.C_J_TRIGGER + j] = L.TRIGGERS.index(card["trigger"]) if card.get("trigger") else 0
        C[L.C_J_NATION + j] = -1 if nat is None else NATIONS.index(nat)
    # upgrades: general, then each nation's
    upgrades = [(u, None) for u in config["upgrades"]["card"]]
    upgrades += [(u, nat) for nat in NATIONS for u in config["nations"][nat]["upgrade"]]
    C[L.C_N_UPGRADES], C[L.C_N_GENERAL_UPGRADES] = len(upgrades), len(config["upgrades"]["card"])
    for u, (card, nat) in enumerate(upgrades):
        base = f"upgrades.card[{card['id']}]" if nat is None else f"nations.{nat}.upgrade[{card['id']}]"
        C[L.C_U_PRICE + u] = -sum(a for step in parse_actions(card.get("cost", [])) for alt in step
                                  for s, a in alt if s == "coins")
        C[L.C_U_SHIP + u] = int(card.get("type") == "ship")
        C[L.C_U_HERO + u] = PROFESSIONS.index(card["hero"]) if "hero" in card else -1
        C[L.C_U_NATION + u] = -1 if nat is None else NATIONS.index(nat)
        C[L.C_U_ACTIONS + u] = prog(f"{base}.actions")
        C[L.C_U_ONCE + u] = prog(f"{base}.once")
        C[L.C_U_RECHARGE + u] = prog(f"{base}.recharge")
        C[L.C_U_FLAGS + u] = sum(L.UPGRADE_FLAGS.get(f, 0) for f in card.get("flags", []))
    events = config["events"]["card"]
    C[L.C_N_EVENTS] = len(events)
    for e, card in enumerate(events):
        base = f"events.card[{card['id']}]"
        C[L.C_E_ACTIVE + e] = prog(f"{base}.active")
        C[L.C_E_LEAST + e] = prog(f"{base}.least_glory")
        glob = card.get("global")
        C[L.C_E_GLOBAL + e] = prog(f"{base}.global") if isinstance(glob, list) else NO_PROGRAM
        C[L.C_E_GLOBAL_FLAG + e] = L.EVENT_FLAGS.index(glob) if isinstance(glob, str) else 0
    objectives = config["objectives"]["card"]
    C[L.C_N_OBJECTIVES] = len(objectives)
    for o, card in enumerate(objectives):
        kind = ("have", "spend", "discard").index(card["kind"])
        cond = card["condition"]
        C[L.C_O_KIND + o], C[L.C_O_EACH + o] = kind, int(card["who"] == "each")
        if kind == L.OK_HAVE:
            C[L.C_O_STAT + o], C[L.C_O_AT + o] = L.STATS.index(cond["stat"]), cond["at_least"]
        else:
            ((((sym, amount),),),) = parse_actions([cond["spend" if kind == L.OK_SPEND else "discard"]])
            C[L.C_O_STAT + o], C[L.C_O_AT + o] = L.Y_COINS if sym == "coins" else L.Y_POWER \
                if sym == "power" else L.Y_DISCARD, abs(amount)
        C[L.C_O_GLORY + o], C[L.C_O_ALWAYS + o] = card["glory"], int(bool(card.get("always")))
    # Angels, Demon Lords, deeds, trophies
    angels = config["angels"]["angel"]
    lords = config["demon_lords"]["lord"]
    lord_ids = [lo["id"] for lo in lords]
    area_of = {a["angel"]: i for i, a in enumerate(areas) if "angel" in a}
    C[L.C_N_ANGELS] = len(angels)
    for i, a in enumerate(angels):
        base = f"angels.angel[{a['id']}]"
        C[L.C_A_AREA + i] = area_of[a["name"]]
        C[L.C_A_HERO_GLORY + i], C[L.C_A_PATRON_GLORY + i] = a.get("hero_glory", 0), a.get("patron_glory", 0)
        C[L.C_A_ATTACKS + i] = a.get("angel_attacks", 1)
        C[L.C_A_REWARD + i] = prog(f"{base}.reward")
        C[L.C_A_ACTION + i] = prog(f"{base}.action")
        C[L.C_A_ONCE + i] = int(bool(a.get("once_per_game")))
        C[L.C_A_IGNORES + i] = lord_ids.index(a["ignores_curse"]) if "ignores_curse" in a else -1
        put_flags(L.C_A_FLAGS, i, a.get("passive", []))
        C[L.C_A_PASSIVE + i] = passives(a.get("passive", []))
        C[L.C_A_CHOICE + i] = prog(f"{base}.choice")
    C[L.C_N_LORDS] = len(lords)
    for i, lo in enumerate(lords):
        base = f"demon_lords.lord[{lo['id']}]"
        C[L.C_L_CHALLENGE + i], C[L.C_L_GLORY + i] = prog(f"{base}.challenge"), lo.get("glory", 0)
        C[L.C_L_REWARD + i], C[L.C_L_CURSE + i] = prog(f"{base}.rewards"), L.CURSES.index(lo["curse"])
        C[L.C_L_FIRST_ORDER + i] = lo.get("first_game_order", 0)
    deeds, trophies = config["deeds"]["deed"], config["deeds"]["trophy"]
    trophy_ids = [t["id"] for t in trophies]
    C[L.C_N_DEEDS] = len(deeds)
    for i, d in enumerate(deeds):
        base = f"deeds.deed[{d['id']}]"
        C[L.C_D_LEVEL + i] = LEVELS[d["level"]]
        C[L.C_D_CHALLENGE + i], C[L.C_D_GLORY + i] = prog(f"{base}.challenge"), d.get("glory", 0)
        C[L.C_D_REWARD + i] = prog(f"{base}.rewards")
        C[L.C_D_TROPHY + i] = trophy_ids.index(d["trophy"]) if "trophy" in d else -1
        put_flags(L.C_D_FLAGS, i, d.get("flags", []))
        C[L.C_D_DISCARD_CURSE + i] = int("deed_discard_one_lord_curse" in d.get("flags", []))
        specials = [L.DEED_SPECIALS.index(f) for f in d.get("flags", []) if f in L.DEED_SPECIALS]
        C[L.C_D_SPECIAL + i] = specials[0] if specials else L.DK_NONE
    setup, counts = config["setup"], config["components"]
    C[L.C_DEED_LEVELS] = sum(1 << LEVELS[level] for level in setup["deed_levels"])
    C[L.C_LORDS_ORDERED] = int(setup["lords"] == "first_game_order")
    C[L.C_OBJECTIVES_USED] = int(setup["objectives"])
    C[L.C_SHIPS_DEALT] = int(setup["ships"] == "dealt")
    put_seats(C, config)
    put_interventions(C, config)
    C[L.C_NATION_JOURNEY_N], C[L.C_NATION_JOURNEY_DEALT] = counts["nation_journey"], counts["nation_journey_dealt"]
    C[L.C_N_TROPHIES] = len(trophies)
    for i, t in enumerate(trophies):
        base = f"deeds.trophy[{t['id']}]"
        C[L.C_T_TYPE + i] = ("item", "hero", "ship", "curse").index(t["type"])
        C[L.C_T_ACTIONS + i], C[L.C_T_REWARD + i] = prog(f"{base}.actions"), prog(f"{base}.reward")
        C[L.C_T_SPEED + i] = t.get("speed", 0)
        C[L.C_T_WORKERS + i] = t.get("worker_slots", 0)
        C[L.C_T_N_SLOTS + i] = len(t.get("recharge", []))
        for k in range(len(t.get("recharge", []))):
            C[L.C_T_SLOT + i * L.MAX_SLOTS + k] = prog(f"{base}.recharge[{k}]")
        put_flags(L.C_T_FLAGS, i, t.get("flags", []))
        C[L.C_T_PASSIVE + i] = passives(t.get("flags", []))
        curses = [f for f in t.get("flags", []) if f in L.CURSES]
        C[L.C_T_CURSE + i] = L.CURSES.index(curses[0]) if curses else -1

    scenarios = solo.build(C, config, prog)
    # the nations
    NS = np.full((L.N_NATIONS, L.NS_SIZE), -1, np.int32)
    for k, nat in enumerate(NATIONS):
        NS[k] = _nation(config, nat, k, b, journey, upgrades)
    programs = b.build()
    C = np.concatenate([C, np.zeros(2 * (len(programs.progs) + len(programs.steps) + len(programs.alts)
                                         + len(programs.syms)), np.int32)])
    at = L.C_SIZE
    for col, table in ((L.C_PROGS, programs.progs), (L.C_STEPS, programs.steps), (L.C_ALTS, programs.alts),
                       (L.C_SYMS, programs.syms)):
        C[col] = at
        C[at:at + table.size] = table.ravel()
        at += table.size
    C[L.C_N_PROGS] = len(programs.progs)
    PR = np.stack([player_rules(config, nat) for nat in NATIONS])
    return Content(C, NS, PR, programs, tuple(c["id"] for c, _ in journey), tuple(u["id"] for u, _ in upgrades),
                   tuple(e["id"] for e in events), tuple(o["id"] for o in objectives),
                   tuple(a["id"] for a in angels), tuple(lord_ids), tuple(d["id"] for d in deeds),
                   tuple(trophy_ids), tuple(a["id"] for a in areas), flags,
                   tuple(config["nations"][nat]["ship"]["name"] for nat in NATIONS), scenarios)


SIDES = {"none": -1, "hero": L.CH_AWAKEN_HERO, "patron": L.CH_AWAKEN_PATRON}


def put_seats(C, config):
    """The seats' rules (issue #42): the end rule's flag (C_ROUND_OUT), the reverse-order nation pick
    and its win-rate table (C_NATION_PICK, C_PICK_RATE in basis points), the seat compensation at
    setup (C_SEAT_GLORY, C_SEAT_COINS)."""
    C[L.C_ROUND_OUT] = int(bool(config["game"].get("round_played_out", False)))
    C[L.C_NATION_PICK] = int(config["setup"].get("nations", "random") == "reverse_pick")
    if C[L.C_NATION_PICK]:
        for n, rates in config.get("nation_pick", {}).items():
            for k, nation in enumerate(NATIONS):
                for seat, rate in enumerate(rates.get(nation, ())):
                    C[L.C_PICK_RATE + (int(n) * L.MAX_PLAYERS + seat) * L.N_NATIONS + k] = round(100 * rate)
    for key, values in config.get("seat_compensation", {}).items():
        what, n = key.rsplit("_", 1)[0], int(key.rsplit("_", 1)[1][:-1])
        at = {"glory": L.C_SEAT_GLORY, "coins": L.C_SEAT_COINS}[what] + n * L.MAX_PLAYERS
        C[at:at + len(values)] = values


def put_interventions(C, config):
    """C_IV_*: each [intervention] value as the index of its item (general journey cards and
    upgrades come first in the kernel's numbering), -1 for "none" (``interventions.py``)."""
    iv = config.get("intervention", {})

    def index(key, items):
        value = iv.get(key, "none")
        return -1 if value == "none" else [item if isinstance(item, str) else item["id"] for item in items].index(value)

    C[L.C_IV_NATION] = index("nation", NATIONS)
    C[L.C_IV_UPGRADE] = index("upgrade", config["upgrades"]["card"])
    C[L.C_IV_JOURNEY] = index("journey", config["journey"]["card"])
    C[L.C_IV_LORD] = index("curse", config["demon_lords"]["lord"])
    C[L.C_IV_DEED] = index("deed", config["deeds"]["deed"])
    C[L.C_IV_ANGEL] = index("angel", config["angels"]["angel"])
    C[L.C_IV_ANGEL_SIDE] = SIDES[iv.get("angel_side", "none")]


def _nation(config, nat, k, b, journey, upgrades):
    n = config["nations"][nat]
    row = np.full(L.NS_SIZE, -1, np.int32)
    row[L.NS_NATION] = k
    heroes = {h["profession"]: h for h in n["hero"]}
    for h, profession in enumerate(PROFESSIONS):
        hero = heroes[profession]
        ranks = hero["ranks"]
        if len(ranks) > L.MAX_RANKS or len(hero["morale"]) > L.MAX_MORALE:
            raise ValueError(f"{nat} {profession}: at most {L.MAX_RANKS} ranks and {L.MAX_MORALE} morale steps")
        row[L.NS_N_RANKS + h] = len(ranks)
        base = f"nations.{nat}.hero[{profession}]"
        for r, steps in enumerate(added_up(ranks)):
            row[L.NS_RANK_PROG + h * L.MAX_RANKS + r] = b.add(f"{base}.rank[{r + 1}].added_up", steps)
            cost = parse_actions(ranks[r].get("cost", []))
            coins = [s for s in cost if len(s) == 1 and len(s[0]) == 1 and s[0][0][0] == "coins"]
            rest = tuple(s for s in cost if s not in coins)
            row[L.NS_RANK_COINS + h * L.MAX_RANKS + r] = -sum(s[0][0][1] for s in coins)
            row[L.NS_RANK_COST + h * L.MAX_RANKS + r] = b.add(f"{base}.rank[{r + 1}].cost_besides_coins", rest) \
                if rest else NO_PROGRAM
        row[L.NS_N_MORALE + h] = len(hero["morale"])
        for m, step in enumerate(hero["morale"]):
            row[L.NS_MORALE_PROG + h * L.MAX_MORALE + m] = b.index[f"{base}.morale[{m}].actions"]
            row[L.NS_MORALE_PERMANENT + h * L.MAX_MORALE + m] = int(bool(step.get("permanent")))
    secondary = n.get("secondary", [])
    row[L.NS_N_SECONDARY] = len(secondary)
    for i in range(len(secondary)):
        row[L.NS_SECONDARY + i] = b.index[f"nations.{nat}.secondary[{i}].actions"]
    ship = n["ship"]
    row[L.NS_N_SLOTS], row[L.NS_WORKERS] = len(ship["slots"]), ship["workers"]
    for i in range(len(ship["slots"])):
        row[L.NS_SLOT + i] = b.index.get(f"nations.{nat}.ship.slots[{i}]", NO_PROGRAM)
    row[L.NS_SHIP_SETUP] = b.index.get(f"nations.{nat}.ship.setup", NO_PROGRAM)
    row[L.NS_SETUP] = b.index.get(f"nations.{nat}.nation.setup", NO_PROGRAM)
    own = [j for j, (_, owner) in enumerate(journey) if owner == nat]
    row[L.NS_JOURNEY:L.NS_JOURNEY + len(own)] = own
    row[L.NS_SHIP] = k
    row[L.NS_UPGRADES:L.NS_UPGRADES + 5] = [u for u, (_, owner) in enumerate(upgrades) if owner == nat]
    flags = n["nation"].get("flags", [])
    row[L.NS_FLAGS] = (L.NF_DIVINE_GUIDANCE if "noom_divine_guidance" in flags else 0) | (
        L.NF_KRAKEN if "kwanan_kraken" in flags else 0)
    return row
