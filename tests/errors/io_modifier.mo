// An outer element has no modifiers (spec 5.4): it is the inner one, modified where that is declared.
model IoModifier
  model A
    outer parameter Real p;
    Real x = p;
  end A;
  inner parameter Real p = 1;
  A a(p = 2);
end IoModifier;
// ERROR: %f:8:7: error: outer element 'p' cannot be modified: modify its inner element instead
// ERROR: %f:4:26: note: 'p' is declared outer here
