#!/usr/bin/env bash
# Starts the PostgreSQL server that the stations of a hall share, on the laptop that serves them:
#
#   bash scripts/hall-server.sh DATA_DIR [PORT]
#
# The first time it creates the server in DATA_DIR the way a careful administrator would:
#   - an administrator role (`stecca_admin`) that the stations never use, admitted only through this laptop's
#     own socket, and a login role for the stations (`stecca`) that owns the database `stecca` and nothing else:
#     not a superuser, cannot create roles or databases, cannot run programs on the server;
#   - TLS on, with a certificate authority and a server certificate made here (DATA_DIR/ca.crt is the one to give
#     the stations that want to verify it; its SHA-256 fingerprint is printed), and only `hostssl` lines: no
#     station connects without TLS, this laptop's loopback included;
#   - stations admitted only from the hall's network: the subnets of the addresses the server listens on (and
#     this laptop itself).
# Run it again after a restart of the laptop: it only starts the server. It prints the address each station gives
# to `stecca --db` — without the password — and the password on a line of its own. A station takes the password
# from PGPASSWORD or ~/.pgpass (as libpq does), or the desk asks for it. Stop the server with:
#   pg_ctl -D DATA_DIR stop
#
# Needs Debian's `postgresql` package (apt-get install postgresql, which brings openssl); run it as a normal user,
# not root (PostgreSQL refuses to run as root: `sudo -u postgres bash scripts/hall-server.sh /var/lib/postgresql/hall`).
# STECCA_LISTEN chooses the addresses to listen on, separated by commas (default: every address of this laptop);
# STECCA_PASSWORD sets the stations' password the first time (default: a new random one).
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
if ! command -v openssl >/dev/null; then
  echo "hall-server: openssl is not installed: sudo apt-get install openssl" >&2
  exit 1
fi
# Every file made here (passwords, keys) is readable by this user only.
umask 077

# The addresses the server listens on, one a line.
if [ "$listen" = "*" ]; then
  addresses=$(hostname -I 2>/dev/null | tr ' ' '\n' | sed '/^$/d' || true)
else
  addresses=$(printf '%s\n' "$listen" | tr ',' '\n' | sed 's/^ *//; s/ *$//; /^$/d')
fi
[ -n "$addresses" ] || addresses=127.0.0.1

# The subnet of an address, as its interface has it (`ip -o addr`); the address alone when it cannot be found.
subnet_of() {
  local address=$1 found=""
  if command -v ip >/dev/null; then
    found=$(ip -o addr show 2>/dev/null | awk -v a="$address" '{ split($4, p, "/"); if (p[1] == a) { print $4; exit } }')
  fi
  if [ -n "$found" ]; then
    echo "$found"
  else
    case $address in *:*) echo "$address/128" ;; *) echo "$address/32" ;; esac
  fi
}

