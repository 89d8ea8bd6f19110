// A String parameter read back while its own binding is flattened: r.C1's binding reads tr.group, which
// builds tr, whose modifier reads r.V1ph, whose binding compares r.C1 (the MSL's transformer data
// records: Machines.Utilities.TransformerData with C1 = Strings.substring(transformer.VectorGroup, 1, 1)).
// The comparison is folded once r.C1's value is known.
model str_param_read_back
  record R
    parameter String C1;
    parameter String L = C1 + "-" + C1;
    parameter Real V = 100;
    final parameter Real V1ph = V/(if C1 == "D" then 1 else 3);
    final parameter Real V2ph = V/(if L == "D-D" then 1 else 3);
    final parameter Real V3ph = V/(if C1 <> "D" then 1 else 3);
  end R;
  model Tr
    constant String group = "Y";
    parameter Real n = 1;
    parameter Real n2 = 1;
  end Tr;
  parameter R r(C1 = tr.group);
  Tr tr(final group = "D", n = r.V1ph, n2 = r.V2ph + r.V3ph);
  Real x = r.V1ph;
end str_param_read_back;
