// The same rule for when-statements (specification 4.4.4): an input of a block component is set by a
// connection, not by an assignment in a when-clause.
// ERROR: %f:14:5: error: 'b[2].u' cannot be assigned in a when-clause here: it is declared inside 'b[2]', an instance of the block 'WhenSubcomponentAlg.B' (specification 4.4.4)
model WhenSubcomponentAlg
  block B
    discrete input Real u;
    output Real y = u;
  end B;
  B b[2];
  discrete Real z;
algorithm
  when sample(0, 1) then
    z := 1 "fine";
    b[2].u := 3;
  end when;
end WhenSubcomponentAlg;
