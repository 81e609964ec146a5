"""windtunnel's analysis: the numbers behind the balance reports.

Every function takes lazy polars frames (or a run / comparison folder) and returns a small
polars DataFrame with sample sizes and 95% intervals; the work is group_by/agg on the
Parquet scans (streaming engine), never raw rows in Python.

load          open_tables(source) -> Tables(games, seats, cards): a run folder, a comparison
              folder, a bare folder of Parquet tables, a Run / CompareResult, or a list of them;
              seats and cards always carry `variant` and `n_players`. collect(lf).
winrates      win_rates(seats, by), seat_win_rates, strategy_win_rates, first_player_advantage
              (each against fair 1/P with a two-sided p-value), against_fair(df),
              strategy_matrix(seats) (pairwise head-to-head score with Wilson intervals).
balance       balance(seats, over="seat"|"strategy"), tie_rate(games), margin_of_victory(seats),
              winner_score(seats), game_length(games), length_histogram(games, column),
              score_sources(seats, by), game_scores(seats) (lazy, per game), describe(lf, column).
card_value    card_value(seats) (drawn / played / never drawn, improvement when drawn, VP
              difference), harbor_value(seats), ability_value(seats) (None without an ability
              column), card_timing(cards), value_table(...) and state_counts(...) underneath.
variants      compare_variants(source, baseline="base", method="holm"|"bh"): every change with
              interval, p-value, adjusted p-value; paired by game seed where cells share it.
              game_metrics, seat_metrics, difference_table, paired_difference, side_summary.
findings      findings(source, threshold, vp_threshold, alpha, baseline) -> [Finding] sorted by
              effect; findings_of(frames already computed); seat_findings, strategy_findings,
              variant_findings.
significance  binomial_test, rate_difference (Newcombe + pooled z), difference, holm,
              benjamini_hochberg, adjust(df, method), normal_sf2.
stats         wilson_interval, proportion, wilson_exprs, z_value.
ratings       bradley_terry, rating_intervals, elo_expected.
"""
