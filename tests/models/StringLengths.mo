// String(v, minimumLength = w) and format = f give Strings as long as they ask for (no cap), in functions,
// in models at run time and at compile time; tests/sim/string_lengths.sh.
package StringLengths
  function slen "the length of s (C's strlen)"
    input String s;
    output Integer n;
  external "C" n = strlen(s) annotation(Include = "#include <string.h>");
  end slen;
  function padded "the length of 2 padded to w characters, built inside a function"
    input Integer w;
    output Integer n;
  algorithm
    n := slen(String(2, minimumLength = w));
  end padded;
  function wide "the length of 1e300 printed with 99 decimals, inside a function"
    input Real x;
    output Integer n;
  algorithm
    n := slen(String(x, format = ".99f"));
  end wide;
  model Lengths
    parameter Integer w = 300;
    parameter Real big = 1e300;
    Integer inFunction = padded(w);
    Integer inModel = slen(String(2, minimumLength = w, leftJustified = time > 10));
    Integer known = slen(String(true, minimumLength = 600));
    Integer format = wide(big);
    Integer formatModel = slen(String(big, format = ".99f"));
  end Lengths;
  model TooLong "minimumLength above 2^24 characters, known only at run time"
    parameter Integer w = 300;
    Integer n = padded(w);
  end TooLong;
  model TooLongKnown "minimumLength above 2^24 characters, known when the model is compiled"
    Integer n = slen(String(2, minimumLength = 20000000));
  end TooLongKnown;
  model LongMessage "an assert message longer than the message buffer ends in [...]"
    parameter Integer w = 2000;
    Real x = time;
  equation
    assert(x < 0.5, "x is " + String(x, minimumLength = w) + "; too large");
  end LongMessage;
end StringLengths;
