// getInstanceName() (spec 3.7.4.6) of a model whose quoted name holds a dot: the whole name is its last
// identifier.
model 'Quoted.Name'
  model Part
    parameter String name = getInstanceName();
  end Part;
  Part p;
end 'Quoted.Name';
