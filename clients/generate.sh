#!/usr/bin/env bash
# Regenerates the client stubs from adapters-grpc/src/main/protobuf (the contract) into
# clients/go/statefulv1 and clients/ts/src/gen, or into OUT_GO / OUT_TS when set (check-generated.sh).
# Tool versions are pinned: protoc by pom.xml's protobuf.version, protoc-gen-go and protoc-gen-go-grpc
# by clients/go/go.mod's tool directives, ts-proto by clients/ts/package-lock.json.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
protos="$here/../adapters-grpc/src/main/protobuf"
read -r protoc include < <("$here/protoc.sh")
out_go="${OUT_GO:-$here/go/statefulv1}"
out_ts="${OUT_TS:-$here/ts/src/gen}"
files=(stateful/v1/objects.proto stateful/v1/statefulset_service.proto stateful/v1/remote_ports.proto)

# Go: the package is mapped here so that the protos carry no Go-specific option
bin="$(mktemp -d)"
trap 'rm -rf "$bin"' EXIT
(cd "$here/go" && go build -o "$bin/" google.golang.org/protobuf/cmd/protoc-gen-go google.golang.org/grpc/cmd/protoc-gen-go-grpc)
maps=()
for f in "${files[@]}"; do maps+=("M$f=stateful.dev/clients/go/statefulv1"); done
gomap="$(IFS=,; echo "${maps[*]}")"
mkdir -p "$out_go"
"$protoc" -I"$protos" -I"$include" \
  --plugin=protoc-gen-go="$bin/protoc-gen-go" --plugin=protoc-gen-go-grpc="$bin/protoc-gen-go-grpc" \
  --go_out="$out_go" --go_opt=paths=source_relative,"$gomap" \
  --go-grpc_out="$out_go" --go-grpc_opt=paths=source_relative,"$gomap" \
  "${files[@]}"
# source_relative keeps stateful/v1/; the package is flat
mv "$out_go"/stateful/v1/*.go "$out_go"/ && rm -rf "$out_go/stateful"

# TypeScript (ts-proto, grpc-js services); needs clients/ts/node_modules (npm ci)
if [ -z "${SKIP_TS:-}" ]; then
  mkdir -p "$out_ts"
  "$protoc" -I"$protos" -I"$include" \
    --plugin=protoc-gen-ts_proto="$here/ts/node_modules/.bin/protoc-gen-ts_proto" \
    --ts_proto_out="$out_ts" \
    --ts_proto_opt=outputServices=grpc-js,env=node,esModuleInterop=true,useOptionals=messages,oneof=unions-value,importSuffix=.js \
    "${files[@]}"
fi
