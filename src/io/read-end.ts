// When a read of a regular file has found its end without one more read to say so. Pure.

/**
 * Whether the read just made reached the file's end: the file's size at open is read whole and the
 * read came back short of the room it had. The buffer holds a byte more than that size, so a file that
 * grew since fills it and reads on. A file whose size says 0 (a /proc file, some FUSE files) and a read
 * that came back short before the size (a network file system's) read on too, to a read of 0 bytes.
 * The read of 0 bytes is one more system call per file: a trip into gVisor's kernel, 60 to 100 µs,
 * on every warm shell call's record and every file_read.
 */
export function readReachedEnd(sizeAtOpen: number, totalBytes: number, readBytes: number, roomBytes: number): boolean {
  return sizeAtOpen > 0 && totalBytes === sizeAtOpen && readBytes < roomBytes;
}
