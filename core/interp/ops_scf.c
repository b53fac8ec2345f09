/*
 * ops_scf.c: semantics of the scf dialect: for, if, while, forall (run
 * sequentially, iterations in row-major order, in_parallel inserts applied
 * after each iteration), parallel with reduce (sequential, reductions in
 * iteration order), execute_region and index_switch. The terminators
 * (yield, condition, reduce, reduce.return, forall.in_parallel) are handed
 * back by the engine and read here.
 *
 * Loop-carried values are owned by the loop handler between iterations;
 * block arguments hold their own references.
 */
#include "interp_internal.h"

#include <stdlib.h>
#include <string.h>

#define MAX_DIMS 16

static buf__ival_t *alloc_vals(uint32_t n) {
  buf__ival_t *v = calloc(n ? n : 1, sizeof *v);
  if (!v)
    abort(); /* out of memory */
  return v;
}

static void drop_vals(buf__interp_t *I, buf__ival_t *v, uint32_t n) {
  for (uint32_t i = 0; i < n; i++)
    buf__iv_drop(I, v[i]);
  free(v);
}

/* Replaces the owned values vals[0..n) with references to term's operands
 * [start, start+n). */
static bool take_operands(buf__interp_t *I, buf__frame_t *F, buf_op_t *term,
                          uint32_t start, buf__ival_t *vals, uint32_t n) {
  if (term->num_operands < start + n) {
    buf__err(I, term, "terminator yields %u values, %u expected",
             term->num_operands - start, n);
    return false;
  }
  for (uint32_t i = 0; i < n; i++) {
    buf__ival_t v = buf__iv_ref(buf__operand(I, F, term, start + i));
    buf__iv_drop(I, vals[i]);
    vals[i] = v;
  }
  return true;
}

/* Moves owned vals into op's results. */
static void set_results(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                        buf__ival_t *vals, uint32_t n) {
  for (uint32_t i = 0; i < n && i < op->num_results; i++) {
    buf__set_result(I, F, op, i, vals[i]);
    vals[i] = (buf__ival_t){0};
  }
}

static buf_status_t scf_for(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                            const buf__interp_row_t *row) {
  int64_t lb, ub, step;
  if (!buf__index_operand(I, F, op, 0, &lb) ||
      !buf__index_operand(I, F, op, 1, &ub) ||
      !buf__index_operand(I, F, op, 2, &step))
    return BUF_FAILURE;
  buf_type_t ivt = buf_op_operand(op, 0)->type;
  uint32_t w = buf__int_width(ivt);
  bool uns = buf_op_has_attr(op, "unsignedCmp");
  if (step <= 0 && !(uns && step != 0)) {
    buf__err(I, op, "scf.for step must be positive, got %lld",
             (long long)step);
    return BUF_FAILURE;
  }
  uint32_t n = op->num_operands - 3;
  buf__ival_t *args = alloc_vals(n + 1);
  for (uint32_t i = 0; i < n; i++)
    args[1 + i] = buf__iv_ref(buf__operand(I, F, op, 3 + i));
  buf_status_t st = BUF_SUCCESS;
  uint64_t iv = buf__trunc((uint64_t)lb, w);
  uint64_t uub = buf__trunc((uint64_t)ub, w);
  for (;;) {
    bool go = uns ? iv < uub : buf__sext(iv, w) < buf__sext(uub, w);
    if (!go)
      break;
    args[0] = buf__iv_int(iv);
    buf_op_t *term;
    st = buf__run_region(I, F, op->regions[0], n + 1, args, &term);
    if (BUF_FAILED(st) || !take_operands(I, F, term, 0, args + 1, n)) {
      st = BUF_FAILURE;
      break;
    }
    uint64_t next = buf__trunc(iv + (uint64_t)step, w);
    /* stop on wrap-around instead of looping forever */
    if (uns ? next <= iv : buf__sext(next, w) <= buf__sext(iv, w))
      break;
    iv = next;
  }
  if (!BUF_FAILED(st))
    set_results(I, F, op, args + 1, n);
  drop_vals(I, args, n + 1);
  return st;
}

