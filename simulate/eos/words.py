"""EOS in the rulebook's words: the text of a decision's options and of the decision itself.

The kernel lists a decision's options as rows (code, x, y, z) under the frame on top of
its stack (``layout`` O_* and F_*); ``Words`` says them as a player would, with the names
the config gives (heroes' names and professions, areas, cards, Angels, Demon Lords,
deeds)::

    words = Words(rules.config, content)
    words.option(S, NS, row)     # "activate the Scout Nadira Sel at rank 2 (pay 10 coins)"
    words.frame(S, NS)           # "Kusan (seat 0) sails from area 2 (Gate of Whispers): 2 speed left"

Used by the Python face (``face.py``) and the transcript. Nothing here decides or
changes anything; the only kernel rules it asks are a hero's coin cost (``engine.rank_coins``,
which knows the upgrades' discounts) and a ship slot's reward (``cards.slot_reward``, which
knows ship trophies).
"""
from analysis.words import plural

from . import layout as L
from .actions import CHALLENGE_ONLY, SYMBOLS
from .cards import printed_slot_reward, slot_reward
from .config import NATIONS, PROFESSIONS
from .engine import EXTRA as EXTRA_SECONDARY       # O_SECONDARY x of a trophy's extra secondary action
from .engine import rank_coins
from .symbols import MOVE_KRAKEN, MOVE_SHIP2

SYMBOL_NAMES = SYMBOLS + CHALLENGE_ONLY             # programs.SYMBOL_CODES order

PROFESSION_WORDS = ("Scout", "First Officer", "Quartermaster", "Treasurer", "Warrior")


def symbol(name, n):
    """One action symbol with its amount (a cost's or a loss's amount is negative)."""
    a = abs(n)
    gain = n > 0
    if name == "glory":
        return f"{'gain' if gain else 'lose'} {a} glory"
    if name == "coins":
        return f"{'gain' if gain else 'pay'} {plural(a, 'coin')}"
    if name == "morale":
        return f"boost {a} morale" if gain else f"lower {a} morale"
    if name == "rank":
        return f"increase {plural(a, 'rank')}" if gain else f"lose {plural(a, 'rank')}"
    if name == "draw":
        return f"draw {plural(a, 'journey card')}"
    if name == "discard":
        return f"discard {plural(a, 'journey card')}"
    if name == "play":
        return f"play {plural(a, 'journey card')}"
    if name == "hand_limit":
        return f"{'+' if gain else '-'}{a} hand limit"
    if name == "move1":
        return "move the ship 1 ocean area"
    if name == "move":
        return f"move the ship with speed {n}"
    if name == "speed":
        return f"{'+' if gain else '-'}{a} speed"
    if name == "worker":
        return "place a worker" if a == 1 else f"place {a} workers"
    if name == "die":
        return "roll the destiny die" + ("" if a == 1 else f" {a} times")
    if name == "upgrade":
        return f"gain {plural(a, 'upgrade')}" if gain else f"discard {plural(a, 'upgrade')}"
    if name == "event":
        return "draw and play an event card" if a == 1 else f"draw and play {a} event cards"
    if name == "kraken":
        return "activate the Kraken"
    if name == "power":
        return f"{'gain' if gain else 'lose'} {a} power"
    if name == "demons":
        return f"gain {plural(a, 'Demon')}"
    if name == "destroy":
        return f"destroy {plural(a, 'Demon')}"
    if name == "protection":
        return f"{'gain' if gain else 'lose'} {a} protection"
    if name == "shield":
        return f"gain {plural(a, 'shield')}"
    if name == "purify":
        return "purify the ship's area"
    if name == "purify_adjacent":
        return "purify the ship's or an adjacent area"
    if name == "blessing":
        return f"{'gain' if gain else 'discard'} {plural(a, 'blessing token')}"
    if name == "angel_attack":
        return f"{'gain' if gain else 'discard'} {plural(a, 'Angel attack')}"
    if name == "spawn_lord":
        return "spawn a Demon Lord"
    if name == "chronicle":
        return "perform a chronicle action"
    if name == "speed_total":
        return f"have at least speed {a} when starting the move"
    if name == "have_upgrades":
        return f"have at least {plural(a, 'upgrade')}"
    if name == "have_protection":
        return f"have at least {a} protection"
    if name == "max_morale_heroes":
        return f"have {plural(a, 'hero', 'heroes')} on max. morale"
    if name == "morale_total":
        return f"have {a} morale boosts in total"
    return f"{name} {n}"


