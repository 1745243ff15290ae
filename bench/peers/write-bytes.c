/*
 * The floor for writing a tour: a minimal C program that writes N bytes to a file, 4 MiB at a
 * time with write(2), the buffer filled once with counting 32-bit words. No tour is computed:
 * whatever `knight tour --format bin` takes beyond this is the price of the tour itself.
 *   gcc -O2 -o write-bytes write-bytes.c && ./write-bytes FILE BYTES
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define CHUNK (4u << 20)

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: write-bytes FILE BYTES\n");
    return 2;
  }
  long long left = atoll(argv[2]);
  int fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) {
    perror(argv[1]);
    return 1;
  }
  uint32_t *buffer = malloc(CHUNK);
  for (uint32_t i = 0; i < CHUNK / 4; i++) buffer[i] = i;
  while (left > 0) {
    size_t n = left < CHUNK ? (size_t)left : CHUNK;
    const char *p = (const char *)buffer;
    while (n > 0) {
      ssize_t w = write(fd, p, n);
      if (w < 0) {
        perror("write");
        return 1;
      }
      p += w;
      n -= (size_t)w;
      left -= w;
    }
  }
  free(buffer);
  return close(fd) == 0 ? 0 : 1;
}
