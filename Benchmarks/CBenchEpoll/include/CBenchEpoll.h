#ifndef CBENCHEPOLL_H
#define CBENCHEPOLL_H

#include <stdint.h>

/// epoll(7) for the bench's fleet of clients, which Swift's Glibc module does not export. Linux only:
/// elsewhere every function returns -1 with errno ENOSYS, and the bench falls back to poll(2).

/// A new epoll instance (close-on-exec), or -1.
int bench_epoll_create(void);

/// Watches `fd` for input, reporting `tag` when it is readable; 0, or -1.
int bench_epoll_add(int epfd, int fd, uint64_t tag);

/// Stops watching `fd`; 0, or -1.
int bench_epoll_remove(int epfd, int fd);

/// Waits up to `timeout_ms` for input; writes the tags of the ready descriptors (at most `max`) and
/// returns how many, or -1.
int bench_epoll_wait(int epfd, uint64_t *tags, int max, int timeout_ms);

#endif
