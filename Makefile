# animexport — the two commands that matter on a fresh machine: `make run` and `make test`.
SHELL := /bin/bash
PREFIX ?= /usr/local
SWIFT ?= swift
RELEASE_BIN = .build/release/animexport
# Release tuning (Package.swift): every build this Makefile runs is tuned (AVX2 + FMA kernels on
# x86-64, unchecked exclusivity, cross-module optimisation). A plain `swift build`, or a package
# that depends on AnimExportKit, sees a manifest without unsafe flags and builds portable code.
export ANIMEXPORT_TUNED := 1
# Debian packages: FFmpeg's libraries (libx264 comes with libavcodec), pkg-config, and for
# text: FreeType, HarfBuzz, fontconfig, the Inter font and the fallback fonts for the world's
# scripts (README "Text in every script": fonts-noto-core, fonts-wqy-microhei; 49 MB installed).
APT_PKGS = libavcodec-dev libavformat-dev libswscale-dev libavutil-dev pkg-config \
           libfreetype-dev libharfbuzz-dev libfontconfig-dev fontconfig fonts-inter fonts-noto-core fonts-wqy-microhei \
           libavfilter-dev libswresample-dev libwebp-dev ffmpeg libpolyclipping-dev libzip-dev

.PHONY: all deps deps-test deps-deb build release deb test check-layout run bench bench-against assets install install-files uninstall clean \
        compare-lottie lottie-compare-venv test-compare-tool

all: build

# Fuzzing and AddressSanitizer runs (issue 7): make fuzz, make asan-test (after `all`, so
# plain `make` still builds).
include Fuzz/harden.mk

# Installs only what is missing (checked with pkg-config and fontconfig).
deps:
	@missing=""; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	command -v ffmpeg >/dev/null 2>&1 || missing="$$missing ffmpeg"; \
	for lib in libavcodec libavformat libswscale libavutil libavfilter libswresample libwebpdemux freetype2 harfbuzz fontconfig polyclipping libzip; do \
	  pkg-config --exists $$lib 2>/dev/null || missing="$$missing $$lib"; \
	done; \
	{ command -v fc-list >/dev/null 2>&1 && fc-list 2>/dev/null | grep -qi 'Inter.*Bold'; } || missing="$$missing fonts-inter"; \
	{ command -v fc-list >/dev/null 2>&1 && fc-list 2>/dev/null | grep -qi 'Noto Sans Devanagari'; } || missing="$$missing fonts-noto-core"; \
	{ command -v fc-list >/dev/null 2>&1 && fc-list 2>/dev/null | grep -qi 'WenQuanYi Micro Hei'; } || missing="$$missing fonts-wqy-microhei"; \
	if [ -n "$$missing" ]; then \
	  echo "deps: missing:$$missing — installing with apt-get"; $(call apt-install,$(APT_PKGS),deps); \
	else echo "deps: all present"; fi

# Installs the Debian packages $(1) with apt-get (as root, else with sudo); $(2) names the target.
define apt-install
SUDO=""; [ "$$(id -u)" = 0 ] || SUDO="sudo"; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(1) >/dev/null \
	    || { echo "$(2): apt-get install failed; install these Debian packages: $(1)"; exit 1; }
endef

# What only the tests need: Debian's Chromium, for the review page test and lottie-web in
# `make compare-lottie`, and qemu-user, to run the release binary on an emulated CPU without AVX2
# (scripts/test-release-manifest.sh): large packages, so apart from `deps` and installed only when missing.
deps-test: deps deps-deb
	@missing=""; command -v chromium >/dev/null 2>&1 || missing="chromium"; \
	command -v qemu-x86_64 >/dev/null 2>&1 || missing="$$missing qemu-user"; \
	if [ -z "$$missing" ]; then echo "deps-test: chromium and qemu-user present"; else \
	  echo "deps-test: missing: $$missing — installing with apt-get"; $(call apt-install,$$missing,deps-test); \
	fi