/* Runs region r with no arguments and moves its terminator's operands
 * into op's results (declared in interp_internal.h: other dialects' region
 * ops that run one region once share it). */
buf_status_t buf__run_and_yield(buf__interp_t *I, buf__frame_t *F,
                                  buf_op_t *op, buf_region_t *r) {
  buf_op_t *term;
  if (BUF_FAILED(buf__run_region(I, F, r, 0, NULL, &term)))
    return BUF_FAILURE;
  uint32_t n = op->num_results;
  buf__ival_t *vals = alloc_vals(n);
  if (!take_operands(I, F, term, 0, vals, n)) {
    drop_vals(I, vals, n);
    return BUF_FAILURE;
  }
  set_results(I, F, op, vals, n);
  drop_vals(I, vals, n);
  return BUF_SUCCESS;
}

static buf_status_t scf_if(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                           const buf__interp_row_t *row) {
  buf__ival_t c = buf__operand(I, F, op, 0);
  if (!buf__check_defined(I, op, c))
    return BUF_FAILURE;
  buf_region_t *r = (c.u.i & 1) ? op->regions[0]
                    : op->num_regions > 1 ? op->regions[1]
                                          : NULL;
  if (!r || buf_region_empty(r)) {
    if (op->num_results) {
      buf__err(I, op, "scf.if with results has no else region");
      return BUF_FAILURE;
    }
    return BUF_SUCCESS;
  }
  return buf__run_and_yield(I, F, op, r);
}

static buf_status_t scf_execute_region(buf__interp_t *I, buf__frame_t *F,
                                       buf_op_t *op,
                                       const buf__interp_row_t *row) {
  return buf__run_and_yield(I, F, op, op->regions[0]);
}

static buf_status_t scf_index_switch(buf__interp_t *I, buf__frame_t *F,
                                     buf_op_t *op,
                                     const buf__interp_row_t *row) {
  int64_t v;
  if (!buf__index_operand(I, F, op, 0, &v))
    return BUF_FAILURE;
  buf_attr_t cases = buf_op_attr(op, "cases");
  buf_region_t *r = op->regions[0];
  if (cases && cases->kind == BUF_ATTR_DENSE_ARRAY)
    for (int64_t i = 0; i < cases->u.dense_array.count; i++)
      if (cases->u.dense_array.ints[i] == v &&
          (uint32_t)(i + 1) < op->num_regions) {
        r = op->regions[i + 1];
        break;
      }
  return buf__run_and_yield(I, F, op, r);
}

static buf_status_t scf_while(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                              const buf__interp_row_t *row) {
  uint32_t n = op->num_operands, nr = op->num_results;
  buf__ival_t *args = alloc_vals(n);
  buf__ival_t *after = alloc_vals(nr);
  for (uint32_t i = 0; i < n; i++)
    args[i] = buf__iv_ref(buf__operand(I, F, op, i));
  buf_status_t st = BUF_SUCCESS;
  for (;;) {
    buf_op_t *term;
    st = buf__run_region(I, F, op->regions[0], n, args, &term);
    if (BUF_FAILED(st))
      break;
    buf__ival_t c = buf__operand(I, F, term, 0);
    if (!buf__check_defined(I, term, c) ||
        !take_operands(I, F, term, 1, after, nr)) {
      st = BUF_FAILURE;
      break;
    }
    if (!(c.u.i & 1)) {
      set_results(I, F, op, after, nr);
      break;
    }
    st = buf__run_region(I, F, op->regions[1], nr, after, &term);
    if (BUF_FAILED(st) || !take_operands(I, F, term, 0, args, n)) {
      st = BUF_FAILURE;
      break;
    }
  }
  drop_vals(I, args, n);
  drop_vals(I, after, nr);
  return st;
}

