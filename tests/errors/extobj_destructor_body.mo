model ExtobjDestructorBody
  class Obj
    extends ExternalObject;
    function constructor
      input Real k;
      output Obj o;
    external "C" o = obj_new(k);
    end constructor;
    function destructor
      input Obj o;
    algorithm
    end destructor;
  end Obj;
  parameter Obj obj = Obj(1);
end ExtobjDestructorBody;
// ERROR: %f:9:14: error: not supported yet: a destructor other than an external function of the object alone
