/*
 * http.c: HTTP/1.1 connections on the libuv loop, parsed by Node's
 * http_parser.
 *
 * One request per connection is handled at a time: when a request is
 * complete the parser is paused and reading stops, the handler answers
 * (now or after a compile), the response is written, and then parsing
 * resumes on any pipelined bytes already received before reading again.
 * This keeps responses in request order without a response queue.
 *
 * Limits are enforced while bytes arrive, before they are kept: header bytes
 * and header fields (431), the HTTP version (505: only HTTP/1.x), body bytes
 * by Content-Length, by a chunk's announced size or while chunked (413), the
 * time to receive a whole request once it started (408), the time before a
 * new connection's first byte, and the idle time of a keep-alive
 * connection. Every failure closes only its own connection, after its
 * answer: the socket is shut down for writing and drained briefly before
 * it is closed, so that unread request bytes do not reset the connection
 * and swallow the answer.
 *
 * Connections are bounded in number (--max-connections) and per client
 * address (--max-connections-per-client): a connection over either bound is
 * accepted, answered 503 with Retry-After, counted, logged (at most one
 * line a second) and closed; the connections already open are untouched.
 *
 * Lifetime: a connection is freed when its socket and timer are closed and
 * no request refers to it; a request lives until its handler has answered
 * and released it, so an answer that arrives after the client left is
 * dropped safely.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "bufferd.h"

typedef struct bd_conn bd_conn_t;

typedef struct header {
  char *name;
  char *value;
} header_t;

struct bd_request {
  bd_conn_t *conn;
  int refs;
  char method[16];
  char *url;
  size_t url_len;
  char *path;                  /* url without the query */
  char *query;                 /* the url after '?', before any '#', or NULL */
  header_t *headers;
  uint32_t num_headers, cap_headers;
  char *body;
  size_t body_len, body_cap;
  char *common_headers;        /* sent with every answer (CORS), or NULL */
  bool keep_alive;
  bool responded;
  char id[24];
  uint64_t start_ns;
};

struct bd_conn {
  uv_tcp_t tcp;
  uv_timer_t timer;
  uv_shutdown_t shutdown;      /* the lingering close after a final answer */
  http_parser parser;
  bd_server_t *server;
  int refs;                    /* tcp + timer handles + requests */
  bool closing;
  bool busy;                   /* a complete request is being answered */
  bool failed;                 /* a protocol error was answered: ignore input */
  bool in_message;             /* bytes of a request have arrived */
  bool lingering;              /* answered for the last time: drain, close */
  bool rejected;               /* over a connection bound: 503, then closed */
  bool counted_peer;           /* counted in server->peers under peer */
  char peer[BD_PEER_ADDRESS_LEN]; /* the client's address as text */
  /* why a parser callback refused the request (conn_feed answers it) */
  int refuse_status;
  const char *refuse_code;
  char refuse_message[160];
  bool header_value_last;      /* for header field/value callbacks */
  uint64_t header_bytes;
  bd_request_t *req;           /* the request being parsed or answered */
  char *pending;               /* received but unparsed (pipelined) bytes */
  size_t pending_len;
};

typedef struct write_req {
  uv_write_t req;
  bd_conn_t *conn;
  bool close_after;
  char *owned_body;  /* a body handed over (bd_respond_take), freed here */
  char data[];
} write_req_t;

static http_parser_settings parser_settings;

static const char *reason(int status) {
  switch (status) {
  case 200: return "OK";
  case 204: return "No Content";
  case 304: return "Not Modified";
  case 400: return "Bad Request";
  case 401: return "Unauthorized";
  case 403: return "Forbidden";
  case 404: return "Not Found";
  case 405: return "Method Not Allowed";
  case 408: return "Request Timeout";
  case 411: return "Length Required";
  case 413: return "Payload Too Large";
  case 415: return "Unsupported Media Type";
  case 422: return "Unprocessable Entity";
  case 431: return "Request Header Fields Too Large";
  case 500: return "Internal Server Error";
  case 503: return "Service Unavailable";
  case 504: return "Gateway Timeout";
  case 505: return "HTTP Version Not Supported";
  default: return "Unknown";
  }
}

