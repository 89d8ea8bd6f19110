model ExtobjLocalBinding
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
    input Obj a;
    output Real y;
  protected
    Obj b = a;
  algorithm
    y := use(b);
  end f;
  parameter Obj obj = Obj(1);
  Real y = f(obj);
end ExtobjLocalBinding;
// A function's protected object is destroyed on return: it must be its own, made by the constructor.
// ERROR: %f:23:13: error: the external object 'b' of function 'ExtobjLocalBinding.f' must be bound to a call of its constructor
