model StringPending
  record D
    parameter String C1(start = "Y");
    parameter Real V1 = 100;
    final parameter Real V1ph = V1/(if C1 == "D" then 1 else sqrt(3));
  end D;
  model T
    constant String VectorGroup = "D";
    parameter Real p;
  end T;
  parameter D d(C1 = t.VectorGroup);
  T t(p = d.V1ph);
end StringPending;
// d.C1's binding reads t, whose p reads d.V1ph, which compares d.C1 before d.C1 has its value: it was
// taken for the "" of a String without a binding (C1 == "D" folded to false, a wrong V1ph); now it is
// not known there (the MSL's Machines.Examples.Transformers.Rectifier6pulse has this shape).
// ERROR: %f:5:40: error: not supported yet: comparing String values that are not known when the model is compiled