def alternative(alt):
    """Symbols taken together ("demons:3 + move:2")."""
    return " and ".join(symbol(name, n) for name, n in alt) if alt else "nothing"


def step(st):
    """A step: one alternative, or a choice between them ("upgrade / rank": "gain 1 upgrade or
    increase 1 rank"; more: "a, b or c")."""
    told = [alternative(a) for a in st]
    return told[0] if len(told) == 1 else ", ".join(told[:-1]) + " or " + told[-1]


def steps(decoded):
    """Steps in order, listed as the rulebook lists a card's actions ("discard 1 journey card, gain
    2 glory")."""
    return ", ".join(step(s) for s in decoded) if decoded else "nothing"


def _titles(cards):
    """Each card's name in quotes, as the rulebook writes them ('"New Contract"'); a nation's card
    whose name another card has too is told apart by its nation ('"Pearl Divers" (Kwanan)'), two
    general cards of one name by their ids."""
    names = [c.get("name", c["id"]) for c, _ in cards]
    general = [n for n, (_, owner) in zip(names, cards) if owner is None]
    return [f'"{n}"' + (f" ({owner})" if owner and names.count(n) > 1 else
                        f" ({c['id']})" if not owner and general.count(n) > 1 else "")
            for n, (c, owner) in zip(names, cards)]