/* Reads lbs, ubs and steps of forall (mixed static/dynamic lists). */
static int forall_bounds(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                         int64_t *lb, int64_t *ub, int64_t *step) {
  int n = buf__mixed_list(I, F, op, "staticUpperBound", 1, ub, MAX_DIMS);
  if (n < 0)
    return -1;
  if (buf_op_has_attr(op, "staticLowerBound")) {
    if (buf__mixed_list(I, F, op, "staticLowerBound", 0, lb, MAX_DIMS) != n)
      return -1;
  } else {
    for (int i = 0; i < n; i++)
      lb[i] = 0;
  }
  if (buf_op_has_attr(op, "staticStep")) {
    if (buf__mixed_list(I, F, op, "staticStep", 2, step, MAX_DIMS) != n)
      return -1;
  } else {
    for (int i = 0; i < n; i++)
      step[i] = 1;
  }
  for (int i = 0; i < n; i++)
    if (step[i] <= 0) {
      buf__err(I, op, "scf.forall step must be positive");
      return -1;
    }
  return n;
}

static buf_status_t scf_forall(buf__interp_t *I, buf__frame_t *F,
                               buf_op_t *op, const buf__interp_row_t *row) {
  int64_t lb[MAX_DIMS], ub[MAX_DIMS], step[MAX_DIMS], iv[MAX_DIMS];
  int rank = forall_bounds(I, F, op, lb, ub, step);
  if (rank < 0)
    return BUF_FAILURE;
  uint32_t olen;
  uint32_t ostart = buf_op_segment(op, 3, &olen);
  buf_block_t *body = buf_region_entry(op->regions[0]);
  if (!body || body->num_args != (uint32_t)rank + olen) {
    buf__err(I, op, "malformed scf.forall body");
    return BUF_FAILURE;
  }
  /* The shared outputs: owned tensors the in_parallel inserts write. */
  buf__ival_t *args = alloc_vals((uint32_t)rank + olen);
  buf__ival_t *outs = args + rank;
  for (uint32_t i = 0; i < olen; i++)
    outs[i] = buf__iv_ref(buf__operand(I, F, op, ostart + i));
  buf_status_t st = BUF_SUCCESS;
  bool empty = false;
  for (int d = 0; d < rank; d++) {
    iv[d] = lb[d];
    if (lb[d] >= ub[d])
      empty = true;
  }
  while (!empty) {
    for (int d = 0; d < rank; d++)
      args[d] = buf__iv_int((uint64_t)iv[d]);
    buf_op_t *term;
    st = buf__run_region(I, F, op->regions[0], (uint32_t)rank + olen, args,
                         &term);
    if (BUF_FAILED(st))
      break;
    /* Release the body's references to the outputs so inserts can write
     * them in place. */
    for (uint32_t i = 0; i < olen; i++)
      buf__set(I, F, body->args[rank + i], (buf__ival_t){0});
    if (term->num_regions == 1 && !buf_region_empty(term->regions[0])) {
      for (buf_op_t *ins = term->regions[0]->first->first; ins;
           ins = ins->next) {
        if (ins->def->traits & BUF_TRAIT_TERMINATOR)
          break;
        buf_value_t *dest = ins->num_operands > 1 ? buf_op_operand(ins, 1)
                                                  : NULL;
        if (!dest || dest->block != body || dest->index < (uint32_t)rank) {
          buf__err(I, ins, "in_parallel op must insert into a shared output "
                           "of the enclosing scf.forall");
          st = BUF_FAILURE;
          break;
        }
        I->stats.steps++;
        buf__tensor_t *t = outs[dest->index - rank].u.t;
        st = buf__parallel_insert(I, F, ins, &t);
        outs[dest->index - rank].u.t = t;
        if (BUF_FAILED(st))
          break;
      }
      if (BUF_FAILED(st))
        break;
    }
    int d = rank - 1;
    for (; d >= 0; d--) {
      iv[d] += step[d];
      if (iv[d] < ub[d])
        break;
      iv[d] = lb[d];
    }
    if (d < 0)
      break;
  }
  if (!BUF_FAILED(st))
    set_results(I, F, op, outs, olen);
  drop_vals(I, args, (uint32_t)rank + olen);
  return st;
}

