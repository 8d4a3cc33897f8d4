// Issue 35 "Faults of the machine are typed and clean": ENOSPC, EACCES, EIO, EISDIR and ENOTDIR on the writes and
// reads of tables, locks and outputs are a TablebaseError naming the path and the cause (the file system's error its
// `cause`), and no temp file or empty lock file stays behind. EISDIR and ENOTDIR are real (a directory or a file in
// the way); ENOSPC, EIO and EACCES are injected into node:fs (a full disk cannot be made here, and root ignores
// permissions): `fault` arms one call of one function for paths matching a pattern.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

interface Fault {
  fn: string;
  code: string;
  path: RegExp;
}
const armed: { fault: Fault | null } = vi.hoisted(() => ({ fault: null }));

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const fds = new Map<number, string>();
  const fail = (fn: string, path: string) => {
    const f = armed.fault;
    if (!f || f.fn !== fn || !f.path.test(path)) return;
    armed.fault = null;
    const e = new Error(`${f.code}: injected, ${fn} '${path}'`) as NodeJS.ErrnoException;
    e.code = f.code;
    e.syscall = fn;
    throw e;
  };
  const byPath =
    <A extends unknown[], R>(fn: string, f: (p: string, ...a: A) => R) =>
    (p: string, ...a: A): R => {
      fail(fn, String(p));
      return f(p, ...a);
    };
  const mocked = {
    ...real,
    openSync: (p: string, ...a: unknown[]) => {
      fail('openSync', String(p));
      const fd = (real.openSync as (...x: unknown[]) => number)(p, ...a);
      fds.set(fd, String(p));
      return fd;
    },
    writeSync: (fd: number, ...a: unknown[]) => {
      fail('writeSync', fds.get(fd) ?? '');
      return (real.writeSync as (...x: unknown[]) => number)(fd, ...a);
    },
    fsyncSync: (fd: number) => {
      fail('fsyncSync', fds.get(fd) ?? '');
      real.fsyncSync(fd);
    },
    renameSync: (a: string, b: string) => {
      fail('renameSync', String(b));
      real.renameSync(a, b);
    },
    readFileSync: byPath('readFileSync', real.readFileSync as (p: string, ...a: unknown[]) => unknown),
    unlinkSync: byPath('unlinkSync', real.unlinkSync),
  };
  return { ...mocked, default: mocked };
});

const { writeAtomic, readTable, fileFailure } = await import('../../src/solve/table-file.js');
const { lockDir, removeStaleTemp, ensureWritableDir } = await import('../../src/solve/format.js');
const { TablebaseError } = await import('../../src/contract/errors.js');
const { HuntSolver } = await import('../../src/solve/generic.js');
const { buildTablebase } = await import('../../src/solve/index.js');

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lattice-faults-'));
});
afterEach(() => {
  armed.fault = null;
  rmSync(dir, { recursive: true, force: true });
});
const arm = (fn: string, code: string, path: RegExp = /./) => {
  armed.fault = { fn, code, path };
};
/** What `f` throws (it must throw). */
function thrown(f: () => unknown): Error {
  try {
    f();
  } catch (e) {
    return e as Error;
  }
  throw new Error('it did not throw');
}
const tmpFiles = (d: string) => readdirSync(d).filter((f) => /\.(tmp|lock)$/.test(f));

