/*
 * pool.c: the dedicated compile worker pool.
 *
 * libuv's own thread pool (4 threads) also serves file-system requests, so
 * compiles get their own threads. The loop thread submits jobs to a bounded
 * FIFO; a worker runs bd_compile_job and appends the job to the completion
 * list, then wakes the loop through a uv_async_t. The loop thread calls each
 * job's done callback. A job whose deadline passed while it was queued is
 * marked cancelled by the loop and skipped by the workers (it still reaches
 * the completion list so that its owner can free it).
 */
#include <malloc.h>
#include <pthread.h>
#include <stdlib.h>

#include "bufferd.h"

struct bd_pool {
  bd_server_t *server;
  pthread_mutex_t lock;
  pthread_cond_t work;
  bd_job_t *head, *tail;       /* queued jobs */
  int queued, running, capacity;
  bool stopping;
  pthread_t *threads;
  int num_threads;
  uv_async_t wake;
  bd_job_t *done_head, *done_tail;
};

/* Below this a request's memory is left to malloc to reuse. */
#define TRIM_THRESHOLD ((size_t)2 << 20)

void bd_trim_after(size_t bytes) {
  if (bytes >= TRIM_THRESHOLD)
    malloc_trim(0);
}

static void *worker_main(void *arg) {
  bd_pool_t *p = arg;
  pthread_mutex_lock(&p->lock);
  for (;;) {
    while (!p->head && !p->stopping)
      pthread_cond_wait(&p->work, &p->lock);
    if (!p->head)
      break; /* stopping and drained */
    bd_job_t *job = p->head;
    p->head = job->next;
    if (!p->head)
      p->tail = NULL;
    job->next = NULL;
    p->queued--;
    bool cancelled = job->cancelled;
    p->running++;
    pthread_mutex_unlock(&p->lock);
    if (!cancelled)
      bd_compile_job(p->server, job);
    bd_trim_after(job->peak_bytes); /* the compile's context is freed */
    pthread_mutex_lock(&p->lock);
    p->running--;
    if (p->done_tail)
      p->done_tail->next = job;
    else
      p->done_head = job;
    p->done_tail = job;
    pthread_mutex_unlock(&p->lock);
    uv_async_send(&p->wake);
    pthread_mutex_lock(&p->lock);
  }
  pthread_mutex_unlock(&p->lock);
  return NULL;
}

static void on_wake(uv_async_t *a) {
  bd_pool_t *p = a->data;
  pthread_mutex_lock(&p->lock);
  bd_job_t *job = p->done_head;
  p->done_head = p->done_tail = NULL;
  pthread_mutex_unlock(&p->lock);
  while (job) {
    bd_job_t *next = job->next;
    job->next = NULL;
    job->done(job);
    job = next;
  }
}

bd_pool_t *bd_pool_create(uv_loop_t *loop, int n, int queue_size,
                          bd_server_t *server) {
  bd_pool_t *p = calloc(1, sizeof *p);
  p->server = server;
  p->capacity = queue_size;
  pthread_mutex_init(&p->lock, NULL);
  pthread_cond_init(&p->work, NULL);
  uv_async_init(loop, &p->wake, on_wake);
  p->wake.data = p;
  p->threads = calloc((size_t)n, sizeof *p->threads);
  for (int i = 0; i < n; i++) {
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    /* Deeply nested programs recurse in the parser and printer (bounded by
     * max_depth); give them room. */
    pthread_attr_setstacksize(&attr, 16u << 20);
    if (pthread_create(&p->threads[p->num_threads], &attr, worker_main, p) == 0)
      p->num_threads++;
    pthread_attr_destroy(&attr);
  }
  return p;
}

bool bd_pool_submit(bd_pool_t *p, bd_job_t *job) {
  pthread_mutex_lock(&p->lock);
  if (p->stopping || p->queued >= p->capacity) {
    pthread_mutex_unlock(&p->lock);
    return false;
  }
  job->next = NULL;
  if (p->tail)
    p->tail->next = job;
  else
    p->head = job;
  p->tail = job;
  p->queued++;
  pthread_cond_signal(&p->work);
  pthread_mutex_unlock(&p->lock);
  return true;
}

void bd_pool_cancel(bd_pool_t *p, bd_job_t *job) {
  pthread_mutex_lock(&p->lock);
  job->cancelled = true;
  pthread_mutex_unlock(&p->lock);
}

int bd_pool_queue_depth(bd_pool_t *p) {
  pthread_mutex_lock(&p->lock);
  int n = p->queued;
  pthread_mutex_unlock(&p->lock);
  return n;
}

int bd_pool_running(bd_pool_t *p) {
  pthread_mutex_lock(&p->lock);
  int n = p->running;
  pthread_mutex_unlock(&p->lock);
  return n;
}

static void on_async_closed(uv_handle_t *h) {
  bd_pool_t *p = h->data;
  free(p->threads);
  pthread_mutex_destroy(&p->lock);
  pthread_cond_destroy(&p->work);
  free(p);
}

void bd_pool_drain_and_destroy(bd_pool_t *p) {
  pthread_mutex_lock(&p->lock);
  p->stopping = true;
  pthread_cond_broadcast(&p->work);
  pthread_mutex_unlock(&p->lock);
  for (int i = 0; i < p->num_threads; i++)
    pthread_join(p->threads[i], NULL);
  on_wake(&p->wake); /* deliver the last completions */
  uv_close((uv_handle_t *)&p->wake, on_async_closed);
}

void bd_job_free(bd_job_t *job) {
  if (!job)
    return;
  free(job->fetch_key);
  free(job->fetch_name);
  free(job->program);
  free(job->pipeline);
  for (uint32_t i = 0; i < job->num_artifacts; i++)
    free(job->artifacts[i]);
  free(job->artifacts);
  free(job->file_name);
  free(job->gpu_arch);
  free(job->run_func);
  free(job->run_inputs);
  free(job->response);
  free(job);
}
