#!/usr/bin/env bash
# Starts a ClickHouse server for tests and CI on loopback, with its own config and data directory
# (DESIGN.md §10: Debian's clickhouse-server, no root service), and prints the CLICKHOUSE_URL to use.
# Idempotent: a server already answering on the port is left as it is.
#   eval "$(bash .ci/clickhouse.sh)"   # exports CLICKHOUSE_URL
set -euo pipefail

dir=${CLICKHOUSE_DIR:-/tmp/qr-clickhouse}
port=${CLICKHOUSE_HTTP_PORT:-8123}
url="http://127.0.0.1:${port}"

if curl -fsS "${url}/ping" >/dev/null 2>&1; then
  echo "export CLICKHOUSE_URL=${url}"
  exit 0
fi

if ! command -v clickhouse-server >/dev/null 2>&1; then
  echo "installing clickhouse-server" >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clickhouse-server) >"${dir%/}.apt.log" 2>&1 ||
    { echo "clickhouse-server install failed: see ${dir%/}.apt.log" >&2; exit 1; }
  # The package's own service is not wanted: this server runs from its own folder.
  service clickhouse-server stop >/dev/null 2>&1 || true
fi

mkdir -p "$dir/data" "$dir/tmp" "$dir/user_files" "$dir/format_schemas" "$dir/log"
cat >"$dir/config.xml" <<XML
<?xml version="1.0"?>
<yandex>
  <logger><level>warning</level><log>$dir/log/server.log</log><errorlog>$dir/log/error.log</errorlog><size>10M</size><count>2</count></logger>
  <listen_host>127.0.0.1</listen_host>
  <http_port>${port}</http_port>
  <tcp_port>${CLICKHOUSE_TCP_PORT:-9000}</tcp_port>
  <path>$dir/data/</path>
  <tmp_path>$dir/tmp/</tmp_path>
  <user_files_path>$dir/user_files/</user_files_path>
  <format_schema_path>$dir/format_schemas/</format_schema_path>
  <users_config>$dir/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <timezone>UTC</timezone>
  <mark_cache_size>268435456</mark_cache_size>
  <max_concurrent_queries>50</max_concurrent_queries>
  <keep_alive_timeout>10</keep_alive_timeout>
</yandex>
XML
cat >"$dir/users.xml" <<XML
<?xml version="1.0"?>
<yandex>
  <profiles><default><max_memory_usage>2000000000</max_memory_usage><send_timeout>10</send_timeout><receive_timeout>10</receive_timeout></default></profiles>
  <users><default><password></password><networks><ip>127.0.0.1</ip><ip>::1</ip></networks><profile>default</profile><quota>default</quota></default></users>
  <quotas><default></default></quotas>
</yandex>
XML

nohup clickhouse-server --config-file="$dir/config.xml" >"$dir/log/stdout.log" 2>&1 &
echo $! >"$dir/server.pid"
for _ in $(seq 1 60); do
  if curl -fsS "${url}/ping" >/dev/null 2>&1; then
    echo "export CLICKHOUSE_URL=${url}"
    exit 0
  fi
  sleep 0.5
done
echo "clickhouse-server did not answer on ${url}: see $dir/log" >&2
exit 1
