# The CSV result in OpenModelica's layout: the header of quoted names (time first, parameters and
# protected variables left out), LF line ends, reals that read back exactly (no spaces, '.' decimal
# point), aliases equal to their source and negated aliases its negation; -variableFilter (anchored to
# the whole name), -emit_protected, -r, -outputFormat=empty.
. "$(dirname "$0")/../rt/common.sh"
OSC=$(rt_build osc_fd osc.c) || exit 1
rt_scratch "$0"

out=$("$OSC") || fail "run"
[ "$out" = "The simulation finished successfully." ] || fail "stdout: $out"
[ "$(head -1 Osc_res.csv)" = '"time","x","v","der(x)","der(v)","E","a","b"' ] || fail "header: $(head -1 Osc_res.csv)"
! grep -q $'\r' Osc_res.csv || fail "CR in the file"
[ "$(tail -c1 Osc_res.csv | od -An -c | tr -d ' ')" = '\n' ] || fail "no LF at the end"
awk -F, 'NR > 1 { if (NF != 8) { print "row " NR " has " NF " fields"; exit 1 }
                  for (i = 1; i <= NF; i++)
                      if ($i !~ /^-?[0-9]+(\.[0-9]+)?(e[-+][0-9]+)?$/) { print "bad number " $i; exit 1 } }' Osc_res.csv ||
    fail "number format"
# aliases: a = x exactly, b = -v exactly; der(x) = v
awk -F, 'NR > 1 && ($7 != $2 || $8 != -$3 || $4 != $3) { print "row " NR ": " $0; bad = 1 } END { exit bad }' Osc_res.csv ||
    fail "aliases"
# the closed form and the energy invariant
e=$(csv_maxerr Osc_res.csv x 'cos(t)'); le "$e" 1e-6 || fail "x error $e"
e=$(csv_maxerr Osc_res.csv 'der(v)' '-cos(t)'); le "$e" 1e-6 || fail "der(v) error $e"
e=$(csv_maxerr Osc_res.csv E '0.5'); le "$e" 1e-6 || fail "E error $e"
# 16 or 17 significant digits: the values read back as the doubles written (x(0.002) to 16 digits)
[ "$(sed -n 3p Osc_res.csv | cut -d, -f1,2)" = "0.002,0.9999980000006665" ] || fail "digits: $(sed -n 3p Osc_res.csv)"

# the filter matches whole names: '.' only one-character names, 'der\(.*\)' both derivatives
"$OSC" '-variableFilter=.' >/dev/null || fail "filter run"
[ "$(head -1 Osc_res.csv)" = '"time","x","v","E","a","b"' ] || fail "filter '.': $(head -1 Osc_res.csv)"
"$OSC" '-variableFilter=x|der\(.*\)' >/dev/null || fail "filter run 2"
[ "$(head -1 Osc_res.csv)" = '"time","x","der(x)","der(v)"' ] || fail "filter x|der: $(head -1 Osc_res.csv)"
awk -F, 'NR > 1 && NF != 4 { bad = 1 } END { exit bad }' Osc_res.csv || fail "filtered rows"
"$OSC" '-variableFilter=k|w|c' >/dev/null || fail "filter params"
[ "$(head -1 Osc_res.csv)" = '"time"' ] || fail "parameters in CSV: $(head -1 Osc_res.csv)"
"$OSC" -emit_protected >/dev/null || fail "emit_protected"
[ "$(head -1 Osc_res.csv)" = '"time","x","v","der(x)","der(v)","E","hidden","a","b"' ] || fail "emit_protected: $(head -1 Osc_res.csv)"
awk -F, 'NR > 1 && $7 != 2 * $2 { bad = 1 } END { exit bad }' Osc_res.csv || fail "hidden = 2 x"

# -r and -outputFormat=empty
rm -f Osc_res.csv
mkdir -p sub
"$OSC" -r=sub/my.csv >/dev/null || fail "-r"
[ -f sub/my.csv ] && [ ! -e Osc_res.csv ] || fail "-r wrote elsewhere"
[ "$(wc -l < sub/my.csv)" = 502 ] || fail "-r file rows"
out=$("$OSC" -outputFormat=empty) || fail "empty"
[ ! -e Osc_res.csv ] && [ ! -e Osc_res.mat ] || fail "empty format wrote a file"
[ "$out" = "The simulation finished successfully." ] || fail "empty: $out"
# a result file that cannot be created
err=$("$OSC" -r=nodir/x.csv 2>&1 >/dev/null); rc=$?
[ $rc = 1 ] && [ "$err" = "error: cannot open result file 'nodir/x.csv': No such file or directory" ] || fail "bad -r: $rc $err"
echo ok
