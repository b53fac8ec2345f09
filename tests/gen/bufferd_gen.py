#!/usr/bin/python3
"""bufferd-gen: random, deterministic tensor programs for differential tests.

usage: bufferd-gen --seed N [--ops K] [--dynamic] [--helpers H]
                   [--no-regions] [--avoid FEATURE,...] [--drop ID,ID,...]
                   [--no-readonly-args] [--no-to-tensor] [--no-materialize]
                   [--no-memory-space] [--no-extern] [--list-ids]
       bufferd-gen --extern-decls FILE | --link-extern FILE

Prints an MLIR 22 module whose @main builds its inputs from constants and
tensor.generate, computes with linalg / tensor / scf / func / arith / math
ops on tensors, and prints the chosen results with the runner-utils printers
(printMemrefF32/I32/I64 after bufferization.to_buffer + memref.cast), so the
same text runs in `buffer-opt --run=main` and upstream (mlir-opt lowering +
mlir-runner).

Invariants the generator keeps (why each output is well defined):
  * Same arguments -> byte-identical output. Every step draws from its own
    random.Random seeded by (seed, step id), so dropping one step (--drop,
    used by the harness's minimizer) leaves the choices of the others alone
    except where they pick operands from the changed pool.
  * No undefined behaviour: tensor.empty results are only used as outs of
    ops that overwrite every element without reading it; every index (extract,
    insert, slices, pads, loop-carried offsets) is in bounds for every value
    it takes at run time (index values carry a [lo, hi] range); integer
    division and remainder only by positive constants; shifts by constants
    below the bit width; fptosi only on values known to fit.
  * No NaN or inf: each tensor and scalar carries a bound on its magnitude;
    f32 values are clamped (minimumf/maximumf) before any op that could leave
    the exact-integer range, exp gets its argument clamped, sqrt/log take
    |x| (+1). Most f32 values are small integers, so the printed text does not
    depend on rounding; the few inexact ones (exp, tanh, sqrt, *0.5) are
    computed in the same order by both executions.
  * Scopes: a value defined in a region is never used after it (pools are
    scoped), and a forall body only touches its own row of the shared out.

--avoid leaves out constructs (AVOIDABLE below says why each exists):
map-init-read, dup-results, memory-space, to-tensor-unrestricted,
materialize-read-only. --no-<feature> turns off one of FEATURES (below:
read-only arguments, to_tensor, materialize_in_destination, memory spaces,
external calls), all on by default. --extern-decls / --link-extern
transform a file (EXTERN below) instead of generating one.

Ids (for --drop / --list-ids): "h<k>" is helper function k, "h<k>.<i>" and
"m.<i>" are steps of a helper / @main, nested steps append ".<j>", and
"p:<id>" is the print of the value step <id> produced.
"""
import random
import sys

F32_CLAMP = 1000.0     # clamp target for f32 values that grow too large
F32_LIMIT = 1.0e6      # above this an f32 value is clamped (2^24 is exact)
LOOP_BOUND = 1000.0    # loop-carried / helper-argument f32 magnitude bound
HELPER_ARG_BOUND = 100.0
ELEMS = ['f32', 'f32', 'f32', 'i32', 'i64']
# Constructs --avoid can leave out: two upstream MLIR 22 One-Shot bugs, to
# avoid where upstream's output is the reference (the tensor semantics of
# both are well defined; a known gap of ours may be added here the same way,
# so that it does not hide every other check of the seeds that would use it):
#   map-init-read    a linalg.map body reading its init argument (upstream
#                    treats the init as not read: a fresh, uninitialized
#                    buffer when it cannot write in place)
#   dup-results      a helper returning the same value twice, or a value and
#                    a tensor.cast of it (upstream lets a caller's in-place
#                    write into one result show through the other)
#   memory-space     bufferization.alloc_tensor with a memory_space:
#                    upstream's LLVM lowering frees an addrspace(1) pointer
#                    with an address-space-0 free and fails, so programs
#                    using it cannot run upstream (they still bufferize)
#   to-tensor-unrestricted  bufferization.to_tensor without `restrict`:
#                    upstream's One-Shot rejects it (ours may accept it)
#   materialize-read-only   bufferization.materialize_in_destination into
#                    an argument marked {bufferization.writable = false}:
#                    upstream's One-Shot rejects it ("would write to
#                    read-only buffer")
AVOIDABLE = ['map-init-read', 'dup-results', 'memory-space',
             'to-tensor-unrestricted', 'materialize-read-only']
# Bufferization-facing features (each on by default; --no-<feature> turns
# it off). They never change the program a seed gives with all of them off:
# their choices come from random streams of their own.
#   readonly-args  helper arguments marked {bufferization.writable = false}
#   to-tensor      memref.alloc + fill/stores or a copy from a tensor's
#                  to_buffer, then bufferization.to_tensor (restrict, maybe
#                  writable); the memref is printed at the end when the
#                  tensor is not writable (a write-through would show)
#   materialize    bufferization.materialize_in_destination into a fresh
#                  tensor, into a helper's tensor argument, into a memref of
#                  @main and into a helper's memref argument (restrict
#                  writable), memrefs printed at the end
#   memory-space   bufferization.alloc_tensor {memory_space = 1|2} (also
#                  with copy), written, maybe through an scf.if whose
#                  branches stay in that space, copied back to a default
#                  space tensor
#   extern         calls of functions @ext<i> that the program only
#                  declares (--extern-decls): see EXTERN below
FEATURES = ['readonly-args', 'to-tensor', 'materialize', 'memory-space',
            'extern']
NEW_STEP_RATE = 0.3    # share of @main's top-level steps given to FEATURES
PRINTER = {'f32': 'printMemrefF32', 'i32': 'printMemrefI32',
           'i64': 'printMemrefI64'}


# EXTERN: the functions @ext<i> stand for external code. The program the
# generator prints defines them (func.func private with a tensor body), so
# it runs anywhere; `--extern-decls FILE` turns those definitions back into
# the declarations they come from (func.func private @ext<i>(types) with
# bufferization.access on arguments), which is what bufferization sees, and
# `--link-extern FILE` replaces every such declaration in FILE (a tensor
# program, or its bufferized form with memref types of any layout) by a
# definition, so that the bufferized program runs. A definition does what a
# declaration allows and no more, from its text alone:
#   * its result (if any) is a new buffer holding, element by element,
#     K + the sum of the arguments it may read (access "read",
#     "read-write" or none given), K = i + 2;
#   * on memrefs it then overwrites every argument it may write (access
#     "write", "read-write" or none given) with JUNK = -(i + 50), as
#     external code may: a caller that needed the old contents must have
#     passed a copy (and a read-only buffer passed there is reported by the
#     interpreter).
EXT_ACCESS = [None, None, 'read', 'read', 'read-write', 'write', 'none']


def split_top(text, sep=','):
    """Splits text at sep outside <>, [], (), {} and quotes."""
    out, depth, cur, quote = [], 0, '', False
    for ch in text:
        if ch == '"':
            quote = not quote
        elif not quote and ch in '<[({':
            depth += 1
        elif not quote and ch in '>])}':
            depth -= 1
        if ch == sep and depth == 0 and not quote:
            out.append(cur.strip())
            cur = ''
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def shaped_parts(ty):
    """('tensor'|'memref', dims (int or None), elem, has_layout) of a ranked
    shaped type string."""
    kind = ty[:ty.index('<')]
    inner = split_top(ty[ty.index('<') + 1:ty.rindex('>')])
    parts = inner[0].split('x')
    dims = [None if d == '?' else int(d) for d in parts[:-1]]
    return kind, dims, parts[-1], len(inner) > 1


def extern_body(idx, args, results, ind):
    """Definition lines of @ext<idx> for argument (type, access) pairs and
    result types (see EXTERN)."""
    kind, dims, elem, _ = shaped_parts(args[0][0])
    rank = len(dims)
    mem = kind == 'memref'
    k, junk = idx + 2, -(idx + 50)
    lit = (lambda v: fmt_f(v)) if elem == 'f32' else str
    names = ['%%a%d' % j for j in range(len(args))]
    sig = ', '.join('%s: %s%s' % (n, t, ' {bufferization.access = "%s"}' % a
                                  if a else '')
                    for n, (t, a) in zip(names, args))
    head = 'func.func private @ext%d(%s)' % (idx, sig)
    if results:
        head += ' -> ' + (results[0] if len(results) == 1
                          else '(%s)' % ', '.join(results))
    lines = [head + ' {']
    body = []
    reads = [(n, t) for n, (t, a) in zip(names, args)
             if a in (None, 'read', 'read-write')]
    writes = [(n, t) for n, (t, a) in zip(names, args)
              if a in (None, 'write', 'read-write')]
    rets = []
    for ri, rty in enumerate(results):
        _, rdims, _, rlayout = shaped_parts(rty)
        sizes = []
        for d, n in enumerate(rdims):
            if n is None:
                body.append('%%c%d_%d = arith.constant %d : index' % (ri, d, d))
                body.append('%%d%d_%d = %s.dim %s, %%c%d_%d : %s'
                            % (ri, d, kind, names[0], ri, d, args[0][0]))
                sizes.append('%%d%d_%d' % (ri, d))
        ident = '%s<%s%s>' % (kind, ''.join('?x' if n is None else '%dx' % n
                                             for n in rdims), elem)
        r, kc = '%%r%d' % ri, '%%k%d' % ri
        body.append('%s = %s(%s) : %s' % (
            r, 'memref.alloc' if mem else 'tensor.empty', ', '.join(sizes), ident))
        body.append('%s = arith.constant %s : %s' % (kc, lit(k), elem))
        res = '' if mem else '%%v%d = ' % ri
        tail = '' if mem else ' -> %s' % ident
        if not reads:
            body.append('%slinalg.fill ins(%s : %s) outs(%s : %s)%s'
                        % (res, kc, elem, r, ident, tail))
        else:
            m = Gen.idmap(rank)
            body.append('%slinalg.generic {indexing_maps = [%s], iterator_types = [%s]} '
                        'ins(%s : %s) outs(%s : %s) {'
                        % (res, ', '.join([m] * (len(reads) + 1)), Gen.iters(rank),
                           ', '.join(n for n, _ in reads), ', '.join(t for _, t in reads),
                           r, ident))
            xs = ['%%x%d' % j for j in range(len(reads))]
            body.append('^bb0(%s, %%o: %s):' % (', '.join('%s: %s' % (x, elem) for x in xs), elem))
            add = 'arith.addf' if elem == 'f32' else 'arith.addi'
            acc = kc
            for j, x in enumerate(xs):
                body.append('  %%s%d = %s %s, %s : %s' % (j, add, acc, x, elem))
                acc = '%%s%d' % j
            body.append('  linalg.yield %s : %s' % (acc, elem))
            body.append('}%s' % tail)
        out = r if mem else '%%v%d' % ri
        if mem and ident != rty:
            body.append('%%rc%d = memref.cast %s : %s to %s' % (ri, out, ident, rty))
            out = '%%rc%d' % ri
        rets.append(out)
    if mem and writes:
        body.append('%%junk = arith.constant %s : %s' % (lit(junk), elem))
        for n, t in writes:
            body.append('linalg.fill ins(%%junk : %s) outs(%s : %s)' % (elem, n, t))
    if results:
        body.append('return %s : %s' % (', '.join(rets), ', '.join(results)))
    else:
        body.append('return')
    lines += ['  ' + b for b in body]
    lines.append('}')
    return [ind + x for x in lines]


