within ModelicaByExample.Components.Rotational;
package Examples "Systems assembled from the rotational components"
end Examples;
