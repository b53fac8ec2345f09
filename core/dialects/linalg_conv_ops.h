/*
 * linalg_conv_ops.h: the convolution and pooling named ops, one row each
 * (an X-macro table, expanded by linalg.c into op definitions and
 * descriptor rows).
 *
 * A row is X(name, loops, input, filter, output, body):
 *   loops   the number of loops, in upstream's order (what
 *           `mlir-opt --linalg-generalize-named-ops` prints as d0, d1, ...);
 *   input, filter, output
 *           the operand's indexing map, one entry per operand dimension,
 *           separated by spaces (loop numbers are single digits: no op
 *           has more than 10 loops): "k" is loop dk, "o+k" is a window:
 *           do * strides[w] + dk * dilations[w], w counting the windows of
 *           the input from 0 (a factor of 1 is left out, as upstream does);
 *   body    CONV: out + cast(in) * cast(filter); CONV_Q: the quantized
 *           form, whose inputs 2 and 3 are the zero points of the input
 *           and the filter (scalars, maps (d...) -> ()) subtracted after
 *           the casts; POOL_MAX, POOL_MIN,
 *           POOL_SUM: out max/min/+ cast(in), signed casts;
 *           POOL_MAX_U, POOL_MIN_U: unsigned casts and comparisons. The
 *           filter of a pooling op only gives the window its shape.
 * Ops whose input has windows take `strides` and `dilations` (dense i64
 * elements of that many entries, default all ones), except the plain
 * conv_1d, conv_2d and conv_3d, which have neither. A loop the output map
 * does not use iterates as a reduction, as upstream's ops declare.
 */
#ifndef BUF_LINALG_CONV_OPS_H
#define BUF_LINALG_CONV_OPS_H

/* conv_1d, conv_2d and conv_3d: no strides or dilations. */
#define BUF__LINALG_UNSTRIDED_CONV_OPS(X)                                      \
  X(conv_1d, 2, "0+1", "1", "0", CONV)                                         \
  X(conv_2d, 4, "0+2 1+3", "2 3", "0 1", CONV)                                 \
  X(conv_3d, 6, "0+3 1+4 2+5", "3 4 5", "0 1 2", CONV)

