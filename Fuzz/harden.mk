# Hardening targets (issue 7), included from the Makefile.
#
#   make fuzz         builds the libFuzzer targets (Fuzz/build.sh, swiftc -sanitize=fuzzer,address,
#                     outside SwiftPM) and runs them side by side (Fuzz/run.sh), each for
#                     FUZZ_SECONDS (default 600: ~1.2M geometry and ~3.6M preset executions on
#                     one core each; `font`, `lottie` and `media` run beside them), printing executions and exec/s; a crash, hang
#                     (> 10 s per input), leak or > 2 GB input fails. The corpora grow in
#                     .build/fuzz/corpus-* and are reused by the next run.
#   make asan-test    the whole test suite, the binary included, under AddressSanitizer, in its
#                     own build folder (.build/asan), with LeakSanitizer on. Fuzz/lsan.supp
#                     suppresses exactly two leaks that are not ours: fontconfig's caches (kept
#                     until exit) and Foundation's Process.run (32 bytes per started process, in
#                     the test harness). A third, Foundation's FileManager.contents(atPath:) on
#                     an empty file (4 KB), is avoided in our code. ASAN_LEAKS=0 turns leak
#                     checking off altogether (ASAN_OPTIONS=detect_leaks=0).
FUZZ_SECONDS ?= 600
FUZZ_OUT = .build/fuzz
ASAN_PATH = .build/asan
ASAN_LEAKS ?= 1

.PHONY: fuzz fuzz-build asan-test

fuzz-build: deps
	Fuzz/build.sh $(FUZZ_OUT)

fuzz: fuzz-build
	Fuzz/run.sh $(FUZZ_OUT) $(FUZZ_SECONDS)

asan-test: deps
	$(SWIFT) build -c release --product animexport --scratch-path $(ASAN_PATH) -Xswiftc -sanitize=address
	ASAN_OPTIONS=detect_leaks=$(ASAN_LEAKS) LSAN_OPTIONS=suppressions=$(CURDIR)/Fuzz/lsan.supp \
	  ANIMEXPORT_BIN=$(CURDIR)/$(ASAN_PATH)/release/animexport \
	  $(SWIFT) test --scratch-path $(ASAN_PATH) -Xswiftc -sanitize=address --disable-xctest
