package GuardedRelationOrder "guarded relations whose guard is evaluated in the model's order (tests/sim/guarded_relations_order.sh)"
  model InAlgorithm "the guard's variable is assigned before and after the relation in the same algorithm"
    Real x(start = 0, fixed = true) "x = t";
    Integer k(start = 0, fixed = true);
    Real y "1 where x > 0.5 (k is 1 where y is computed)";
    Real z(start = 0, fixed = true) "z = max(t - 0.5, 0)";
  algorithm
    when initial() then
      k := 0;
    end when;
    k := 1;
    y := if k == 1 and x > 0.5 then 1.0 else 0.0;
    k := 0;
  equation
    der(x) = 1;
    der(z) = y;
    annotation(experiment(StopTime = 1, Interval = 0.05));
  end InAlgorithm;

  model OuterFirst "the outer condition protects the inner one from dividing by zero"
    Real x(start = 0, fixed = true) "x = t";
    Integer n(start = 0, fixed = true) "2 from t = 0.8";
    Real y "1 from t = 0.8 (x > 0.5, 1/2 > 0.1)";
  equation
    der(x) = 1;
    when time > 0.8 then
      n = 2;
    end when;
    y = if pre(n) <> 0 and (1 / pre(n) > 0.1 and x > 0.5) then 1 else 0;
    annotation(experiment(StopTime = 1, Interval = 0.05));
  end OuterFirst;

  model RightOperand "the guard is the right operand of 'and', which the model evaluates only while the relation holds"
    Real x(start = 0, fixed = true) "x = t";
    Integer n(start = 0, fixed = true) "1 from t = 0.3";
    Real y "1 from t = 0.5 (x > 0.5, 1/1 > 0.1); 1/pre(n) is never evaluated while pre(n) = 0";
    Real z(start = 0, fixed = true) "z = max(t - 0.5, 0)";
  equation
    der(x) = 1;
    when x > 0.3 then
      n = 1;
    end when;
    y = if x > 0.5 and 1 / pre(n) > 0.1 then 1 else 0;
    der(z) = y;
    annotation(experiment(StopTime = 1, Interval = 0.05));
  end RightOperand;
end GuardedRelationOrder;
