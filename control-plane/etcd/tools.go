//go:build tools

// Package tools pins the etcd server command this module builds; see ../build.sh.
package tools

import _ "go.etcd.io/etcd/server/v3"
