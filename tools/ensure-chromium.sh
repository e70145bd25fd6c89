#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium (no browser download is possible on these machines).
# Installs it when it is missing and we may; otherwise says what to do.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the end-to-end tests..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium is missing: install it (sudo apt-get install chromium) or set CHROMIUM_PATH." >&2
exit 1
