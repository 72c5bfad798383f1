import fs from 'node:fs';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type EmscriptenNode = { mode: number; parent: EmscriptenNode; name: string; mount: { opts: { root: string } } };
type EmscriptenStream = { nfd?: number; node: EmscriptenNode };
type NodeFsModule = {
  FS: {
    filesystems: { NODEFS: { stream_ops: Record<string, unknown>; realPath(node: EmscriptenNode): string } };
    isDir(mode: number): boolean;
  };
};
type EmscriptenOptions = Awaited<ReturnType<NodeFS['init']>>['emscriptenOpts'];

/**
 * PGlite's files on the real disk, with fsync reaching the disk. Emscripten's NODEFS writes every
 * page straight through to the kernel (a killed process loses nothing it wrote), but has no fsync:
 * `fsync()` does nothing and `fdatasync()` is a stub, so a commit PGlite acknowledged could still be
 * lost to a power cut or a kernel crash. Here fsync on a file or directory is the kernel's, and the
 * database runs with `fsync=on` and `wal_sync_method=fsync` (see embedded.ts).
 */
export class DurableNodeFS extends NodeFS {
  override async init(pg: Parameters<NodeFS['init']>[0], options: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, options);
    const preRun = [...((emscriptenOpts.preRun as unknown[] | undefined) ?? []), (mod: NodeFsModule) => addFsync(mod)];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } as EmscriptenOptions };
  }
}

function addFsync(mod: NodeFsModule): void {
  const nodefs = mod.FS.filesystems.NODEFS;
  nodefs.stream_ops.fsync = (stream: EmscriptenStream): number => {
    if (stream.nfd !== undefined) {
      fs.fsyncSync(stream.nfd);
      return 0;
    }
    // A directory (Postgres syncs pg_wal after creating or renaming a segment): NODEFS keeps no
    // descriptor for it, so open one.
    if (mod.FS.isDir(stream.node.mode)) {
      const fd = fs.openSync(nodefs.realPath(stream.node), 'r');
      try {
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    }
    return 0;
  };
}
