within ModelicaByExample.Components.Rotational;
package VerboseApproach "Rotational components written without inheritance"
end VerboseApproach;
