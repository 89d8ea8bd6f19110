// The seed's spring-mass-damper system, flattened from the bundled library (a file inside a library tree).
// Expected by hand: 7 components; 46 variables (ground 2, each damper and spring 7: d|c, two flanges of
// phi and tau, phi_rel, tau; each inertia 8: J, two flanges, phi_rel, w, phi), 40 equations: 27 from the
// components (ground 1, damper/spring 4 each, inertia 5 each), 4 connection sets of 3 flanges (2 equalities
// and 1 flow sum each = 12), and inertia1.flange_a.tau = 0 (the only flange left unconnected).
// ARGS: --flat models/ModelicaByExample/Components/Rotational/Examples/SMD.mo
