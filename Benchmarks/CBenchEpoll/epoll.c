#include "CBenchEpoll.h"

#include <errno.h>

#ifdef __linux__
#include <sys/epoll.h>

int bench_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

int bench_epoll_add(int epfd, int fd, uint64_t tag) {
    struct epoll_event event = { .events = EPOLLIN, .data.u64 = tag };
    return epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &event);
}

int bench_epoll_remove(int epfd, int fd) { return epoll_ctl(epfd, EPOLL_CTL_DEL, fd, 0); }

int bench_epoll_wait(int epfd, uint64_t *tags, int max, int timeout_ms) {
    struct epoll_event events[256];
    if (max > 256) max = 256;
    int n = epoll_wait(epfd, events, max, timeout_ms);
    for (int i = 0; i < n; i++) tags[i] = events[i].data.u64;
    return n;
}
#else
int bench_epoll_create(void) { errno = ENOSYS; return -1; }
int bench_epoll_add(int epfd, int fd, uint64_t tag) { (void)epfd; (void)fd; (void)tag; errno = ENOSYS; return -1; }
int bench_epoll_remove(int epfd, int fd) { (void)epfd; (void)fd; errno = ENOSYS; return -1; }
int bench_epoll_wait(int epfd, uint64_t *tags, int max, int timeout_ms) {
    (void)epfd; (void)tags; (void)max; (void)timeout_ms; errno = ENOSYS; return -1;
}
#endif
