# SlapStack. `make sim` plays in the host simulator, `make test` runs every test.
# Both set up what they need on a fresh machine: a Python venv (.venv) from
# requirements-dev.txt with the project installed in it (the `slapstack` command), and the
# MicroPython 1.29 and 1.28 WebAssembly VMs from npm (node_modules).
PY ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
NODE_MPY := node_modules/@micropython/micropython-webassembly-pyscript/package.json
MPY_RUN := node tests/mpy_run.mjs
MPY_TESTS := test-mpy-1.29 test-mpy-1.28

.PHONY: setup sim web web-serve bench-web test test-cpython test-mpy $(MPY_TESTS) test-deep test-device bench bench-device soak-device flash image check wiring box check-pins clean

setup: $(VENV)/.stamp $(NODE_MPY)

$(VENV)/.stamp: requirements-dev.txt pyproject.toml
	$(PY) -m venv $(VENV)
	$(VPY) -m pip install --quiet --upgrade pip
	$(VPY) -m pip install --quiet -r requirements-dev.txt
	touch $@

$(NODE_MPY): package.json
	npm install --no-audit --no-fund --no-save
	touch $@

## sim: the device in a window (keyboard buttons, LEDs, sound); its flash lives in build/sim-flash
sim: setup
	$(VENV)/bin/slapstack sim --flash build/sim-flash

## web: the page that plays SlapStack in a browser (the firmware make flash builds, on
## MicroPython's WebAssembly VM), built into build/web for any static file server
web: setup
	$(VPY) -m host_sim.web.build

## web-serve: serve build/web on this computer (PORT=8000) and print its address
PORT ?= 8000
web-serve: web
	$(VPY) -m host_sim.web.serve --port $(PORT)

## bench-web: the page's own timings in Chromium (load, new card, verdict): figures, not pass/fail
bench-web: web
	$(VPY) -m host_sim.web.bench

## flash: compile the firmware and write it into the ROMFS partition of the SlapStack image
## (hw/image), installing the image first on a Pico that runs anything else (through its
## RPI-RP2 drive: DRIVE=<folder> where the desktop does not mount it where expected);
## PORT=/dev/ttyACM0 picks the port; WITH="tests/x.py ...": those scripts compiled in too,
## as modules (bench-device's way)
flash: $(VENV)/.stamp
	$(VPY) tools/flash.py $(if $(PORT),--port $(PORT)) $(if $(DRIVE),--drive $(DRIVE)) $(if $(FLASH_BUILD),--build $(FLASH_BUILD)) $(if $(WITH),--with $(WITH))

## image: build the SlapStack MicroPython image from a MicroPython release checkout with its
## submodules (make image MICROPY_DIR=~/micropython; see hw/image/README.md)
image:
	hw/image/build.sh $(MICROPY_DIR)

## check: type-check the firmware (firmware/ and its folders) against MicroPython's rp2 stubs
check: $(VENV)/.stamp
	$(VPY) tools/check.py

## test: every test, on CPython (pytest host_sim) and on the real MicroPython VMs (1.29, 1.28)
test: setup test-cpython test-mpy

test-cpython: $(VENV)/.stamp $(NODE_MPY)
	$(VPY) -m pytest host_sim -q -n 2

## test-mpy: tests/ on both MicroPython VMs at once (one core each), each VM's output kept together
test-mpy: $(NODE_MPY)
	$(MAKE) -s -j2 --output-sync=target $(MPY_TESTS)

$(MPY_TESTS): test-mpy-%: $(NODE_MPY)
	$(MPY_RUN) --micropython $* tests/run.py

## test-deep: the host tests with every property test at its full 10,000 examples (hypothesis
## profile "deep"; make test plays 4,000: host_sim/tests/conftest.py says why)
test-deep: $(VENV)/.stamp $(NODE_MPY)
	$(VPY) -m pytest host_sim -q -n 2 --hypothesis-profile=deep

## test-device: the device stage: the real make flash onto the emulated Pico (PICO_RIG, default
## ../shared/pico; needs node and socat) onto a Pico on stock MicroPython, which installs the
## SlapStack image (hw/image), then pytest tests/device against it
PICO_RIG ?= ../shared/pico
test-device: $(VENV)/.stamp
	PICO_RIG=$(PICO_RIG) $(VPY) -m pytest tests/device -q -n 2 --dist loadgroup

## bench: engine speed on both VMs, heap on MicroPython (figures, not pass/fail);
## the heap is measured importing .py source and the .mpy build make flash makes, mounted
## at /lib as on the board (build/flash); then the firmware module by module
bench: setup
	$(VPY) tools/flash.py --dry-run > /dev/null
	$(VPY) tests/bench_engine.py
	$(MPY_RUN) --loop heap_step tests/bench_engine.py
	$(MPY_RUN) --mount build/flash/rom/lib:/lib --loop heap_step tests/bench_engine.py --mpy
	$(MPY_RUN) --mount build/flash/rom/lib:/lib --mount build/bench:/build/bench --loop heap_step tests/bench_engine.py --mpy people
	$(VPY) tests/bench_warmoney.py
	$(MPY_RUN) --loop heap_step tests/bench_warmoney.py
	$(MPY_RUN) --loop step tests/bench_app.py
	$(MPY_RUN) --mount build/flash/rom/lib:/lib --loop step tests/bench_app.py mpy
	$(MPY_RUN) --mount build/flash/rom/lib:/lib --loop step tests/bench_modules.py mpy

## bench-device: the device benchmarks on the emulated Pico (PICO_RIG, as test-device) on the
## SlapStack image: the real make flash onto it with the scripts in ROMFS too, then
## tests/bench_device.py, tests/bench_screens_device.py and tests/heap_device.py (imported from
## there: their code takes no heap), and each game's heap at its peak
bench-device: $(VENV)/.stamp
	PICO_RIG=$(PICO_RIG) $(VPY) -m host_sim.pico_bench

## soak-device: 20 four-bot games back to back on the emulated Pico (tests/soak_device.py):
## the heap after each, collections in a card's reveal; some 45 minutes on the emulated Pico
soak-device: $(VENV)/.stamp
	PICO_RIG=$(PICO_RIG) $(VPY) -m host_sim.pico_bench tests/soak_device.py

## wiring: check hw/pins.json and regenerate the drawings made from it (hw/wiring.svg, hw/perfboard.svg)
wiring: $(VENV)/.stamp
	$(VPY) hw/wiring.py
	$(VPY) hw/perfboard.py

## box: build the enclosure model from hw/enclosure.json (build123d): the laser sheets and pictures
## in hw/box/, an STL and a STEP file of every part in build/box/
box: $(VENV)/.stamp
	$(VPY) hw/box.py

## check-pins: the same checks, writing nothing; fails when a committed drawing is out of date
check-pins: $(VENV)/.stamp
	$(VPY) hw/wiring.py --check
	$(VPY) hw/perfboard.py --check
	$(VPY) hw/box.py --check

clean:
	rm -rf $(VENV) node_modules build
