// An external "FORTRAN 77" function (12.9.1.2): LAPACK's dgesv, declared as the MSL's
// Matrices.LAPACK.dgesv declares it, solves A X = B for a matrix of right-hand sides; A is not
// symmetric, so a matrix passed in row-major order would give another X (tests/sim/external_fortran.sh).
model FortranSolve
  function dgesv "X with A X = B"
    input Real A[:, size(A, 1)];
    input Real B[size(A, 1), :];
    output Real X[size(A, 1), size(B, 2)] = B;
    output Integer info;
  protected
    Real Awork[size(A, 1), size(A, 1)] = A;
    Integer ipiv[size(A, 1)];
  external "FORTRAN 77" dgesv(size(A, 1), size(B, 2), Awork, size(A, 1), ipiv, X, size(A, 1), info)
    annotation (Library = "lapack");
  end dgesv;
  parameter Real A[3, 3] = [4, 1, 2; 0, 3, -1; 1, 5, 2];
  Real X[3, 2] "{{1, 0}, {t, 1}, {2, -1}}";
  Real x[6] = {X[1, 1], X[1, 2], X[2, 1], X[2, 2], X[3, 1], X[3, 2]} "X row by row, in names without commas";
  Integer info;
equation
  (X, info) = dgesv(A, [8 + time, -1; 3*time - 2, 4; 5 + 5*time, 3]);
end FortranSolve;
