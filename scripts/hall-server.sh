#!/usr/bin/env bash
# Starts the PostgreSQL server that the stations of a hall share, on the laptop that serves them:
#
#   bash scripts/hall-server.sh DATA_DIR [PORT]
#
# The first time it creates the server's files in DATA_DIR (user `stecca`, password from STECCA_PASSWORD or
# a new random one, stations admitted by password from any address), then it starts the server and creates
# the database `stecca`. Run it again after a restart of the laptop: it only starts the server. It prints the
# address every station gives to `stecca --db`. Stop the server with: pg_ctl -D DATA_DIR stop
#
# Needs Debian's `postgresql` package (apt-get install postgresql); run it as a normal user, not root
# (PostgreSQL refuses to run as root: `sudo -u postgres bash scripts/hall-server.sh /var/lib/postgresql/hall`).
# STECCA_LISTEN chooses the addresses to listen on (default: every address of this laptop).
set -euo pipefail

data=${1:?usage: bash scripts/hall-server.sh DATA_DIR [PORT]}
port=${2:-5432}
listen=${STECCA_LISTEN:-*}

if [ "$(id -u)" = 0 ]; then
  echo "hall-server: run as a normal user, not root (e.g. sudo -u postgres bash $0 $*)" >&2
  exit 1
fi
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "hall-server: PostgreSQL is not installed: sudo apt-get install postgresql" >&2
  exit 1
fi

if [ ! -f "$data/PG_VERSION" ]; then
  password=${STECCA_PASSWORD:-$(head -c 12 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 16)}
  mkdir -p "$data"
  pwfile=$(mktemp)
  trap 'rm -f "$pwfile"' EXIT
  printf '%s\n' "$password" > "$pwfile"
  "$bin/initdb" -D "$data" -U stecca --pwfile="$pwfile" --auth-local=scram-sha-256 --auth-host=scram-sha-256 \
    -E UTF8 --locale=C >/dev/null
  # Stations log in with the password from anywhere on the hall's network.
  printf 'host all stecca 0.0.0.0/0 scram-sha-256\nhost all stecca ::/0 scram-sha-256\n' >> "$data/pg_hba.conf"
  printf '%s\n' "$password" > "$data/stecca-password"
  chmod 600 "$data/stecca-password"
fi
password=$(cat "$data/stecca-password")

if ! "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; then
  "$bin/pg_ctl" -D "$data" -l "$data/server.log" -w \
    -o "-p $port -k $data -c listen_addresses='$listen'" start >/dev/null
fi
export PGPASSWORD=$password
if ! "$bin/psql" -h 127.0.0.1 -p "$port" -U stecca -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = 'stecca'" | grep -q 1; then
  "$bin/createdb" -h 127.0.0.1 -p "$port" -U stecca stecca
fi

echo "The hall's server is running (data in $data, log in $data/server.log)."
echo "Each station connects with:"
addresses=$(hostname -I 2>/dev/null || true)
for address in ${addresses:-127.0.0.1}; do
  case $address in *:*) address="[$address]" ;; esac # an IPv6 address goes in brackets in a URL
  echo "  stecca --db postgres://stecca:$password@$address:$port/stecca"
done
