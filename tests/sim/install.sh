#!/usr/bin/env bash
# make install with DESTDIR and PREFIX (issue 17, item 10): the compiler, the runtime, the bundled
# library and the man pages mo2c(1) and mo2c-simulator(1) land under DESTDIR/PREFIX; the installed mo2c
# builds a simulator that runs; the man pages are well-formed roff (checked with man or groff when there);
# make uninstall removes every file it installed.
set -u
: "${BUILD:=$PWD/build}" "${OUT:=$PWD/tests/out}"
D=$OUT/install
rm -rf "$D"; mkdir -p "$D"
fail() { echo "FAIL: $*"; exit 1; }
# the build under test as it was made (a DEBUG=1 build's flags, so that make rebuilds nothing)
DBG=""; [ -s "$BUILD/sanitize.flags" ] && [ -n "$(tr -d ' \n' < "$BUILD/sanitize.flags")" ] && DBG=1
# make install rebuilds what is out of date: sources edited while the suite runs would relink the
# compiler under test in the middle of the run, so this test refuses instead (run make first)
make -q DEBUG=$DBG BUILD="$BUILD" "$BUILD/mo2c" "$BUILD/libmo2crt.a" ||
    fail "the build under test ($BUILD) is older than the sources; make install would rebuild it in the middle of the test run"
make -s install DEBUG=$DBG BUILD="$BUILD" DESTDIR="$D/stage" PREFIX=/opt/mo2c > "$D/install.log" 2>&1 || fail "make install: $(cat "$D/install.log")"
P=$D/stage/opt/mo2c
for f in bin/mo2c lib/mo2c/libmo2crt.a include/mo2c/mo2c_rt.h share/man/man1/mo2c.1 share/man/man1/mo2c-simulator.1 \
         share/mo2c/models/ModelicaByExample/Components/Rotational/Examples/SMD.mo; do
    [ -f "$P/$f" ] || fail "not installed: $f"
done
[ -z "$(find "$D/stage" -path "$D/stage/opt" -prune -o -type f -print)" ] || fail "files outside PREFIX"
for page in mo2c mo2c-simulator; do
    grep -q "^\.TH ${page^^} 1 " "$P/share/man/man1/$page.1" || fail "$page.1 header"
    if command -v groff > /dev/null; then
        w=$(groff -man -Tutf8 -ww -z "$P/share/man/man1/$page.1" 2>&1); [ -z "$w" ] || fail "groff $page: $w"
    fi
done
# the installed compiler finds its runtime and bundled library
(cd "$D" && "$P/bin/mo2c" "$P/share/mo2c/models/ModelicaByExample/Components/Rotational/Examples/SMD.mo" -o SMD) || fail "installed mo2c"
(cd "$D" && ./SMD -stopTime=0.1 | grep -q "finished successfully") || fail "its simulator"
make -s uninstall DEBUG=$DBG BUILD="$BUILD" DESTDIR="$D/stage" PREFIX=/opt/mo2c > "$D/uninstall.log" 2>&1 || fail "make uninstall: $(cat "$D/uninstall.log")"
left=$(find "$D/stage" -type f)
[ -z "$left" ] || fail "left after uninstall: $(head -5 <<<"$left")"
echo ok