# A password of 20 letters and digits.
new_password() {
  local password=""
  while [ ${#password} -lt 20 ]; do
    password=$password$(head -c 32 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')
  done
  printf '%s' "${password:0:20}"
}

# A literal for SQL: single quotes doubled.
sql_literal() {
  printf "'%s'" "${1//\'/\'\'}"
}

if [ -f "$data/PG_VERSION" ] && [ ! -f "$data/stecca-admin-password" ]; then
  echo "hall-server: $data was made by an older version of this script, whose stations log in as the server's" >&2
  echo "superuser. Make a new server in another folder and move the tournaments with stecca db copy." >&2
  exit 1
fi

first_time=no
if [ ! -f "$data/PG_VERSION" ]; then
  first_time=yes
  mkdir -p "$data"
  admin_password=$(new_password)
  password=${STECCA_PASSWORD:-$(new_password)}
  pwfile=$(mktemp)
  trap 'rm -f "$pwfile"' EXIT
  printf '%s\n' "$admin_password" > "$pwfile"
  "$bin/initdb" -D "$data" -U stecca_admin --pwfile="$pwfile" --auth-local=scram-sha-256 --auth-host=reject \
    -E UTF8 --locale=C >/dev/null
  rm -f "$pwfile"
  printf '%s\n' "$admin_password" > "$data/stecca-admin-password"
  printf '%s\n' "$password" > "$data/stecca-password"

  # A certificate authority of this hall and the server's certificate, signed by it, naming every address the
  # server listens on (a station that verifies with ca.crt checks the address it connected to).
  names="DNS:localhost,IP:127.0.0.1,IP:::1"
  while read -r address; do
    names="$names,IP:$address"
  done <<< "$addresses"
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 3650 \
    -subj "/CN=Stecca hall CA $(hostname)" -keyout "$data/ca.key" -out "$data/ca.crt" \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
  openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -subj "/CN=$(hostname)" \
    -keyout "$data/server.key" -out "$data/server.csr" 2>/dev/null
  printf 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\nsubjectAltName=%s\n' \
    "$names" > "$data/server.ext"
  openssl x509 -req -in "$data/server.csr" -CA "$data/ca.crt" -CAkey "$data/ca.key" -CAcreateserial -days 3650 \
    -extfile "$data/server.ext" -out "$data/server.crt" 2>/dev/null
  rm -f "$data/server.csr" "$data/server.ext"
  chmod 644 "$data/ca.crt" "$data/server.crt"

  cat >> "$data/postgresql.conf" <<CONF

# Stecca hall server
ssl = on
ssl_cert_file = 'server.crt'
ssl_key_file = 'server.key'
ssl_min_protocol_version = 'TLSv1.2'
password_encryption = 'scram-sha-256'
CONF

  # Who may connect: the administrator through this laptop's socket only; the stations' role to its database
  # only, over TLS only, from this laptop and the hall's subnets only.
  {
    echo "# Stecca hall server: written by scripts/hall-server.sh"
    echo "local   all     stecca_admin                    scram-sha-256"
    echo "hostssl stecca  stecca        127.0.0.1/32      scram-sha-256"
    echo "hostssl stecca  stecca        ::1/128           scram-sha-256"
    while read -r address; do
      case $address in 127.*|::1) continue ;; esac
      printf 'hostssl stecca  stecca        %-17s scram-sha-256\n' "$(subnet_of "$address")"
    done <<< "$addresses"
  } > "$data/pg_hba.conf"
fi
password=$(cat "$data/stecca-password")

if ! "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; then
  listen_list=$(printf '%s' "$addresses" | paste -sd, -)
  [ "$listen" = "*" ] && listen_list='*'
  case ",$listen_list," in *,127.0.0.1,*|*,\*,*) ;; *) listen_list="127.0.0.1,$listen_list" ;; esac
  "$bin/pg_ctl" -D "$data" -l "$data/server.log" -w \
    -o "-p $port -k $data -c listen_addresses='$listen_list'" start >/dev/null
fi

# The administrator's work goes through the socket, its password through a password file (never a command line).
passfile="$data/stecca-admin.pgpass"
printf '*:%s:*:stecca_admin:%s\n' "$port" "$(cat "$data/stecca-admin-password")" > "$passfile"
admin() {
  PGPASSFILE=$passfile "$bin/psql" -X -q -v ON_ERROR_STOP=1 -h "$data" -p "$port" -U stecca_admin "$@"
}
if [ "$first_time" = yes ]; then
  # Statements on standard input: the stations' password never appears in a process list.
  admin -d postgres >/dev/null <<SQL
CREATE ROLE stecca LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS NOINHERIT
  PASSWORD $(sql_literal "$password");
CREATE DATABASE stecca OWNER stecca;
REVOKE ALL ON DATABASE postgres FROM PUBLIC;
REVOKE ALL ON DATABASE template1 FROM PUBLIC;
SQL
  admin -d stecca >/dev/null <<SQL
REVOKE ALL ON SCHEMA public FROM PUBLIC;
GRANT ALL ON SCHEMA public TO stecca;
SQL
fi
rm -f "$passfile"

fingerprint=$(openssl x509 -in "$data/server.crt" -noout -fingerprint -sha256 | sed 's/^[^=]*=//')
echo "The hall's server is running (data in $data, log in $data/server.log), TLS only."
echo "Each station connects with one of these addresses (the password is not part of it):"
while read -r address; do
  case $address in *:*) address="[$address]" ;; esac # an IPv6 address goes in brackets in a URL
  echo "  stecca --db postgres://stecca@$address:$port/stecca"
done <<< "$addresses"
echo "password: $password"
echo "The server's certificate, SHA-256 fingerprint: $fingerprint"
echo "A station gives the password through PGPASSWORD or a line '*:$port:stecca:stecca:PASSWORD' in ~/.pgpass"
echo "(chmod 600 ~/.pgpass); the desk asks for it otherwise. To verify the server, add to the address"
echo "?sslfingerprint=$fingerprint  or copy $data/ca.crt to the station and add ?sslrootcert=PATH."
