/*
** node.c -- ok-dqlite-node: a dqlite node (Canonical's replicated SQLite
** engine, libdqlite) whose every SQLite connection has ok: the extension is
** registered with sqlite3_auto_extension before the node opens one, so that
** the SQL clients send (expression indexes, generated columns) runs alike
** on every node.
**
**   ok-dqlite-node ID HOST:PORT DIR [HOST:PORT,...]
**
** ID: the node's id; HOST:PORT: where it serves clients and the other
** nodes; DIR: its data folder (made if missing). Node 1 with no data
** starts a new cluster. Any other node with no data joins the cluster at
** the addresses given: it asks them for the leader and has the leader add
** it as a voter (dqlite's wire protocol: LEADER, ADD, ASSIGN). A node with
** data rejoins as it was. SIGTERM or SIGINT stops it cleanly. Clients: the
** dqlite shell or go-dqlite's driver (docs/scaling-out.md).
*/
#define _POSIX_C_SOURCE 200809L
#include <dqlite.h>
#include <errno.h>
#include <netdb.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int sqlite3_ok_init(sqlite3 *db, char **err, const void *api);

/* dqlite's wire protocol, as far as joining needs it */
enum { LEADER = 0, OPEN = 3, EXEC_SQL = 8, QUERY_SQL = 9, ADD = 12, ASSIGN = 13 }; /* requests */
enum { FAILURE = 0, NODE = 1, DB = 4, RESULT = 6, ROWS = 7, EMPTY = 8 };           /* responses */
enum { VOTER = 0 };

static int connect_to(const char *address) {
  char host[256], *colon;
  struct addrinfo hints, *ai, *p;
  int fd = -1;
  snprintf(host, sizeof host, "%s", address);
  if (!(colon = strrchr(host, ':'))) return -1;
  *colon = 0;
  memset(&hints, 0, sizeof hints);
  hints.ai_socktype = SOCK_STREAM;
  if (getaddrinfo(host, colon + 1, &hints, &ai) != 0) return -1;
  for (p = ai; p && fd < 0; p = p->ai_next) {
    fd = socket(p->ai_family, p->ai_socktype, p->ai_protocol);
    if (fd >= 0 && connect(fd, p->ai_addr, p->ai_addrlen) != 0) close(fd), fd = -1;
  }
  freeaddrinfo(ai);
  if (fd >= 0) { /* the protocol version, 1, in a little-endian word */
    uint8_t version[8] = {1};
    if (write(fd, version, 8) != 8) close(fd), fd = -1;
  }
  return fd;
}

static void put64(uint8_t *p, uint64_t v) {
  int k;
  for (k = 0; k < 8; k++) p[k] = (uint8_t)(v >> (8 * k));
}

static uint64_t get64(const uint8_t *p) {
  uint64_t v = 0;
  int k;
  for (k = 7; k >= 0; k--) v = v << 8 | p[k];
  return v;
}

static int full(int fd, uint8_t *p, size_t n, int writing) {
  while (n > 0) {
    ssize_t k = writing ? write(fd, p, n) : read(fd, p, n);
    if (k <= 0) return 0;
    p += k, n -= (size_t)k;
  }
  return 1;
}

/* Sends request `type` with a uint64 and, if text, a text (NUL-ended,
** padded to a word); reads the response into body (room for 512 bytes).
** Returns the response's type, or -1. */
static int request(int fd, int type, uint64_t a, const char *text, uint64_t b, uint8_t *body) {
  uint8_t msg[8 + 8 + 264];
  size_t n = 8, len;
  memset(msg, 0, sizeof msg);
  put64(msg + 8, a);
  if (text) {
    len = strlen(text) + 1;
    if (len > 256) return -1;
    memcpy(msg + 16, text, len);
    n += (len + 7) / 8 * 8;
  } else if (type == ASSIGN) {
    put64(msg + 16, b), n += 8;
  }
  put64(msg, (n / 8) | (uint64_t)type << 32);
  if (!full(fd, msg, 8 + n, 1) || !full(fd, msg, 8, 0)) return -1;
  n = (size_t)(get64(msg) & 0xFFFFFFFFu) * 8;
  if (n > 512 || !full(fd, body, n, 0)) return -1;
  if (n < 512) body[n] = 0;
  return (int)(msg[4]);
}