static void conn_unref(bd_conn_t *c) {
  if (--c->refs == 0) {
    free(c->pending);
    free(c);
  }
}

static void on_handle_closed(uv_handle_t *h) {
  bd_conn_t *c = h->data;
  conn_unref(c);
}

static void request_free(bd_request_t *r);

/* Drops the request being parsed, if any (one not yet handed to a handler:
 * a handler's request is released by its answer). */
static void drop_partial_request(bd_conn_t *c) {
  bd_request_t *r = c->req;
  if (r && !c->busy) {
    c->req = NULL;
    request_free(r);
    c->refs--; /* the request's reference; the handles still hold theirs */
  }
}

static void conn_close(bd_conn_t *c) {
  if (c->closing)
    return;
  c->closing = true;
  drop_partial_request(c);
  c->server->open_connections--;
  if (c->rejected)
    c->server->rejecting--;
  if (c->counted_peer)
    bd_peers_remove(c->server->peers, c->peer);
  uv_close((uv_handle_t *)&c->tcp, on_handle_closed);
  uv_close((uv_handle_t *)&c->timer, on_handle_closed);
}

static void request_free(bd_request_t *r) {
  for (uint32_t i = 0; i < r->num_headers; i++) {
    free(r->headers[i].name);
    free(r->headers[i].value);
  }
  free(r->headers);
  free(r->url);
  free(r->path);
  free(r->query);
  free(r->body);
  free(r->common_headers);
  free(r);
}

void bd_request_retain(bd_request_t *r) { r->refs++; }

void bd_request_take_common_headers(bd_request_t *r, char *headers) {
  free(r->common_headers);
  r->common_headers = headers;
}

void bd_request_release(bd_request_t *r) {
  if (--r->refs > 0)
    return;
  bd_conn_t *c = r->conn;
  request_free(r);
  if (c)
    conn_unref(c);
}

const char *bd_request_method(const bd_request_t *r) { return r->method; }
const char *bd_request_path(const bd_request_t *r) { return r->path ? r->path : "/"; }
const char *bd_request_id(const bd_request_t *r) { return r->id; }

char *bd_request_take_body(bd_request_t *r, size_t *len) {
  char *body = r->body ? r->body : calloc(1, 1);
  *len = r->body_len;
  r->body = NULL;
  r->body_len = r->body_cap = 0;
  return body;
}

const char *bd_request_query(const bd_request_t *r) { return r->query ? r->query : ""; }
bool bd_request_is_head(const bd_request_t *r) { return strcmp(r->method, "HEAD") == 0; }

const char *bd_request_header(const bd_request_t *r, const char *name) {
  for (uint32_t i = 0; i < r->num_headers; i++)
    if (strcasecmp(r->headers[i].name, name) == 0)
      return r->headers[i].value;
  return NULL;
}

const char *bd_request_body(const bd_request_t *r, size_t *len) {
  *len = r->body_len;
  return r->body ? r->body : "";
}

static void timer_start(bd_conn_t *c, uint64_t ms, uv_timer_cb cb) {
  uv_timer_stop(&c->timer);
  if (ms > 0)
    uv_timer_start(&c->timer, cb, ms, 0);
}

static void on_idle_timeout(uv_timer_t *t) {
  bd_conn_t *c = t->data;
  if (!c->busy)
    conn_close(c);
}

static void write_raw(bd_conn_t *c, const char *head, size_t head_len,
                      const char *body, size_t body_len, bool close_after,
                      char *owned_body);

/* Answers a protocol-level problem and closes the connection (lingering:
 * input that still arrives is read and dropped until the close). */
