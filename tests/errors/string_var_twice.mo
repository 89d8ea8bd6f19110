// A String variable given two equations: the second is between two values known when compiled.
// ARGS: --emit-c -o /dev/null %f
model StringVarTwice
  String s;
equation
  s = "a";
  s = "b";
end StringVarTwice;
// ERROR: %f:7:3: error: this equation is between two String values known when the model is compiled (a String variable with a second equation?)
