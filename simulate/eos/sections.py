"""EOS's report sections (``Game.sections``, ``simulate/sections.py``): the questions of issue
#19's report, each over columns the kernel records (``docs/data.md``, "EOS tables")."""
from ..sections import Endings, FlagEffect, HeadToHead, LongValue, Pace, ScoreGroups, SeatHeatmap, Stages, State
from . import layout as L

ASSOCIATION = ("An association, not a card's strength: a seat that is doing well draws, buys and plays more, "
               "so most cards look good. A nation's own cards are weighed against that nation's seat-games "
               "without them.")

SECTIONS = (
    Endings("endings", "How games ended",
            "How often did the turn cap (a safety stop), not the chronicle, end a game?", "ended_by", cap="cap",
            note="The cap rate is the share ended by the cap; those games did not end by the rules."),
    SeatHeatmap("nation_seat", "Nation win rate by seat",
                "Does a nation win more often from some seats than from others?", "nation"),
    HeadToHead("nation_matchup", "Nation against nation",
               "When two nations meet, how often does each finish ahead of the other?", "nation"),
    LongValue("angel", "Angels: hero or patron side",
              "Is the hero side or the patron side of each Angel worth more to the seat that awakens it?",
              table="feats", item="item", where=(("kind", ("angel_hero", "angel_patron")),),
              states=(State("hero", "awakened {Item} as hero", "kind", ("angel_hero",)),
                      State("patron", "awakened {Item} as patron", "kind", ("angel_patron",))),
              rest="not awakened", rest_says="did not awaken {Item}",
              contrasts=(("hero", "patron"), ("hero", "not awakened"), ("patron", "not awakened")),
              who=("strategy",), per_game=True,
              note="Hero minus patron compares the seats that took each side; who awakens an Angel, and when, "
                   "is the strategies' choice, so this is an association."),
    LongValue("lord", "Demon Lords defeated",
              "How often is each Demon Lord defeated, by whom, and do the seats that defeat it win more?",
              table="feats", item="item", where=(("kind", ("lord",)),),
              states=(State("defeated", "defeated {Item}"),), rest="did not", rest_says="did not defeat {Item}",
              who=("strategy", "nation"), per_game=True,
              note="A Lord comes to the board only in some games: 'did not' holds every other seat-game."),
    LongValue("deed", "Epic deeds accomplished",
              "How often is each epic deed accomplished, by whom, and do the seats that accomplish it win more?",
              table="feats", item="item", where=(("kind", ("deed",)),),
              states=(State("accomplished", "accomplished {item}"),), rest="did not",
              rest_says="did not accomplish {item}", who=("strategy", "nation"), per_game=True),
    LongValue("journey", "Journey card value",
              "Which journey cards go with winning when played, or when held?",
              table="cards", item="card", where=(("kind", ("journey",)),),
              states=(State("held", "held {item}"), State("played", "played {item}", "turn_played")),
              rest="not held", rest_says="did not hold {item}",
              contrasts=(("played", "not held"), ("held", "not held")), within="nation", note=ASSOCIATION),
    LongValue("upgrade", "Upgrade value", "Which upgrades go with winning when gained (bought or taken)?",
              table="cards", item="card", where=(("kind", ("upgrade",)),),
              states=(State("gained", "gained {item}"),), rest="not gained", rest_says="did not gain {item}",
              within="nation", note=ASSOCIATION),
    FlagEffect("curse", "Curses in play",
               "Which curses make games longer or shorter, and richer or poorer in glory?", "curses_in_play",
               metrics=("turns", "score_total"),
               note="A curse counts as in play if it was at any time of the game; glory is the mean final glory "
                    "of the game's seats."),
    Pace("pace", "Chronicle pace", "How fast does the chronicle fill: on which turn does its k-th entry come?",
         "entry_{k}_turn"),
    ScoreGroups("glory_groups", "Glory in play and in the end bonus",
                "How much glory comes during play, and how much from the end bonus?",
                groups=(("in play", L.GLORY_SOURCES),
                        ("end bonus", ("bonus_demons", "bonus_morale", "bonus_ranks", "bonus_journey",
                                       "bonus_upgrades")),
                        ("lost", ("lost",))),
                by=("strategy", "nation")),
    Stages("solo", "Solo scenarios",
           "How often is each solo scenario won, with each nation, and which task stops players most?",
           "solo_tasks_done", by=("solo_scenario", "nation", "strategy"),
           note="Solo runs only (--variant solo): a win is the 4th task done before the 6th recharge action."),
)
