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

# llama-cpp-python ships as source only. Built with its default -march=native, its CPU backend
# segfaulted on the first chat request on a Xeon whose AVX-512/AMX paths it enabled (2026-11-26);
# a portable build (AVX2 and below) works everywhere. Built once into itlr's cache folder
# ($ITLR_CACHE or ~/.cache/itlr, as itlr.embedders.cache_dir) and installed before the test extras,
# which then find it satisfied. The version is pyproject.toml's pin, read from there.
LLAMA_CPP_VERSION := $(shell sed -n 's/.*"llama-cpp-python\[server\]==\([0-9.]*\)".*/\1/p' pyproject.toml)
WHEELS := $(or $(ITLR_CACHE),$(HOME)/.cache/itlr)/wheels/portable

$(VENV)/.installed-test: pyproject.toml | $(VENV)/bin/python
	@ls $(WHEELS)/llama_cpp_python-$(LLAMA_CPP_VERSION)-*.whl >/dev/null 2>&1 || \
		CMAKE_ARGS="-DGGML_NATIVE=OFF" $(BIN)/pip wheel --no-cache-dir --no-deps -w $(WHEELS) 'llama-cpp-python==$(LLAMA_CPP_VERSION)'
	$(BIN)/pip install --no-deps $(WHEELS)/llama_cpp_python-$(LLAMA_CPP_VERSION)-*.whl
	$(BIN)/pip install -e '.[test]'
	touch $@ $(VENV)/.installed

clean:
	rm -rf $(VENV) build *.egg-info
