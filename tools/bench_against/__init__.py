"""Side by side with an earlier commit: `make bench-against BASE=<commit>` (README, Speed)."""
