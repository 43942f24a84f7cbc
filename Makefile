# judge: the two commands are `make demo` and `make test` (see README.md).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup demo test bench clean

# Installing compiles the rules core with mypyc (setup.py): again whenever its source changes. The
# dependencies come first, from requirements.txt: the versions pinned there are the ones tested.
$(STAMP): pyproject.toml requirements.txt setup.py $(wildcard judge/core/*.py)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet --require-hashes -r requirements.txt
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

demo: $(STAMP)
	$(PY) -m judge.demo

test: $(STAMP)
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) bench/run.py

clean:
	rm -rf $(VENV) site build judge/core/*.so *__mypyc*.so
