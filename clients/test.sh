#!/usr/bin/env bash
# The client suites, run by .ci/run after ./mvnw -B verify: the generated stubs must match the
# protos, then the Go and the TypeScript suites run against the real server
# (app/target/stateful.jar, built by verify; built here only if missing).
# Needs Java 17, Go 1.26 and Node 20 with npm; everything else comes from Maven Central, the Go
# module proxy and npm at the versions pinned in pom.xml, go.mod/go.sum and package-lock.json.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
if [ ! -f "$root/app/target/stateful.jar" ]; then
  (cd "$root" && ./mvnw -q -B -pl app -am package -DskipTests)
fi
(cd "$here/ts" && npm ci --no-audit --no-fund --loglevel=error)
"$here/check-generated.sh"
echo "== Go client (clients/go)"
(cd "$here/go" && go vet ./... && go test -count=1 ./...)
echo "== TypeScript client (clients/ts)"
(cd "$here/ts" && npm test)
