def pytest_configure(config):
    config.addinivalue_line("markers", "slow: long VM runs left out of the default test run")
