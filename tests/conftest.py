import pytest

from simulate.aeolos.config import load_rules


@pytest.fixture(scope="session")
def rules():
    """The AEOLOS base config as shipped."""
    return load_rules()