# For `make deb` and its check, when missing: dpkg-dev (dpkg-shlibdeps derives the package's
# Depends) and groff-base (scripts/test-deb.sh formats the man page with warnings on).
deps-deb:
	@missing=""; command -v dpkg-shlibdeps >/dev/null 2>&1 || missing="dpkg-dev"; \
	command -v groff >/dev/null 2>&1 || missing="$$missing groff-base"; \
	if [ -z "$$missing" ]; then echo "deps-deb: dpkg-dev and groff-base present"; else \
	  echo "deps-deb: missing: $$missing — installing with apt-get"; $(call apt-install,$$missing,deps-deb); \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product animexport

# A Debian package of the release binary (scripts/build-deb.sh): launcher, binary, the Swift
# runtime no Debian package has, presets, targets, a man page from --help; Depends derived
# by dpkg-shlibdeps and dpkg -S. Writes .build/deb/animexport_VERSION_ARCH.deb (docs/ci.md).
DEB_DIR = .build/deb
deb: release deps-deb
	scripts/build-deb.sh $(RELEASE_BIN) $(DEB_DIR)

# Module layout, before any build (seconds): every file imports only modules its target declares
# in Package.swift and every declared dependency is imported; nothing refers outside the
# repository (scripts/check-layout.swift), and the check itself catches planted violations.
check-layout:
	SWIFT=$(SWIFT) $(SWIFT) scripts/check-layout.swift
	SWIFT=$(SWIFT) scripts/test-check-layout.sh

# Unit tests plus end-to-end tests that run the release binary and decode what it wrote, and the
# example package (a Swift user of the AnimExportKit library) built and run.
# kernel-audit checks the release (AVX2) build's SIMD kernels against their scalar references;
# animexport-bench --check-allocations that the display-list rows allocate nothing per frame.
# All tests use Swift Testing; XCTest is disabled so its empty "Executed 0 tests" summary
# does not stand next to the real one.
EXAMPLE = Examples/CustomScene
LOTTIE_ALLOC_FIXTURES = Tests/LottieRenderTests/Fixtures,Tests/LottieTests/Fixtures
test: check-layout release deps-test test-compare-tool
	$(SWIFT) build -c release --product animexport-bench
	.build/release/animexport-bench --check-allocations
	@# Shape-only Lottie fixtures draw steady-state frames without a heap allocation (seconds).
	.build/release/animexport-bench --check-lottie-allocs $(LOTTIE_ALLOC_FIXTURES)
	$(SWIFT) build -c release --product kernel-audit
	.build/release/kernel-audit --quiet
	@# The manifest a consumer sees has no unsafe flags; the tuned release binary refuses a CPU
	@# without AVX2 in one sentence (qemu) and runs on one with it.
	SWIFT=$(SWIFT) scripts/test-release-manifest.sh $(RELEASE_BIN)
	@# The Debian package of this release binary (~25 s): fields, files, Depends, apt's simulated
	@# install, then dpkg -i into a private root and run from outside the checkout (list, a clip).
	deb=$$(scripts/build-deb.sh $(RELEASE_BIN) $(DEB_DIR)) && scripts/test-deb.sh "$$deb" $(RELEASE_BIN)
	@# SwiftPM can keep a stale plan of the path dependency after files are added to it (seen after
	@# merges): an incremental failure is retried once from an empty build folder.
	@# The example builds as a consumer of AnimExportKit does: without ANIMEXPORT_TUNED, so with
	@# the manifest that declares no unsafe flags.
	env -u ANIMEXPORT_TUNED $(SWIFT) build --package-path $(EXAMPLE) || { echo "example: rebuilding $(EXAMPLE) from scratch"; \
	  rm -rf $(EXAMPLE)/.build && env -u ANIMEXPORT_TUNED $(SWIFT) build --package-path $(EXAMPLE); }
	ANIMEXPORT_BIN=$(CURDIR)/$(RELEASE_BIN) ANIMEXPORT_EXAMPLE_BIN=$(CURDIR)/$(EXAMPLE)/.build/debug/custom-scene \
	  $(SWIFT) test --disable-xctest

