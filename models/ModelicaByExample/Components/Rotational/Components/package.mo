within ModelicaByExample.Components.Rotational;
package Components "Rotational components built by inheritance"
end Components;
