within ModelicaByExample.Components;
package Rotational "Basic rotational components"
end Rotational;
