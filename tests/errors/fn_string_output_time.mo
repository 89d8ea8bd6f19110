// A String variable is discrete-time (3.8.3): a function's String result of time cannot give it its value.
package P
  function f
    input Real x;
    output String s;
  algorithm
    s := String(x);
  end f;
  model M
    String v = f(time);
  end M;
end P;
// MODEL: P.M
// ERROR: %f:10:16: error: 'v' is a discrete-time variable, but the expression that gives it its value reads time or a derivative, which is continuous-time (specification 3.8.3)
