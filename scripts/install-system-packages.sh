#!/usr/bin/env bash
# Installs the Debian packages the browser and sandbox tests drive, when missing: chromium (the web
# page, through playwright-core), bubblewrap (the bwrap Sandbox), and docker.io, runsc (gVisor) and
# mmdebstrap (the sandbox image, built from Debian's archive, and the Docker sandbox on runc and
# gVisor). Without them those tests skip
# and say why; every other test runs as usual. Needs root or sudo; never fails the caller.
set -uo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
command -v dockerd >/dev/null 2>&1 || missing+=(docker.io)
command -v runsc >/dev/null 2>&1 || missing+=(runsc)
command -v mmdebstrap >/dev/null 2>&1 || missing+=(mmdebstrap)
((${#missing[@]})) || exit 0

as_root=()
if [ "$(id -u)" != 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "install-system-packages: not root and no sudo: ${missing[*]} not installed" >&2; exit 0; }
  as_root=(sudo -n)
fi

apt_install() { "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"; }
echo "install-system-packages: installing ${missing[*]}"
apt_install >/dev/null 2>&1 || { "${as_root[@]}" apt-get update -qq >/dev/null 2>&1 && apt_install >/dev/null; } \
  || echo "install-system-packages: apt could not install ${missing[*]}; their tests will be skipped" >&2
exit 0
