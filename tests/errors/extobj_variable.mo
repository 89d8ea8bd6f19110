model ExtobjVariable
  class Obj
    extends ExternalObject;
    function constructor
      input Real k;
      output Obj o;
    external "C" o = obj_new(k);
    end constructor;
    function destructor
      input Obj o;
    external "C" obj_free(o);
    end destructor;
  end Obj;
  Obj obj = Obj(time);
end ExtobjVariable;
// ERROR: %f:14:7: error: the external object 'obj' must be a parameter or a constant
