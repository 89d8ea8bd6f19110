// ARGS: --emit-c -o /dev/null %f
model StrMsgVariable
  discrete String s;
  Real x(start = 1, fixed = true);
equation
  der(x) = -x;
  assert(x > 0.5, "state: " + s);
end StrMsgVariable;
// ERROR: %f:7:31: error: not supported yet: a String variable whose value is not known when the model is compiled, in a message