static void fail_connection(bd_conn_t *c, int status, const char *code,
                            const char *message, const char *extra_headers) {
  json_t *o = json_pack("{s:{s:s,s:s}}", "error", "code", code, "message", message);
  char *body = json_dumps(o, JSON_COMPACT);
  json_decref(o);
  /* A page on an allowed origin may read why its request was refused (a
   * 413 while sending, say); only named origins, as the route is unknown
   * until the request is complete. */
  bd_request_t *r = c->req;
  char *cors = r && r->path && !c->busy
                   ? bd_cors_headers(c->server->cfg, bd_request_header(r, "Origin"), false, NULL)
                   : NULL;
  char head[2048];
  int n = snprintf(head, sizeof head,
                   "HTTP/1.1 %d %s\r\nContent-Type: application/json\r\n"
                   "Content-Length: %zu\r\nX-Content-Type-Options: nosniff\r\n"
                   "Connection: close\r\n%s%s\r\n",
                   status, reason(status), strlen(body), extra_headers ? extra_headers : "",
                   cors ? cors : "");
  free(cors);
  if (n >= (int)sizeof head) /* an origin is at most 512 bytes (config.c) */
    n = (int)sizeof head - 1;
  c->server->metrics.requests[status / 100]++;
  drop_partial_request(c);
  c->failed = true; /* ignore further input */
  write_raw(c, head, (size_t)n, body, strlen(body), true, NULL);
  free(body);
}

static void on_request_timeout(uv_timer_t *t) {
  bd_conn_t *c = t->data;
  if (c->failed)
    return;
  if (!c->busy && c->in_message)
    fail_connection(c, 408, "request_timeout",
                    "the request did not arrive completely in time", NULL);
  else if (!c->busy)
    conn_close(c);
}

/* Refused connections that may linger at once (the rest close as soon as
 * their 503 is written); within the descriptor headroom main.c keeps. */
#define MAX_LINGERING_REJECTIONS 32

static void on_linger_timeout(uv_timer_t *t) { conn_close(t->data); }

static void on_shutdown(uv_shutdown_t *req, int status) {
  bd_conn_t *c = req->data;
  if (status < 0)
    conn_close(c);
  conn_unref(c); /* the shutdown request's reference */
}

static void on_read(uv_stream_t *stream, ssize_t n, const uv_buf_t *buf);
static void alloc_buffer(uv_handle_t *h, size_t suggested, uv_buf_t *buf);

/* After the last answer: shut down our side, read and drop what the client
 * still sends until it closes or a second passes, then close. Closing with
 * unread bytes would reset the connection and could swallow the answer. */
static void conn_linger(bd_conn_t *c) {
  if (c->closing || c->lingering)
    return;
  /* A flood of refused connections must not hold descriptors: only a few
   * of them linger, and briefly. */
  if (c->rejected && c->server->rejecting > MAX_LINGERING_REJECTIONS) {
    conn_close(c);
    return;
  }
  c->lingering = true;
  c->failed = true;
  c->shutdown.data = c;
  if (uv_shutdown(&c->shutdown, (uv_stream_t *)&c->tcp, on_shutdown) < 0) {
    conn_close(c);
    return;
  }
  c->refs++;
  timer_start(c, c->rejected ? 200 : 1000, on_linger_timeout);
  uv_read_start((uv_stream_t *)&c->tcp, alloc_buffer, on_read);
}

static void on_write(uv_write_t *w, int status) {
  write_req_t *wr = (write_req_t *)w;
  bd_conn_t *c = wr->conn;
  c->server->pending_writes--;
  if (status < 0 && !c->closing)
    conn_close(c);
  else if (wr->close_after && !c->closing)
    conn_linger(c);
  conn_unref(c);
  free(wr->owned_body);
  free(wr);
}

/* Queues head and body. A body handed over (owned_body, which is body) is
 * written from where it is and freed once written; any other is copied
 * next to the head. */
