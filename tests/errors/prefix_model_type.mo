// Type prefixes are only for components of types, records and connectors (spec 4.4.2.2): a parameter
// model is an error at its declaration.
model M
  model Sub
    Real x = 1.0;
  end Sub;
  parameter Sub s;
end M;
// MODEL: M
// ERROR: %f:7:17: error: 's' is a model 'M.Sub', so it cannot be parameter: type prefixes are only for components of types, records and connectors (specification 4.4.2.2)
