"""Arrow columns a game's records are built from (one copy for every game's ``records.py``):
kernel arrays in, typed pyarrow columns out, strings dictionary-built so that a million rows of
a few names cost a million small integers."""
import numpy as np
import pyarrow as pa


def constant(value, n):
    """A string column of n copies of `value`, built from a one-word dictionary."""
    return pa.DictionaryArray.from_arrays(np.zeros(n, np.int8), pa.array([value], pa.string())).cast(pa.string())


def names(codes, words, valid=None):
    """A string column naming each code (an index into `words`); null where not `valid` (a
    negative code, which names nothing, is read as 0 under the mask)."""
    idx = pa.array(np.maximum(np.asarray(codes), 0).astype(np.int16), mask=None if valid is None else ~np.asarray(valid))
    return pa.DictionaryArray.from_arrays(idx, pa.array(list(words), pa.string())).cast(pa.string())


def col(values, typ, mask=None):
    """A column of Arrow type `typ` from a kernel array (no copy where the dtype is already right)."""
    return pa.array(np.ascontiguousarray(values).astype(typ.to_pandas_dtype(), copy=False), typ, mask=mask)