static void write_raw(bd_conn_t *c, const char *head, size_t head_len,
                      const char *body, size_t body_len, bool close_after,
                      char *owned_body) {
  if (c->closing) {
    free(owned_body);
    return;
  }
  size_t copied = owned_body ? 0 : body_len;
  write_req_t *wr = malloc(sizeof *wr + head_len + copied);
  if (!wr) {
    free(owned_body);
    conn_close(c);
    return;
  }
  memcpy(wr->data, head, head_len);
  if (copied)
    memcpy(wr->data + head_len, body, copied);
  wr->conn = c;
  wr->close_after = close_after;
  wr->owned_body = owned_body;
  c->refs++;
  uv_buf_t bufs[2] = {uv_buf_init(wr->data, (unsigned)(head_len + copied)),
                      uv_buf_init(owned_body, (unsigned)(owned_body ? body_len : 0))};
  if (uv_write(&wr->req, (uv_stream_t *)&c->tcp, bufs, owned_body && body_len ? 2 : 1,
               on_write) < 0) {
    conn_unref(c);
    free(wr->owned_body);
    free(wr);
    conn_close(c);
    return;
  }
  c->server->pending_writes++;
}

static void conn_resume(bd_conn_t *c);

static void respond(bd_request_t *r, int status, const char *content_type,
                    const char *body, size_t len, const char *extra_headers,
                    char *owned_body);

void bd_respond(bd_request_t *r, int status, const char *content_type,
                const char *body, size_t len, const char *extra_headers) {
  respond(r, status, content_type, body, len, extra_headers, NULL);
}

void bd_respond_take(bd_request_t *r, int status, const char *content_type, char *body,
                     size_t len, const char *extra_headers) {
  respond(r, status, content_type, body, len, extra_headers, body);
}

static void respond(bd_request_t *r, int status, const char *content_type,
                    const char *body, size_t len, const char *extra_headers,
                    char *owned_body) {
  if (r->responded) {
    free(owned_body);
    return;
  }
  r->responded = true;
  bd_conn_t *c = r->conn;
  bd_server_t *s = c->server;
  double seconds = (double)(uv_hrtime() - r->start_ns) * 1e-9;
  s->metrics.requests[status / 100 < 8 ? status / 100 : 0]++;
  bd_histogram_observe(&s->metrics.request_seconds, seconds);
  s->inflight_requests--;
  if (!s->cfg->quiet) {
    json_t *f = json_pack("{s:s,s:s,s:s,s:i,s:f}", "request_id", r->id, "method",
                          r->method, "path", bd_request_path(r), "status", status,
                          "ms", bd_log_round_ms(seconds));
    bd_log("info", "request", f);
  }
  if (c->closing) {
    free(owned_body);
    return;
  }
  bool keep = r->keep_alive && !s->draining && status != 408;
  char *head = NULL;
  size_t head_len = 0;
  FILE *f = open_memstream(&head, &head_len);
  fprintf(f, "HTTP/1.1 %d %s\r\n", status, reason(status));
  /* A 204 or 304 has no body, and neither says a length (RFC 9110, 8.6). */
  if (status != 204 && status != 304)
    fprintf(f, "Content-Type: %s\r\nContent-Length: %zu\r\n",
            content_type ? content_type : "application/json", len);
  fprintf(f,
          "X-Content-Type-Options: nosniff\r\n"
          "X-Request-Id: %s\r\nConnection: %s\r\n%s%s\r\n",
          r->id, keep ? "keep-alive" : "close",
          extra_headers ? extra_headers : "", r->common_headers ? r->common_headers : "");
  fclose(f);
  bool head_only = bd_request_is_head(r);
  if (head_only) {
    free(owned_body);
    owned_body = NULL;
  }
  write_raw(c, head, head_len, body, head_only ? 0 : len, !keep, owned_body);
  free(head);
  if (keep) {
    /* The next pipelined request may start now; responses stay ordered
     * because it is parsed only after this write was queued. */
    c->busy = false;
    c->req = NULL;
    bd_request_release(r); /* the connection's reference */
    conn_resume(c);
  } else {
    c->req = NULL;
    bd_request_release(r);
  }
}

void bd_respond_error(bd_request_t *r, int status, const char *code,
                      const char *message, json_t *diagnostics,
                      const char *extra_headers) {
  json_t *err = json_pack("{s:s,s:s,s:s}", "code", code, "message", message,
                          "request_id", r->id);
  if (diagnostics)
    json_object_set_new(err, "diagnostics", diagnostics);
  json_t *o = json_pack("{s:o}", "error", err);
  char *body = json_dumps(o, JSON_COMPACT);
  json_decref(o);
  bd_respond(r, status, "application/json", body, strlen(body), extra_headers);
  free(body);
}

