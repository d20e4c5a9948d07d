#!/usr/bin/env bash
# Fails when the committed Go or TypeScript stubs differ from what generate.sh makes from the
# protos now (a proto changed without regenerating: run clients/generate.sh and commit).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
OUT_GO="$tmp/go" OUT_TS="$tmp/ts" "$here/generate.sh"
status=0
diff -r "$here/go/statefulv1" "$tmp/go" >&2 || status=1
diff -r "$here/ts/src/gen" "$tmp/ts" >&2 || status=1
if [ "$status" -ne 0 ]; then
  echo "check-generated: the committed stubs are out of date; run clients/generate.sh and commit the result" >&2
  exit 1
fi
echo "check-generated: Go and TypeScript stubs match the protos"