def link_extern(text):
    """Replaces each declaration of an @ext<i> in text by its definition."""
    import re
    pat = re.compile(r'^(\s*)func\.func private @ext(\d+)\((.*)\)(?: -> (.*))?\s*$')
    out = []
    for line in text.split('\n'):
        m = pat.match(line)
        if not m or line.rstrip().endswith('{'):
            out.append(line)
            continue
        args = []
        for a in split_top(m.group(3)):
            acc = re.search(r'bufferization\.access = "([a-z-]+)"', a)
            ty = a.split(' {')[0].strip() if ' {' in a else a.strip()
            args.append((ty, acc.group(1) if acc else None))
        res = m.group(4)
        results = []
        if res:
            res = res.strip()
            results = split_top(res[1:-1]) if res.startswith('(') else [res]
        out += extern_body(int(m.group(2)), args, results, m.group(1))
    return '\n'.join(out)


def extern_decls(text):
    """Turns each definition of an @ext<i> in text back into a declaration
    (argument names and body dropped)."""
    import re
    pat = re.compile(r'^(\s*)func\.func private @ext\d+\(.*\{$')
    out, skip = [], None
    for line in text.split('\n'):
        if skip is not None:
            if line == skip + '}':
                skip = None
            continue
        m = pat.match(line)
        if m:
            head = line.rstrip()[:-1].rstrip()
            head = re.sub(r'%[A-Za-z0-9_]+: ', '', head)
            out.append(head)
            skip = m.group(1)
            continue
        out.append(line)
    return '\n'.join(out)


def fmt_f(v):
    s = repr(float(v))
    return s if ('e' in s or '.' in s) else s + '.0'


def tensor_ty(elem, shape, dyn):
    dims = ['?' if d else str(n) for n, d in zip(shape, dyn)]
    return 'tensor<' + ''.join(x + 'x' for x in dims) + elem + '>'


def memref_ty(elem, shape, dyn):
    return 'memref<' + tensor_ty(elem, shape, dyn)[len('tensor<'):]


class TV:
    """A tensor value: SSA name, element type, run-time shape, which dims
    are dynamic in its type, magnitude bound, id of the step that made it."""

    def __init__(self, name, elem, shape, dyn, bound, sid):
        self.name, self.elem = name, elem
        self.shape, self.dyn = list(shape), list(dyn)
        self.bound, self.sid = float(bound), sid
        self.used = False
        self.origin = self  # the value it is a tensor.cast of (same buffer)

    def ty(self):
        return tensor_ty(self.elem, self.shape, self.dyn)

    def rank(self):
        return len(self.shape)


class IV:
    """An index value whose run-time value lies in [lo, hi]."""

    def __init__(self, name, lo, hi):
        self.name, self.lo, self.hi = name, lo, hi


class SV:
    """A scalar of f32/i32/i64 with a magnitude bound."""

    def __init__(self, name, elem, bound):
        self.name, self.elem, self.bound = name, elem, float(bound)


class Helper:
    def __init__(self, name, args, results, margs=()):
        self.name, self.args, self.results = name, args, results
        self.margs = list(margs)  # memref arguments after the tensors: MV


class MV:
    """A memref value of @main (static identity type): SSA name, element
    type, shape, magnitude bound of its contents."""

    def __init__(self, name, elem, shape, bound, dyn=None):
        self.name, self.elem, self.shape = name, elem, list(shape)
        self.dyn = list(dyn) if dyn else [False] * len(shape)
        self.bound = float(bound)

    def ty(self):
        return memref_ty(self.elem, self.shape, self.dyn)


class Ext:
    """An external function @ext<i>: argument tensor type (all arguments
    share it), the access of each argument, result count."""

    def __init__(self, idx, elem, shape, dyn, access, nres):
        self.idx, self.elem, self.shape, self.dyn = idx, elem, shape, dyn
        self.access, self.nres = access, nres

    def ty(self):
        return tensor_ty(self.elem, self.shape, self.dyn)

    def decl(self):
        args = ', '.join(self.ty() + (' {bufferization.access = "%s"}' % a
                                      if a else '') for a in self.access)
        d = 'func.func private @ext%d(%s)' % (self.idx, args)
        if self.nres:
            d += ' -> ' + self.ty()
        return d


