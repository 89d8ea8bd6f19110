// Subscripts on package constants (tests/sim/package_tables.sh): P.table[i, j] with indices known when
// the model is compiled and with indices known only when it runs (as the MSL's Electrical.Digital uses
// its logic tables: Tables.AndTable[auxiliary[i], x[i + 1]])
package PackageTables
  type L = enumeration(a, b, c);
  package Tables
    constant L MinT[L, L] = [L.a, L.a, L.a; L.a, L.b, L.b; L.a, L.b, L.c] "the smaller of two";
    constant Real w[3] = {10, 20, 30};
    constant Integer M[2, 3] = [1, 2, 3; 4, 5, 6];
  end Tables;
  model Use
    discrete L x(start = L.a, fixed = true);
    discrete L y(start = L.c, fixed = true);
    discrete Integer k(start = 1, fixed = true);
    L z "the smaller of x and y, from the table";
    Real wk "w[k]";
    Real row[3] = Tables.M[2, :];
    Real w2 = PackageTables.Tables.w[2];
    Real col[2] = Tables.M[:, k];
  equation
    when sample(0.1, 0.1) then
      x = if pre(x) == L.c then L.a else if pre(x) == L.b then L.c else L.b;
      y = if pre(y) == L.a then L.c else if pre(y) == L.c then L.b else L.a;
      k = if pre(k) == 3 then 1 else pre(k) + 1;
    end when;
    z = Tables.MinT[x, y];
    wk = Tables.w[k];
    annotation(experiment(StopTime = 1, Interval = 0.05));
  end Use;
end PackageTables;
