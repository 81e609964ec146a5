"""The shared ISMCTS tree: children keyed by option rows, availability, PUCT with priors."""
import numpy as np

from simulate.core import mcts_tree as M


def opts(*rows):
    return np.array([list(r) + [0] * (4 - len(r)) for r in rows], np.int32)


def fresh(nodes=64):
    TR = np.zeros(M.tree_size(nodes) + 3, np.int32)
    M.tree_reset(TR, 3)
    return TR


def test_children_are_keyed_by_row_not_index():
    TR = fresh()
    SC = np.zeros(8, np.int32)
    i, a = M.select(TR, 3, M.ROOT, opts((1, 5), (2, 7)), 2, SC, 0, 1.0, 1.0)
    # the same options listed the other way round (another redeal) find the same children
    j, b = M.select(TR, 3, M.ROOT, opts((2, 7), (1, 5)), 2, SC, 0, 1.0, 1.0)
    assert M.find_child(TR, 3, M.ROOT, opts((1, 5)), 0) >= 0 and TR[3] == 3
    assert M.field(TR, 3, M.find_child(TR, 3, M.ROOT, opts((2, 7)), 0), M.N_AVAIL) == 2
    # an option only some redeals list is available only in those
    M.select(TR, 3, M.ROOT, opts((1, 5), (3, 1)), 2, SC, 0, 1.0, 1.0)
    assert M.field(TR, 3, M.find_child(TR, 3, M.ROOT, opts((3, 1)), 0), M.N_AVAIL) == 1
    assert M.field(TR, 3, M.find_child(TR, 3, M.ROOT, opts((1, 5)), 0), M.N_AVAIL) == 3


def test_prior_leads_then_visits_overrule_it():
    TR = fresh()
    O = opts((1, 0), (1, 1))
    SC = np.array([0, 3000], np.int32)          # the heuristic prefers option 1 by 3 points
    i, child = M.select(TR, 3, M.ROOT, O, 2, SC, 0, 1.0, 1.5)
    assert i == 1
    # option 1 keeps losing, option 0 wins: the search moves to option 0
    for _ in range(200):
        i, child = M.select(TR, 3, M.ROOT, O, 2, SC, 0, 1.0, 1.5)
        M.backup(TR, 3, child, 1.0 if i == 0 else 0.0)
    assert M.most_visited(TR, 3, M.ROOT, O, 2) == 0
    assert M.field(TR, 3, M.ROOT, M.N_VISITS) == 200


def test_backup_reaches_the_root_and_a_full_tree_says_so():
    TR = fresh(nodes=2)                          # the root and one child
    SC = np.zeros(4, np.int32)
    i, child = M.select(TR, 3, M.ROOT, opts((1, 0), (1, 1)), 2, SC, 0, 0.0, 1.0)
    assert child >= 0 and TR[3] == 2
    M.backup(TR, 3, child, 0.25)
    assert M.field(TR, 3, child, M.N_VALUE) == 250 and M.field(TR, 3, M.ROOT, M.N_VALUE) == 250
    assert M.add_child(TR, 3, M.ROOT, opts((9, 9)), 0, 0) == -1


def test_reward_is_half_when_level_and_monotone():
    assert M.reward_of(0.0, 4.0) == 0.5
    assert M.reward_of(-3.0, 4.0) < 0.5 < M.reward_of(1.0, 4.0) < M.reward_of(5.0, 4.0) < 1.0
