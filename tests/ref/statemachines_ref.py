#!/usr/bin/env python3
# The state machines of tests/models/StateMachines.mo (spec chapter 17) run tick by tick with the
# semantics model of 17.3.5 (StateMachineSemantics) written out by hand below, and each model's state
# equations; checked against a result CSV of mo2c at every row half-way between two ticks (at a tick the
# result holds the values before and after it).
#   statemachines_ref.py MODEL RESULT.csv       exit 1 with the first mismatches
import csv, math, sys

class Machine:
    """17.3.5: transitions (frm, to, immediate, reset, priority, cond) over states 1..n (1 initial);
    cond(env, ticks, time) with ticksInState() and timeInState() of the state the transition leaves."""
    def __init__(self, n, trans):
        # sorted with the lowest priority number last (the highest index fires first)
        self.t = sorted(trans, key=lambda tr: -tr[4])
        self.n = n
        self.next, self.nextReset, self.delayed = 1, False, 0
        self.nrs = [False] * n
        self.ticks, self.entered = 0, 0.0

    def enter(self, time, reset, env, active=True):
        """the state active at this tick, before the states' equations: (activeState, reset of each state);
        a machine inside a state: active while that state is, reset with it"""
        sel = 1 if reset else self.next
        sel_reset = reset or self.nextReset
        tsel = 1 if reset else self.ticks + 1
        time_sel = 0.0 if reset else time - self.entered
        imm = 0
        for i, (frm, to, immediate, rst, prio, cond) in enumerate(self.t, 1):
            if immediate and frm == sel and cond(env, tsel, time_sel):
                imm = i
        fired = max(self.delayed, imm)
        act = 1 if reset else (self.t[fired - 1][1] if fired else sel)
        act_reset = reset or (self.t[fired - 1][3] if fired else sel_reset)
        rs = [reset or x for x in self.nrs]
        entered = reset or fired > 0 or self.ticks == 0
        if active:
            self.nrs = [act != i + 1 and rs[i] for i in range(self.n)]
            self.entered = time if entered else self.entered
            self.ticks = 1 if entered else self.ticks + 1
            self.next = act
        else:
            self.ticks = 0
        self.nextReset = not active and self.nextReset
        return act, [active and act == i + 1 and (act_reset or rs[i]) for i in range(self.n)]

    def leave(self, time, env):
        """after the states' equations: the delayed transition to take at the next tick"""
        self.delayed = 0
        for i, (frm, to, immediate, rst, prio, cond) in enumerate(self.t, 1):
            if not immediate and frm == self.next and cond(env, self.ticks, time - self.entered):
                self.delayed = i

def spec171(tick_times):
    # states A0 = 1, A1 = 2, A2 = 3
    m = Machine(3, [(1, 2, True, True, 1, lambda e, k, s: e['t'] > 0.0095),
                    (2, 3, False, True, 1, lambda e, k, s: k >= 5)])
    out = []
    for j, t in enumerate(tick_times):
        env = {'t': t}
        act, _ = m.enter(t, j == 0, env)
        m.leave(t, env)
        out.append({'a0': act == 1, 'a1': act == 2, 'a2': act == 3})
    return out

def outer(tick_times):
    # stateA = 1, stateB = 2, stateC = 3, stateD = 4
    env = {'v': 0, 'count': 0}
    m = Machine(4, [(1, 2, False, True, 1, lambda e, k, s: e['v'] >= 6),
                    (2, 3, False, True, 1, lambda e, k, s: e['v'] == 0),
                    (3, 1, False, True, 2, lambda e, k, s: True),
                    (3, 4, False, True, 1, lambda e, k, s: e['count'] >= 2)])
    out = []
    for j, t in enumerate(tick_times):
        act, _ = m.enter(t, j == 0, env)
        if act == 1:
            env['v'] += 2
        elif act == 2:
            env['v'] -= 1
        elif act == 3:
            env['count'] += 1
        m.leave(t, env)
        out.append(dict(env))
    return out

