// ARGS: --parse %f
// ERROR: %f:7:7: error: class 'M' ends with 'end P'
// ERROR: %f:5:9: note: class 'M' opened here
package P
  model M
    Real x;
  end P;
end P;
