# Hardening targets (issue 7), included from the Makefile.
#
#   make fuzz         builds the libFuzzer targets (Fuzz/build.sh, swiftc -sanitize=fuzzer,address,
#                     outside SwiftPM) and runs each for FUZZ_SECONDS (default 300), printing the
#                     executions and exec/s; a crash, hang (> 10 s per input) or > 2 GB input fails.
#                     The corpora grow in .build/fuzz/corpus-* and are reused by the next run.
#   make asan-test    the whole test suite, the binary included, under AddressSanitizer, in its
#                     own build folder (.build/asan). detect_leaks=0: the Swift Testing harness
#                     and Foundation's Process/Pipe leak a little at exit, which LeakSanitizer
#                     would report as a failure of every test process (the fuzz targets do
#                     check leaks: libFuzzer runs LeakSanitizer on every new input).
FUZZ_SECONDS ?= 300
FUZZ_OUT = .build/fuzz
FUZZ_TARGETS = geometry preset
ASAN_PATH = .build/asan

.PHONY: fuzz fuzz-build asan-test

fuzz-build: deps
	Fuzz/build.sh $(FUZZ_OUT)

fuzz: fuzz-build
	@for t in $(FUZZ_TARGETS); do \
	  corpus=$(FUZZ_OUT)/corpus-$$t; mkdir -p $$corpus $(FUZZ_OUT)/artifacts-$$t; \
	  if [ $$t = preset ]; then cp -n presets/*.json $$corpus/; fi; \
	  echo "fuzz: $$t for $(FUZZ_SECONDS) s"; \
	  $(FUZZ_OUT)/fuzz-$$t -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
	    -artifact_prefix=$(FUZZ_OUT)/artifacts-$$t/ $$corpus Fuzz/regressions/$$t >$(FUZZ_OUT)/$$t.log 2>&1; \
	  status=$$?; \
	  runs=$$(sed -n 's/^stat::number_of_executed_units: *//p' $(FUZZ_OUT)/$$t.log); \
	  rate=$$(sed -n 's/^stat::average_exec_per_sec: *//p' $(FUZZ_OUT)/$$t.log); \
	  echo "fuzz: $$t: $$runs executions, $$rate exec/s, exit $$status (log $(FUZZ_OUT)/$$t.log)"; \
	  if [ $$status != 0 ]; then grep -m5 -E "ERROR|Test unit written|SUMMARY" $(FUZZ_OUT)/$$t.log; exit 1; fi; \
	done

asan-test: deps
	$(SWIFT) build -c release --product animexport --scratch-path $(ASAN_PATH) -Xswiftc -sanitize=address
	ASAN_OPTIONS=detect_leaks=0 ANIMEXPORT_BIN=$(CURDIR)/$(ASAN_PATH)/release/animexport \
	  $(SWIFT) test --scratch-path $(ASAN_PATH) -Xswiftc -sanitize=address --disable-xctest
