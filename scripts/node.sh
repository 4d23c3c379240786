#!/usr/bin/env bash
# Sourced by every project script (setup, test, demo, start, benchmarks): puts Node.js 24 LTS first
# on PATH for this project only. The binary is the official build the npm registry ships as
# node-linux-<arch> (what the `node` package installs); npm checks it against the registry's
# integrity hash. The machine's own Node stays untouched (docs/decisions/departures-from-the-named-packages.md, "Runtime").
GLANCE_NODE_VERSION=24.21.0
_glance_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
case "$(uname -m)" in
  x86_64) _glance_arch=x64 ;;
  aarch64 | arm64) _glance_arch=arm64 ;;
  *) echo "node.sh: no Node.js $GLANCE_NODE_VERSION build for $(uname -m)" >&2; return 1 2>/dev/null || exit 1 ;;
esac
_glance_node_dir="$_glance_root/.tools/node-$GLANCE_NODE_VERSION-linux-$_glance_arch"
if [ ! -x "$_glance_node_dir/bin/node" ]; then
  echo "setup: fetching Node.js $GLANCE_NODE_VERSION (node-linux-$_glance_arch from the npm registry)" >&2
  _glance_tmp="$(mktemp -d)"
  (cd "$_glance_tmp" && npm pack --silent "node-linux-$_glance_arch@$GLANCE_NODE_VERSION" >/dev/null)
  mkdir -p "$_glance_tmp/x"
  tar -xzf "$_glance_tmp"/node-linux-*.tgz -C "$_glance_tmp/x"
  mkdir -p "$_glance_root/.tools"
  rm -rf "$_glance_node_dir"
  mv "$_glance_tmp/x/package" "$_glance_node_dir"
  rm -rf "$_glance_tmp"
fi
export PATH="$_glance_node_dir/bin:$PATH"
# Native addons (node-gyp) build against this Node's own headers, not the machine's.
export npm_config_nodedir="$_glance_node_dir"
unset _glance_root _glance_arch _glance_tmp
