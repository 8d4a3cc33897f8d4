/**
 * The Redis server of a distributed run (`--redis URL`): the URL read once at the edge, the ioredis
 * options every connection uses, and a probe that answers within seconds whether the server can be
 * used, so that a bad URL or an unreachable server is a RedisError (code 'redis') naming the server and
 * what happened, never a hang.
 *
 * Timeouts: a connection attempt gives up after CONNECT_TIMEOUT_MS; the probe's commands after
 * COMMAND_TIMEOUT_MS; the probe as a whole after both. Past the probe, the coordinator's connection
 * (maxRetriesPerRequest 2, reconnecting at most RECONNECT_TRIES times) fails a command within about 10 s
 * of losing the server, while a worker's connections (maxRetriesPerRequest null, as BullMQ requires of
 * connections that block) keep reconnecting: a worker waits for its server to come back.
 */
import type { RedisOptions } from 'bullmq';
import { RedisError } from '../contract/errors.js';

/** Milliseconds a TCP connection (and Redis's greeting) may take. */
export const CONNECT_TIMEOUT_MS = 3000;
/** Milliseconds a command of the probe may take (a server that accepts connections but never answers). */
export const COMMAND_TIMEOUT_MS = 3000;
/** Reconnection attempts of the coordinator's connections before their commands fail. */
export const RECONNECT_TRIES = 5;
/** The oldest Redis BullMQ runs on. */
export const MIN_REDIS_VERSION = '5.0.0';

/** A Redis server, as read from a URL: where it is, which database, the credentials, TLS. */
export interface RedisTarget {
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
  tls: boolean;
  /** The URL for messages: scheme, host, port and database, without the credentials. */
  shown: string;
}

/**
 * Reads a Redis URL: `redis://[[user]:password@]host[:port][/db]`, or `rediss://` for TLS (port 6379 by
 * default, database 0). Throws RedisError naming what is wrong: not a URL, another scheme (`http:`,
 * `localhost:6379` read as the scheme `localhost:`), no host, port 0, a database that is not an integer
 * 0..65535, query parameters or a fragment (not read, so refused rather than ignored).
 */
