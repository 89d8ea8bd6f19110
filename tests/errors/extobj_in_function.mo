model ExtobjInFunction
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
  function use
    input Obj a;
    output Real y;
  external "C" y = obj_use(a);
  end use;
  function f
    input Real k;
    output Real y;
  algorithm
    y := use(Obj(k));
  end f;
  Real y = f(time);
end ExtobjInFunction;
// A function makes objects only as the bindings of its protected variables, which it destroys on return.
// ERROR: %f:23:14: error: not supported yet: making an external object inside a function other than as the binding of a protected variable
