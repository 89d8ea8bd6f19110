model StringRuntimeChain "a chain of run-time Strings, each read twice by the next: built where read, it would double at each level"
  function f
    input Integer k;
    output String s;
  algorithm
    s := String(k);
  end f;
  discrete Integer k(start = 1, fixed = true);
  String s0 = f(k);
  String s1 = s0 + s0;
  String s2 = s1 + s1;
  String s3 = s2 + s2;
  String s4 = s3 + s3;
  String s5 = s4 + s4;
  String s6 = s5 + s5;
  String s7 = s6 + s6;
  String s8 = s7 + s7;
  String s9 = s8 + s8;
  String s10 = s9 + s9;
  Boolean b = s10 == "x";
equation
  when sample(0.1, 0.1) then
    k = pre(k) + 1;
  end when;
end StringRuntimeChain;
// ARGS: %f
// ERROR: %f:19:10: error: not supported yet: String variable 's10'
