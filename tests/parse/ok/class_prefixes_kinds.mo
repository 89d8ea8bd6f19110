package Kinds
  class C end C;
  model M end M;
  record R Real a; end R;
  operator record OR Real re; end OR;
  block B input Real u; output Real y; equation y = u; end B;
  connector Pin Real v; flow Real i; end Pin;
  expandable connector Bus end Bus;
  type T = Real;
  package P end P;
  function F input Real x; output Real y; algorithm y := x; end F;
  pure function PF input Real x; output Real y; algorithm y := x; end PF;
  impure function IF input Real x; output Real y; algorithm y := x; end IF;
  operator function OF input Real x; output Real y; algorithm y := x; end OF;
  pure operator function POF input Real x; output Real y; algorithm y := x; end POF;
  impure operator function IOF input Real x; output Real y; algorithm y := x; end IOF;
  operator 'op' function f input Real x; output Real y; algorithm y := x; end f; end 'op';
end Kinds;
