// MODEL: ArrEnumIf.M
// Enumerations (literals, parameters, comparisons, Integer(), as an array dimension and a for range),
// if-equations with parameter conditions (only the active branch is flattened) and conditional
// components (their connections removed).
package ArrEnumIf
  type Mode = enumeration(off, slow, fast "the fast one");
  connector Port
    Real e;
    flow Real f;
  end Port;
  model Load
    Port port;
  equation
    port.e = 2 * port.f;
  end Load;
  model M
    parameter Mode mode = Mode.fast;
    parameter Boolean useLoad = false;
    parameter Integer k = Integer(mode);
    parameter String label = "rod";
    Real level[Mode];
    Real y;
    Port p;
    Load load if useLoad;
  equation
    for m in Mode loop
      level[m] = Integer(m) * time;
    end for;
    if mode == Mode.off then
      y = undefinedName;  // never flattened: the condition is false
    elseif mode > Mode.slow and not useLoad then
      y = level[Mode.slow] + k;
    else
      y = 0;
      y = 1;              // unbalanced, but never flattened either
    end if;
    connect(p, load.port);
    p.e = y;
  end M;
end ArrEnumIf;
