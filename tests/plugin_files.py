"""Plugin files written by the tests: one strategy whose scorer runs a few lines of code."""
from pathlib import Path


def write_plugin(folder, name, body, *, game, layout_names, base="balanced"):
    """A plugin file registering `game`'s strategy `name` on `base`, whose scorer runs `body`
    (lines of code, indented here); `layout_names`: what it imports from the game's layout."""
    path = Path(folder) / f"{name}.py"
    path.write_text("import numpy as np\n"
                    f"from simulate.{game}.layout import {layout_names}\n"
                    "from strategies.plugin import scorer\n\n"
                    f"@scorer({name!r}, game={game!r}, base={base!r})\n"
                    "def score(obs, decision, options, i, base, weights, seat):\n"
                    + "".join(f"    {line}\n" for line in body.splitlines()))
    return path
