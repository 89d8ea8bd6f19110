// A variable assigned in a when-clause is not declared in a component of a model or block class
// (specification 4.4.4: balanced models); one of a record, or of the class's own, may be.
// ERROR: %f:22:5: error: 'm.x' cannot be assigned in a when-clause here: it is declared inside 'm', an instance of the model 'WhenSubcomponent.M' (specification 4.4.4)
model WhenSubcomponent
  record R
    Real a;
  end R;
  model M
    discrete Real x;
  end M;
  block B
    discrete input Real u;
    output Real y = u;
  end B;
  M m;
  B b[2];
  R r;
  discrete Real z;
equation
  when sample(0, 1) then
    z = 1 "fine";
    m.x = 1;
    r.a = 2 "fine: a record";
  end when;
end WhenSubcomponent;
