// ERROR: string_pre_of_pre.mo:10:12: error: not supported yet: pre() of a String built from pre()
// ARGS: --emit-c -o /dev/null %f
model StringPreOfPre
  Integer k(start = 0);
  String s = String(pre(k));
  Boolean same(start = true);
equation
  when time > 0.5 then
    k = pre(k) + 1;
    same = pre(s) == s;
  end when;
end StringPreOfPre;
