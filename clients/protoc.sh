#!/usr/bin/env bash
# Prints the path of a protoc and of an include directory with the well-known types, both from
# Maven Central at the project's pinned protobuf version (the Maven build has usually fetched them
# already): "PROTOC INCLUDE". Sourced by generate.sh.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
version="$(sed -n 's:.*<protobuf.version>\(.*\)</protobuf.version>.*:\1:p' "$root/pom.xml")"
repo="${MAVEN_REPO:-$HOME/.m2/repository}"
case "$(uname -m)" in
  x86_64|amd64) arch=x86_64 ;;
  aarch64|arm64) arch=aarch_64 ;;
  *) echo "protoc.sh: no protoc for $(uname -m)" >&2; exit 1 ;;
esac
exe="$repo/com/google/protobuf/protoc/$version/protoc-$version-linux-$arch.exe"
jar="$repo/com/google/protobuf/protobuf-java/$version/protobuf-java-$version.jar"
get() { (cd "$root" && ./mvnw -q -B org.apache.maven.plugins:maven-dependency-plugin:3.8.1:get -Dartifact="$1" >&2); }
[ -f "$exe" ] || get "com.google.protobuf:protoc:$version:exe:linux-$arch"
[ -f "$jar" ] || get "com.google.protobuf:protobuf-java:$version"
chmod +x "$exe"
include="${TMPDIR:-/tmp}/stateful-protoc-include-$version"
if [ ! -f "$include/google/protobuf/timestamp.proto" ]; then
  mkdir -p "$include"
  (cd "$include" && jar xf "$jar" google/protobuf)
fi
echo "$exe $include"
