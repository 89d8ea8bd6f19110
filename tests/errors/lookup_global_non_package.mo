// Global name lookup (5.3.3) inside a class that does not satisfy the requirements for a package finds
// only encapsulated elements: A holds a variable y, so .P.M.A.x is an error (compare the compliance case
// NonPackageLikeClassLookup, whose name goes through a package-like A and is valid).
package P
  model M
    model A
      constant Real x = 2.0;
      Real y = 3.0;
    end A;
    constant Real y = .P.M.A.x;
  end M;
end P;
// MODEL: P.M
// ERROR: %f:10:30: error: 'x' is looked up inside 'P.M.A', a model that is no package: only its encapsulated elements can be reached so (specification 5.3.2)
