model ExtobjNoDestructor
  class Obj
    extends ExternalObject;
    function constructor
      input Real k;
      output Obj o;
    external "C" o = obj_new(k);
    end constructor;
  end Obj;
  function get
    input Obj o;
    output Real y;
  external "C" y = obj_get(o);
  end get;
  parameter Obj obj = Obj(1);
  Real y = get(obj);
end ExtobjNoDestructor;
// ERROR: %f:2:9: error: external object class 'Obj' has no function 'destructor'
