# The simulator's inputs are bounded and checked: -overrideFile refuses a directory, a file with a NUL
# byte (/dev/zero) and one larger than 256 MB (an endless pipe); numbers are decimal (no 0x10, inf, or
# blanks: -stopTime= 1); a -variableFilter whose repetitions expand past 10000 characters is refused at
# once (glibc's regcomp takes minutes on (a*){50000}); every refusal is exit status 1 with a message.
# -f reads an _init.xml of 2*10^5 variables in linear time (it took 54 s for 4*10^4: each variable's
# line number was counted from the top), naming the right line of a bad value at its end.
. "$(dirname "$0")/../rt/common.sh"
OSC=$(rt_build osc_fd osc.c) || exit 1
rt_scratch "$0"

mkdir dir
expect_error "error: -overrideFile: cannot read 'dir': Is a directory" -overrideFile=dir
expect_error "error: -overrideFile: cannot read '/dev/zero': it is not a text file (it holds a NUL byte)" -overrideFile=/dev/zero
expect_error "error: -overrideFile: cannot read '/dev/stdin': it is larger than 256 MB" -overrideFile=/dev/stdin < <(yes k=1)
expect_error "error: -stopTime: invalid number '0x10' for stopTime" -stopTime=0x10
expect_error "error: -stopTime: invalid number ' 1' for stopTime" "-stopTime= 1"
expect_error "error: -stopTime: invalid number 'inf' for stopTime" -stopTime=inf
expect_error "error: -stepSize: invalid number '1e' for stepSize" -stepSize=1e
expect_error "error: -override: invalid number '0x1p3' for stopTime" -override=stopTime=0x1p3
expect_error "error: -override: invalid value '0x2' for 'k'" -override=k=0x2
big="error: -variableFilter: the regular expression is too large: with its repetitions {m,n} expanded it has more than 10000 characters"
expect_error "$big" '-variableFilter=(a*){50000}'
expect_error "$big" '-variableFilter=((a*){200}){200}'
expect_error "$big" '-variableFilter=(abcdefghijklmnopqrstuvwxyz0123456789){300,}'
# repetitions in a row, undefined in POSIX: stacked + (regcomp doubles the expression at each: 4 GB) and
# stacked * (glibc's matcher ran for minutes), both found by fuzz_sim
stacked="error: -variableFilter: two repetitions in a row (like a** or a+?) in the regular expression: POSIX leaves them undefined"
expect_error "$stacked" '-variableFilter=x|der\(.*\.*++++++++++++++++++++++++++++++++++++++++++++++++++'
expect_error "$stacked" '-variableFilter=x**************************+*******'
expect_error "$stacked" '-variableFilter=a{2}?'
# what is fine stays fine: decimal forms, a filter with small repetitions, an ordinary override file
"$OSC" -stopTime=.5 -stepSize=5e-2 '-variableFilter=(x|v){1,3}|[[:alpha:]]{1}|(z+)+' >/dev/null || fail "valid flags"
[ "$(csv_times Osc_res.csv | tail -1)" = 0.5 ] || fail "-stopTime=.5"
[ "$(head -1 Osc_res.csv)" = '"time","x","v","E","a","b"' ] || fail "filter: $(head -1 Osc_res.csv)"
printf 'k = 4\nstopTime = 2.\n' > ovr.txt
"$OSC" -overrideFile=ovr.txt >/dev/null || fail "override file"
e=$(csv_maxerr Osc_res.csv x 'cos(2*t)'); le "$e" 1e-6 || fail "override file: error $e"
[ "$(csv_times Osc_res.csv | tail -1)" = 2 ] || fail "stopTime = 2. from the file"

# -f=FILE of 10^5 changeable variables (k, the last one 4) and 10^5 others, within 20 s
xml_file() { # FILE LAST-START
    awk -v last="$2" 'BEGIN {
        print "<?xml version=\"1.0\"?>\n<fmiModelDescription>\n<ModelVariables>"
        for (i = 0; i < 100000; i++)
            printf "<ScalarVariable\n  name=\"k\" isValueChangeable=\"true\">\n  <Real start=\"%d\"/>\n</ScalarVariable>\n", i % 3 + 1
        for (i = 0; i < 100000; i++)
            print "<ScalarVariable name=\"x\" isValueChangeable=\"false\"/>"
        printf "<ScalarVariable name=\"k\" isValueChangeable=\"true\">\n<Real start=\"%s\"/>\n</ScalarVariable>\n", last
        print "</ModelVariables>\n</fmiModelDescription>" }' > "$1"
}
xml_file big.xml 4
timeout 20 "$OSC" -f=big.xml -stopTime=1 >/dev/null || fail "-f big.xml: exit status $?"
e=$(csv_maxerr Osc_res.csv x 'cos(2*t)'); le "$e" 1e-6 || fail "-f big.xml: error $e"
xml_file bad.xml 4x
expect_error "error: bad.xml:500005: invalid value '4x' for 'k'" -f=bad.xml
echo ok
