#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium (no browser download is possible on these machines).
# They prefer Debian's chromium-headless-shell: the same engine without the full browser's UI process, it
# costs about a third less CPU per test, and the suite is CPU-bound on two cores. The full chromium is
# the fallback, and Lighthouse needs it. Installs what is missing when we run as root with apt-get;
# a failed install of the headless shell only costs speed, so it never fails the run.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
can_install() { [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; }
apt_install() {
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$1" >/dev/null 2>&1 ||
    { apt-get update -qq >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$1" >/dev/null 2>&1; }
}
if [ ! -x /usr/bin/chromium-headless-shell ] && can_install; then
  echo "Installing Debian's chromium-headless-shell for the end-to-end tests..."
  apt_install chromium-headless-shell || echo "chromium-headless-shell could not be installed; the tests use chromium." >&2
fi
if [ -x /usr/bin/chromium-headless-shell ] || [ -x /usr/bin/chromium ]; then exit 0; fi
if can_install; then
  echo "Installing Debian's chromium for the end-to-end tests..."
  apt_install chromium && exit 0
fi
echo "Chromium is missing: install it (sudo apt-get install chromium-headless-shell) or set CHROMIUM_PATH." >&2
exit 1
