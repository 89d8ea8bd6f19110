within ModelicaByExample.Components.Rotational;
package Interfaces "Partial models for rotational components"
end Interfaces;
