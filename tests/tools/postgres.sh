#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on 127.0.0.1 and a free port, for the PostgreSQL test run.
#   eval "$(tests/tools/postgres.sh start)"   -> exports TEST_DATABASE_URL and CX_PG_DIR
#   tests/tools/postgres.sh restart "$CX_PG_DIR"   (the fault test)
#   tests/tools/postgres.sh stop "$CX_PG_DIR"
set -euo pipefail
BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$BIN" ] || { echo "echo 'PostgreSQL is not installed: skipping the PostgreSQL run' >&2"; exit 0; }

# Runs as the postgres user from the cluster's own directory: a checkout in a private directory
# (mode 700, under /root say) is not the postgres user's to enter, and initdb warns from there.
as_pg() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "cd '$DIR' && $1"; else bash -c "cd '$DIR' && $1"; fi; }

case "${1:-start}" in
  start)
    DIR=$(mktemp -d /tmp/cx-pg-XXXXXX)
    [ "$(id -u)" = 0 ] && chown postgres "$DIR"
    PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
    as_pg "$BIN/initdb -D $DIR/data -U cx --auth=trust >$DIR/initdb.log 2>&1"
    as_pg "$BIN/pg_ctl -D $DIR/data -o '-h 127.0.0.1 -p $PORT -k $DIR' -l $DIR/log -w start >/dev/null"
    echo "export TEST_DATABASE_URL=postgres://cx@127.0.0.1:$PORT/postgres CX_PG_DIR=$DIR"
    ;;
  restart)
    # A fast restart (every connection is ended), for the fault test.
    DIR=${2:?usage: postgres.sh restart DIR}
    as_pg "$BIN/pg_ctl -D $DIR/data -m fast -w restart >/dev/null"
    ;;
  stop)
    DIR=${2:?usage: postgres.sh stop DIR}
    as_pg "$BIN/pg_ctl -D $DIR/data -m fast -w stop >/dev/null" || true
    rm -rf "$DIR"
    ;;
esac
