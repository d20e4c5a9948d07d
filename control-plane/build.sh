#!/usr/bin/env bash
# Builds the pinned upstream control plane the real-control-plane tests run against (etcd,
# kube-apiserver, kube-controller-manager) into a cache directory keyed by the pinned versions,
# and prints that directory as its last line. A build is skipped when the binaries are there.
#
#   control-plane/build.sh            build if needed, print the directory
#   STATEFUL_CACHE=/some/dir ...       cache root (default: ${XDG_CACHE_HOME:-~/.cache}/stateful)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

if ! command -v go >/dev/null 2>&1; then
  echo "control-plane: 'go' is not on PATH; Go 1.26 or newer is needed to build kube-apiserver and etcd" >&2
  exit 1
fi

version_of() { # module path, go.mod file: the pinned version
  awk -v m="$1" '$1 == "require" && $2 == m { print $3 } $1 == m && $2 ~ /^v/ { print $2 }' "$2" | head -n 1
}
k8s="$(version_of k8s.io/kubernetes "$here/kubernetes/go.mod")"
etcd="$(version_of go.etcd.io/etcd/server/v3 "$here/etcd/go.mod")"
# the key: both modules' pins and the Go that builds them
key="$(cat "$here"/kubernetes/go.mod "$here"/kubernetes/go.sum "$here"/etcd/go.mod "$here"/etcd/go.sum <(go env GOVERSION GOOS GOARCH) \
  | sha256sum | cut -c1-12)"
dir="${STATEFUL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/stateful}/control-plane/kubernetes-$k8s-etcd-$etcd-$key"
binaries=(etcd kube-apiserver kube-controller-manager)

complete() { for b in "${binaries[@]}"; do [ -x "$dir/$b" ] || return 1; done; }

if ! complete; then
  started=$SECONDS
  echo "control-plane: building kubernetes $k8s and etcd $etcd into $dir (a first build takes a while)" >&2
  tmp="$(mktemp -d "${dir%/*}.build.XXXXXX" 2>/dev/null || { mkdir -p "${dir%/*}"; mktemp -d "${dir%/*}/.build.XXXXXX"; })"
  trap 'rm -rf "$tmp"' EXIT
  # -trimpath and no VCS stamping: the binaries depend on the pins only, not on this checkout;
  # the version stamp is what upstream's release build sets (hack/lib/version.sh), so /version says v1.36.x
  minor="${k8s#v1.}"; minor="${minor%%.*}"
  stamp="-X k8s.io/component-base/version.gitVersion=$k8s -X k8s.io/component-base/version.gitMajor=1"
  stamp+=" -X k8s.io/component-base/version.gitMinor=$minor -X k8s.io/component-base/version.gitTreeState=clean"
  (cd "$here/kubernetes" && go build -trimpath -buildvcs=false -ldflags="-s -w $stamp" -o "$tmp/" \
    k8s.io/kubernetes/cmd/kube-apiserver k8s.io/kubernetes/cmd/kube-controller-manager)
  (cd "$here/etcd" && go build -trimpath -buildvcs=false -ldflags="-s -w" -o "$tmp/etcd" go.etcd.io/etcd/server/v3)
  mkdir -p "${dir%/*}"
  rm -rf "$dir" && mv "$tmp" "$dir"
  trap - EXIT
  echo "control-plane: built in $((SECONDS - started)) s" >&2
fi
echo "$dir"
