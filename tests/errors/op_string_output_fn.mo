// 14.3: the functions of an operator record's 'String' have one output, a String, also when String(r)
// is called in a function body.
model OpStringOutputFn
  operator record R
    Integer a;
    operator function 'String'
      input R r;
      output Real s;
    algorithm
      s := r.a;
    end 'String';
  end R;
  function f
    input R r;
    output Integer n;
  algorithm
    n := if String(r) == "4" then 1 else 0;
  end f;
  Integer n = f(R(4));
end OpStringOutputFn;
// MODEL: OpStringOutputFn
// ERROR: %f:8:19: error: a function of operator 'String' has one output, a String (specification 14.3)
