# Harness tests (sourced by .ci/run, as root, with set -euo pipefail): real clients run inside network and PID
# namespaces (`unshare` from util-linux, `ip` from iproute2) and are installed with npm. Idempotent.

harness_apt_packages=()
command -v unshare >/dev/null 2>&1 || harness_apt_packages+=(util-linux)
command -v ip >/dev/null 2>&1 || harness_apt_packages+=(iproute2)
command -v npm >/dev/null 2>&1 || harness_apt_packages+=(nodejs npm)
if [ "${#harness_apt_packages[@]}" -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${harness_apt_packages[@]}" >/dev/null
fi
unshare --net --pid --fork --mount-proc true  # the sandbox the harness needs can be made here
