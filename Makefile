# The README's two commands. Everything installs into .venv from this project's files.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: demo test install install-test clean

demo: $(VENV)/.installed
	$(BIN)/itlr demo

# Type-checks itlr/ (mypy --strict, pyproject.toml), then runs every test; the tests start the
# Elasticsearch / OpenSearch nodes and the LLM server they need (see tests/).
test: $(VENV)/.installed-test
	$(BIN)/mypy
	$(BIN)/python -m pytest -q -ra

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(VENV)/bin/python
	$(BIN)/pip install -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(VENV)/bin/python
	$(BIN)/pip install -e '.[test]'
	touch $@ $(VENV)/.installed

clean:
	rm -rf $(VENV) build *.egg-info
