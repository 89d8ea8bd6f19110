model ExtobjNoConstructor
  class Obj
    extends ExternalObject;
  end Obj;
  parameter Obj obj = Obj(1);
end ExtobjNoConstructor;
// ERROR: %f:5:23: error: external object class 'Obj' has no function 'constructor'