/* Joins the cluster at the comma-separated addresses as voter `id`: 1; else
** 0 with why in why[0..256). ADD may have been done by an earlier try whose
** ASSIGN failed (a configuration change in progress): ASSIGN is tried
** whatever ADD answers. */
static int join(uint64_t id, const char *self, const char *addresses, char *why) {
  uint8_t body[513];
  char list[1024], *address, *save = NULL, leader[520];
  snprintf(list, sizeof list, "%s", addresses);
  snprintf(why, 256, "no leader known at %s", addresses);
  for (address = strtok_r(list, ",", &save); address; address = strtok_r(NULL, ",", &save)) {
    int fd = connect_to(address), type;
    if (fd < 0) continue;
    type = request(fd, LEADER, 0, NULL, 0, body);
    close(fd);
    if (type != NODE || !body[8]) continue; /* no leader known there */
    snprintf(leader, sizeof leader, "%s", (const char *)body + 8);
    if ((fd = connect_to(leader)) < 0) continue;
    request(fd, ADD, id, self, 0, body);
    type = request(fd, ASSIGN, id, NULL, VOTER, body);
    close(fd);
    if (type == EMPTY) return 1;
    if (type == FAILURE) snprintf(why, 256, "%.100s: %.140s", leader, (const char *)body + 8);
  }
  return 0;
}

/* dir made with the folders above it, as mkdir -p does: 0, or -1 with errno. */
static int make_dir(const char *dir) {
  char path[4096];
  size_t i, n = strlen(dir);
  if (n >= sizeof path) return errno = ENAMETOOLONG, -1;
  memcpy(path, dir, n + 1);
  for (i = 1; i <= n; i++) {
    if (path[i] != '/' && path[i] != 0) continue;
    path[i] = 0;
    if (mkdir(path, 0755) != 0 && errno != EEXIST) return -1;
    path[i] = dir[i];
  }
  return 0;
}

/* 1 when dir holds no Raft data yet. */
static int is_new(const char *dir) {
  char path[4096];
  struct stat st;
  snprintf(path, sizeof path, "%s/metadata1", dir);
  return stat(path, &st) != 0;
}

int main(int argc, char **argv) {
  dqlite_node *node;
  unsigned long long id;
  sigset_t stop;
  int sig, rc, fresh, tries;
  char *end, why[256];
  if (argc < 4 || argc > 5 || (id = strtoull(argv[1], &end, 10)) == 0 || *end) {
    fprintf(stderr, "usage: ok-dqlite-node ID HOST:PORT DIR [HOST:PORT,... to join]\n");
    return 2;
  }
  if (make_dir(argv[3]) != 0) {
    fprintf(stderr, "ok-dqlite-node: cannot make %s: %s\n", argv[3], strerror(errno));
    return 1;
  }
  fresh = is_new(argv[3]);
  if (fresh && id != 1 && argc < 5) {
    fprintf(stderr, "ok-dqlite-node: node %llu has no data: give the addresses to join\n", id);
    return 2;
  }
  /* every connection the node opens from now on has ok */
  if (sqlite3_auto_extension((void (*)(void))sqlite3_ok_init) != SQLITE_OK) {
    fprintf(stderr, "ok-dqlite-node: cannot register ok\n");
    return 1;
  }
  /* a peer gone mid-write (a killed node) must not kill this one */
  signal(SIGPIPE, SIG_IGN);
  /* blocked here, so that dqlite's threads leave them to sigwait below */
  sigemptyset(&stop);
  sigaddset(&stop, SIGTERM);
  sigaddset(&stop, SIGINT);
  pthread_sigmask(SIG_BLOCK, &stop, NULL);
  if ((rc = dqlite_node_create(id, argv[2], argv[3], &node)) != 0 ||
      (rc = dqlite_node_set_bind_address(node, argv[2])) != 0 ||
      (rc = dqlite_node_start(node)) != 0) {
    fprintf(stderr, "ok-dqlite-node: node %llu at %s cannot start (%d)\n", id, argv[2], rc);
    return 1;
  }
  for (tries = 0; fresh && id != 1 && !join(id, argv[2], argv[4], why); tries++) {
    if (tries == 100) { /* 10 s */
      fprintf(stderr, "ok-dqlite-node: node %llu could not join: %s\n", id, why);
      dqlite_node_stop(node);
      dqlite_node_destroy(node);
      return 1;
    }
    nanosleep(&(struct timespec){0, 100000000}, NULL);
  }
  printf("ok-dqlite-node %llu serving %s (data in %s)\n", id, argv[2], argv[3]);
  fflush(stdout);
  sigwait(&stop, &sig);
  dqlite_node_stop(node);
  dqlite_node_destroy(node);
  printf("ok-dqlite-node %llu stopped\n", id);
  return 0;
}