def resets(tick_times):
    # a = 1, b = 2, c = 3; tick counts the ticks from 0
    env = {'a.i': 0, 'a.k': 0, 'a.tin': 0.0, 'b.i': 0, 'b.k': 0, 'b.tin': 0.0, 'c.n': 10, 'c.x': 3.0, 'tick': -1}
    start = {'a.i': 0, 'b.i': 0, 'c.n': 10, 'c.x': 3.0}
    m = Machine(3, [(1, 2, False, True, 2, lambda e, k, s: e['a.i'] >= 3),
                    (1, 3, True, True, 1, lambda e, k, s: e['tick'] == 9),
                    (2, 1, False, False, 1, lambda e, k, s: e['b.i'] >= 2),
                    (3, 1, True, True, 1, lambda e, k, s: s >= 0.25),
                    (3, 3, False, False, 2, lambda e, k, s: k == 3)])
    out = []
    for j, t in enumerate(tick_times):
        env['tick'] += 1
        act, rst = m.enter(t, j == 0, env)
        def prev(x):
            return start[x] if rst[act - 1] else env[x]
        if act in (1, 2):
            p = 'a.' if act == 1 else 'b.'
            env[p + 'i'] = prev(p + 'i') + 1
            env[p + 'k'] = m.ticks
            env[p + 'tin'] = t - m.entered
        else:
            env['c.n'], env['c.x'] = prev('c.n') + 1, (prev('c.x') + 1) / 2
        m.leave(t, env)
        out.append(dict(env, inA=act == 1, inB=act == 2, inC=act == 3))
    return out

def hierarchical(tick_times):
    # top: state1 = 1, state2 = 2; in state1: stateA = 1, stateB = 2, stateC = 3, stateD = 4, and
    # stateX = 1, stateY = 2 (two machines in parallel)
    env = {'v': 0, 'state1.count': 0, 'state1.stateX.i': 0, 'state1.stateX.w': 0, 'state1.stateY.j': 0,
           'inD': False, 'inY': False, 'in2': False}
    top = Machine(2, [(1, 2, False, True, 1, lambda e, k, s: e['inD'] and e['inY']),
                      (2, 1, False, True, 1, lambda e, k, s: e['v'] >= 20)])
    ma = Machine(4, [(1, 2, False, True, 1, lambda e, k, s: e['v'] >= 6),
                     (2, 3, False, True, 1, lambda e, k, s: e['v'] == 0),
                     (3, 1, False, True, 2, lambda e, k, s: True),
                     (3, 4, False, True, 1, lambda e, k, s: e['state1.count'] >= 2)])
    mx = Machine(2, [(1, 2, False, False, 1, lambda e, k, s: e['state1.stateX.i'] > 20)])
    out = []
    for j, t in enumerate(tick_times):
        act, rst = top.enter(t, j == 0, env)
        in1, rst1 = act == 1, rst[0]
        a, rsta = ma.enter(t, rst1, env, in1)
        x, rstx = mx.enter(t, rst1, env, in1)
        v, count = env['v'], 0 if rst1 else env['state1.count']   # count is state1's
        i = 0 if in1 and x == 1 and rstx[0] else env['state1.stateX.i']
        jj = 0 if in1 and x == 2 and rstx[1] else env['state1.stateY.j']
        if in1 and a == 1:
            v += 2
        elif in1 and a == 2:
            v -= 1
        elif in1 and a == 3:
            count += 1
        elif act == 2:
            v += 5
        if in1 and x == 1:
            i += 1
            env['state1.stateX.w'] = v
        if in1 and x == 2:
            jj += 1
        env.update({'v': v, 'state1.count': count, 'state1.stateX.i': i, 'state1.stateY.j': jj,
                    'inD': in1 and a == 4, 'inY': in1 and x == 2, 'in2': act == 2})
        top.leave(t, env)
        ma.leave(t, env)
        mx.leave(t, env)
        out.append(dict(env))
    return out

def outputs(tick_times):
    # a = 1, b = 2; c.u is the output of the active state
    env = {'tick': 0, 'a.y': 0, 'b.y': 0, 'b.n': 0, 'c.u': 0, 'c.z': 0}
    m = Machine(2, [(1, 2, False, True, 1, lambda e, k, s: e['tick'] > 3),
                    (2, 1, False, True, 1, lambda e, k, s: e['b.n'] >= 2)])
    out = []
    for j, t in enumerate(tick_times):
        env['tick'] += 1
        act, rst = m.enter(t, j == 0, env)
        if act == 1:
            env['a.y'] = 1
        else:
            env['b.n'] = (0 if rst[1] else env['b.n']) + 1
            env['b.y'] = 10 + env['b.n']
        env['c.u'] = env['a.y'] if act == 1 else env['b.y']
        env['c.z'] = 2 * env['c.u']
        m.leave(t, env)
        out.append(dict(env))
    return out

