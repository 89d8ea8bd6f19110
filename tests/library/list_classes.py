import os, re, sys
# list non-partial model/block classes under given package prefixes (rough tokenizer)
#   list_classes.py [--experiment] MSLROOT [PREFIX...]
# --experiment: only the classes whose own annotation has an experiment(...) (the examples meant to be
# simulated, not the parts that an Examples package keeps beside them)
args = sys.argv[1:]
only_exp = args[:1] == ['--experiment']
if only_exp: args = args[1:]
root = args[0]; prefixes = args[1:]
# without prefixes: the packages whose examples issue 14 asks to run (the library tests' walks)
if not prefixes:
    prefixes = ['Modelica.Mechanics.Rotational', 'Modelica.Mechanics.Translational', 'Modelica.Electrical.Analog',
                'Modelica.Thermal.HeatTransfer', 'Modelica.Thermal.FluidHeatFlow', 'Modelica.Blocks']
withexp = set()
tok = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'|[A-Za-z_][A-Za-z_0-9]*|\S', re.S)
KIND = {'model','block','package','class','connector','record','function','type','operator'}
out = []
def scan(path, prefix):
    src = open(path, encoding='utf-8', errors='replace').read()
    toks = [t for t in tok.findall(src) if not t.startswith('//') and not t.startswith('/*')]
    stack = list(prefix); i = 0; n = len(toks)
    while i < n:
        t = toks[i]
        if t == 'within':
            j = i + 1; w = []
            while toks[j] != ';': w.append(toks[j]); j += 1
            stack = [x for x in ''.join(w).split('.') if x]; i = j + 1; continue
        if t == 'end' and i + 2 < n and toks[i+2] == ';' and re.match(r'[A-Za-z_]', toks[i+1]) and toks[i+1] not in ('if','for','when','while'):
            if stack: stack.pop()
            i += 3; continue
        if t == 'experiment' and i + 1 < n and toks[i+1] == '(':
            withexp.add('.'.join(stack))
        if t in KIND and (i == 0 or toks[i-1] not in ('end','.',)) :
            partial = False; j = i - 1
            while j >= 0 and toks[j] in ('partial','encapsulated','replaceable','redeclare','final','inner','outer','expandable','operator','impure','pure'):
                if toks[j] == 'partial': partial = True
                j -= 1
            k = i + 1
            if t == 'operator' and toks[k] in KIND: k += 1
            if toks[k] == 'extends': k += 1
            name = toks[k]
            if not re.match(r'[A-Za-z_]', name): i += 1; continue
            if toks[k+1] == '=':  # short class
                i = k + 1; continue
            if t == 'function' and toks[k+1] in ('(', '.'):  # function f(a = 1): a partial application, no class
                i = k + 1; continue
            full = '.'.join(stack + [name])
            if t in ('model','block') and not partial and toks[i-1] != 'replaceable' and 'redeclare' not in toks[max(0,i-3):i]:
                out.append(full)
            stack.append(name); i = k + 1; continue
        i += 1
# the top-level libraries the prefixes name (Modelica, ModelicaTest, ...), each a directory or one file
for top in sorted({p.split('.')[0] for p in prefixes}):
    if os.path.isfile(os.path.join(root, top + '.mo')): scan(os.path.join(root, top + '.mo'), [])
    for dp, dn, fn in os.walk(os.path.join(root, top)):
        for f in sorted(fn):
            if f.endswith('.mo'): scan(os.path.join(dp, f), [])
for c in sorted(set(out)):
    if only_exp and c not in withexp: continue
    if any(c == p or c.startswith(p + '.') for p in prefixes): print(c)
