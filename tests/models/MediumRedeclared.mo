// A medium package in the MSL's layout (Media.Interfaces: PartialMedium -> PartialMixtureMedium ->
// PartialRealCondensingGases, which modifies what it inherits, -> ReferenceMoistAir, which gives the
// substance names and redeclares the state record and the functions): the functions the derived
// package redeclares and the record they take read its constants (nX = 2), wherever the text that names
// them was written (tests/sim/medium_redeclared.sh checks the values against closed forms).
// - sat, declared in Cond (a package whose extends clause redeclares a class), redeclared with
//   'function extends' in Moist: its input State is Moist's, of 2 mass fractions (it was Cond's view of
//   Mix's State, of Cond's 1);
// - temp, inherited from Base and called through Moist: the setX and getT it calls are Moist's
//   redeclarations, built for Moist (they were built as Base's, reading nX = 1);
// - invX, inherited from Base and called through Moist, gives its local function g to a functional
//   input, as MixtureGasNasa's T_hX gives its f_nonlinear to solveOneNonlinearEquation: g is built for
//   Moist too (it read Base's nX).
package MediumRedeclared
  partial package Base
    constant String names[:] = {"a"};
    final constant Integer nS = size(names, 1);
    constant Integer nX = nS;
    replaceable record State
    end State;
    replaceable record F
      Real a;
    end F;
    replaceable partial function setX
      input Real p;
      input Real X[:];
      output State state;
    end setX;
    replaceable partial function getT
      input State state;
      output Real T;
    end getT;
    partial function scalarF
      input Real u;
      output Real y;
    end scalarF;
    function apply
      input scalarF f;
      input Real u;
      output Real y;
    algorithm
      y := f(u);
    end apply;
    function invX
      input Real h;
      output Real y;
    protected
      function g
        extends scalarF;
        input Real h;
      algorithm
        y := h * nX + u;
      end g;
    algorithm
      y := apply(function g(h = h), 1);
    end invX;
    replaceable function temp
      input Real p;
      input Real X[:];
      output Real T;
    algorithm
      T := getT(setX(p, X));
    end temp;
  end Base;
  record G
    Real a;
    Real b;
  end G;
  partial package Mix
    extends Base;
    redeclare replaceable record extends State
      Real p;
      Real X[nX];
    end State;
  end Mix;
  partial package Cond
    extends Mix(redeclare replaceable record F = G);
    replaceable partial function sat
      input State state;
      output Real Xs[:];
    end sat;
  end Cond;
  package Moist
    extends Cond(names = {"w", "a"});
    redeclare record extends State
    end State;
    redeclare function extends setX
    algorithm
      state := if size(X, 1) == nX then State(p = p, X = X) else State(p = p, X = cat(1, X, {1 - sum(X)}));
    end setX;
    redeclare function extends getT
    algorithm
      T := state.p + 10 * state.X[2] + nX;
    end getT;
    redeclare function extends sat
    algorithm
      Xs := 2 * state.X;
    end sat;
    function user
      input State state;
      output Real y;
    protected
      Real X[:];
    algorithm
      X := sat(state);
      y := X[2] + size(X, 1);
    end user;
  end Moist;
  model Main
    Real y = Moist.temp(time, {0.25}) "t + 7.5 + 2";
    Real z = Moist.user(Moist.State(p = 1, X = {time, 1 - time})) "2 (1 - t) + 2";
    Real w = Moist.invX(time) "2 t + 1";
  end Main;
end MediumRedeclared;
