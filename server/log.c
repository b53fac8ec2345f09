/*
 * log.c: structured logs, one JSON object per line on stderr, written with a
 * single fwrite under a lock so lines from several threads never interleave.
 * Numbers print with at most 15 significant digits, so a duration rounded
 * to microseconds (bd_log_round_ms) prints as "ms":0.019, not as the
 * nearest double's 17 digits.
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bufferd.h"

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static bool log_quiet; /* set once at start-up, before threads exist */

void bd_log_set_quiet(bool quiet) { log_quiet = quiet; }

void bd_log(const char *level, const char *msg, json_t *fields) {
  if (log_quiet && strcmp(level, "error") != 0 && strcmp(level, "warning") != 0) {
    json_decref(fields);
    return;
  }
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  struct tm tm;
  gmtime_r(&ts.tv_sec, &tm);
  char stamp[80];
  snprintf(stamp, sizeof stamp, "%04d-%02d-%02dT%02d:%02d:%02d.%03ldZ", tm.tm_year + 1900,
           tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
           ts.tv_nsec / 1000000);
  json_t *o = json_pack("{s:s,s:s,s:s}", "ts", stamp, "level", level, "msg", msg);
  if (fields) {
    json_object_update(o, fields);
    json_decref(fields);
  }
  char *line = json_dumps(o, JSON_COMPACT | JSON_REAL_PRECISION(15));
  json_decref(o);
  if (!line)
    return;
  size_t n = strlen(line);
  line[n] = '\n';
  pthread_mutex_lock(&log_lock);
  fwrite(line, 1, n + 1, stderr);
  fflush(stderr);
  pthread_mutex_unlock(&log_lock);
  free(line);
}

double bd_log_round_ms(double seconds) { return round(seconds * 1e6) / 1e3; }
