"""windtunnel's analysis: the numbers behind the balance reports.

Every function takes lazy polars frames (or a run / comparison folder) and returns a small
polars DataFrame with sample sizes and 95% intervals; the work is group_by/agg on the
Parquet scans (streaming engine), never raw rows in Python.

load          open_tables(source) -> Tables(games, seats, game, extra): a run folder, a
              comparison folder, a bare folder of Parquet tables, a Run / CompareResult, or a list
              of them; seats and the game's other tables (extra by name, tables.table(name); cards
              None when the game writes none) always carry `variant` and `n_players`; `game` from
              the manifest, compare.json or the games table. protocol(tables) -> the game's
              protocol object. collect(lf), by_game_ranges(lf, summarize, *others).
winrates      win_rates(seats, by), seat_win_rates, strategy_win_rates, first_player_advantage
              (each against fair 1/P with a two-sided p-value), against_fair(df),
              strategy_matrix(seats), head_to_head(seats, column) (pairwise score over any seats
              column, e.g. nations, with Wilson intervals).
balance       balance(seats, over="seat"|"strategy"), tie_rate(games), margin_of_victory(seats),
              winner_score(seats), game_length(games), length_histogram(games, column),
              score_sources(seats, by) (the seats' score_<source> columns: score_sources_of),
              game_scores(seats) (lazy, per game), describe(lf, column), endings(games, column)
              (how games ended: the cap rate), score_groups(seats, groups, by).
value         value(seats, subject): a game's Subject (simulate/core/protocol.py) item by item, seats
              with it against seats without (and played), improvement with Newcombe interval,
              score difference (Welch); None without its columns. card_timing(cards),
              value_table(...) and state_counts(...) underneath.
long_value    long_values(tables, sections): the game's LongValue sections (simulate/core/sections.py),
              items of a long per-seat table (events, cards) state by state against the
              rest of the cell, one join-and-group pass per table; long_value, who_table.
game_flags    flag_effects(tables, column, metrics): per name of a comma-separated games column
              (curses in play), games with it minus without (Welch, Holm).
pace          pace(games, template): the turn of the k-th event (entry_{k}_turn).
variants      compare_variants(source, baseline="base", method="holm"|"bh"): every change with
              interval, p-value, adjusted p-value; paired by game seed where cells share it.
              game_metrics, seat_metrics, holder_metrics(tables, subject), difference_table,
              paired_difference, side_summary; metric_name(metric, unit).
findings      findings(source, threshold, vp_threshold, alpha, baseline, min_group, names) -> [Finding]
              in the order a designer acts on (TIERS), largest first within each;
              findings_of(frames already computed); seat_findings, strategy_findings,
              value_findings, variant_findings.
causes        merge_shared_causes: findings that say the same thing again as one.
group_size    MinGroup: the smallest group a finding compares (1% of a cell's seat-games or 1,000).
verdicts      verdicts: the summary card (pass / watch / fail per question).
never_played  never_played, note_findings: items a strategy draws and never plays.
significance  binomial_test (exact, scipy), rate_difference (Newcombe + pooled z), difference, holm,
              benjamini_hochberg, adjust(df, method), normal_sf2.
stats         wilson_interval, proportion, wilson_exprs, z_value.
ratings       bradley_terry, rating_intervals, elo_expected.
"""
