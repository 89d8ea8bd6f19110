within Mylib;
package Sub
end Sub;
