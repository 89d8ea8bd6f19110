// A call through a component (or1.f(...)) must find a non-operator function (specification 5.3.2):
// an operator function of an operator record, or a function inside an operator, is refused there
// (the compliance suite's Scoping.NameLookup.Composite.OperatorFunctionLookupViaComp).
package CallOperatorViaComponent
  operator record OR
    Real x;
    encapsulated operator function '+'
      import CallOperatorViaComponent.OR;
      input OR a;
      input OR b;
      output OR c;
    algorithm
      c := OR(x = a.x + b.x);
    end '+';
  end OR;
  model M
    OR or1(x = 1.0);
    OR or2(x = 2.0);
    OR or3 = or1.'+'(or1, or2);
  end M;
end CallOperatorViaComponent;
// MODEL: CallOperatorViaComponent.M
// ERROR: %f:19:18: error: ''+'' is an operator function: a call through a component must find a non-operator function (specification 5.3.2)
