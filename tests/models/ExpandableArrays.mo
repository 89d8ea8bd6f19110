model ExpandableArrays
  "connect(cell.cellBus, stackBus.cellBus) of two arrays of expandable connectors, as the MSL's Batteries
   stacks: each cell's bus joins its element of the stack bus's declared array cellBus[2, 3] (9.1.3,
   element by element as 9.3 connects arrays), so that the stack bus carries every cell's v and w. Only
   w is read (total), as the stacks read soc but not v: v is made by the augmentation alone.
   Closed forms: stackBus.cellBus[i, j].v = (3 (i - 1) + j) t, w = 2 v, total = 42 t"
  expandable connector CellBus
    Real v;
    Real w;
  end CellBus;
  expandable connector StackBus
    parameter Integer Ns = 1;
    parameter Integer Np = 1;
    CellBus cellBus[Ns, Np];
  end StackBus;
  connector RO = output Real;
  model Cell
    parameter Real k;
    CellBus cellBus;
    RO v = k*time;
    RO w = 2*k*time;
  equation
    connect(v, cellBus.v);
    connect(w, cellBus.w);
  end Cell;
  Cell cell[2, 3](k = {{1, 2, 3}, {4, 5, 6}});
  StackBus stackBus(Ns = 2, Np = 3);
  Real total = sum(stackBus.cellBus.w);
equation
  connect(cell.cellBus, stackBus.cellBus);
end ExpandableArrays;
