// Arrays of Strings as outputs, locals and inputs of functions, made when the simulation runs
// (tests/sim/function_string_locals.sh). The expected texts are written by hand in the asserts of M.
package StringArrayLocals
  function words "w1, ..., wn, built in a loop"
    input Integer n;
    output String w[n];
  algorithm
    for i in 1:n loop
      w[i] := "w" + String(i);
    end for;
  end words;

  function sorted "an insertion sort of a vector made at run time"
    input String a[:];
    output String b[size(a, 1)];
  protected
    String t;
    Integer j;
  algorithm
    b := a;
    for i in 2:size(a, 1) loop
      j := i;
      while j > 1 loop
        if b[j - 1] <= b[j] then
          break;
        end if;
        t := b[j];
        b[j] := b[j - 1];
        b[j - 1] := t;
        j := j - 1;
      end while;
    end for;
  end sorted;

  function concat "the elements, separated by sep"
    input String a[:];
    input String sep = ",";
    output String s = "";
  algorithm
    for i in 1:size(a, 1) loop
      s := s + (if i > 1 then sep else "") + a[i];
    end for;
  end concat;

  function mixed "slices, cat, fill, transpose, a matrix, whole assignments, literals passed on"
    input Integer n;
    output String s;
  protected
    String w[n];
    String m[2, 3] = fill("-", 2, 3);
    String tm[3, 2];
    String e[:] = {"x", "y"};
  algorithm
    w := words(n);
    m[2, :] := {"x", "y", "z"};
    tm := transpose(m);
    s := concat(sorted({w[n], "b", w[1]}), "|") + ";" + concat(w[n:-1:1]) + ";" + concat(cat(1, w, {"z"}), "")
         + ";" + concat(tm[:, 2], "") + concat(m[1, :], "") + ";" + concat({"p", "q"}) + ";" + e[size(e, 1)];
    w := {w[n - i + 1] for i in 1:n};   // (reads w while it is assigned)
    w[1] := w[1] + "!";
    s := s + ";" + concat(w) + ";" + String(size(tm, 1)) + String(size(w, 1));
  end mixed;

  function shapes "matrix constructors, vector, scalar, fill of an array, an if-expression of arrays"
    input Integer n;
    output String s;
  protected
    String m[2, 2] = ["a", "b"; "c", "d"];
    String v[2] = {"x", "y"};
    String q[2, 2];
    String r[4];
    String z[2, 2, 2];
  algorithm
    q := transpose([v, {"p", "q"}]);
    r := vector(["a", "b", m[2, 1], m[2, 2]]);
    z := fill(m, 2);
    s := concat(q[:, 1]) + ";" + concat(r) + ";" + concat(z[2, :, 2]) + ";" + scalar({"k"}) + ";"
         + concat(if n > 1 then v else m[1, :]);
  end shapes;

  function pick "which of w1, w2 element i of words(n) is: out of bounds an error when it runs"
    input Integer n;
    input Integer i;
    output Integer j;
  protected
    String w[n] = words(n);
  algorithm
    j := if w[i] == "w1" then 1 elseif w[i] == "w2" then 2 else 0;
  end pick;

  model M
    Integer k = 1 + integer(3*time);
    String s = mixed(k);
    Integer p = pick(2, k);
    String t = shapes(k);
  equation
    assert(s == "b|w1|w1;w1;w1z;xyz---;p,q;y;w1!;31" or k <> 1, "mixed(1) = " + s);
    assert(s == "b|w1|w2;w2,w1;w1w2z;xyz---;p,q;y;w2!,w1;32" or k <> 2, "mixed(2) = " + s);
    assert(s == "b|w1|w3;w3,w2,w1;w1w2w3z;xyz---;p,q;y;w3!,w2,w1;33" or k <> 3, "mixed(3) = " + s);
    assert(p == k, "pick(2, k) = " + String(p));
    assert(t == "x,p;a,b,c,d;b,d;k;" + (if k > 1 then "x,y" else "a,b"), "shapes(k) = " + t);
  end M;

  function overStrings
    input Integer n;
    output String s = "";
  algorithm
    for x in words(n) loop
      s := s + x;
    end for;
  end overStrings;

  model ForOverStrings "a for-loop over Strings: not supported yet"
    String s = overStrings(integer(time) + 1);
  equation
    assert(s <> "", "empty");
  end ForOverStrings;

  model OutputInModel "an element of a String array output used by a model: not supported yet"
    String t[2] = words(2);
  equation
    assert(t[1] <> "", "empty");
  end OutputInModel;
end StringArrayLocals;
