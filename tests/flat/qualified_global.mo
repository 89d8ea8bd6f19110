// Qualified names (first identifier looked up, the rest inside) and global names (.A.B from the top:
// the local package named Units is skipped).
package Units
  type Angle = Real(unit = "rad");
end Units;
package P
  package Units
    type Angle = Real(unit = "deg");
  end Units;
  model M
    Units.Angle local;
    .Units.Angle global;
  equation
    local = 1;
    global = 2;
  end M;
end P;
// MODEL: P.M
