model ExtobjAssign
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
  function f
    input Obj a;
    output Real y;
  protected
    Obj b = Obj(2);
  algorithm
    b := a;
    y := 1;
  end f;
  parameter Obj obj = Obj(1);
  Real y = f(obj);
end ExtobjAssign;
// An external object is bound in its declaration and never assigned (12.9.7).
// ERROR: %f:20:5: error: cannot assign to the external object 'b': it is only bound in its declaration
