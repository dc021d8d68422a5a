def pytest_configure(config):
    config.addinivalue_line("markers", "slow: the 30 s / 4x-vCPU stress run (hangs under TCG, see note)")
