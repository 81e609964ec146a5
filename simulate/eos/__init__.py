"""EOS: Island of Angels (issue #18, in steps). Step 1: its content as validated data
(``config.py`` over ``configs/eos/``; the format is ``docs/eos-data.md``). The kernel,
and with it the game protocol object and the registry line, come in the next steps."""
