// Two reinit of one state in one when-clause (spec 8.3.6: only in different branches of an if-equation,
// which cannot hold reinit in mo2c yet): the last written used to win (review finding 01).
model M
  Real x(start = 1, fixed = true);
equation
  der(x) = -x;
  when time > 0.5 then
    reinit(x, 5);
    reinit(x, 7);
  end when;
end M;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:9:5: error: 'x' is reinitialized twice in one when-clause; reinit may be applied to a variable once there (specification 8.3.6)
// ERROR: %f:8:5: note: the other reinit of 'x' is here