class Words:
    """The names and texts of one content (``content.build(config)``) of a config."""

    def __init__(self, config, content):
        self.config, self.content = config, content
        self.decode = content.programs.decode
        self.hero_names = [{h["profession"]: h["name"] for h in config["nations"][nat]["hero"]} for nat in NATIONS]
        self.nation_names = [config["nations"][nat]["nation"]["name"] for nat in NATIONS]
        areas = config["map"]["area"]
        self.area_ids = [a["id"] for a in areas]
        self.area_names = [a.get("name", "") for a in areas]
        owners = [self.nation(k) for k, nat in enumerate(NATIONS)]
        self.journey_names = _titles([(c, None) for c in config["journey"]["card"]]
                                     + [(c, owners[k]) for k, nat in enumerate(NATIONS)
                                        for c in config["nations"][nat]["journey"]])
        self.upgrade_names = _titles([(c, None) for c in config["upgrades"]["card"]]
                                     + [(c, owners[k]) for k, nat in enumerate(NATIONS)
                                        for c in config["nations"][nat]["upgrade"]])
        self.event_names = _titles([(c, None) for c in config["events"]["card"]])
        self.angel_names = [a["name"] for a in config["angels"]["angel"]]
        self.lord_names = [lo["name"] for lo in config["demon_lords"]["lord"]]
        self.lord_titles = [lo.get("title", "") for lo in config["demon_lords"]["lord"]]
        self.deed_names = [d["name"] for d in config["deeds"]["deed"]]
        self.trophy_ids = list(content.trophies)
        deed_of = {d["trophy"]: d["name"] for d in config["deeds"]["deed"] if d.get("trophy")}
        self.trophy_names = [deed_of.get(t, t) for t in self.trophy_ids]

    # ---- names
    def nation(self, k):
        """A nation's name as the rulebook writes it (The Guild of Seafarers, Kusan, ...)."""
        return "The Guild" if NATIONS[k] == "guild" else self.nation_names[k]

    def seat(self, S, NS, p):
        return f"{self.nation(int(NS[p, L.NS_NATION]))} (seat {p})"

    def hero(self, nation, h):
        """"the Scout Nadira Sel": profession and name of hero h of nation index `nation`."""
        return f"the {PROFESSION_WORDS[h]} {self.hero_names[nation][PROFESSIONS[h]]}"

    def area(self, x):
        """"area 17 (Raven Channel)": the config's id and name of kernel area x."""
        name = self.area_names[x]
        return f"area {self.area_ids[x]}" + (f" ({name})" if name else "")

    def journey(self, j):
        """'journey card "Harbour Dues"' (the rulebook quotes card names; never the id)."""
        return f"journey card {self.journey_names[j]}"

    def upgrade(self, u):
        return f"upgrade {self.upgrade_names[u]}"

    def journey_text(self, j, C=None):
        """What a journey card does, as the card reads: its cost, then its actions ("discard 1
        journey card, gain 20 coins"); a triggered card's actions wait for its trigger."""
        C = self.content.C if C is None else C
        cost, actions = int(C[L.C_J_COST + j]), self.program(int(C[L.C_J_ACTIONS + j]))
        paid = self.program(cost) + ", " if cost >= 0 and self.decode(cost) else ""
        return paid + (f"later, when triggered: {actions}" if C[L.C_J_TRIGGER + j] else actions)

    def event(self, e):
        return f"event {self.event_names[e]}"

    def trophy(self, t):
        """A trophy card by its epic deed: 'the trophy of "Belvadan's Throne"'."""
        return f'the trophy of "{self.trophy_names[t]}"'

    def angel(self, a):
        return self.angel_names[a]

    def lord(self, lo):
        return self.lord_names[lo]

    def deed(self, d):
        return self.deed_names[d]

    def program(self, prog):
        """A program's actions in words ("gain 3 Demons, then move the ship with speed 2")."""
        return "nothing" if prog < 0 else steps(self.decode(int(prog)))

    def alt(self, step_id, i):
        """Alternative i of program step `step_id` in words."""
        pr = self.content.programs
        a = int(pr.steps[step_id][0]) + i
        first, n = (int(v) for v in pr.alts[a])
        return alternative(tuple((SYMBOL_NAMES[int(pr.syms[k, 0])], int(pr.syms[k, 1]))
                                 for k in range(first, first + n)))

    def n_alts(self, step_id):
        return int(self.content.programs.steps[step_id][1])

    # ---- the decision
    def option(self, S, NS, row, C=None):
        """The text of option `row` (code, x, y, z) of the decision on top of S's stack."""
        C = self.content.C if C is None else C
        at = L.S_STACK + (int(S[L.S_SP]) - 1) * L.FRAME
        kind, p = int(S[at + L.FR_KIND]), int(S[at + L.FR_PLAYER])
        nat = int(NS[p, L.NS_NATION])
        code, x, y = int(row[0]), int(row[1]), int(row[2])
        if code == L.O_HERO:
            if y == 0:
                return f"place the worker on {self.hero(nat, x)} without activating"
            costs = []
            coins = int(rank_coins(S, C, NS, p, x, y))
            if coins:
                costs.append(symbol("coins", -coins))
            other = int(NS[p, L.NS_RANK_COST + x * L.MAX_RANKS + y - 1])
            if other >= 0:
                costs.append(self.program(other))
            return f"activate {self.hero(nat, x)} at rank {y}" + (f" ({', '.join(costs)})" if costs else "")
        if code == L.O_RECHARGE:
            return "recharge"
        if code == L.O_CHRONICLE:
            if x == L.CH_AWAKEN_HERO:
                return f"awaken {self.angel(y)} as a hero"
            if x == L.CH_AWAKEN_PATRON:
                return f"awaken {self.angel(y)} as a patron"
            if x == L.CH_LORD:
                return f"defeat {self.lord(y)}"
            return f"accomplish {self.deed(y)}"
        if code == L.O_CREW:
            if x == 0:
                return f"send a worker to the Angel {self.angel(y)}: {self.program(int(C[L.C_A_ACTION + y]))}"
            return (f'send a worker to the extra crew of "{self.trophy_names[y]}": '
                    f"{self.program(int(C[L.C_T_ACTIONS + y]))}")
        if code == L.O_BUY:
            return f"buy {self.upgrade(x)} for {plural(int(C[L.C_U_PRICE + x]), 'coin')}"
        if code == L.O_REFRESH:
            return f"refresh the upgrade market ({plural(int(C[L.C_REFRESH_COINS]), 'coin')})"
        if code == L.O_TRIGGER:
            return f"use the triggered {self.journey(x)}: {self.program(int(C[L.C_J_ACTIONS + x]))}"
        if code == L.O_DONE:
            return DONE_WORDS.get(kind, "done")
        if code == L.O_ALT:
            if kind == L.F_INSTEAD:
                return self.program(int(S[at + L.INSTEAD_PROG])) if x == 0 else "gain 2 glory instead"
            if kind == L.F_DOUBLE:                      # x: a vacated worker slot
                return f"double the reward of worker slot {x + 1}: {self.program(int(slot_reward(S, C, NS, p, x)))}"
            if kind == L.F_THORSTEYN:                   # x: the icon (challenge step) left out
                icon = self.alt(int(self.content.programs.progs[S[at + L.THORSTEYN_CHALLENGE]][0]) + x, 0)
                return f"ignore the icon '{icon}' for 1 protection (Thorsteyn)"
            if kind == L.F_DIOP:                        # x: another seat
                return f"destroy up to {int(S[at + L.DIOP_DEMONS])} Demons of {self.seat(S, NS, x)} (Diop)"
            if kind == L.F_COVER:                       # x: a worker slot (the Plague Ship)
                return f"cover worker slot {x + 1}: {self.program(int(printed_slot_reward(S, C, NS, p, x)))}"
            if kind == L.F_CORNER:
                c = int(S[at + L.CORNER_NUMBER])
                return self.program(int(C[L.C_CORNER_REWARD + c * L.MAX_CORNER_REWARDS + x]))
            return self.alt(int(S[at + L.CHOICE_STEP]), x)      # F_CHOICE
        if code == L.O_HERO_PICK:                       # x: a hero, or CREW + a trophy's extra crew member
            hero = self.hero(nat, x) if x < L.CREW else f"the extra crew member of {self.trophy(x - L.CREW)}"
            if kind == L.F_MORALE:
                if S[at + L.STEPS_DOWN] == 1:
                    return f"lower the morale of {hero}"
                m = int(S[L.S_MORALE + p * L.N_HEROES + x])
                return f"boost the morale of {hero}: " + self.program(
                    int(NS[p, L.NS_MORALE_PROG + x * L.MAX_MORALE + m]))
            if kind == L.F_RANK:
                r = int(S[L.S_RANK + p * L.N_HEROES + x])
                if S[at + L.STEPS_DOWN] == 1:
                    return f"lower the rank of {hero} (to rank {r - 1})"
                return f"increase the rank of {hero} (to rank {r + 1})"
            if kind == L.F_ATTACH:                      # (a trophy item: Her Majesty's Delivery)
                item = int(S[at + L.ATTACH_ITEM])
                what = self.trophy(item) if S[at + L.ATTACH_KIND] == L.ATTACH_TROPHY else self.upgrade(item)
                return f"put {what} under {hero}"
            if kind == L.F_MARK_CURSE:          # (Temataban's curse: "Each player marks one of their heroes")
                return f"mark {hero}: Temataban's curse blocks its action"
            if kind == L.F_ABYSS:
                return f"occupy {hero} for good (Darrington's Abyss)"
            return hero
        if code == L.O_CARD:
            if kind == L.F_PLAY:
                return f"play {self.journey(x)}" + (" face down" if y == 1 else "")
            if kind == L.F_TAKE_DISCARD:
                return f"take {self.journey(x)} from the discard pile (Ohn Ma Puuhn)"
            return f"discard {self.journey(x)}"
        if code == L.O_AREA:
            if kind == L.F_MOVE and S[at + L.MOVE_FLAGS] & MOVE_KRAKEN:
                return f"move the Kraken into {self.area(x)}"
            if kind == L.F_MOVE and S[at + L.MOVE_FLAGS] & MOVE_SHIP2:
                return f"sail the second ship pawn into {self.area(x)}"
            if kind == L.F_PURIFY_ADJ:
                return f"purify {self.area(x)}"
            if kind == L.F_PUSH:
                return f"move the ship to {self.area(x)}"
            if kind == L.F_KRAKEN:
                return f"move the Kraken into {self.area(x)}"
            return f"sail into {self.area(x)}"
        if code == L.O_UPGRADE:
            if kind == L.F_UPGRADE and S[at + L.UPGRADE_LOSS] == 1:
                return f"discard {self.upgrade(x)}"
            return f"gain {self.upgrade(x)}"
        if code == L.O_ROLL:
            return "roll the destiny die"
        if code == L.O_KRAKEN_MOVE:
            if kind == L.F_MOVE:
                return "move the Kraken instead of the ship"
            return "move the Kraken up to 2 ocean areas"
        if code == L.O_KRAKEN_PURIFY:
            return "purify the Kraken's area"
        if code == L.O_SECONDARY:
            if x >= EXTRA_SECONDARY:                     # a trophy's extra secondary action
                t = x - EXTRA_SECONDARY
                return f"{self.trophy(t)}'s secondary action: " \
                    f"{self.program(int(C[L.C_T_ACTIONS + t]))}"
            what = f"secondary action {x + 1}: {self.program(int(NS[p, L.NS_SECONDARY + x]))}"
            if kind == L.F_MARK_CURSE:          # (Demor's curse: "Each player marks one of their secondary actions")
                return f"mark {what}: Demor's curse blocks it"
            return what
        if code == L.O_PLACE:             # (rulebook, First Turn: "you must choose your scout. Place your ship pawn")
            return f"place the ship in {self.area(x)} as {self.hero(nat, L.SCOUT)}'s first move"
        if code == L.O_ALVA:
            return "move the ship 1 ocean area (Alva)"
        if code == L.O_CURSE:
            return f"ignore {self.lord(x)}'s curse"
        if code == L.O_SHIP2:
            return "sail the second ship pawn with the rest of the speed (Lady Ignal's trophy)"
        return f"option {L.OPTION_NAMES[code] if 0 <= code < len(L.OPTION_NAMES) else code} {x} {y}"

    def frame(self, S, NS, C=None):
        """What the decision on top of S's stack is about, and whose it is."""
        C = self.content.C if C is None else C
        if S[L.S_SP] == 0:
            return "nothing to decide"
        at = L.S_STACK + (int(S[L.S_SP]) - 1) * L.FRAME
        kind, p = int(S[at + L.FR_KIND]), int(S[at + L.FR_PLAYER])
        f = [int(v) for v in S[at:at + L.FRAME]]       # its fields, read by layout's names
        who = self.seat(S, NS, p)
        nat = int(NS[p, L.NS_NATION])
        if kind == L.F_TURN:
            what = "starts the turn"
        elif kind == L.F_ACTION:
            what = "chooses a worker action or the recharge" if S[L.S_FIRST_DONE + p] else \
                f"takes the first turn: {self.hero(nat, L.SCOUT)}"
        elif kind == L.F_PROGRAM:
            what = f"takes {self.program(f[L.PROG_ID])}"
        elif kind == L.F_CHOICE:
            step = f[L.CHOICE_STEP]
            what = "chooses " + " or ".join(self.alt(step, i) for i in range(self.n_alts(step)))
        elif kind == L.F_ALT:
            what = "takes an alternative"
        elif kind == L.F_MORALE:
            what = f"{'lowers' if f[L.STEPS_DOWN] else 'boosts'} morale ({f[L.STEPS_LEFT]} left)"
        elif kind == L.F_RANK:
            what = f"{'loses' if f[L.STEPS_DOWN] else 'increases'} ranks ({f[L.STEPS_LEFT]} left)"
        elif kind == L.F_DISCARD:
            what = f"discards journey cards ({f[L.DISCARD_LEFT]} left{', must' if f[L.DISCARD_MUST] else ''})"
        elif kind == L.F_PLAY:
            what = f"plays journey cards ({f[L.PLAY_LEFT]} left)"
        elif kind == L.F_MOVE:
            if f[L.MOVE_FLAGS] & MOVE_KRAKEN:
                what = f"moves the Kraken from {self.area(int(S[L.S_KRAKEN + p]))}: {f[L.MOVE_LEFT]} areas left"
            elif f[L.MOVE_FLAGS] & MOVE_SHIP2:
                what = f"sails the second ship pawn from {self.area(int(S[L.S_SHIP2 + p]))}: {f[L.MOVE_LEFT]} speed left"
            elif S[L.S_AREA + p] < 0:
                what = "places the ship (1 speed)"
            else:
                what = f"sails from {self.area(int(S[L.S_AREA + p]))}: {f[L.MOVE_LEFT]} speed left"
        elif kind == L.F_UPGRADE:
            what = f"{'discards' if f[L.UPGRADE_LOSS] else 'gains'} upgrades ({f[L.UPGRADE_LEFT]} left)"
        elif kind == L.F_ATTACH:
            what = f"puts {self.upgrade(f[L.ATTACH_ITEM])} under a hero"
        elif kind == L.F_DIE:
            what = f"may roll the destiny die ({f[L.DIE_LEFT]} left)"
        elif kind == L.F_PURIFY_ADJ:
            what = "purifies the ship's or an adjacent area"
        elif kind == L.F_KRAKEN:
            what = "activates the Kraken"
        elif kind == L.F_CHRONICLE:
            what = "may perform a chronicle action"
        elif kind == L.F_SECONDARY:
            what = f"may take a secondary action ({f[L.SECONDARY_LEFT]} left)"
        elif kind == L.F_END_TURN:
            what = "may buy an upgrade or refresh the market before ending the turn"
        elif kind == L.F_PUSH:
            what = f"moves the ship out of {self.area(f[L.PUSH_FROM])}: a Demon Lord spawns there"
        elif kind == L.F_MARK_CURSE:
            what = ("marks the secondary action Demor's curse blocks" if f[L.MARK_CURSE] == L.K_DEMOR else
                    "marks the hero Temataban's curse blocks" if f[L.MARK_CURSE] == L.K_TEMATABAN else
                    f"may choose curses to ignore ({f[L.MARK_PICKS]} left)")
        elif kind == L.F_AFTER_HERO:
            what = f"uses the upgrades under {self.hero(nat, f[L.AFTER_HERO])}"
        elif kind == L.F_EVENT:
            what = "resolves an event"
        elif kind == L.F_RECHARGE:
            what = "recharges"
        elif kind == L.F_CHRONICLE_DONE:
            what = "fills the chronicle track"
        elif kind == L.F_SPAWN:
            what = "spawns a Demon Lord"
        elif kind == L.F_INSTEAD:
            what = f"takes {self.program(f[L.INSTEAD_PROG])} or 2 glory instead (Freyana & Olessa)"
        elif kind == L.F_KRAKEN_CHOICE:
            what = "moves the Kraken or purifies its area"
        elif kind == L.F_TRIGGERS:
            what = "may use triggered journey cards"
        elif kind == L.F_DOUBLE:
            what = "doubles one recharge reward (Pass the Black Rock)"
        elif kind == L.F_THORSTEYN:
            what = f"enters {self.area(f[L.THORSTEYN_AREA])}: pays the Demon Lord's challenge or ignores one icon (Thorsteyn)"
        elif kind == L.F_TAKE_DISCARD:
            what = f"takes journey cards from the discard pile ({f[L.TAKE_LEFT]} left, Ohn Ma Puuhn)"
        elif kind == L.F_DIOP:
            what = f"destroys another player's Demons (up to {f[L.DIOP_DEMONS]}, Diop)"
        elif kind == L.F_COVER:
            what = "covers a recharge reward of the ship (the Plague Ship)"
        elif kind == L.F_ABYSS:
            what = "occupies a hero for good (Darrington's Abyss)"
        elif kind == L.F_CORNER:
            corner = f[L.CORNER_NUMBER]
            what = f"takes a reward at blessing corner {corner} ({self.area(int(C[L.C_CORNER_AREA + corner]))})"
        else:
            what = f"decides ({kind})"
        return f"{who} {what}"


DONE_WORDS = {
    L.F_ACTION: "end the action phase",
    L.F_CHOICE: "take none of them",
    L.F_DISCARD: "discard no more",
    L.F_PLAY: "play no more journey cards",
    L.F_MOVE: "stop sailing",
    L.F_UPGRADE: "gain no more upgrades",
    L.F_DIE: "do not roll",
    L.F_PURIFY_ADJ: "purify nothing",
    L.F_CHRONICLE: "take no chronicle action",
    L.F_SECONDARY: "take no secondary action",
    L.F_END_TURN: "end the turn",
    L.F_CORNER: "take no reward",
    L.F_KRAKEN: "leave the Kraken",
    L.F_MARK_CURSE: "ignore no more curses",
    L.F_KRAKEN_CHOICE: "leave the Kraken",
    L.F_TRIGGERS: "use no triggered card",
    L.F_DOUBLE: "double nothing",
    L.F_THORSTEYN: "pay the whole challenge",
    L.F_TAKE_DISCARD: "take no more cards",
    L.F_DIOP: "destroy no one's Demons",
}