def integrate(tick_times):
    # a = 1, b = 2; ExplicitEuler with h = 0.1: x_k = x_(k-1) + h der(x)_(k-1), the start value when the
    # state is entered by a reset; a state's variables (der(x) included) keep their values while inactive
    h = 0.1
    env = {'tick': 0, 'a.x': 1.0, 'b.y': 0.5, 'b.n': 0, 'w': 0.25}
    dx = dy = dw = 0.0
    m = Machine(2, [(1, 2, False, True, 1, lambda e, k, s: e['tick'] in (4, 12)),
                    (2, 1, False, False, 1, lambda e, k, s: e['b.n'] >= 3)])
    out = []
    for j, t in enumerate(tick_times):
        env['tick'] += 1
        act, rst = m.enter(t, j == 0, env)
        env['w'] = 0.25 if j == 0 else env['w'] + h * dw   # (declared in no state: never reset)
        dw = 1 if act == 1 else -env['w']
        if act == 1:
            env['a.x'] = 1.0 if rst[0] else env['a.x'] + h * dx
            dx = -2 * env['a.x']
        else:
            env['b.y'] = 0.5 if rst[1] else env['b.y'] + h * dy
            dy = 1 + env['b.y']
            env['b.n'] = (0 if rst[1] else env['b.n']) + 1
        m.leave(t, env)
        out.append(dict(env))
    return out

def inner_outputs(tick_times):
    # top: p = 1, q = 2; in p: a = 1, b = 2, whose outputs are connected to c.u in p
    env = {'tick': 0, 'p.a.k': 0, 'p.a.y': 0, 'p.b.y': 0, 'p.b.n': 0, 'p.c.u': 0, 'p.c.z': 0, 'tq': -1.0,
           'inQ': False}
    top = Machine(2, [(1, 2, False, True, 1, lambda e, k, s: e['tick'] > 12),
                      (2, 1, False, True, 1, lambda e, k, s: e['tick'] > 14)])
    m = Machine(2, [(1, 2, False, True, 1, lambda e, k, s: e['p.a.k'] >= 3),
                    (2, 1, False, True, 1, lambda e, k, s: e['p.b.n'] >= 2)])
    out = []
    for j, t in enumerate(tick_times):
        env['tick'] += 1
        act, rst = top.enter(t, j == 0, env)
        inp = act == 1
        if act == 2 and not (out and out[-1]['inQ']):   # (the when-clause: at each activation of q)
            env['tq'] = t
        env['inQ'] = act == 2
        a, rsta = m.enter(t, rst[0], env, inp)
        if inp and a == 1:
            env['p.a.k'] = (0 if rsta[0] else env['p.a.k']) + 1
            env['p.a.y'] = 1
        elif inp:
            env['p.b.n'] = (0 if rsta[1] else env['p.b.n']) + 1
            env['p.b.y'] = 10 + env['p.b.n']
        if inp:   # (p's equations: kept while p is inactive)
            env['p.c.u'] = env['p.a.y'] if a == 1 else env['p.b.y']
            env['p.c.z'] = 2 * env['p.c.u']
        top.leave(t, env)
        m.leave(t, env)
        out.append(dict(env))
    return out

model, path = sys.argv[1], sys.argv[2]
period = {'Spec171': 0.001, 'Outer': 0.1, 'Resets': 0.1, 'Hierarchical': 1.0, 'Synchronize': 1.0,
          'Outputs': 0.1, 'Integrate': 0.1, 'InnerOutputs': 0.1}[model]
rows = list(csv.DictReader(open(path)))
stop = float(rows[-1]['time'])
ticks = [k * period for k in range(int(stop / period + 1e-9) + 1)]
ref = {'Spec171': spec171, 'Outer': outer, 'Resets': resets, 'Hierarchical': hierarchical,
       'Synchronize': hierarchical, 'Outputs': outputs, 'Integrate': integrate,
       'InnerOutputs': inner_outputs}[model](ticks)
bad = checked = 0
for r in rows:
    t = float(r['time'])
    k = t / period
    if abs(k - math.floor(k) - 0.5) > 1e-6:
        continue   # not half-way between ticks
    want = ref[math.floor(k)]
    checked += 1
    for name, w in want.items():
        if name == 't' or name not in r:
            continue
        got = float(r[name])
        if abs(got - float(w)) > 1e-9 * max(1.0, abs(float(w))):
            if bad < 10:
                print(f"FAIL: {model} t={t}: {name} = {got}, expected {float(w)}")
            bad += 1
if checked < 10:
    print(f"FAIL: {model}: only {checked} rows half-way between ticks"); bad += 1
sys.exit(1 if bad else 0)
