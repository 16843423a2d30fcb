# Site tests (sourced by .ci/run, as root, with set -euo pipefail): Debian's chromium, which the tests drive
# headless through Playwright (`pip install '.[test]'` brings the playwright package; its driver ships in the
# wheel and the tests launch /usr/bin/chromium, so no browser is downloaded), and fonts for its screenshots.
# Idempotent: a second run finds everything in place and does nothing.

site_apt_packages=()
[ -x /usr/bin/chromium ] || site_apt_packages+=(chromium)
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || site_apt_packages+=(fonts-dejavu-core)
if [ "${#site_apt_packages[@]}" -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${site_apt_packages[@]}" >/dev/null
fi
/usr/bin/chromium --version
