// CHARACTER arguments of an external "FORTRAN 77" function (12.9.1.2): LAPACK's dgesvd, declared as
// the MSL's Matrices.LAPACK.dgesvd declares it, but JOBU an input String of the function and JOBVT a
// literal, and U declared [:, :] with a binding that sizes it (as the MSL's dtrsen declares To).
// The singular values of (1 + t) [3, 0; 4, 5] are (1 + t) {sqrt(45), sqrt(5)}
// (tests/sim/external_fortran.sh).
model FortranSvd
  function dgesvd "the singular values of A"
    input Real A[:, :];
    input String jobu = "A";
    output Real sigma[min(size(A, 1), size(A, 2))];
    output Real U[:, :] = zeros(size(A, 1), size(A, 1)) "sized by its binding before the call";
    output Integer info;
  protected
    Integer m = size(A, 1);
    Integer n = size(A, 2);
    Real Awork[size(A, 1), size(A, 2)] = A;
    Real VT[1, 1];
    Integer lwork = 5*size(A, 1) + 5*size(A, 2);
    Real work[5*size(A, 1) + 5*size(A, 2)];
  external "FORTRAN 77" dgesvd(jobu, "N", m, n, Awork, m, sigma, U, m, VT, 1, work, lwork, info)
    annotation (Library = "lapack");
  end dgesvd;
  function svd "dgesvd called from a function (a call from the model needs the sizes of the outputs)"
    input Real A[:, :];
    output Real sigma[min(size(A, 1), size(A, 2))];
    output Real U[size(A, 1), size(A, 1)];
    output Integer info;
  algorithm
    (sigma, U, info) := dgesvd(A);
  end svd;
  Real sigma[2];
  Real U[2, 2];
  Real u1[2] = U[:, 1] "U's first column, in names without commas";
  Integer info;
equation
  (sigma, U, info) = svd((1 + time)*[3, 0; 4, 5]);
end FortranSvd;
