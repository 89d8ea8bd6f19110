package StringArrays "vectors of Strings as inputs of functions"
  function index "the position of s in names, 0 when it is not there"
    input String names[:];
    input String s;
    output Integer i = 0;
  algorithm
    for k in 1:size(names, 1) loop
      if names[k] == s then
        i := k;
      end if;
    end for;
  end index;

  function count "passes its vector on"
    input String names[:];
    output Integer n;
  algorithm
    n := 10*size(names, 1) + index(names, "c");
  end count;

  function isB "names[k] == \"b\", names[k] out of bounds an error"
    input String names[:];
    input Integer k;
    output Integer n;
  algorithm
    n := if names[k] == "b" then 1 else 0;
  end isB;

  function position "the position of s in names, {\"x\", \"y\", \"z\"} by default"
    input String s;
    input String names[:] = {"x", "y", "z"};
    output Integer i;
  algorithm
    i := index(names, s);
  end position;

  function viaDefault "a call in a function that leaves names to its default: 2"
    output Integer i;
  algorithm
    i := position("y");
  end viaDefault;

  package P
    constant String names[:] = {"w", "c"};
  end P;

  model M
    constant String abc[3] = {"a", "b", "c"};
    Real x(start = 0, fixed = true);
    Integer k = integer(time*4) + 1;
    Integer j, n, m, q;
    Integer r = position("z") "3, names by default";
    Integer r2 = position("b", {"a", "b"}) "2";
    Integer u = viaDefault() "2";
  equation
    der(x) = index(abc, "b");
    n = count(abc);
    m = count(P.names);
    q = count({"a"});
    j = isB({"a", "b"}, k);
  end M;
end StringArrays;