describe('writeAtomic: a refused write is a TablebaseError naming the file and the cause; no temp file stays', () => {
  const bytes = new Uint8Array([1, 2, 3, 4]);
  it.each([
    ['writeSync', 'ENOSPC', /ENOSPC \(no space left on the device\)/],
    ['writeSync', 'EDQUOT', /EDQUOT \(the disk quota is used up\)/],
    ['fsyncSync', 'EIO', /EIO \(an input\/output error of the device\)/],
    ['openSync', 'EACCES', /EACCES \(no permission/],
    ['openSync', 'EROFS', /EROFS \(the file system is read-only\)/],
    ['renameSync', 'EIO', /EIO/],
  ])('%s fails with %s', (fn, code, said) => {
    const path = join(dir, 'a.lttb');
    arm(fn, code);
    const e = thrown(() => writeAtomic(path, bytes, bytes));
    expect(e).toBeInstanceOf(TablebaseError);
    expect(e.message).toContain(`cannot write ${path}: `);
    expect(e.message).toMatch(said);
    expect((e.cause as NodeJS.ErrnoException).code).toBe(code);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('EISDIR (a directory where the file goes) and ENOTDIR (a file where a directory goes), for real', () => {
    mkdirSync(join(dir, 'b.lgs'));
    const d = thrown(() => writeAtomic(join(dir, 'b.lgs'), bytes, bytes));
    expect(d).toBeInstanceOf(TablebaseError);
    expect(d.message).toBe(`cannot write ${join(dir, 'b.lgs')}: EISDIR (a directory stands at that path)`);
    expect(readdirSync(dir)).toEqual(['b.lgs']);
    writeFileSync(join(dir, 'f'), '');
    const n = thrown(() => writeAtomic(join(dir, 'f', 'c.lttb'), bytes, bytes));
    expect(n).toBeInstanceOf(TablebaseError);
    expect(n.message).toMatch(/^cannot write .*f\/c\.lttb: ENOTDIR \(a part of the path is a file, not a directory\)$/);
  });

  it('fileFailure keeps a TablebaseError as it is, and words an unknown code with its message', () => {
    const t = new TablebaseError('x');
    expect(fileFailure('write', '/p', t)).toBe(t);
    const odd = Object.assign(new Error('EWEIRD: odd'), { code: 'EWEIRD' });
    expect(fileFailure('read', '/p', odd, 'table file').message).toBe('cannot read table file /p: EWEIRD: EWEIRD: odd');
  });
});

describe('reads of tables: the path and the cause', () => {
  it.each([
    ['EIO', /^cannot read table file .*t\.lttb: EIO \(an input\/output error of the device\)$/],
    ['EACCES', /^no permission to read table file .*t\.lttb/],
  ])('readFileSync fails with %s', (code, said) => {
    const path = join(dir, 't.lttb');
    writeFileSync(path, 'x');
    arm('readFileSync', code, /t\.lttb$/);
    const e = thrown(() => readTable(path, 'table file'));
    expect(e).toBeInstanceOf(TablebaseError);
    expect(e.message).toMatch(said);
  });

  it('a directory where a table is read: EISDIR named', () => {
    mkdirSync(join(dir, 'd.lttb'));
    const e = thrown(() => readTable(join(dir, 'd.lttb'), 'table file'));
    expect(e).toBeInstanceOf(TablebaseError);
    expect(e.message).toMatch(/^cannot read table file .*d\.lttb: EISDIR/);
  });
});

describe('locks and stale temp files', () => {
  it('a full disk while the lock file is written: TablebaseError, no empty lock file left', () => {
    arm('writeSync', 'ENOSPC', /\.lock$/);
    const e = thrown(() => lockDir(dir, 'x'));
    expect(e).toBeInstanceOf(TablebaseError);
    expect(e.message).toBe(`cannot write the lock file ${join(dir, 'x.lock')}: ENOSPC (no space left on the device)`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('the lock file may not be made (EACCES): named', () => {
    arm('openSync', 'EACCES', /\.lock$/);
    expect(() => lockDir(dir, 'x')).toThrow(/^cannot create the lock file .*x\.lock: EACCES \(no permission/);
  });

  it('a stale lock that may not be removed (EACCES): named, not a bare error', () => {
    writeFileSync(join(dir, 'x.lock'), '999999999\n'); // no such process
    arm('unlinkSync', 'EACCES', /x\.lock$/);
    const e = thrown(() => lockDir(dir, 'x'));
    expect(e).toBeInstanceOf(TablebaseError);
    expect(e.message).toMatch(/^cannot remove the stale lock file \(its process is gone\) .*x\.lock: EACCES/);
  });

  it('a stale temp file that may not be removed (EACCES), or a directory in its place (EISDIR/EPERM): named', () => {
    const path = join(dir, 'a.lttb');
    writeFileSync(`${path}.tmp`, '');
    arm('unlinkSync', 'EACCES', /\.tmp$/);
    expect(() => removeStaleTemp(path)).toThrow(/^cannot remove the stale temp file .*a\.lttb\.tmp: EACCES/);
    rmSync(`${path}.tmp`);
    mkdirSync(`${path}.tmp`);
    const e = thrown(() => removeStaleTemp(path));
    expect(e).toBeInstanceOf(TablebaseError);
    expect(e.message).toMatch(/^cannot remove the stale temp file .*a\.lttb\.tmp: (EISDIR|EPERM)/);
    removeStaleTemp(join(dir, 'none.lttb')); // nothing there: nothing to do
  });

  it('a directory that cannot be written: ensureWritableDir names it', () => {
    arm('openSync', 'ENOSPC', /lattice-write-test/);
    expect(() => ensureWritableDir(dir)).toThrow(/^cannot write tablebase files in .*: ENOSPC/);
  });
});

describe('the solvers through the API: a full disk is a TablebaseError, no temp file, no lock', () => {
  it('the generic solver (catch-the-giant): ENOSPC while its first layer file is written', async () => {
    const s = await HuntSolver.create('catch-the-giant');
    arm('writeSync', 'ENOSPC', /\.lgs\.tmp$/);
    const e = await s.solve({ dir }).then(
      () => new Error('it did not throw'),
      (x: Error) => x,
    );
    expect(e).toBeInstanceOf(TablebaseError);
    expect(e.message).toMatch(/^cannot write .*\.lgs: ENOSPC \(no space left on the device\)$/);
    expect(tmpFiles(dir)).toEqual([]);
  });

  it('the movement tablebase build (captures-to-win 1): EIO at the fsync of its layer file', async () => {
    arm('fsyncSync', 'EIO', /\.lttb\.tmp$/);
    const e = await buildTablebase('bagh-chal', { dir, threads: 1, options: { 'captures-to-win': 1 } }).then(
      () => new Error('it did not throw'),
      (x: Error) => x,
    );
    expect(e).toBeInstanceOf(TablebaseError);
    expect(e.message).toMatch(/^cannot write .*bagh-chal-ctw1-c0\.lttb: EIO/);
    expect(readdirSync(dir)).toEqual([]);
  }, 60_000);
});