/* ---- parser callbacks ---- */

/* Records why a callback refuses the request and returns the parser's
 * error value; conn_feed answers with it. */
static int refuse(bd_conn_t *c, int status, const char *code, const char *fmt,
                  unsigned long long limit) {
  c->refuse_status = status;
  c->refuse_code = code;
  snprintf(c->refuse_message, sizeof c->refuse_message, fmt, limit);
  return -1;
}

static bool over_header_limit(bd_conn_t *c, size_t more) {
  c->header_bytes += more;
  if (c->header_bytes <= c->server->cfg->max_header_bytes)
    return false;
  refuse(c, 431, "headers_too_large",
         "request headers exceed the limit of %llu bytes (max-header-bytes)",
         (unsigned long long)c->server->cfg->max_header_bytes);
  return true;
}

static int refuse_body(bd_conn_t *c) {
  return refuse(c, 413, "body_too_large",
                "request body exceeds the limit of %llu bytes (max-body-bytes)",
                (unsigned long long)c->server->cfg->max_body_bytes);
}

static int on_message_begin(http_parser *p) {
  bd_conn_t *c = p->data;
  bd_server_t *s = c->server;
  bd_request_t *r = calloc(1, sizeof *r);
  if (!r)
    return -1;
  r->conn = c;
  r->refs = 1; /* the connection's reference */
  r->start_ns = uv_hrtime();
  snprintf(r->id, sizeof r->id, "%08llx-%06llx",
           (unsigned long long)(s->started_ms & 0xffffffffu),
           (unsigned long long)++s->next_request_id);
  c->refs++;
  c->req = r;
  c->in_message = true;
  c->refuse_status = 0;
  c->header_bytes = 0;
  c->header_value_last = false;
  timer_start(c, s->cfg->header_timeout_ms, on_request_timeout);
  return 0;
}

static int append(char **dst, size_t *len, const char *at, size_t n) {
  char *grown = realloc(*dst, *len + n + 1);
  if (!grown)
    return -1;
  memcpy(grown + *len, at, n);
  *len += n;
  grown[*len] = 0;
  *dst = grown;
  return 0;
}

static int on_url(http_parser *p, const char *at, size_t n) {
  bd_conn_t *c = p->data;
  if (over_header_limit(c, n))
    return -1;
  return append(&c->req->url, &c->req->url_len, at, n);
}

static int on_header_field(http_parser *p, const char *at, size_t n) {
  bd_conn_t *c = p->data;
  bd_request_t *r = c->req;
  if (over_header_limit(c, n))
    return -1;
  if (r->num_headers == 0 || c->header_value_last) {
    if (r->num_headers >= c->server->cfg->max_headers)
      return refuse(c, 431, "headers_too_large",
                    "the request has more than %llu header fields (max-headers)",
                    (unsigned long long)c->server->cfg->max_headers);
    if (r->num_headers == r->cap_headers) {
      r->cap_headers = r->cap_headers ? r->cap_headers * 2 : 16;
      r->headers = realloc(r->headers, r->cap_headers * sizeof *r->headers);
    }
    r->headers[r->num_headers++] = (header_t){NULL, NULL};
    c->header_value_last = false;
  }
  header_t *h = &r->headers[r->num_headers - 1];
  size_t len = h->name ? strlen(h->name) : 0;
  return append(&h->name, &len, at, n);
}

static int on_header_value(http_parser *p, const char *at, size_t n) {
  bd_conn_t *c = p->data;
  bd_request_t *r = c->req;
  if (over_header_limit(c, n) || r->num_headers == 0)
    return -1;
  c->header_value_last = true;
  header_t *h = &r->headers[r->num_headers - 1];
  size_t len = h->value ? strlen(h->value) : 0;
  return append(&h->value, &len, at, n);
}

