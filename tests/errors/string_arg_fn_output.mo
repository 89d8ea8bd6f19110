model StringArgFnOutput
  function up
    input Real v;
    output String s;
  algorithm
    s := String(v);
  end up;
  function count
    input String s;
    output Integer n = 0;
  end count;
  Real x = time;
  Integer k(start = 0, fixed = true);
equation
  when time > 0.5 then
    k = count("x = " + up(x));
  end when;
end StringArgFnOutput;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:16:24: error: not supported yet: the String output 's' of 'StringArgFnOutput.up' in a model
