# SlapStack: `make sim` plays in the host simulator, `make test` runs every test.
# Both set up what they need on a fresh machine (a Python venv and the npm MicroPython VM).
PY ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
NODE_MPY := node_modules/@micropython/micropython-webassembly-pyscript/package.json

.PHONY: setup sim test test-cpython test-mpy bench flash check clean

setup: $(VENV)/.stamp $(NODE_MPY)

$(VENV)/.stamp: requirements-dev.txt
	$(PY) -m venv $(VENV)
	$(VPY) -m pip install --quiet --upgrade pip
	$(VPY) -m pip install --quiet -r requirements-dev.txt
	touch $@

$(NODE_MPY): package.json
	npm install --no-audit --no-fund --silent
	touch $@

test: setup test-cpython test-mpy

test-cpython: $(VENV)/.stamp
	$(VPY) -m pytest host_sim -q -n 2

test-mpy: $(NODE_MPY)
	node tests/mpy_run.mjs tests/run.py

clean:
	rm -rf $(VENV) node_modules build