static int on_headers_complete(http_parser *p) {
  bd_conn_t *c = p->data;
  bd_request_t *r = c->req;
  snprintf(r->method, sizeof r->method, "%s", http_method_str(p->method));
  if (r->url) {
    size_t n = strcspn(r->url, "?#");
    r->path = strndup(r->url, n);
    if (r->url[n] == '?')
      r->query = strndup(r->url + n + 1, strcspn(r->url + n + 1, "#"));
  }
  if (p->http_major != 1)
    return refuse(c, 505, "http_version_not_supported",
                  "only HTTP/1.0 and HTTP/1.1 are served (got major version %llu)",
                  p->http_major);
  /* Refuse an announced oversize body before reading it. */
  if ((p->flags & F_CONTENTLENGTH) &&
      p->content_length > c->server->cfg->max_body_bytes)
    return refuse_body(c);
  /* A client that asks before sending its body (curl does above 1 MB) is
   * told to go on now, not left to its own timeout (curl: a second). */
  const char *expect = bd_request_header(r, "Expect");
  if (p->http_minor >= 1 && expect && strcasecmp(expect, "100-continue") == 0) {
    static const char go_on[] = "HTTP/1.1 100 Continue\r\n\r\n";
    write_raw(c, go_on, sizeof go_on - 1, NULL, 0, false, NULL);
  }
  return 0;
}

/* A chunk announces its size first: one past the body limit is refused
 * before its bytes are awaited. */
static int on_chunk_header(http_parser *p) {
  bd_conn_t *c = p->data;
  uint64_t max = c->server->cfg->max_body_bytes;
  /* Subtracted, not added: a huge chunk size must not wrap the sum. */
  if (c->req->body_len > max || p->content_length > max - c->req->body_len)
    return refuse_body(c);
  return 0;
}

static int on_body(http_parser *p, const char *at, size_t n) {
  bd_conn_t *c = p->data;
  bd_request_t *r = c->req;
  if (r->body_len + n > c->server->cfg->max_body_bytes)
    return refuse_body(c);
  if (r->body_len + n + 1 > r->body_cap) {
    /* an announced length is allocated at once: a model's text is
     * hundreds of megabytes, not worth growing into */
    size_t cap = r->body_cap ? r->body_cap
                 : (p->flags & F_CONTENTLENGTH) ? (size_t)p->content_length + n + 1
                                                : 4096;
    while (cap < r->body_len + n + 1)
      cap *= 2;
    char *grown = realloc(r->body, cap);
    if (!grown)
      return -1;
    r->body = grown;
    r->body_cap = cap;
  }
  memcpy(r->body + r->body_len, at, n);
  r->body_len += n;
  r->body[r->body_len] = 0;
  return 0;
}

static int on_message_complete(http_parser *p) {
  bd_conn_t *c = p->data;
  c->req->keep_alive = http_should_keep_alive(p) != 0;
  c->in_message = false;
  c->busy = true;
  uv_timer_stop(&c->timer);
  http_parser_pause(p, 1);
  return 0;
}

/* Feeds data to the parser; dispatches a completed request and keeps any
 * bytes after it for later. */
static void conn_feed(bd_conn_t *c, const char *data, size_t len) {
  bd_server_t *s = c->server;
  size_t parsed = http_parser_execute(&c->parser, &parser_settings, data, len);
  enum http_errno err = HTTP_PARSER_ERRNO(&c->parser);
  if (err == HPE_PAUSED) {
    if (parsed < len) {
      char *rest = malloc(len - parsed);
      memcpy(rest, data + parsed, len - parsed);
      free(c->pending);
      c->pending = rest;
      c->pending_len = len - parsed;
    }
    uv_read_stop((uv_stream_t *)&c->tcp);
    bd_request_t *r = c->req;
    s->inflight_requests++;
    bd_route(s, r);
    return;
  }
  if (err == HPE_OK)
    return;
  if (c->refuse_status) {
    fail_connection(c, c->refuse_status, c->refuse_code, c->refuse_message, NULL);
  } else if (err == HPE_HEADER_OVERFLOW) {
    /* http_parser's own bound on a head (80 KiB) */
    fail_connection(c, 431, "headers_too_large", "request headers are too large", NULL);
  } else if (err == HPE_INVALID_VERSION) {
    fail_connection(c, 505, "http_version_not_supported",
                    "only HTTP/1.0 and HTTP/1.1 are served", NULL);
  } else {
    char msg[256];
    snprintf(msg, sizeof msg, "malformed HTTP request: %s", http_errno_description(err));
    fail_connection(c, 400, "bad_http", msg, NULL);
  }
}