export function parseRedisUrl(url: string): RedisTarget {
  const what = `--redis ${JSON.stringify(url)}`;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new RedisError(`${what} is not a URL: expected redis://host[:port][/db], e.g. redis://127.0.0.1:6379`);
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') {
    throw new RedisError(
      `${what}: the scheme "${u.protocol}" is not Redis's; expected ` +
        `redis://host[:port][/db] (rediss:// for TLS), e.g. redis://127.0.0.1:6379`,
    );
  }
  const host = u.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '') throw new RedisError(`${what} names no host: expected redis://host[:port][/db]`);
  const port = u.port === '' ? 6379 : Number(u.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new RedisError(`${what}: port ${u.port} is not a TCP port (1..65535)`);
  const path = u.pathname.replace(/^\//, '');
  if (path !== '' && !/^\d{1,5}$/.test(path))
    throw new RedisError(`${what}: the path "/${path}" must be a database number (0, 1, ...) or nothing`);
  const db = path === '' ? 0 : Number(path);
  if (db > 65535) throw new RedisError(`${what}: database ${db} is out of range`);
  if (u.search !== '' || u.hash !== '')
    throw new RedisError(
      `${what}: query parameters and fragments are not read; give only redis://[user:password@]host[:port][/db]`,
    );
  const t: RedisTarget = { host, port, db, tls: u.protocol === 'rediss:', shown: `${u.protocol}//${u.host}/${db}` };
  if (u.username !== '') t.username = decodeURIComponent(u.username);
  if (u.password !== '') t.password = decodeURIComponent(u.password);
  return t;
}

/**
 * ioredis options for `t`. `role` 'worker': BullMQ's workers block on Redis (maxRetriesPerRequest null)
 * and reconnect for ever, backing off to 5 s; 'coordinator': a command fails after 2 retries and the
 * connection gives up after RECONNECT_TRIES reconnections, so a lost server ends the run with an error.
 * Both connect within CONNECT_TIMEOUT_MS a try.
 */
export function redisOptions(t: RedisTarget, role: 'worker' | 'coordinator'): RedisOptions {
  const o: RedisOptions = {
    host: t.host,
    port: t.port,
    db: t.db,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: role === 'worker' ? null : 2,
    retryStrategy:
      role === 'worker'
        ? (times: number) => Math.min(250 * 2 ** Math.min(times, 5), 5000)
        : (times: number) => (times > RECONNECT_TRIES ? null : Math.min(250 * 2 ** times, 2000)),
  };
  if (t.username !== undefined) o.username = t.username;
  if (t.password !== undefined) o.password = t.password;
  if (t.tls) o.tls = {};
  return o;
}

/**
 * The words for a connection failure: what the server or the network said, for people. `probing`: the failure came
 * from the first contact (probeRedis), where a connection closed on the first command means a server of another
 * protocol, not one that went away.
 */
export function describeRedisFailure(t: RedisTarget, err: unknown, probing = false): string {
  const e = err as NodeJS.ErrnoException & { message?: string };
  const msg = String(e?.message ?? err);
  const at = `Redis at ${t.shown}`;
  if (e?.code === 'ECONNREFUSED')
    return (
      `nothing listens at ${t.host}:${t.port} (connection refused): start ` +
      `redis-server there (e.g. redis-server --port ${t.port}) or give the right ` +
      `--redis URL`
    );
  if (e?.code === 'ENOTFOUND' || e?.code === 'EAI_AGAIN')
    return `unknown host ${JSON.stringify(t.host)} (${e.code}) in --redis ${t.shown}`;
  if (e?.code === 'ETIMEDOUT' || /timed? ?out/i.test(msg))
    return (
      `no answer from ${at} within ${CONNECT_TIMEOUT_MS / 1000} s (a firewall, a ` +
      `wrong host or port, or not a Redis server)`
    );
  if (/NOAUTH|WRONGPASS|invalid password|invalid username/i.test(msg))
    return (
      `${at} refused the credentials (${msg.split('\n')[0]}): give them in the URL, ` +
      `redis://user:password@host:port`
    );
  if (/DB index is out of range/i.test(msg)) return `${at} has no database ${t.db} (${msg.split('\n')[0]})`;
  if (/max retries per request|Connection is closed|Command aborted due to connection close/i.test(msg))
    return `${at} went away (the connection was lost and could not be made again)`;
  if (/Unknown RESP type|Protocol error/i.test(msg))
    return (
      `${t.host}:${t.port} is not a Redis server: it does not speak Redis's protocol (it ` +
      `answered: ${msg.split('\n')[0].replace(/\.?\s*Please report this\.?$/, '')}); check the --redis URL's port`
    );
  // while probing, a server of another protocol (HTTP, ...) that hangs up on Redis's first command: the write
  // fails (mid-run, the same codes mean a Redis server that went away)
  if (probing && (e?.code === 'EPIPE' || e?.code === 'ECONNRESET' || /write EPIPE|ECONNRESET/.test(msg)))
    return (
      `${t.host}:${t.port} is not a Redis server: it closed the connection on Redis's first ` +
      `command (${e?.code ?? msg.split('\n')[0]})${t.tls ? '' : '; a server that wants TLS needs rediss://'}; ` +
      `check the --redis URL's port`
    );
  return `${at}: ${msg.split('\n')[0]}`;
}

/**
 * The packages a distributed run needs, with the versions this release is tested with (package.json peerDependencies).
 */
export const REDIS_PACKAGES = { bullmq: '6.7.0', ioredis: '6.0.0' } as const;

/**
 * Loads `name` (bullmq or ioredis: optional peer dependencies, used only by `--redis` and `lattice
 * worker`, so an app that embeds the engine does not install them) through `load` (its dynamic import).
 * Rejects with RedisError naming both packages and the command that installs them when the package is
 * not installed; any other failure is rethrown as it is.
 */
export async function loadOptional<T>(name: keyof typeof REDIS_PACKAGES, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code;
    const msg = err instanceof Error ? err.message : String(err);
    if ((code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && msg.includes(name)) {
      const pkgs = Object.entries(REDIS_PACKAGES)
        .map(([n, v]) => `${n}@${v}`)
        .join(' ');
      throw new RedisError(
        `distributed runs (--redis, lattice worker) need the packages bullmq and ` +
          `ioredis, which are not installed (${name} is missing): install them with "npm ` +
          `install ${pkgs}"`,
      );
    }
    throw err;
  }
}

/**
 * Checks that the server of `t` answers and can run BullMQ: connects (one try, CONNECT_TIMEOUT_MS),
 * authenticates and selects the database as the URL says, and reads the server's version. Resolves to
 * the version (e.g. '7.0.15'); rejects with RedisError (naming the server and the cause: refused,
 * unknown host, timed out, credentials, database, a version older than MIN_REDIS_VERSION) within about
 * CONNECT_TIMEOUT_MS + COMMAND_TIMEOUT_MS, whatever the server does.
 */
export async function probeRedis(t: RedisTarget): Promise<string> {
  const { Redis } = await loadOptional('ioredis', () => import('ioredis'));
  const client = new Redis({
    ...redisOptions(t, 'coordinator'),
    lazyConnect: true,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectionName: 'lattice-probe',
    // a connection that failed has no stream to close: do not keep the process 2 s (ioredis's default) for it
    disconnectTimeout: 100,
  });
  let lastError: unknown = null;
  client.on('error', (err) => {
    lastError = err;
  }); // reported below, not as an unhandled 'error' event
  let timer: NodeJS.Timeout | undefined;
  try {
    const work = (async () => {
      await client.connect();
      // ioredis selects the database on connecting, but a refusal there reaches no caller: ask again
      await client.select(t.db);
      return String(await client.info('server'));
    })();
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })),
        CONNECT_TIMEOUT_MS + COMMAND_TIMEOUT_MS + 500,
      );
    });
    let info: string;
    try {
      info = await Promise.race([work, limit]);
    } catch (err) {
      // ioredis rejects connect() with a generic message once it gives up; the socket's error says why
      const cause = lastError ?? err;
      work.catch(() => {});
      throw new RedisError(`cannot use Redis: ${describeRedisFailure(t, cause, true)}`);
    }
    const version = /redis_version:([\d.]+)/.exec(info)?.[1];
    if (version === undefined)
      throw new RedisError(`cannot use Redis: ${t.shown} did not report a Redis version (is it a Redis server?)`);
    if (olderThan(version, MIN_REDIS_VERSION))
      throw new RedisError(
        `cannot use Redis: ${t.shown} runs Redis ${version}; BullMQ needs ${MIN_REDIS_VERSION} or later`,
      );
    return version;
  } finally {
    clearTimeout(timer);
    client.disconnect();
  }
}

/** True when dotted version `a` is older than `b`. */
function olderThan(a: string, b: string): boolean {
  const x = a.split('.').map(Number),
    y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) < (y[i] ?? 0);
  }
  return false;
}
