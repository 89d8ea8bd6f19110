// leading comment
/* block comment
   spanning lines with UTF-8: éè ☃ and a lone * and / */
model /* inside */ Comments2 // after name
  Real x; /* after */ Real y; // end of line
  /* comment with // inside */
  // comment with /* inside
equation
  x = /* mid */ 1;
  y = 2; /**/
end Comments2; // trailing
// last line without newline