class Gen:
    def __init__(self, seed, ops, dynamic, helpers, regions, drop, avoid=(),
                 features=FEATURES):
        self.seed, self.nops, self.dynamic = seed, ops, dynamic
        self.nhelpers, self.regions, self.drop = helpers, regions, drop
        self.avoid = set(avoid)
        self.feat = set(features)
        if 'memory-space' in self.avoid:
            self.feat.discard('memory-space')
        self.mems = []      # MV printed at the end of @main
        self.tgt_mems = []  # MV of @main that materializations write
        self.exts = []      # Ext, created by the first call that needs one
        self.ro_args = []   # TV: helper arguments marked writable = false
        self.lines, self.ind, self.cnt = [], 1, 0
        self.tpool, self.spool, self.ipool = [], [], []
        self.consts = [{}]
        self.ids = []
        self.helpers = []
        self.rng = random.Random('%d:top' % seed)
        self.depth = 0
        self.in_helper = False
        self.printers = set()

    # ---- emission -------------------------------------------------------
    def emit(self, s):
        self.lines.append('  ' * self.ind + s)

    def fresh(self, p='v'):
        self.cnt += 1
        return '%%%s%d' % (p, self.cnt)

    def scope_push(self):
        self.consts.append({})
        return (len(self.tpool), len(self.spool), len(self.ipool))

    def scope_pop(self, mark):
        self.consts.pop()
        del self.tpool[mark[0]:]
        del self.spool[mark[1]:]
        del self.ipool[mark[2]:]

    def cidx(self, v):
        for d in reversed(self.consts):
            if ('index', v) in d:
                return d[('index', v)]
        n = self.fresh('c')
        self.emit('%s = arith.constant %d : index' % (n, v))
        self.consts[-1][('index', v)] = n
        return n

    def cscalar(self, elem, v):
        n = self.fresh('k')
        if elem == 'f32':
            self.emit('%s = arith.constant %s : f32' % (n, fmt_f(v)))
        else:
            self.emit('%s = arith.constant %d : %s' % (n, int(v), elem))
        return n

    def r(self):
        return self.rng.random()

    def ri(self, a, b):
        return self.rng.randint(a, b)

    def ch(self, xs):
        return self.rng.choice(xs)

    # ---- pools ----------------------------------------------------------
    def add(self, t):
        self.tpool.append(t)
        return t

    def pick(self, pred):
        c = [t for t in self.tpool if pred(t)]
        if not c:
            return None
        if self.r() < 0.5:
            t = c[-1 - self.ri(0, min(2, len(c) - 1))]
        else:
            t = self.ch(c)
        t.used = True
        return t

    def rand_shape(self, rank):
        return [self.ri(1, 5) if self.r() < 0.85 else self.ri(6, 8)
                for _ in range(rank)]

    def rand_dyn(self, rank):
        if not self.dynamic or self.r() < 0.6:
            return [False] * rank
        return [self.r() < 0.5 for _ in range(rank)]

    def get(self, elem=None, shape=None, rank=None, fresh_p=0.2, dyn=None,
            pred=None):
        """A tensor from the pool matching the constraints, or a new source.
        With dyn given, the result has exactly those dynamic dims."""
        def ok(t):
            return ((elem is None or t.elem == elem)
                    and (shape is None or t.shape == shape)
                    and (rank is None or t.rank() == rank)
                    and (pred is None or pred(t)))
        t = None if self.r() < fresh_p else self.pick(ok)
        if t is None:
            if shape is None:
                shape = self.rand_shape(rank if rank is not None
                                        else self.ch([1, 1, 2, 2, 2, 3, 0]))
            t = self.source(elem or self.ch(ELEMS), shape)
            t.used = True
        if dyn is not None:
            t = self.cast(t, dyn)
        return t

    # ---- building blocks ------------------------------------------------
    def dim_vals(self, t):
        """Index SSA names for the dynamic dims of t's type (tensor.dim)."""
        out = []
        for i, d in enumerate(t.dyn):
            if d:
                n = self.fresh('d')
                self.emit('%s = tensor.dim %s, %s : %s'
                          % (n, t.name, self.cidx(i), t.ty()))
                out.append(n)
        return out

    def empty(self, elem, shape, dyn, like=None):
        """tensor.empty; dynamic sizes from `like` (same shape) or constants.
        The result is NOT added to the pool: its elements are undefined."""
        n = self.fresh('e')
        if like is not None and like.name and like.dyn == dyn and like.shape == shape:
            sizes = self.dim_vals(like)
        else:
            sizes = [self.cidx(s) for s, d in zip(shape, dyn) if d]
        self.emit('%s = tensor.empty(%s) : %s'
                  % (n, ', '.join(sizes), tensor_ty(elem, shape, dyn)))
        return TV(n, elem, shape, dyn, 0, None)

    def cast(self, t, dyn):
        if t.dyn == list(dyn):
            return t
        n = self.fresh('cast')
        nt = TV(n, t.elem, t.shape, dyn, t.bound, t.sid)
        nt.origin = t.origin
        self.emit('%s = tensor.cast %s : %s to %s' % (n, t.name, t.ty(), nt.ty()))
        return self.add(nt)

    def clamp(self, t, lim=F32_CLAMP, inplace=None):
        """Elementwise bound of t to [-lim, lim] when its bound exceeds lim:
        minimumf/maximumf for f32 (exact), remsi by lim+1 for integers
        (wrapped values included: the remainder is always below lim+1)."""
        if t.bound <= lim:
            return t
        if inplace is None:
            inplace = self.r() < 0.5
        n = self.fresh('clamp')
        rk = t.rank()
        m = self.idmap(rk)
        if inplace:
            # outs-only generic: rewrites t's elements (equivalent buffer)
            a = self.fresh('o')
            self.emit('%s = linalg.generic {indexing_maps = [%s], '
                      'iterator_types = [%s]} outs(%s : %s) {'
                      % (n, m, self.iters(rk), t.name, t.ty()))
            self.emit('^bb0(%s: %s):' % (a, t.elem))
        else:
            out = self.empty(t.elem, t.shape, t.dyn, like=t)
            self.emit('%s = linalg.generic {indexing_maps = [%s, %s], '
                      'iterator_types = [%s]} ins(%s : %s) outs(%s : %s) {'
                      % (n, m, m, self.iters(rk), t.name, t.ty(), out.name, t.ty()))
            a, oa = self.fresh('a'), self.fresh('o')
            self.emit('^bb0(%s: %s, %s: %s):' % (a, t.elem, oa, t.elem))
        self.ind += 1
        if t.elem == 'f32':
            hi, lo = self.cscalar('f32', lim), self.cscalar('f32', -lim)
            x, y = self.fresh('s'), self.fresh('s')
            self.emit('%s = arith.minimumf %s, %s : f32' % (x, a, hi))
            self.emit('%s = arith.maximumf %s, %s : f32' % (y, x, lo))
        else:
            k, y = self.cscalar(t.elem, int(lim) + 1), self.fresh('s')
            self.emit('%s = arith.remsi %s, %s : %s' % (y, a, k, t.elem))
        self.emit('linalg.yield %s : %s' % (y, t.elem))
        self.ind -= 1
        self.emit('} -> %s' % t.ty())
        return self.add(TV(n, t.elem, t.shape, t.dyn, min(t.bound, lim), t.sid))

    @staticmethod
    def idmap(rank, dims=None):
        ds = ['d%d' % i for i in range(rank)]
        res = ds if dims is None else ['d%d' % i for i in dims]
        return 'affine_map<(%s) -> (%s)>' % (', '.join(ds), ', '.join(res))

    @staticmethod
    def iters(rank, red=()):
        return ', '.join('"reduction"' if i in red else '"parallel"'
                         for i in range(rank))

    # ---- scalar expressions (inside regions) ----------------------------
    def convert(self, name, frm, to, bound):
        """Convert scalar `name` of type frm to type to; returns (name, bound)."""
        if frm == to:
            return name, bound
        n = self.fresh('s')
        if frm == 'f32':
            if bound >= 2.0 ** 30:
                return self.cscalar(to, 1), 1.0
            self.emit('%s = arith.fptosi %s : f32 to %s' % (n, name, to))
            return n, bound
        if to == 'f32':
            self.emit('%s = arith.sitofp %s : %s to f32' % (n, name, frm))
            return n, min(bound, 2.0 ** (31 if frm == 'i32' else 63))
        if frm == 'i32':
            self.emit('%s = arith.extsi %s : i32 to i64' % (n, name))
            return n, bound
        self.emit('%s = arith.trunci %s : i64 to i32' % (n, name))
        return n, min(bound, 2.0 ** 31)

    def sexpr(self, ops, elem, depth=2):
        """Emits a random scalar expression of type `elem` over `ops`
        [(name, elem, bound)]; returns (name, bound). All operands are
        used at least once when depth allows, so every input is read."""
        vals = [self.convert(n, e, elem, b) for (n, e, b) in ops]
        if not vals:
            vals = [(self.cscalar(elem, self.ri(-3, 3)), 3.0)]
        cur = vals[0]
        for v in vals[1:]:
            cur = self.sbin(cur, v, elem)
        for _ in range(self.ri(0, depth)):
            if self.r() < 0.5:
                cur = self.sun(cur, elem)
            else:
                k = float(self.ri(-4, 4))
                cur = self.sbin(cur, (self.cscalar(elem, k), abs(k)), elem)
        return cur

    def sbin(self, a, b, elem):
        n = self.fresh('s')
        if elem == 'f32':
            opts = ['addf', 'subf', 'maximumf', 'minimumf', 'select']
            if a[1] * b[1] < F32_LIMIT:
                opts += ['mulf', 'mulf']
            op = self.ch(opts)
            if op == 'select':
                c = self.fresh('s')
                self.emit('%s = arith.cmpf %s, %s, %s : f32'
                          % (c, self.ch(['olt', 'oge', 'oeq', 'une']), a[0], b[0]))
                self.emit('%s = arith.select %s, %s, %s : f32' % (n, c, a[0], b[0]))
                return n, max(a[1], b[1])
            self.emit('%s = arith.%s %s, %s : f32' % (n, op, a[0], b[0]))
            bd = {'addf': a[1] + b[1], 'subf': a[1] + b[1],
                  'mulf': a[1] * b[1]}.get(op, max(a[1], b[1]))
            return n, bd
        op = self.ch(['addi', 'subi', 'muli', 'maxsi', 'minsi', 'andi', 'ori',
                      'xori', 'select', 'addi'])
        if op == 'select':
            c = self.fresh('s')
            self.emit('%s = arith.cmpi %s, %s, %s : %s'
                      % (c, self.ch(['slt', 'sge', 'eq', 'ne', 'ult']), a[0], b[0], elem))
            self.emit('%s = arith.select %s, %s, %s : %s' % (n, c, a[0], b[0], elem))
            return n, max(a[1], b[1])
        self.emit('%s = arith.%s %s, %s : %s' % (n, op, a[0], b[0], elem))
        return n, a[1] * b[1] + a[1] + b[1]

    def sun(self, a, elem):
        n = self.fresh('s')
        if elem == 'f32':
            op = self.ch(['negf', 'absf', 'floor', 'half', 'exp', 'sqrt',
                          'tanh', 'ceil', 'quarter'])
            if op == 'negf':
                self.emit('%s = arith.negf %s : f32' % (n, a[0]))
                return n, a[1]
            if op in ('absf', 'floor', 'ceil'):
                self.emit('%s = math.%s %s : f32' % (n, op, a[0]))
                return n, a[1] + 1
            if op in ('half', 'quarter'):
                k = self.cscalar('f32', 0.5 if op == 'half' else 0.25)
                self.emit('%s = arith.mulf %s, %s : f32' % (n, a[0], k))
                return n, a[1]
            if op == 'exp':
                k, m = self.cscalar('f32', 4.0), self.fresh('s')
                self.emit('%s = arith.minimumf %s, %s : f32' % (m, a[0], k))
                self.emit('%s = math.exp %s : f32' % (n, m))
                return n, 55.0
            if op == 'sqrt':
                m = self.fresh('s')
                self.emit('%s = math.absf %s : f32' % (m, a[0]))
                self.emit('%s = math.sqrt %s : f32' % (n, m))
                return n, a[1] ** 0.5 + 1
            self.emit('%s = math.tanh %s : f32' % (n, a[0]))
            return n, 1.0
        op = self.ch(['shli', 'shrsi', 'divsi', 'remsi', 'neg', 'divsi'])
        if op == 'shli':
            k = self.cscalar(elem, self.ri(0, 3))
            self.emit('%s = arith.shli %s, %s : %s' % (n, a[0], k, elem))
            return n, a[1] * 8
        if op == 'shrsi':
            k = self.cscalar(elem, self.ri(0, 3))
            self.emit('%s = arith.shrsi %s, %s : %s' % (n, a[0], k, elem))
            return n, a[1]
        if op == 'neg':
            z = self.cscalar(elem, 0)
            self.emit('%s = arith.subi %s, %s : %s' % (n, z, a[0], elem))
            return n, a[1]
        k = self.cscalar(elem, self.ri(2, 7))
        self.emit('%s = arith.%s %s, %s : %s' % (n, op, a[0], k, elem))
        return n, a[1]

    # ---- sources --------------------------------------------------------
    def source(self, elem, shape, kind=None):
        kind = kind or self.ch(['const', 'const', 'generate', 'generate',
                                'fill', 'splat', 'from_elements'])
        rk = len(shape)
        n = self.fresh('in')
        static = [False] * rk
        ty = tensor_ty(elem, shape, static)
        total = 1
        for s in shape:
            total *= s
        if kind == 'from_elements' and total > 8:
            kind = 'const'
        if kind == 'const':
            vals = [self.ri(-5, 5) for _ in range(total)]

            def lit(v):
                return fmt_f(v) if elem == 'f32' else str(v)

            def nest(vs, sh):
                if not sh:
                    return lit(vs[0])
                step = len(vs) // sh[0]
                return '[' + ', '.join(nest(vs[i * step:(i + 1) * step], sh[1:])
                                       for i in range(sh[0])) + ']'
            if rk == 0:
                body = lit(vals[0])
            elif len(set(vals)) == 1 and self.r() < 0.5:
                body = lit(vals[0])
            else:
                body = nest(vals, shape)
            self.emit('%s = arith.constant dense<%s> : %s' % (n, body, ty))
            return self.add(TV(n, elem, shape, static, 5, 'src'))
        if kind == 'fill':
            e = self.empty(elem, shape, static)
            k = self.ri(-6, 6)
            c = self.cscalar(elem, k)
            self.emit('%s = linalg.fill ins(%s : %s) outs(%s : %s) -> %s'
                      % (n, c, elem, e.name, ty, ty))
            return self.add(TV(n, elem, shape, static, abs(k), 'src'))
        if kind == 'splat':
            k = self.ri(-6, 6)
            c = self.cscalar(elem, k)
            dyn = self.rand_dyn(rk)
            sizes = [self.cidx(s) for s, d in zip(shape, dyn) if d]
            dty = tensor_ty(elem, shape, dyn)
            self.emit('%s = tensor.splat %s%s : %s'
                      % (n, c, '[%s]' % ', '.join(sizes) if sizes else '', dty))
            return self.add(TV(n, elem, shape, dyn, abs(k), 'src'))
        if kind == 'from_elements':
            names = [self.cscalar(elem, self.ri(-5, 5)) for _ in range(total)]
            self.emit('%s = tensor.from_elements %s : %s' % (n, ', '.join(names), ty))
            return self.add(TV(n, elem, shape, static, 5, 'src'))
        # tensor.generate: value = (sum_i a_i * idx_i + c) mod m, shifted.
        dyn = self.rand_dyn(rk)
        sizes = [self.cidx(s) for s, d in zip(shape, dyn) if d]
        dty = tensor_ty(elem, shape, dyn)
        self.emit('%s = tensor.generate %s {' % (n, ', '.join(sizes)))
        idx = [self.fresh('i') for _ in range(rk)]
        self.emit('^bb0(%s):' % ', '.join('%s: index' % i for i in idx))
        self.ind += 1
        self.consts.append({})   # constants of the body stay in the body
        acc = self.cidx(self.ri(0, 3))
        for i in idx:
            m, s = self.fresh('s'), self.fresh('s')
            self.emit('%s = arith.muli %s, %s : index' % (m, i, self.cidx(self.ri(1, 3))))
            self.emit('%s = arith.addi %s, %s : index' % (s, acc, m))
            acc = s
        mod = self.ri(3, 9)
        r, sh = self.fresh('s'), self.fresh('s')
        self.emit('%s = arith.remui %s, %s : index' % (r, acc, self.cidx(mod)))
        self.emit('%s = arith.subi %s, %s : index' % (sh, r, self.cidx(mod // 2)))
        ival = self.fresh('s')
        ie = 'i64' if elem == 'i64' else 'i32'
        self.emit('%s = arith.index_cast %s : index to %s' % (ival, sh, ie))
        out = ival
        if elem == 'f32':
            out = self.fresh('s')
            self.emit('%s = arith.sitofp %s : i32 to f32' % (out, ival))
        self.emit('tensor.yield %s : %s' % (out, elem))
        self.consts.pop()
        self.ind -= 1
        self.emit('} : %s' % dty)
        return self.add(TV(n, elem, shape, dyn, mod, 'src'))

    # ---- steps ----------------------------------------------------------
    def steps(self, prefix, count):
        for i in range(count):
            self.step('%s.%d' % (prefix, i))

    def step(self, sid):
        self.ids.append(sid)
        if sid in self.drop:
            return
        saved = self.rng
        self.rng = random.Random('%d:%s' % (self.seed, sid))
        self.sid = sid
        kinds = [('ew_generic', 6), ('ew_named', 4), ('fill', 2),
                 ('matmul', 2), ('transpose', 2), ('broadcast', 2),
                 ('reduce', 3), ('generic_reduce', 2), ('map', 2),
                 ('copy', 1), ('extract_insert', 4), ('slices', 5),
                 ('alias_chain', 4), ('cast', 1), ('reshape', 2), ('pad', 2),
                 ('from_elements', 1), ('splat', 1), ('source', 2),
                 ('dim', 1)]
        if self.regions and self.depth < 2:
            kinds += [('for', 3), ('if', 3), ('while', 2), ('forall', 3)]
        if self.nhelpers and not self.in_helper:
            # present even when --drop removed every helper, so that the
            # other steps keep their kinds while the minimizer drops helpers
            kinds += [('call', 4)]
        tot = sum(w for _, w in kinds)
        x = self.r() * tot
        for k, w in kinds:
            x -= w
            if x < 0:
                break
        new = self.new_kind(sid)
        if new:
            # a step of its own stream: the other steps' choices stay
            self.rng = random.Random('%d:%s:new' % (self.seed, sid))
            k = new
        before = len(self.tpool)
        getattr(self, 'st_' + k)()
        for t in self.tpool[before:]:
            if t.sid in (None, 'src'):
                t.sid = sid
        self.rng = saved

    def new_kind(self, sid):
        """The FEATURES step that replaces step sid, or None (drawn from a
        stream of its own, so turning features off gives the old program)."""
        if self.depth:
            return None
        kinds = []
        if 'extern' in self.feat:
            kinds.append(('ext_call', 3))
        if 'memory-space' in self.feat:
            kinds.append(('space', 2))
        if not self.in_helper:
            if 'to-tensor' in self.feat:
                kinds.append(('to_tensor', 3))
            if 'materialize' in self.feat:
                kinds.append(('materialize', 2))
        if not kinds:
            return None
        rng = random.Random('%d:%s:pick' % (self.seed, sid))
        if rng.random() >= NEW_STEP_RATE:
            return None
        x = rng.random() * sum(w for _, w in kinds)
        for k, w in kinds:
            x -= w
            if x < 0:
                return k
        return kinds[-1][0]

    # ---- FEATURES steps -------------------------------------------------
    def mem_load(self):
        """Maybe a memref.load of a to_tensor source memref (the tensor's
        uses before it may not have changed it) into the scalar pool."""
        if self.in_helper or not self.mems or self.r() >= 0.3:
            return
        mv = self.ch(self.mems)
        idx = [self.cidx(self.ri(0, n - 1)) for n in mv.shape]
        n = self.fresh('ld')
        self.emit('%s = memref.load %s[%s] : %s' % (n, mv.name, ', '.join(idx), mv.ty()))
        self.spool.append(SV(n, mv.elem, mv.bound))

    def st_to_tensor(self):
        """A memref built in the program, seen as a tensor by to_tensor."""
        self.mem_load()
        elem = self.ch(ELEMS)
        shape = self.rand_shape(self.ch([1, 1, 2]))
        dyn = self.rand_dyn(len(shape))
        mv = MV(self.fresh('mem'), elem, shape, 0, dyn)
        sizes = [self.cidx(n) for n, d in zip(shape, dyn) if d]
        self.emit('%s = memref.alloc(%s) : %s' % (mv.name, ', '.join(sizes), mv.ty()))
        if self.r() < 0.5:
            k = self.ri(-6, 6)
            self.emit('linalg.fill ins(%s : %s) outs(%s : %s)'
                      % (self.cscalar(elem, k), elem, mv.name, mv.ty()))
            mv.bound = abs(k)
            for _ in range(self.ri(0, 2)):
                v = self.ri(-9, 9)
                c = self.cscalar(elem, v)
                idx = [self.cidx(self.ri(0, n - 1)) for n in shape]
                self.emit('memref.store %s, %s[%s] : %s' % (c, mv.name, ', '.join(idx), mv.ty()))
                mv.bound = max(mv.bound, abs(v))
        else:
            t = self.get(elem=elem, shape=shape)
            tb = self.fresh('tb')
            tbt = memref_ty(t.elem, t.shape, t.dyn)
            self.emit('%s = bufferization.to_buffer %s : %s to %s' % (tb, t.name, t.ty(), tbt))
            self.emit('memref.copy %s, %s : %s to %s' % (tb, mv.name, tbt, mv.ty()))
            mv.bound = t.bound
        restrict = 'to-tensor-unrestricted' in self.avoid or self.r() < 0.85
        writable = self.r() < 0.4
        n = self.fresh('tt')
        self.emit('%s = bufferization.to_tensor %s%s%s : %s to %s'
                  % (n, mv.name, ' restrict' if restrict else '',
                     ' writable' if writable else '', mv.ty(),
                     tensor_ty(elem, shape, dyn)))
        self.add(TV(n, elem, shape, dyn, mv.bound, None))
        # A writable tensor lets bufferization write into the memref: its
        # contents are then no longer the program's to read.
        if not writable:
            self.mems.append(mv)

    def st_materialize(self):
        """materialize_in_destination into a fresh tensor (the result is
        the value) or into a memref of @main (printed at the end)."""
        self.mem_load()
        src = self.get()
        if self.r() < 0.5 and src.rank() >= 1:
            src = self.cast(src, [False] * src.rank())
            c = [m for m in self.tgt_mems if m.elem == src.elem and m.shape == src.shape]
            if c and self.r() < 0.5:
                mv = self.ch(c)
            else:
                mv = MV(self.fresh('dst'), src.elem, src.shape, 0)
                self.emit('%s = memref.alloc() : %s' % (mv.name, mv.ty()))
                k = self.ri(-3, 3)
                self.emit('linalg.fill ins(%s : %s) outs(%s : %s)'
                          % (self.cscalar(mv.elem, k), mv.elem, mv.name, mv.ty()))
                mv.bound = abs(k)
                self.tgt_mems.append(mv)
                self.mems.append(mv)
            mv.bound = max(mv.bound, src.bound)
            self.emit('bufferization.materialize_in_destination %s in restrict writable %s'
                      ' : (%s, %s) -> ()' % (src.name, mv.name, src.ty(), mv.ty()))
            return
        if self.r() < 0.5:
            dst = self.empty(src.elem, src.shape, src.dyn, like=src)
        else:
            e = self.empty(src.elem, src.shape, src.dyn, like=src)
            dst = TV(self.fresh('f'), src.elem, src.shape, src.dyn, 0, None)
            self.emit('%s = linalg.fill ins(%s : %s) outs(%s : %s) -> %s'
                      % (dst.name, self.cscalar(src.elem, self.ri(-3, 3)), src.elem,
                         e.name, e.ty(), e.ty()))
        n = self.fresh('mat')
        self.emit('%s = bufferization.materialize_in_destination %s in %s : (%s, %s) -> %s'
                  % (n, src.name, dst.name, src.ty(), dst.ty(), src.ty()))
        self.add(TV(n, src.elem, src.shape, src.dyn, src.bound, None))

    def st_space(self):
        """A tensor in memory space 1 or 2 (alloc_tensor), written there,
        maybe through an scf.if whose branches both stay in that space, then
        copied into a default-space tensor (the only value that leaves the
        step, so spaces never meet)."""
        src = self.get()
        space = self.ch([1, 2])
        attr = '{memory_space = %d : i64}' % space
        a = self.fresh('sp')
        if self.r() < 0.4:
            self.emit('%s = bufferization.alloc_tensor() copy(%s) %s : %s'
                      % (a, src.name, attr, src.ty()))
            cur = TV(a, src.elem, src.shape, src.dyn, src.bound, None)
        else:
            sizes = self.dim_vals(src)
            self.emit('%s = bufferization.alloc_tensor(%s) %s : %s'
                      % (a, ', '.join(sizes), attr, src.ty()))
            cur = self.write_into(src, a)
        if self.r() < 0.4:
            # both branches yield values of the same space
            c = self.fresh('cond')
            self.emit('%s = arith.constant %s' % (c, self.ch(['true', 'false'])))
            r = self.fresh('spif')
            self.emit('%s = scf.if %s -> (%s) {' % (r, c, src.ty()))
            bounds = []
            for branch in (0, 1):
                self.ind += 1
                self.consts.append({})
                if self.r() < 0.3:
                    y = cur
                else:
                    y = self.write_into(src, cur.name)
                bounds.append(y.bound)
                self.emit('scf.yield %s : %s' % (y.name, src.ty()))
                self.consts.pop()
                self.ind -= 1
                self.emit('} else {' if branch == 0 else '}')
            cur = TV(r, src.elem, src.shape, src.dyn, max(bounds), None)
        out = self.empty(src.elem, src.shape, src.dyn, like=src)
        n = self.fresh('cp')
        self.emit('%s = linalg.copy ins(%s : %s) outs(%s : %s) -> %s'
                  % (n, cur.name, src.ty(), out.name, out.ty(), out.ty()))
        self.clamp(self.add(TV(n, src.elem, src.shape, src.dyn, cur.bound, None)))

    def write_into(self, src, dst):
        """A generic reading src (and maybe dst) that overwrites every
        element of dst (a value of src's type); returns the result."""
        rk = src.rank()
        m = self.idmap(rk)
        n = self.fresh('g')
        self.emit('%s = linalg.generic {indexing_maps = [%s, %s], iterator_types = [%s]} '
                  'ins(%s : %s) outs(%s : %s) {'
                  % (n, m, m, self.iters(rk), src.name, src.ty(), dst, src.ty()))
        a, o = self.fresh('a'), self.fresh('o')
        self.emit('^bb0(%s: %s, %s: %s):' % (a, src.elem, o, src.elem))
        self.ind += 1
        v, bd = self.sexpr([(a, src.elem, src.bound)], src.elem, depth=1)
        self.emit('linalg.yield %s : %s' % (v, src.elem))
        self.ind -= 1
        self.emit('} -> %s' % src.ty())
        return TV(n, src.elem, src.shape, src.dyn, bd, None)

    def ext_for(self, t):
        """An @ext<i> taking tensors of t's type: an existing one or a new
        one (its accesses and result count from a stream of its own). The
        shape must match as well as the type: with dynamic sizes two
        tensors of one type can differ in size, and the other arguments are
        drawn at the ext's shape, which the body's linalg.generic reads in
        step with the first."""
        c = [e for e in self.exts if e.ty() == t.ty() and e.shape == t.shape]
        if c and self.r() < 0.6:
            return self.ch(c)
        if len(self.exts) >= 4:
            return self.ch(c) if c else None
        idx = len(self.exts)
        rng = random.Random('%d:ext%d' % (self.seed, idx))
        nargs = rng.choice([1, 2, 2])
        access = [rng.choice(EXT_ACCESS) for _ in range(nargs)]
        e = Ext(idx, t.elem, t.shape, t.dyn, access, 0 if rng.random() < 0.2 else 1)
        self.exts.append(e)
        return e

    def st_ext_call(self):
        """A call of an external function; in a helper, often with one of
        its read-only arguments."""
        self.mem_load()
        ro = [a for a in self.ro_args if a in self.tpool and a.rank() >= 1]
        if ro and self.r() < 0.6:
            first = self.ch(ro)
        else:
            first = self.get(pred=lambda u: u.rank() >= 1, rank=self.ch([1, 1, 2]))
            first = self.clamp(first, HELPER_ARG_BOUND)
        e = self.ext_for(first)
        if e is None:
            return
        args = [first]
        for _ in e.access[1:]:
            t = self.get(elem=e.elem, shape=e.shape, fresh_p=0.2)
            args.append(self.cast(self.clamp(t, HELPER_ARG_BOUND), e.dyn))
        args = [self.cast(a, e.dyn) for a in args]
        readable = [a for a, acc in zip(args, e.access) if acc in (None, 'read', 'read-write')]
        if e.nres:
            n = self.fresh('ext')
            self.emit('%s = func.call @ext%d(%s) : (%s) -> %s'
                      % (n, e.idx, ', '.join(a.name for a in args),
                         ', '.join(a.ty() for a in args), e.ty()))
            bd = e.idx + 2 + sum(a.bound for a in readable)
            self.add(TV(n, e.elem, e.shape, e.dyn, bd, None))
        else:
            self.emit('func.call @ext%d(%s) : (%s) -> ()'
                      % (e.idx, ', '.join(a.name for a in args),
                         ', '.join(a.ty() for a in args)))

    def out_for(self, t, elem=None, fresh_p=0.5):
        """An outs operand shaped like t: tensor.empty (undefined contents,
        returns (tv, False)) or an existing pool tensor (returns (tv, True)),
        whose old contents stay observable through the original value."""
        elem = elem or t.elem
        if self.r() >= fresh_p:
            o = self.pick(lambda u: u.elem == elem and u.shape == t.shape)
            if o is not None:
                return self.cast(o, t.dyn), True
        return self.empty(elem, t.shape, t.dyn, like=t), False

    def st_source(self):
        self.get(fresh_p=1.0)

    def st_ew_generic(self):
        a = self.get()
        ins = [a]
        for _ in range(self.ri(0, 2)):
            ins.append(self.get(shape=a.shape, dyn=a.dyn, fresh_p=0.15))
        relem = a.elem if self.r() < 0.7 else self.ch(ELEMS)
        out, readable = self.out_for(a, relem)
        rk = a.rank()
        m = self.idmap(rk)
        n = self.fresh('g')
        self.emit('%s = linalg.generic {indexing_maps = [%s], iterator_types = [%s]} '
                  'ins(%s : %s) outs(%s : %s) {'
                  % (n, ', '.join([m] * (len(ins) + 1)), self.iters(rk),
                     ', '.join(t.name for t in ins), ', '.join(t.ty() for t in ins),
                     out.name, out.ty()))
        args = [self.fresh('a') for _ in ins]
        oa = self.fresh('o')
        self.emit('^bb0(%s):' % ', '.join(
            ['%s: %s' % (x, t.elem) for x, t in zip(args, ins)] + ['%s: %s' % (oa, relem)]))
        self.ind += 1
        ops = [(x, t.elem, t.bound) for x, t in zip(args, ins)]
        if readable and self.r() < 0.6:
            ops.append((oa, relem, out.bound))
        if rk and self.r() < 0.3:
            d = self.ri(0, rk - 1)
            li, lc = self.fresh('s'), self.fresh('s')
            self.emit('%s = linalg.index %d : index' % (li, d))
            self.emit('%s = arith.index_cast %s : index to i32' % (lc, li))
            ops.append((lc, 'i32', a.shape[d]))
        v, b = self.sexpr(ops, relem)
        self.emit('linalg.yield %s : %s' % (v, relem))
        self.ind -= 1
        self.emit('} -> %s' % out.ty())
        self.clamp(self.add(TV(n, relem, a.shape, a.dyn, b, None)))

    def st_ew_named(self):
        a = self.get()
        if a.elem == 'f32' and self.r() < 0.4:
            op = self.ch(['exp', 'abs', 'negf', 'floor', 'ceil', 'square', 'tanh'])
            if op == 'exp':
                a = self.clamp(a, 4.0)
            if op == 'square':
                a = self.clamp(a, 100.0)
            out, _ = self.out_for(a)
            n = self.fresh('u')
            self.emit('%s = linalg.%s ins(%s : %s) outs(%s : %s) -> %s'
                      % (n, op, a.name, a.ty(), out.name, out.ty(), a.ty()))
            bd = {'exp': 55.0, 'square': a.bound ** 2, 'tanh': 1.0}.get(op, a.bound + 1)
            self.add(TV(n, a.elem, a.shape, a.dyn, bd, None))
            return
        b = self.get(shape=a.shape, elem=a.elem, dyn=a.dyn, fresh_p=0.15)
        ops = ['add', 'sub', 'max', 'min']
        if a.bound * b.bound < F32_LIMIT or a.elem != 'f32':
            ops.append('mul')
        op = self.ch(ops)
        out, _ = self.out_for(a)
        n = self.fresh('b')
        self.emit('%s = linalg.%s ins(%s, %s : %s, %s) outs(%s : %s) -> %s'
                  % (n, op, a.name, b.name, a.ty(), b.ty(), out.name, out.ty(), a.ty()))
        bd = {'add': a.bound + b.bound, 'sub': a.bound + b.bound,
              'mul': a.bound * b.bound}.get(op, max(a.bound, b.bound))
        self.clamp(self.add(TV(n, a.elem, a.shape, a.dyn, bd, None)))

    def st_fill(self):
        t = self.get()
        k = self.ri(-6, 6)
        c = self.cscalar(t.elem, k)
        if self.r() < 0.6:
            o = t      # overwrite an existing value: its old contents stay visible
        else:
            o = self.empty(t.elem, t.shape, t.dyn, like=t)
        n = self.fresh('f')
        self.emit('%s = linalg.fill ins(%s : %s) outs(%s : %s) -> %s'
                  % (n, c, t.elem, o.name, o.ty(), o.ty()))
        self.add(TV(n, t.elem, t.shape, t.dyn, abs(k), None))

    def st_matmul(self):
        a = self.get(rank=2)
        a = self.clamp(a, 30.0)
        k = a.shape[1]
        nn = self.ri(1, 5)
        b = self.get(elem=a.elem, shape=[k, nn], fresh_p=0.3)
        b = self.clamp(b, 30.0)
        b = self.cast(b, [a.dyn[1], self.dynamic and self.r() < 0.3])
        rs, rd = [a.shape[0], nn], [a.dyn[0], b.dyn[1]]
        if self.r() < 0.5:
            c = self.pick(lambda u: u.elem == a.elem and u.shape == rs)
        else:
            c = None
        if c is None:
            e = self.empty(a.elem, rs, [False, False])
            c = TV(self.fresh('z'), a.elem, rs, [False, False], 0, None)
            z = self.cscalar(a.elem, 0)
            self.emit('%s = linalg.fill ins(%s : %s) outs(%s : %s) -> %s'
                      % (c.name, z, a.elem, e.name, e.ty(), e.ty()))
        c = self.clamp(c, 100.0)
        c = self.cast(c, rd)
        n = self.fresh('mm')
        self.emit('%s = linalg.matmul ins(%s, %s : %s, %s) outs(%s : %s) -> %s'
                  % (n, a.name, b.name, a.ty(), b.ty(), c.name, c.ty(), c.ty()))
        bd = c.bound + k * a.bound * b.bound
        self.clamp(self.add(TV(n, a.elem, rs, rd, bd, None)))

    def st_transpose(self):
        a = self.get(pred=lambda t: t.rank() >= 2, rank=self.ch([2, 2, 3]))
        rk = a.rank()
        perm = list(range(rk))
        while perm == list(range(rk)):
            self.rng.shuffle(perm)
        shape = [a.shape[p] for p in perm]
        dyn = [a.dyn[p] for p in perm]
        o, _ = self.out_for(TV('', a.elem, shape, dyn, 0, None), fresh_p=0.6)
        n = self.fresh('tr')
        self.emit('%s = linalg.transpose ins(%s : %s) outs(%s : %s) permutation = [%s]'
                  % (n, a.name, a.ty(), o.name, o.ty(), ', '.join(map(str, perm))))
        self.add(TV(n, a.elem, shape, o.dyn, a.bound, None))

    def st_broadcast(self):
        a = self.get(pred=lambda t: t.rank() <= 2, rank=self.ch([0, 1, 1, 2]))
        d = self.ri(0, a.rank())
        shape = a.shape[:d] + [self.ri(1, 4)] + a.shape[d:]
        dyn = a.dyn[:d] + [False] + a.dyn[d:]
        o, _ = self.out_for(TV('', a.elem, shape, dyn, 0, None), fresh_p=0.6)
        n = self.fresh('bc')
        self.emit('%s = linalg.broadcast ins(%s : %s) outs(%s : %s) dimensions = [%d]'
                  % (n, a.name, a.ty(), o.name, o.ty(), d))
        self.add(TV(n, a.elem, shape, o.dyn, a.bound, None))

    def reduce_init(self, elem, shape, dyn, kind):
        """Init of a reduction: a fill of an empty tensor or (sum only) an
        existing tensor of the reduced shape (accumulated into)."""
        if kind == 'sum' and self.r() < 0.4:
            t = self.pick(lambda u: u.elem == elem and u.shape == shape)
            if t is not None:
                return self.cast(self.clamp(t, 100.0), dyn)
        e = self.empty(elem, shape, dyn)
        n = self.fresh('init')
        k = self.ri(-2, 2)
        c = self.cscalar(elem, k)
        self.emit('%s = linalg.fill ins(%s : %s) outs(%s : %s) -> %s'
                  % (n, c, elem, e.name, e.ty(), e.ty()))
        return TV(n, elem, shape, dyn, abs(k), None)

    def st_reduce(self):
        a = self.get(pred=lambda t: t.rank() >= 1, rank=self.ch([1, 2, 2, 3]))
        a = self.clamp(a, 1000.0)
        d = self.ri(0, a.rank() - 1)
        shape, dyn = a.shape[:d] + a.shape[d + 1:], a.dyn[:d] + a.dyn[d + 1:]
        kind = self.ch(['sum', 'max', 'min'])
        init = self.reduce_init(a.elem, shape, dyn, kind)
        n = self.fresh('red')
        self.emit('%s = linalg.reduce ins(%s : %s) outs(%s : %s) dimensions = [%d]'
                  % (n, a.name, a.ty(), init.name, init.ty(), d))
        x, y, s = self.fresh('a'), self.fresh('a'), self.fresh('s')
        self.emit('  (%s: %s, %s: %s) {' % (x, a.elem, y, a.elem))
        self.ind += 2
        fop = {'sum': 'add', 'max': 'maximum', 'min': 'minimum'}[kind]
        iop = {'sum': 'addi', 'max': 'maxsi', 'min': 'minsi'}[kind]
        op = fop + 'f' if a.elem == 'f32' else iop
        self.emit('%s = arith.%s %s, %s : %s' % (s, op, x, y, a.elem))
        self.emit('linalg.yield %s : %s' % (s, a.elem))
        self.ind -= 1
        self.emit('}')
        self.ind -= 1
        bd = init.bound + (a.shape[d] * a.bound if kind == 'sum' else a.bound)
        self.clamp(self.add(TV(n, a.elem, shape, dyn, bd, None)))

    def st_generic_reduce(self):
        a = self.get(pred=lambda t: t.rank() == 2, rank=2)
        a = self.clamp(a, 1000.0)
        d = self.ri(0, 1)
        keep = 1 - d
        shape, dyn = [a.shape[keep]], [a.dyn[keep]]
        init = self.reduce_init(a.elem, shape, dyn, 'sum')
        n = self.fresh('gr')
        iters = ', '.join('"reduction"' if i == d else '"parallel"' for i in range(2))
        self.emit('%s = linalg.generic {indexing_maps = [%s, %s], iterator_types = [%s]} '
                  'ins(%s : %s) outs(%s : %s) {'
                  % (n, self.idmap(2), self.idmap(2, [keep]), iters,
                     a.name, a.ty(), init.name, init.ty()))
        x, y = self.fresh('a'), self.fresh('o')
        self.emit('^bb0(%s: %s, %s: %s):' % (x, a.elem, y, a.elem))
        self.ind += 1
        s = self.fresh('s')
        op = 'addf' if a.elem == 'f32' else 'addi'
        self.emit('%s = arith.%s %s, %s : %s' % (s, op, x, y, a.elem))
        self.emit('linalg.yield %s : %s' % (s, a.elem))
        self.ind -= 1
        self.emit('} -> %s' % init.ty())
        bd = init.bound + a.shape[d] * a.bound
        self.clamp(self.add(TV(n, a.elem, shape, dyn, bd, None)))

    def st_map(self):
        a = self.get()
        b = self.get(elem=a.elem, shape=a.shape, dyn=a.dyn, fresh_p=0.15)
        out, readable = self.out_for(a)
        n = self.fresh('map')
        self.emit('%s = linalg.map ins(%s, %s : %s, %s) outs(%s : %s)'
                  % (n, a.name, b.name, a.ty(), b.ty(), out.name, out.ty()))
        x, y, o = self.fresh('a'), self.fresh('a'), self.fresh('o')
        e = a.elem
        self.emit('  (%s: %s, %s: %s, %s: %s) {' % (x, e, y, e, o, e))
        self.ind += 2
        ops = [(x, e, a.bound), (y, e, b.bound)]
        if readable and self.r() < 0.5 and 'map-init-read' not in self.avoid:
            ops.append((o, e, out.bound))
        v, bd = self.sexpr(ops, e, depth=1)
        self.emit('linalg.yield %s : %s' % (v, e))
        self.ind -= 1
        self.emit('}')
        self.ind -= 1
        self.clamp(self.add(TV(n, e, a.shape, a.dyn, bd, None)))

    def st_copy(self):
        a = self.get()
        out, _ = self.out_for(a, fresh_p=0.3)
        n = self.fresh('cp')
        self.emit('%s = linalg.copy ins(%s : %s) outs(%s : %s) -> %s'
                  % (n, a.name, a.ty(), out.name, out.ty(), out.ty()))
        self.add(TV(n, a.elem, a.shape, a.dyn, a.bound, None))

    def index_in(self, lo, hi):
        """An index value in [lo, hi]: a constant, or a loop index / tensor.dim
        derived value from the pool when one fits."""
        c = [v for v in self.ipool if v.lo >= lo and v.hi <= hi]
        if c and self.r() < 0.6:
            return self.ch(c)
        v = self.ri(lo, hi)
        return IV(self.cidx(v), v, v)

    def extract(self, t):
        idx = [self.index_in(0, s - 1) for s in t.shape]
        n = self.fresh('x')
        self.emit('%s = tensor.extract %s[%s] : %s'
                  % (n, t.name, ', '.join(i.name for i in idx), t.ty()))
        sv = SV(n, t.elem, t.bound)
        self.spool.append(sv)
        return sv

    def st_extract_insert(self):
        src = self.get()
        xs = [self.extract(src)]
        if self.r() < 0.5:
            xs.append(self.extract(self.get(fresh_p=0.3)))
        for s in self.spool[:-len(xs)]:
            if self.r() < 0.2:
                xs.append(s)
        dst = self.get(fresh_p=0.2) if self.r() < 0.7 else src
        v, bd = self.sexpr([(s.name, s.elem, s.bound) for s in xs], dst.elem, depth=2)
        if dst.elem == 'f32' and bd > F32_LIMIT:
            k, m = self.cscalar('f32', 100.0), self.fresh('s')
            self.emit('%s = arith.minimumf %s, %s : f32' % (m, v, k))
            k2, m2 = self.cscalar('f32', -100.0), self.fresh('s')
            self.emit('%s = arith.maximumf %s, %s : f32' % (m2, m, k2))
            v, bd = m2, 100.0
        self.spool.append(SV(v, dst.elem, bd))
        idx = [self.index_in(0, s - 1) for s in dst.shape]
        n = self.fresh('ins')
        self.emit('%s = tensor.insert %s into %s[%s] : %s'
                  % (n, v, dst.name, ', '.join(i.name for i in idx), dst.ty()))
        self.add(TV(n, dst.elem, dst.shape, dst.dyn, max(bd, dst.bound), None))

    def slice_params(self, t, allow_dyn=True, reduce_ok=True):
        """Random in-bounds slice of t: (offsets, sizes, strides, result
        shape, result dyn, dropped dims) as operand/literal strings."""
        offs, sizes, strides, rshape, rdyn, dropped = [], [], [], [], [], []
        for i, dim in enumerate(t.shape):
            sz = self.ri(1, dim)
            st = 1
            if sz > 1 and self.r() < 0.15 and (sz - 1) * 2 < dim:
                st = 2
            span = (sz - 1) * st + 1
            if allow_dyn and self.dynamic and self.r() < 0.4:
                o = self.index_in(0, dim - span)
                offs.append(o.name if o.lo != o.hi or self.r() < 0.5 else str(o.lo))
            else:
                offs.append(str(self.ri(0, dim - span)))
            if allow_dyn and self.dynamic and self.r() < 0.25:
                sizes.append(self.cidx(sz))
                rd = True
            else:
                sizes.append(str(sz))
                rd = False
            strides.append(str(st))
            if sz == 1 and not rd and reduce_ok and self.r() < 0.4:
                dropped.append(i)
                rshape.append(None)
                rdyn.append(False)
                continue
            rshape.append(sz)
            rdyn.append(rd)
        rdyn = [d for d, s in zip(rdyn, rshape) if s is not None or not dropped]
        rshape = [s if s is not None else 1 for s in rshape if s is not None or not dropped]
        return offs, sizes, strides, rshape, rdyn, dropped

    def extract_slice(self, t, params):
        offs, sizes, strides, rshape, rdyn, _ = params
        n = self.fresh('sl')
        nt = TV(n, t.elem, rshape, rdyn, t.bound, None)
        self.emit('%s = tensor.extract_slice %s[%s] [%s] [%s] : %s to %s'
                  % (n, t.name, ', '.join(offs), ', '.join(sizes),
                     ', '.join(strides), t.ty(), nt.ty()))
        return self.add(nt)

    def insert_slice(self, src, dst, params, op='tensor.insert_slice'):
        offs, sizes, strides = params[:3]
        n = self.fresh('is')
        self.emit('%s = %s %s into %s[%s] [%s] [%s] : %s into %s'
                  % (n, op, src.name, dst.name, ', '.join(offs), ', '.join(sizes),
                     ', '.join(strides), src.ty(), dst.ty()))
        return self.add(TV(n, dst.elem, dst.shape, dst.dyn,
                           max(src.bound, dst.bound), None))

    def transform_same(self, t, inplace=False):
        """A new tensor with exactly t's type computed from t (and maybe
        others): the update used in loop bodies, branches and helpers. With
        inplace, the result is a destination-passing write into t (what
        upstream needs for loop yields to stay equivalent to the iter_arg)."""
        k = self.ch(['generic', 'generic', 'insert', 'fill_slice', 'named'])
        if k == 'insert' and t.rank() == 0:
            k = 'generic'
        if k == 'fill_slice' and t.rank() == 0:
            k = 'generic'
        if k == 'insert':
            x = self.extract(t)
            v, bd = self.sexpr([(x.name, x.elem, x.bound)], t.elem, depth=1)
            idx = [self.index_in(0, s - 1) for s in t.shape]
            n = self.fresh('ins')
            self.emit('%s = tensor.insert %s into %s[%s] : %s'
                      % (n, v, t.name, ', '.join(i.name for i in idx), t.ty()))
            return self.add(TV(n, t.elem, t.shape, t.dyn, max(bd, t.bound), None))
        if k == 'fill_slice':
            p = self.slice_params(t)
            s = self.extract_slice(t, p)
            c = self.cscalar(t.elem, self.ri(-3, 3))
            n = self.fresh('f')
            self.emit('%s = linalg.fill ins(%s : %s) outs(%s : %s) -> %s'
                      % (n, c, t.elem, s.name, s.ty(), s.ty()))
            f = self.add(TV(n, t.elem, s.shape, s.dyn, 3, None))
            return self.insert_slice(f, t, p)
        if k == 'named':
            other = self.get(elem=t.elem, shape=t.shape, dyn=t.dyn, fresh_p=0.3)
            op = self.ch(['add', 'sub', 'max', 'min'])
            o = t if inplace or self.r() < 0.5 else \
                self.empty(t.elem, t.shape, t.dyn, like=t)
            n = self.fresh('b')
            self.emit('%s = linalg.%s ins(%s, %s : %s, %s) outs(%s : %s) -> %s'
                      % (n, op, t.name, other.name, t.ty(), other.ty(), o.name,
                         o.ty(), t.ty()))
            return self.add(TV(n, t.elem, t.shape, t.dyn, t.bound + other.bound, None))
        # generic writing into t itself (in place looking) or a fresh empty
        o = t if inplace or self.r() < 0.6 else \
            self.empty(t.elem, t.shape, t.dyn, like=t)
        rk = t.rank()
        m = self.idmap(rk)
        n = self.fresh('g')
        self.emit('%s = linalg.generic {indexing_maps = [%s, %s], iterator_types = [%s]} '
                  'ins(%s : %s) outs(%s : %s) {'
                  % (n, m, m, self.iters(rk), t.name, t.ty(), o.name, o.ty()))
        a, oa = self.fresh('a'), self.fresh('o')
        self.emit('^bb0(%s: %s, %s: %s):' % (a, t.elem, oa, t.elem))
        self.ind += 1
        ops = [(a, t.elem, t.bound)]
        if o is t and self.r() < 0.5:
            ops.append((oa, t.elem, t.bound))
        v, bd = self.sexpr(ops, t.elem, depth=1)
        self.emit('linalg.yield %s : %s' % (v, t.elem))
        self.ind -= 1
        self.emit('} -> %s' % t.ty())
        return self.add(TV(n, t.elem, t.shape, t.dyn, bd, None))

    def st_slices(self):
        t = self.get(pred=lambda u: u.rank() >= 1, rank=self.ch([1, 2, 2, 3]))
        p = self.slice_params(t)
        s = self.extract_slice(t, p)
        if self.r() < 0.7:
            s2 = self.clamp(self.transform_same(s))
            s2 = self.cast(s2, s.dyn)
            dst = t if self.r() < 0.7 else self.get(elem=t.elem, shape=t.shape,
                                                     dyn=t.dyn, fresh_p=0.3)
            self.insert_slice(s2, dst, p)

    def st_alias_chain(self):
        """Several slices of one tensor, a write through one of them, then
        reads of the other slices and of the original."""
        t = self.get(pred=lambda u: u.rank() >= 1 and u.shape[0] >= 2,
                     rank=self.ch([1, 2]))
        if t.shape[0] < 2:
            return
        p1 = self.slice_params(t, reduce_ok=False)
        p2 = self.slice_params(t)
        s1 = self.extract_slice(t, p1)
        s2 = self.extract_slice(t, p2)
        w = self.cast(self.clamp(self.transform_same(s1)), s1.dyn)
        t2 = self.insert_slice(w, t, p1)
        # read the second slice and the original after the write
        if s2.rank() >= 1 and self.r() < 0.7:
            self.extract(s2)
        if self.r() < 0.5:
            self.extract(t)
        if self.r() < 0.5:
            p3 = self.slice_params(t2)
            self.extract_slice(t2, p3)

    def st_cast(self):
        t = self.get(pred=lambda u: u.rank() >= 1, rank=self.ch([1, 2]))
        dyn = [not d if self.r() < 0.6 else d for d in t.dyn]
        self.cast(t, dyn)

    def st_dim(self):
        t = self.get(pred=lambda u: u.rank() >= 1, rank=self.ch([1, 2]))
        d = self.ri(0, t.rank() - 1)
        n = self.fresh('dim')
        self.emit('%s = tensor.dim %s, %s : %s' % (n, t.name, self.cidx(d), t.ty()))
        self.ipool.append(IV(n, t.shape[d], t.shape[d]))
        # a dimension-sized value: empty + fill sized by it
        if self.dynamic and self.r() < 0.6:
            e = self.fresh('e')
            ty = tensor_ty(t.elem, [t.shape[d]], [True])
            self.emit('%s = tensor.empty(%s) : %s' % (e, n, ty))
            f = self.fresh('f')
            c = self.cscalar(t.elem, self.ri(-3, 3))
            self.emit('%s = linalg.fill ins(%s : %s) outs(%s : %s) -> %s'
                      % (f, c, t.elem, e, ty, ty))
            self.add(TV(f, t.elem, [t.shape[d]], [True], 3, None))

    def st_reshape(self):
        t = self.get(pred=lambda u: u.rank() >= 1, rank=self.ch([1, 2, 2, 3]))
        if t.rank() >= 2 and self.r() < 0.5:
            # collapse two adjacent dims (at most one of them dynamic)
            i = self.ri(0, t.rank() - 2)
            if t.dyn[i] and t.dyn[i + 1]:
                t = self.cast(t, t.dyn[:i] + [False] + t.dyn[i + 1:])
            groups = [[j] for j in range(i)] + [[i, i + 1]] + \
                [[j] for j in range(i + 2, t.rank())]
            shape = t.shape[:i] + [t.shape[i] * t.shape[i + 1]] + t.shape[i + 2:]
            dyn = t.dyn[:i] + [t.dyn[i] or t.dyn[i + 1]] + t.dyn[i + 2:]
            n = self.fresh('col')
            nt = TV(n, t.elem, shape, dyn, t.bound, None)
            self.emit('%s = tensor.collapse_shape %s [%s] : %s into %s'
                      % (n, t.name, ', '.join('[%s]' % ', '.join(map(str, g))
                                               for g in groups), t.ty(), nt.ty()))
            self.add(nt)
            return
        # expand one dim: d -> (a, d/a) or add a unit dim
        i = self.ri(0, t.rank() - 1)
        dim = t.shape[i]
        fac = [a for a in range(1, dim + 1) if dim % a == 0]
        a = self.ch(fac)
        if t.dyn[i]:
            t = self.cast(t, t.dyn[:i] + [False] + t.dyn[i + 1:])
        shape = t.shape[:i] + [a, dim // a] + t.shape[i + 1:]
        dyn = t.dyn[:i] + [False, False] + t.dyn[i + 1:]
        groups, j = [], 0
        for k in range(t.rank()):
            if k == i:
                groups.append([j, j + 1])
                j += 2
            else:
                groups.append([j])
                j += 1
        out_shape = []
        for s, d in zip(shape, dyn):
            out_shape.append('%d' % s)
        # dynamic dims of the source stay dynamic; their output_shape entries
        # are tensor.dim values
        dyn_vals = {}
        for k, d in enumerate(t.dyn):
            if d:
                dn = self.fresh('d')
                self.emit('%s = tensor.dim %s, %s : %s' % (dn, t.name, self.cidx(k), t.ty()))
                dyn_vals[groups[k][0]] = dn
        for pos, dn in dyn_vals.items():
            dyn[pos] = True
            out_shape[pos] = dn
        n = self.fresh('exp')
        nt = TV(n, t.elem, shape, dyn, t.bound, None)
        self.emit('%s = tensor.expand_shape %s [%s] output_shape [%s] : %s into %s'
                  % (n, t.name, ', '.join('[%s]' % ', '.join(map(str, g)) for g in groups),
                     ', '.join(out_shape), t.ty(), nt.ty()))
        self.add(nt)

    def st_pad(self):
        t = self.get(pred=lambda u: 1 <= u.rank() <= 2, rank=self.ch([1, 2]))
        lows = [self.ri(0, 2) for _ in t.shape]
        highs = [self.ri(0, 2) for _ in t.shape]
        ops_lo, ops_hi, dyn = [], [], list(t.dyn)
        for i in range(t.rank()):
            if self.dynamic and self.r() < 0.3:
                ops_lo.append(self.cidx(lows[i]))
                dyn[i] = True
            else:
                ops_lo.append(str(lows[i]))
            ops_hi.append(str(highs[i]))
        shape = [s + lo + hi for s, lo, hi in zip(t.shape, lows, highs)]
        dyn = [d or (lo + hi > 0 and t.dyn[i]) for i, (d, lo, hi)
               in enumerate(zip(dyn, lows, highs))]
        n = self.fresh('pad')
        nt = TV(n, t.elem, shape, dyn, 0, None)
        pv = self.ri(-4, 4)
        c = self.cscalar(t.elem, pv)
        idx = [self.fresh('i') for _ in t.shape]
        self.emit('%s = tensor.pad %s low[%s] high[%s] {'
                  % (n, t.name, ', '.join(ops_lo), ', '.join(ops_hi)))
        self.emit('^bb0(%s):' % ', '.join('%s: index' % i for i in idx))
        self.emit('  tensor.yield %s : %s' % (c, t.elem))
        self.emit('} : %s to %s' % (t.ty(), nt.ty()))
        nt.bound = max(t.bound, abs(pv))
        self.add(nt)

    def st_from_elements(self):
        t = self.get()
        xs = [self.extract(t) for _ in range(self.ri(1, 3))]
        n = self.fresh('fe')
        ty = tensor_ty(t.elem, [len(xs)], [False])
        self.emit('%s = tensor.from_elements %s : %s'
                  % (n, ', '.join(x.name for x in xs), ty))
        self.add(TV(n, t.elem, [len(xs)], [False], t.bound, None))

    def st_splat(self):
        if self.spool and self.r() < 0.7:
            s = self.ch(self.spool)
            elem, name, bd = s.elem, s.name, s.bound
        else:
            elem = self.ch(ELEMS)
            k = self.ri(-5, 5)
            name, bd = self.cscalar(elem, k), abs(k)
        shape = self.rand_shape(self.ri(1, 2))
        dyn = self.rand_dyn(len(shape))
        sizes = [self.cidx(s) for s, d in zip(shape, dyn) if d]
        n = self.fresh('sp')
        nt = TV(n, elem, shape, dyn, bd, None)
        self.emit('%s = tensor.splat %s%s : %s'
                  % (n, name, '[%s]' % ', '.join(sizes) if sizes else '', nt.ty()))
        self.add(nt)

    # ---- regions --------------------------------------------------------
    def region_body(self, carried, nsteps, inplace=False):
        """Steps inside a region then the yielded update of `carried`
        (same type), clamped for loop-carried values."""
        self.depth += 1
        self.steps(self.sid, nsteps)
        self.depth -= 1
        # the sid of the region step is restored by the caller
        y = self.transform_same(carried, inplace)
        y = self.clamp(y, LOOP_BOUND, inplace=True if inplace else None)
        return self.cast(y, carried.dyn)

    def carried_init(self):
        t = self.get()
        t = self.clamp(t, LOOP_BOUND)
        return t

    def st_for(self):
        sid = self.sid
        init = self.carried_init()
        n = self.ri(0, 3)
        lo = self.ri(0, 1)
        iv, acc, r = self.fresh('iv'), self.fresh('acc'), self.fresh('for')
        self.emit('%s = scf.for %s = %s to %s step %s iter_args(%s = %s) -> (%s) {'
                  % (r, iv, self.cidx(lo), self.cidx(lo + n), self.cidx(1), acc,
                     init.name, init.ty()))
        self.ind += 1
        mark = self.scope_push()
        self.ipool.append(IV(iv, lo, max(lo, lo + n - 1)))
        a = self.add(TV(acc, init.elem, init.shape, init.dyn, LOOP_BOUND, None))
        y = self.region_body(a, self.ri(0, 2), inplace=True)
        self.sid = sid
        self.emit('scf.yield %s : %s' % (y.name, y.ty()))
        self.scope_pop(mark)
        self.ind -= 1
        self.emit('}')
        self.add(TV(r, init.elem, init.shape, init.dyn,
                    LOOP_BOUND, None))

    def st_if(self):
        sid = self.sid
        t = self.carried_init()
        # condition from data or from a constant
        if self.r() < 0.6:
            x = self.extract(self.get(fresh_p=0.2))
            z = self.cscalar(x.elem, self.ri(-2, 2))
            c = self.fresh('cond')
            if x.elem == 'f32':
                self.emit('%s = arith.cmpf olt, %s, %s : f32' % (c, x.name, z))
            else:
                self.emit('%s = arith.cmpi slt, %s, %s : %s' % (c, x.name, z, x.elem))
        else:
            c = self.fresh('cond')
            self.emit('%s = arith.constant %s' % (c, self.ch(['true', 'false'])))
        r = self.fresh('if')
        self.emit('%s = scf.if %s -> (%s) {' % (r, c, t.ty()))
        bounds = []
        for branch in (0, 1):
            self.ind += 1
            mark = self.scope_push()
            if self.r() < 0.25:
                y = t
            else:
                y = self.region_body(t, self.ri(0, 1))
            self.sid = sid
            bounds.append(y.bound)
            self.emit('scf.yield %s : %s' % (y.name, y.ty()))
            self.scope_pop(mark)
            self.ind -= 1
            self.emit('} else {' if branch == 0 else '}')
        self.add(TV(r, t.elem, t.shape, t.dyn, max(bounds), None))

    def st_while(self):
        sid = self.sid
        init = self.carried_init()
        n = self.ri(0, 3)
        i0, t0 = self.fresh('wi'), self.fresh('wt')
        r = self.fresh('wh')
        self.emit('%s:2 = scf.while (%s = %s, %s = %s) : (index, %s) -> (index, %s) {'
                  % (r, i0, self.cidx(0), t0, init.name, init.ty(), init.ty()))
        self.ind += 1
        self.consts.append({})
        c = self.fresh('cond')
        self.emit('%s = arith.cmpi slt, %s, %s : index' % (c, i0, self.cidx(n)))
        self.emit('scf.condition(%s) %s, %s : index, %s' % (c, i0, t0, init.ty()))
        self.consts.pop()
        self.ind -= 1
        self.emit('} do {')
        i1, t1 = self.fresh('wi'), self.fresh('wt')
        self.emit('^bb0(%s: index, %s: %s):' % (i1, t1, init.ty()))
        self.ind += 1
        mark = self.scope_push()
        self.ipool.append(IV(i1, 0, max(0, n - 1)))
        a = self.add(TV(t1, init.elem, init.shape, init.dyn, LOOP_BOUND, None))
        y = self.region_body(a, self.ri(0, 2), inplace=True)
        self.sid = sid
        nx = self.fresh('wi')
        self.emit('%s = arith.addi %s, %s : index' % (nx, i1, self.cidx(1)))
        self.emit('scf.yield %s, %s : index, %s' % (nx, y.name, y.ty()))
        self.scope_pop(mark)
        self.ind -= 1
        self.emit('}')
        self.add(TV(r + '#1', init.elem, init.shape, init.dyn,
                    LOOP_BOUND, None))

    def st_forall(self):
        sid = self.sid
        init = self.get(pred=lambda u: u.rank() in (1, 2), rank=self.ch([1, 2, 2]))
        init = self.clamp(init, LOOP_BOUND)
        rows = init.shape[0]
        if init.dyn[0]:
            init = self.cast(init, [False] + init.dyn[1:])
        src = None
        if self.r() < 0.5:
            src = self.get(elem=init.elem, shape=init.shape, fresh_p=0.3)
        r, i, o = self.fresh('fa'), self.fresh('fi'), self.fresh('so')
        self.emit('%s = scf.forall (%s) in (%d) shared_outs(%s = %s) -> (%s) {'
                  % (r, i, rows, o, init.name, init.ty()))
        self.ind += 1
        mark = self.scope_push()
        iv = IV(i, 0, rows - 1)
        ot = TV(o, init.elem, init.shape, init.dyn, LOOP_BOUND, None)
        rk = init.rank()
        offs = [i] + ['0'] * (rk - 1)
        rest = init.shape[1:]
        sizes = ['1'] + [self.cidx(s) if d else str(s) for s, d in zip(rest, init.dyn[1:])]
        strides = ['1'] * rk
        p = (offs, sizes, strides, rest, init.dyn[1:], [0])
        # own row of the shared out, and maybe the same row of another tensor
        row = self.extract_slice(ot, p)
        self.tpool.pop()
        self.ipool.append(iv)
        if src is not None:
            srow = self.extract_slice(self.cast(src, init.dyn), p)
            srow.bound = src.bound
        self.depth += 1
        self.steps(sid, self.ri(0, 1))
        self.depth -= 1
        self.sid = sid
        self.tpool.append(row)
        y = self.clamp(self.transform_same(row), LOOP_BOUND)
        y = self.cast(y, row.dyn)
        self.emit('scf.forall.in_parallel {')
        self.ind += 1
        self.emit('tensor.parallel_insert_slice %s into %s[%s] [%s] [%s] : %s into %s'
                  % (y.name, o, ', '.join(offs), ', '.join(sizes), ', '.join(strides),
                     y.ty(), init.ty()))
        self.ind -= 1
        self.emit('}')
        self.scope_pop(mark)
        self.ind -= 1
        self.emit('}')
        self.add(TV(r, init.elem, init.shape, init.dyn,
                    LOOP_BOUND, None))

    def st_call(self):
        if not self.helpers:
            return
        h = self.ch(self.helpers)
        args = []
        for a in h.args:
            t = self.get(elem=a.elem, shape=a.shape, fresh_p=0.2)
            t = self.clamp(t, HELPER_ARG_BOUND)
            args.append(self.cast(t, a.dyn))
        margs = []
        for m in h.margs:
            # a buffer of the caller for the helper to write (printed at the
            # end of @main when it is made there)
            mv = MV(self.fresh('hm'), m.elem, m.shape, 0)
            self.emit('%s = memref.alloc() : %s' % (mv.name, mv.ty()))
            k = self.ri(-3, 3)
            self.emit('linalg.fill ins(%s : %s) outs(%s : %s)'
                      % (self.cscalar(mv.elem, k), mv.elem, mv.name, mv.ty()))
            mv.bound = max(abs(k), m.bound)
            if not self.depth:
                self.mems.append(mv)
            margs.append(mv)
        names = [self.fresh('call') for _ in h.results]
        lhs = names[0] if len(names) == 1 else '%s:%d' % (names[0], len(names))
        self.emit('%s = func.call @%s(%s) : (%s) -> (%s)'
                  % (lhs, h.name, ', '.join([a.name for a in args] + [m.name for m in margs]),
                     ', '.join([a.ty() for a in args] + [m.ty() for m in margs]),
                     ', '.join(t.ty() for t in h.results)))
        for k, t in enumerate(h.results):
            nm = names[0] if len(names) == 1 else '%s#%d' % (names[0], k)
            self.add(TV(nm, t.elem, t.shape, t.dyn, t.bound, None))

    # ---- functions ------------------------------------------------------
    def helper(self, k):
        hid = 'h%d' % k
        self.ids.append(hid)
        if hid in self.drop:
            return
        self.rng = random.Random('%d:%s' % (self.seed, hid))
        self.in_helper = True
        start = len(self.lines)
        self.cnt = 0
        args = []
        for j in range(self.ri(1, 2)):
            rk = self.ch([1, 1, 2, 2, 0])
            sh = self.rand_shape(rk)
            args.append(TV('%%arg%d' % j, self.ch(ELEMS), sh, self.rand_dyn(rk),
                           HELPER_ARG_BOUND, None))
        # FEATURES of the helper: a stream of their own
        frng = random.Random('%d:%s:feat' % (self.seed, hid))
        ro = [False] * len(args)
        if 'readonly-args' in self.feat:
            ro = [frng.random() < 0.35 for _ in args]
        self.ro_args = [a for a, r in zip(args, ro) if r]
        margs, mat_arg = [], None
        if 'materialize' in self.feat:
            if frng.random() < 0.3 and args[0].rank() >= 1:
                margs.append(MV('%marg0', args[0].elem, args[0].shape, 0))
            cands = [j for j in range(len(args))
                     if not ro[j] or 'materialize-read-only' not in self.avoid]
            if cands and frng.random() < 0.3:
                mat_arg = frng.choice(cands)
        self.tpool = list(args)
        self.spool, self.ipool, self.consts = [], [], [{}]
        self.ind = 1
        self.sid = hid
        hrng = self.rng
        if mat_arg is not None:
            # overwrite a tensor argument first: the argument itself is
            # never read again (the write must happen in place)
            self.rng = frng
            a = args[mat_arg]
            src = self.cast(self.source(a.elem, a.shape), a.dyn)
            n = self.fresh('mat')
            self.emit('%s = bufferization.materialize_in_destination %s in %s : (%s, %s) -> %s'
                      % (n, src.name, a.name, a.ty(), a.ty(), a.ty()))
            self.tpool[mat_arg] = TV(n, a.elem, a.shape, a.dyn, src.bound, None)
            self.rng = hrng
        # write into an argument first (callers must keep their value)
        if self.r() < 0.6:
            self.clamp(self.transform_same(self.tpool[0]))
        self.steps(hid, self.ri(1, 3))
        self.rng = hrng
        if margs:
            # the caller's memref receives a value of the helper
            self.rng = frng
            mv = margs[0]
            src = self.get(elem=mv.elem, shape=mv.shape, fresh_p=0.2)
            src = self.cast(src, [False] * src.rank())
            self.emit('bufferization.materialize_in_destination %s in restrict writable %s'
                      ' : (%s, %s) -> ()' % (src.name, mv.name, src.ty(), mv.ty()))
            mv.bound = src.bound
            self.rng = hrng
        cands = [t for t in self.tpool[len(args):] if t.rank() <= 3]
        results = []
        if cands:
            results.append(cands[-1])
        if self.r() < 0.4:
            extra = self.ch(self.tpool)   # maybe an argument itself
            # a cast of a returned value is the same buffer, as for upstream
            if (all(extra.origin is not t.origin for t in results)
                    or 'dup-results' not in self.avoid):
                results.append(extra)
        if not results:
            results.append(args[-1])
        body = self.lines[start:]
        del self.lines[start:]
        name = 'helper%d' % k
        self.lines.append('func.func @%s(%s) -> (%s) {' % (
            name, ', '.join(['%s: %s%s' % (a.name, a.ty(), ' {bufferization.writable = false}'
                                          if r else '') for a, r in zip(args, ro)]
                            + ['%s: %s' % (m.name, m.ty()) for m in margs]),
            ', '.join(t.ty() for t in results)))
        self.lines += body
        self.lines.append('  return %s : %s' % (', '.join(t.name for t in results),
                                                 ', '.join(t.ty() for t in results)))
        self.lines.append('}')
        self.lines.append('')
        self.helpers.append(Helper(name, [TV(a.name, a.elem, a.shape, a.dyn, 0, None)
                                          for a in args],
                                   [TV(t.name, t.elem, t.shape, t.dyn, t.bound, None)
                                    for t in results], margs))
        self.in_helper = False
        self.ro_args = []

    def program(self):
        for k in range(self.nhelpers):
            self.helper(k)
        self.rng = random.Random('%d:main' % self.seed)
        self.cnt = 0
        self.tpool, self.spool, self.ipool, self.consts = [], [], [], [{}]
        self.ind = 1
        start = len(self.lines)
        self.sid = 'm'
        self.steps('m', self.nops)
        self.rng = random.Random('%d:prints' % self.seed)
        # print every value nothing else used, plus a random share of the rest
        seen, chosen, per_step = set(), [], {}
        for t in self.tpool:
            if t.name in seen:
                continue
            seen.add(t.name)
            k = per_step.get(t.sid, 0)
            per_step[t.sid] = k + 1
            if not t.used or self.r() < 0.3:
                chosen.append((t, 'p:%s:%d' % (t.sid, k)))
        chosen = chosen[-14:]
        for t, pid in chosen:
            self.ids.append(pid)
            if pid in self.drop:
                continue
            m, u = self.fresh('m'), self.fresh('u')
            mt = memref_ty(t.elem, t.shape, t.dyn)
            self.emit('%s = bufferization.to_buffer %s : %s to %s' % (m, t.name, t.ty(), mt))
            self.emit('%s = memref.cast %s : %s to memref<*x%s>' % (u, m, mt, t.elem))
            self.emit('func.call @%s(%s) : (memref<*x%s>) -> ()'
                      % (PRINTER[t.elem], u, t.elem))
            self.printers.add(t.elem)
        for k, mv in enumerate(self.mems):
            pid = 'p:mem:%d' % k
            self.ids.append(pid)
            if pid in self.drop:
                continue
            u = self.fresh('u')
            self.emit('%s = memref.cast %s : %s to memref<*x%s>' % (u, mv.name, mv.ty(), mv.elem))
            self.emit('func.call @%s(%s) : (memref<*x%s>) -> ()' % (PRINTER[mv.elem], u, mv.elem))
        body = self.lines[start:]
        del self.lines[start:]
        out = ['// bufferd-gen --seed %d --ops %d%s --helpers %d%s' % (
            self.seed, self.nops, ' --dynamic' if self.dynamic else '',
            self.nhelpers, '' if self.regions else ' --no-regions')]
        if self.avoid:
            out[0] += ' --avoid ' + ','.join(sorted(self.avoid))
        if self.drop:
            out[0] += ' --drop ' + ','.join(sorted(self.drop))
        for f in FEATURES:
            if f not in self.feat:
                out[0] += ' --no-' + f
        for e in ('f32', 'i32', 'i64'):
            out.append('func.func private @%s(memref<*x%s>)' % (PRINTER[e], e))
        out.append('')
        for e in self.exts:
            out += link_extern(e.decl()).split('\n')
            out.append('')
        out += self.lines
        out.append('func.func @main() {')
        out += body
        out.append('  return')
        out.append('}')
        return '\n'.join(out) + '\n'


def main(argv):
    seed, ops, dynamic, helpers, regions, drop, list_ids = 1, 8, False, None, True, set(), False
    avoid = set()
    features = set(FEATURES)
    transform = None
    i = 0
    try:
        while i < len(argv):
            a = argv[i]
            if a == '--seed':
                seed = int(argv[i + 1]); i += 1
            elif a == '--ops':
                ops = int(argv[i + 1]); i += 1
            elif a == '--helpers':
                helpers = int(argv[i + 1]); i += 1
            elif a == '--dynamic':
                dynamic = True
            elif a == '--no-regions':
                regions = False
            elif a == '--drop':
                drop = set(x for x in argv[i + 1].split(',') if x); i += 1
            elif a == '--avoid':
                avoid = set(x for x in argv[i + 1].split(',') if x); i += 1
                bad = avoid - set(AVOIDABLE)
                if bad:
                    raise ValueError('--avoid ' + ','.join(sorted(bad)))
            elif a == '--list-ids':
                list_ids = True
            elif a.startswith('--no-') and a[5:] in FEATURES:
                features.discard(a[5:])
            elif a in ('--extern-decls', '--link-extern'):
                transform = (a, argv[i + 1]); i += 1
            elif a in ('-h', '--help'):
                print(__doc__)
                return 0
            else:
                raise ValueError(a)
            i += 1
    except (ValueError, IndexError) as e:
        sys.stderr.write('bufferd-gen: bad arguments (%s); see --help\n' % e)
        return 2
    if transform:
        f = sys.stdin if transform[1] == '-' else open(transform[1])
        text = f.read()
        sys.stdout.write(extern_decls(text) if transform[0] == '--extern-decls'
                         else link_extern(text))
        return 0
    if helpers is None:
        helpers = random.Random('%d:helpers' % seed).randint(0, 2)
    g = Gen(seed, ops, dynamic, helpers, regions, drop, avoid, features)
    text = g.program()
    if list_ids:
        sys.stdout.write('\n'.join(g.ids) + '\n')
    else:
        sys.stdout.write(text)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