# Benchmarks (issue 6): release build, then the table on stdout and bench/results.json.
# BENCH_ARGS=--quick for a short run; --json PATH to write elsewhere.
bench: release lottie-compare-venv
	$(SWIFT) build -c release --product animexport-bench
	.build/release/animexport-bench $(BENCH_ARGS)

# Side by side with an earlier commit (tools/bench_against; README, Speed): BASE's bench built in
# .build/bench-base/, both run in pairs, order alternating, pinned to one CPU (BENCH_AGAINST_ARGS: --runs N, --only
# ROWS, --rounds N, --json PATH); per row both medians, the paired ratio and a sign test.
bench-against: release
	@test -n "$(BASE)" || { echo "make bench-against BASE=<commit>"; exit 2; }
	$(SWIFT) build -c release --product animexport-bench
	cd tools && PYTHONDONTWRITEBYTECODE=1 python3 -m bench_against --base $(BASE) $(BENCH_AGAINST_ARGS)

# The Lottie comparison (issues 13, 22; tools/lottie_compare, docs/lottie-compare.md): ours,
# ThorVG and rlottie each against lottie-web (the reference, in Debian's headless chromium) over
# the corpus, report in out/lottie-compare/ (COMPARE_ARGS: --corpus DIR, --only TEXT, --box N,
# --jobs N, --frames N, --seed N, --out DIR). Not part of `make test`; the tool's own tests are.
# lottie-web 5.7.5 is the package data of PyPI's pylottie, installed without its dependencies.
COMPARE_VENV = .build/lottie-compare-venv
COMPARE_PY = cd tools && PYTHONDONTWRITEBYTECODE=1 $(CURDIR)/$(COMPARE_VENV)/bin/python
$(COMPARE_VENV)/installed: tools/lottie_compare/requirements.txt tools/lottie_compare/requirements-nodeps.txt
	@python3 -c 'import venv, ensurepip' 2>/dev/null || { SUDO=""; [ "$$(id -u)" = 0 ] || SUDO="sudo"; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq python3-venv >/dev/null; }
	rm -rf $(COMPARE_VENV) && python3 -m venv $(COMPARE_VENV)
	$(COMPARE_VENV)/bin/pip install -q --disable-pip-version-check -r tools/lottie_compare/requirements.txt
	$(COMPARE_VENV)/bin/pip install -q --disable-pip-version-check --no-deps -r tools/lottie_compare/requirements-nodeps.txt
	touch $@
lottie-compare-venv: $(COMPARE_VENV)/installed
test-compare-tool: lottie-compare-venv
	$(COMPARE_PY) -m unittest discover -q -s lottie_compare/tests -t .
	$(COMPARE_PY) -m unittest discover -q -s bench_against/tests -t .
compare-lottie: release deps-test test-compare-tool
	$(COMPARE_PY) -m lottie_compare --ours $(CURDIR)/$(RELEASE_BIN) $(COMPARE_ARGS)

run: release
	@mkdir -p out
	$(RELEASE_BIN) pulse --preset red -y out/pulse-red.mp4
	@echo "Rendered: $(CURDIR)/out/pulse-red.mp4"

# Every output of every preset in presets/ (marketing set: 1:1, 9:16, 16:9, poster) into
# dist/, with previews and dist/manifest.json; unchanged outputs are skipped (docs/ci.md).
assets: release
	$(RELEASE_BIN) batch presets --out dist --previews

install: release install-files

# The files of `make install` without the build (the tests install into a temporary prefix).
install-files:
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/animexport/presets $(DESTDIR)$(PREFIX)/share/animexport/targets
	install -m 755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/animexport
	install -m 644 presets/*.json $(DESTDIR)$(PREFIX)/share/animexport/presets/
	install -m 644 targets/*.json $(DESTDIR)$(PREFIX)/share/animexport/targets/

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/animexport
	rm -rf $(DESTDIR)$(PREFIX)/share/animexport

clean:
	rm -rf .build out dist $(EXAMPLE)/.build
