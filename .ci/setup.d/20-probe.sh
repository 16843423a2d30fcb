# Probe tests (sourced by .ci/run, as root, with set -euo pipefail): the TypeScript SDK client and the official
# conformance suite from npm (with a registry-shipped node 22 for the suite), and a PostgreSQL server on loopback.
# Idempotent: a second run finds everything in place and only (re)starts what is down.

probe_node_dir="$(pwd)/.ci/node"
probe_npm_packages=(@modelcontextprotocol/sdk@1.32.2 @modelcontextprotocol/conformance@0.1.16 node@22)

if ! command -v npm >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null
fi
if [ ! -d "$probe_node_dir/node_modules/@modelcontextprotocol/sdk" ] \
  || [ ! -d "$probe_node_dir/node_modules/@modelcontextprotocol/conformance" ] \
  || [ ! -x "$probe_node_dir/node_modules/.bin/node" ]; then
  mkdir -p "$probe_node_dir"
  npm install --prefix "$probe_node_dir" --no-audit --no-fund --loglevel=error "${probe_npm_packages[@]}"
fi
export CANIMCP_TEST_NODE_MODULES="$probe_node_dir/node_modules"
# the 2.x client apart: the TypeScript app scripts load 2.x whenever it resolves, and their tests are for 1.x
probe_node2_dir="$(pwd)/.ci/node2"
if [ ! -d "$probe_node2_dir/node_modules/@modelcontextprotocol/client" ]; then
  mkdir -p "$probe_node2_dir"
  npm install --prefix "$probe_node2_dir" --no-audit --no-fund --loglevel=error @modelcontextprotocol/client@2.4.0
fi
export CANIMCP_TEST_NODE_MODULES_2X="$probe_node2_dir/node_modules"

if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
probe_pg_version="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -qx "$probe_pg_version main"; then
  pg_createcluster "$probe_pg_version" main >/dev/null
fi
if ! pg_lsclusters -h | awk -v v="$probe_pg_version" '$1 == v && $2 == "main" {print $4}' | grep -qx online; then
  # loopback only, whatever the cluster's config says
  pg_ctlcluster "$probe_pg_version" main start -o "-c listen_addresses=127.0.0.1"
fi
probe_pg_port="$(pg_lsclusters -h | awk -v v="$probe_pg_version" '$1 == v && $2 == "main" {print $3}')"
for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 -p "$probe_pg_port" && break
  sleep 1
done
su postgres -c "psql -q -p $probe_pg_port -tAc \"SELECT 1 FROM pg_roles WHERE rolname = 'canimcp'\"" | grep -q 1 \
  || su postgres -c "psql -q -p $probe_pg_port -c \"CREATE ROLE canimcp LOGIN PASSWORD 'canimcp'\""
su postgres -c "psql -q -p $probe_pg_port -tAc \"SELECT 1 FROM pg_database WHERE datname = 'canimcp_test'\"" | grep -q 1 \
  || su postgres -c "createdb -p $probe_pg_port -O canimcp canimcp_test"
export CANIMCP_TEST_PG_URL="postgresql://canimcp:canimcp@127.0.0.1:$probe_pg_port/canimcp_test"
