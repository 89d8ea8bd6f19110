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
// An external object is bound once and never changes (12.9.7): a parameter, whatever its prefix, so its
// constructor's arguments must be parameter expressions.
// ERROR: %f:14:13: error: the value of parameter 'obj' reads a continuous-time expression; it must be a parameter expression
