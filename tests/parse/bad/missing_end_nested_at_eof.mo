// ARGS: --parse %f
// ERROR: %f:10:1: error: syntax error, unexpected end of file, expecting 'end Open;'
// ERROR: %f:8:9: note: class 'Open' opened here
package P
  model Inner
    Real x;
  end Inner;
  model Open
    Real y;