static buf_status_t scf_parallel(buf__interp_t *I, buf__frame_t *F,
                                 buf_op_t *op, const buf__interp_row_t *row) {
  uint32_t n, nub, nst, ninit;
  uint32_t s_lb = buf_op_segment(op, 0, &n);
  uint32_t s_ub = buf_op_segment(op, 1, &nub);
  uint32_t s_st = buf_op_segment(op, 2, &nst);
  uint32_t s_in = buf_op_segment(op, 3, &ninit);
  if (n != nub || n != nst || n > MAX_DIMS) {
    buf__err(I, op, "malformed scf.parallel bounds");
    return BUF_FAILURE;
  }
  int64_t lb[MAX_DIMS], ub[MAX_DIMS], step[MAX_DIMS], iv[MAX_DIMS];
  bool empty = false;
  for (uint32_t d = 0; d < n; d++) {
    if (!buf__index_operand(I, F, op, s_lb + d, &lb[d]) ||
        !buf__index_operand(I, F, op, s_ub + d, &ub[d]) ||
        !buf__index_operand(I, F, op, s_st + d, &step[d]))
      return BUF_FAILURE;
    if (step[d] <= 0) {
      buf__err(I, op, "scf.parallel step must be positive");
      return BUF_FAILURE;
    }
    iv[d] = lb[d];
    if (lb[d] >= ub[d])
      empty = true;
  }
  buf__ival_t *acc = alloc_vals(ninit);
  buf__ival_t *ivs = alloc_vals(n);
  for (uint32_t i = 0; i < ninit; i++)
    acc[i] = buf__iv_ref(buf__operand(I, F, op, s_in + i));
  buf_status_t st = BUF_SUCCESS;
  while (!empty) {
    for (uint32_t d = 0; d < n; d++)
      ivs[d] = buf__iv_int((uint64_t)iv[d]);
    buf_op_t *term;
    st = buf__run_region(I, F, op->regions[0], n, ivs, &term);
    if (BUF_FAILED(st))
      break;
    if (term->num_operands != ninit || term->num_regions != ninit) {
      buf__err(I, term, "scf.reduce must have one operand and one region "
                        "per result");
      st = BUF_FAILURE;
      break;
    }
    for (uint32_t i = 0; i < ninit && !BUF_FAILED(st); i++) {
      buf__ival_t pair[2] = {acc[i], buf__operand(I, F, term, i)};
      buf_op_t *rt;
      st = buf__run_region(I, F, term->regions[i], 2, pair, &rt);
      if (!BUF_FAILED(st) && !take_operands(I, F, rt, 0, &acc[i], 1))
        st = BUF_FAILURE;
    }
    if (BUF_FAILED(st))
      break;
    int d = (int)n - 1;
    for (; d >= 0; d--) {
      iv[d] += step[d];
      if (iv[d] < ub[d])
        break;
      iv[d] = lb[d];
    }
    if (d < 0)
      break;
  }
  if (!BUF_FAILED(st))
    set_results(I, F, op, acc, ninit);
  drop_vals(I, acc, ninit);
  drop_vals(I, ivs, n);
  return st;
}

static const buf__interp_row_t rows[] = {
    {"scf.for", scf_for, 0, NULL},
    {"scf.if", scf_if, 0, NULL},
    {"scf.while", scf_while, 0, NULL},
    {"scf.forall", scf_forall, 0, NULL},
    {"scf.parallel", scf_parallel, 0, NULL},
    {"scf.execute_region", scf_execute_region, 0, NULL},
    {"scf.index_switch", scf_index_switch, 0, NULL},
};

const buf__interp_table_t buf__interp_scf_table = {
    rows, sizeof rows / sizeof rows[0]};
