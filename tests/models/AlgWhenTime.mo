// A when-statement whose condition compares time with a discrete output of the section
// (tests/sim/alg_when_events.sh), the pattern of the MSL's Digital inertial delays
package AlgWhenTime
  // x steps to 1 at t = 1 and back to 0 at t = 2; y follows it 0.3 s later
  model Elsewhen
    Integer x = if time < 1 then 0 else if time < 2 then 1 else 0;
    Integer y(start = 0, fixed = true);
    discrete Real t_next(start = 0, fixed = true);
  algorithm
    when {initial(), change(x) and not initial()} then
      t_next := time + 0.3;
    elsewhen time >= t_next then
      y := x;
    end when;
    annotation(experiment(StopTime = 3, Interval = 0.1));
  end Elsewhen;
  model TwoWhens
    Integer x = if time < 1 then 0 else if time < 2 then 1 else 0;
    Integer y(start = 0, fixed = true);
    discrete Real t_next(start = 0, fixed = true);
  algorithm
    when change(x) then
      t_next := time + 0.3;
    end when;
    when time >= t_next then
      y := x;
    end when;
    annotation(experiment(StopTime = 3, Interval = 0.1));
  end TwoWhens;
end AlgWhenTime;
