// Hostile names and descriptions for the emitted-C safety test (tests/sim/gen_safety.sh).
model Safety "description with */ and \" quotes, ??= trigraph-like text, /* and a \\ backslash\nnewline"
  parameter Real 'a*/ b' = 2 "gain */ #include <stdio.h> /* ??= \"quoted\" \\";
  Real '"x"'(start = 1, fixed = true) "state ??/ trigraph \n newline \t tab";
  Real 'y/*z' "a ??) b ??' c";
  Real 'p??=q' "non-ASCII: é ü";
equation
  der('"x"') = -'a*/ b' * '"x"';
  'y/*z' = '"x"' / 'a*/ b';
  'p??=q' = sqrt('y/*z' + 1);
end Safety;