static void alloc_buffer(uv_handle_t *h, size_t suggested, uv_buf_t *buf) {
  (void)h;
  buf->base = malloc(suggested);
  buf->len = buf->base ? suggested : 0;
}

static void on_read(uv_stream_t *stream, ssize_t n, const uv_buf_t *buf) {
  bd_conn_t *c = stream->data;
  if (n < 0) {
    conn_close(c);
  } else if (n > 0 && !c->busy && !c->failed) {
    if (!c->in_message)
      timer_start(c, c->server->cfg->header_timeout_ms, on_request_timeout);
    conn_feed(c, buf->base, (size_t)n);
  }
  free(buf->base);
}

/* After a response: parse pipelined bytes, or read again. */
static void conn_resume(bd_conn_t *c) {
  if (c->closing)
    return;
  http_parser_pause(&c->parser, 0);
  if (c->pending_len > 0) {
    char *data = c->pending;
    size_t len = c->pending_len;
    c->pending = NULL;
    c->pending_len = 0;
    conn_feed(c, data, len);
    free(data);
    if (c->busy || c->closing)
      return;
  }
  timer_start(c, c->server->cfg->idle_timeout_ms, on_idle_timeout);
  uv_read_start((uv_stream_t *)&c->tcp, alloc_buffer, on_read);
}

static const char *const reject_codes[] = {
    [BD_REJECT_MAX_CONNECTIONS] = "too_many_connections",
    [BD_REJECT_PER_CLIENT] = "too_many_connections_from_client",
    [BD_REJECT_ACCEPT_FAILED] = "accept_failed",
};

/* Counts a refused connection and logs it, at most one line a second (a
 * flood must not flood the log too): the line says how many were refused
 * since the last one. */
static void note_rejection(bd_server_t *s, bd_reject_reason_t why, const char *peer,
                           int status) {
  s->metrics.connections_rejected[why]++;
  s->rejected_unlogged++;
  uint64_t now = uv_now(s->loop);
  if (s->last_reject_log_ms && now - s->last_reject_log_ms < 1000)
    return;
  s->last_reject_log_ms = now;
  json_t *f = json_pack("{s:s,s:s,s:I,s:i,s:i,s:i}", "reason", reject_codes[why], "client",
                        peer, "refused_since_last_line", (json_int_t)s->rejected_unlogged,
                        "open_connections", s->open_connections, "max_connections",
                        s->cfg->max_connections, "max_connections_per_client",
                        s->cfg->max_connections_per_client);
  if (status < 0)
    json_object_set_new(f, "error", json_string(uv_strerror(status)));
  bd_log("warning", "connection refused", f);
  s->rejected_unlogged = 0;
}

/* The client's address as text ("?" when unknown). */
static void peer_address(uv_tcp_t *tcp, char *out, size_t size) {
  struct sockaddr_storage addr;
  int len = sizeof addr;
  snprintf(out, size, "?");
  if (uv_tcp_getpeername(tcp, (struct sockaddr *)&addr, &len) < 0)
    return;
  if (addr.ss_family == AF_INET6)
    uv_ip6_name((struct sockaddr_in6 *)&addr, out, size);
  else if (addr.ss_family == AF_INET)
    uv_ip4_name((struct sockaddr_in *)&addr, out, size);
}