#define BUF__LINALG_STRIDED_CONV_OPS(X)                                        \
  X(conv_1d_nwc_wcf, 5, "0 1+3 4", "3 4 2", "0 1 2", CONV)                     \
  X(conv_1d_ncw_fcw, 5, "0 3 2+4", "1 3 4", "0 1 2", CONV)                     \
  X(conv_2d_nhwc_hwcf, 7, "0 1+4 2+5 6", "4 5 6 3", "0 1 2 3", CONV)           \
  X(conv_2d_nhwc_fhwc, 7, "0 1+4 2+5 6", "3 4 5 6", "0 1 2 3", CONV)           \
  X(conv_2d_nchw_fchw, 7, "0 4 2+5 3+6", "1 4 5 6", "0 1 2 3", CONV)           \
  X(conv_2d_ngchw_fgchw, 8, "0 1 5 3+6 4+7", "2 1 5 6 7", "0 1 2 3 4", CONV)   \
  X(conv_2d_ngchw_gfchw, 8, "0 1 5 3+6 4+7", "1 2 5 6 7", "0 1 2 3 4", CONV)   \
  X(conv_2d_nhwgc_gfhwc, 8, "0 1+5 2+6 3 7", "3 4 5 6 7", "0 1 2 3 4", CONV)   \
  X(conv_3d_ndhwc_dhwcf, 9, "0 1+5 2+6 3+7 8", "5 6 7 8 4", "0 1 2 3 4",      \
    CONV)                                                                      \
  X(conv_3d_ncdhw_fcdhw, 9, "0 5 2+6 3+7 4+8", "1 5 6 7 8", "0 1 2 3 4",      \
    CONV)                                                                      \
  X(conv_2d_nhwc_hwcf_q, 7, "0 1+4 2+5 6", "4 5 6 3", "0 1 2 3", CONV_Q)       \
  X(conv_2d_nhwc_fhwc_q, 7, "0 1+4 2+5 6", "3 4 5 6", "0 1 2 3", CONV_Q)       \
  X(conv_2d_nchw_fchw_q, 7, "0 4 2+5 3+6", "1 4 5 6", "0 1 2 3", CONV_Q)       \
  X(conv_3d_ndhwc_dhwcf_q, 9, "0 1+5 2+6 3+7 8", "5 6 7 8 4", "0 1 2 3 4",    \
    CONV_Q)                                                                    \
  X(depthwise_conv_1d_nwc_wc, 4, "0 1+3 2", "3 2", "0 1 2", CONV)              \
  X(depthwise_conv_1d_ncw_cw, 4, "0 2 1+3", "2 3", "0 2 1", CONV)              \
  X(depthwise_conv_1d_nwc_wcm, 5, "0 1+4 2", "4 2 3", "0 1 2 3", CONV)         \
  X(depthwise_conv_2d_nhwc_hwc, 6, "0 1+4 2+5 3", "4 5 3", "0 1 2 3", CONV)    \
  X(depthwise_conv_2d_nchw_chw, 6, "0 3 1+4 2+5", "3 4 5", "0 3 1 2", CONV)    \
  X(depthwise_conv_2d_nhwc_hwcm, 7, "0 1+5 2+6 3", "5 6 3 4", "0 1 2 3 4",    \
    CONV)                                                                      \
  X(depthwise_conv_2d_nhwc_hwc_q, 6, "0 1+4 2+5 3", "4 5 3", "0 1 2 3",        \
    CONV_Q)                                                                    \
  X(depthwise_conv_2d_nhwc_hwcm_q, 7, "0 1+5 2+6 3", "5 6 3 4", "0 1 2 3 4",  \
    CONV_Q)                                                                    \
  X(depthwise_conv_3d_ndhwc_dhwc, 8, "0 1+4 2+5 3+6 7", "4 5 6 7",            \
    "0 1 2 3 7", CONV)                                                         \
  X(depthwise_conv_3d_ncdhw_cdhw, 8, "0 7 1+4 2+5 3+6", "7 4 5 6",            \
    "0 7 1 2 3", CONV)                                                         \
  X(depthwise_conv_3d_ndhwc_dhwcm, 9, "0 1+5 2+6 3+7 8", "5 6 7 8 4",         \
    "0 1 2 3 8 4", CONV)                                                       \
  X(pooling_nchw_max, 6, "0 1 2+4 3+5", "4 5", "0 1 2 3", POOL_MAX)            \
  X(pooling_nchw_sum, 6, "0 1 2+4 3+5", "4 5", "0 1 2 3", POOL_SUM)            \
  X(pooling_nhwc_max, 6, "0 1+4 2+5 3", "4 5", "0 1 2 3", POOL_MAX)            \
  X(pooling_nhwc_min, 6, "0 1+4 2+5 3", "4 5", "0 1 2 3", POOL_MIN)            \
  X(pooling_nhwc_sum, 6, "0 1+4 2+5 3", "4 5", "0 1 2 3", POOL_SUM)            \
  X(pooling_nhwc_max_unsigned, 6, "0 1+4 2+5 3", "4 5", "0 1 2 3",             \
    POOL_MAX_U)                                                                \
  X(pooling_nhwc_min_unsigned, 6, "0 1+4 2+5 3", "4 5", "0 1 2 3",             \
    POOL_MIN_U)                                                                \
  X(pooling_ncw_max, 4, "0 1 2+3", "3", "0 1 2", POOL_MAX)                     \
  X(pooling_ncw_sum, 4, "0 1 2+3", "3", "0 1 2", POOL_SUM)                     \
  X(pooling_nwc_max, 4, "0 1+3 2", "3", "0 1 2", POOL_MAX)                     \
  X(pooling_nwc_min, 4, "0 1+3 2", "3", "0 1 2", POOL_MIN)                     \
  X(pooling_nwc_sum, 4, "0 1+3 2", "3", "0 1 2", POOL_SUM)                     \
  X(pooling_nwc_max_unsigned, 4, "0 1+3 2", "3", "0 1 2", POOL_MAX_U)          \
  X(pooling_nwc_min_unsigned, 4, "0 1+3 2", "3", "0 1 2", POOL_MIN_U)          \
  X(pooling_ndhwc_max, 8, "0 1+5 2+6 3+7 4", "5 6 7", "0 1 2 3 4", POOL_MAX)   \
  X(pooling_ndhwc_min, 8, "0 1+5 2+6 3+7 4", "5 6 7", "0 1 2 3 4", POOL_MIN)   \
  X(pooling_ndhwc_sum, 8, "0 1+5 2+6 3+7 4", "5 6 7", "0 1 2 3 4", POOL_SUM)

#endif /* BUF_LINALG_CONV_OPS_H */