static void on_connection(uv_stream_t *listener, int status) {
  bd_server_t *s = listener->data;
  if (status < 0) {
    /* Out of descriptors: libuv has already accepted and closed the
     * connection to keep the listener from spinning. */
    note_rejection(s, BD_REJECT_ACCEPT_FAILED, "?", status);
    return;
  }
  bd_conn_t *c = calloc(1, sizeof *c);
  if (!c)
    return;
  c->server = s;
  uv_tcp_init(s->loop, &c->tcp);
  uv_timer_init(s->loop, &c->timer);
  c->tcp.data = c;
  c->timer.data = c;
  c->refs = 2;
  s->open_connections++;
  if (uv_accept(listener, (uv_stream_t *)&c->tcp) < 0) {
    conn_close(c);
    return;
  }
  uv_tcp_nodelay(&c->tcp, 1);
  http_parser_init(&c->parser, HTTP_REQUEST);
  c->parser.data = c;
  peer_address(&c->tcp, c->peer, sizeof c->peer);
  uint32_t from_peer = bd_peers_add(s->peers, c->peer);
  c->counted_peer = true;
  uv_read_start((uv_stream_t *)&c->tcp, alloc_buffer, on_read);
  /* Connections being refused count against neither bound: a flood of
   * them must not lock out everyone else. */
  int serving = s->open_connections - s->rejecting;
  if (serving > s->cfg->max_connections ||
      from_peer > (uint32_t)s->cfg->max_connections_per_client) {
    bool total = serving > s->cfg->max_connections;
    c->rejected = true;
    s->rejecting++;
    bd_peers_remove(s->peers, c->peer);
    c->counted_peer = false;
    note_rejection(s, total ? BD_REJECT_MAX_CONNECTIONS : BD_REJECT_PER_CLIENT, c->peer, 0);
    fail_connection(c, 503, total ? "too_many_connections" : "too_many_connections_from_client",
                    total ? "the server has as many connections open as it allows; retry later"
                          : "this client has as many connections open as it may; retry later",
                    "Retry-After: 1\r\n");
    return;
  }
  timer_start(c, s->cfg->first_byte_timeout_ms, on_request_timeout);
}

/* systemd socket activation: when LISTEN_PID is this process and
 * LISTEN_FDS >= 1, the listening socket is fd 3 (SD_LISTEN_FDS_START). */
static int activated_socket(void) {
  const char *pid = getenv("LISTEN_PID");
  const char *fds = getenv("LISTEN_FDS");
  if (!pid || !fds || atol(pid) != (long)getpid() || atoi(fds) < 1)
    return -1;
  return 3;
}

int bd_http_listen(bd_server_t *s) {
  parser_settings = (http_parser_settings){
      .on_message_begin = on_message_begin,
      .on_url = on_url,
      .on_header_field = on_header_field,
      .on_header_value = on_header_value,
      .on_headers_complete = on_headers_complete,
      .on_body = on_body,
      .on_chunk_header = on_chunk_header,
      .on_message_complete = on_message_complete,
  };
  int rc;
  uv_tcp_init(s->loop, &s->listener);
  s->listener.data = s;
  int fd = activated_socket();
  if (fd >= 0) {
    if ((rc = uv_tcp_open(&s->listener, fd)) < 0)
      return rc;
  } else {
    struct sockaddr_storage addr;
    rc = uv_ip4_addr(s->cfg->listen_host, s->cfg->listen_port,
                     (struct sockaddr_in *)&addr);
    if (rc < 0)
      rc = uv_ip6_addr(s->cfg->listen_host, s->cfg->listen_port,
                       (struct sockaddr_in6 *)&addr);
    if (rc < 0)
      return rc;
    if ((rc = uv_tcp_bind(&s->listener, (struct sockaddr *)&addr, 0)) < 0)
      return rc;
  }
  if ((rc = uv_listen((uv_stream_t *)&s->listener, 1024, on_connection)) < 0)
    return rc;
  struct sockaddr_storage bound;
  int len = sizeof bound;
  uv_tcp_getsockname(&s->listener, (struct sockaddr *)&bound, &len);
  s->cfg->listen_port = ntohs(((struct sockaddr_in *)&bound)->sin_port);
  return 0;
}

void bd_http_stop_listening(bd_server_t *s) {
  if (!uv_is_closing((uv_handle_t *)&s->listener))
    uv_close((uv_handle_t *)&s->listener, NULL);
}
