import { createHash } from 'node:crypto';
import { createConnection, createServer, type Server } from 'node:net';
import { errorCode, errorMessage } from './durable-io.js';

/** Who holds a store, as its holder answers on the claim's socket. */
export interface ClaimHolder {
  pid: number;
  host: string;
  startedAt: string;
}

/** A claim the kernel holds for this process: it ends when the process ends, however it ends. */
export interface KernelClaim {
  /** Gives the claim back (closes the socket). */
  release(): Promise<void>;
}

/** How long a refused start waits for the holder to say who it is. */
const ASK_TIMEOUT_MS = 1000;

/**
 * Whether this platform has a claim the kernel releases when the process dies and that no file
 * operation can remove: Linux's abstract Unix sockets. Elsewhere the lock file alone guards the
 * store, verified before each acknowledged write.
 */
export function kernelClaimSupported(platform: NodeJS.Platform = process.platform): boolean {
  return platform === 'linux';
}

/** The abstract socket name of the store whose data file is `realDataFile` (its real path). */
function claimName(realDataFile: string): string {
  const digest = createHash('sha256').update(realDataFile).digest('hex').slice(0, 40);
  return `\0teamchat-store-${digest}`;
}

/**
 * Takes the kernel-held claim on the store kept in `realDataFile`: a listening abstract Unix
 * socket named after the data file's real path. The kernel refuses a second listener on the
 * same name and frees it when this process exits (`kill -9` included), and as the name is no
 * file, deleting files (the lock file, the whole directory) cannot take the claim away. The
 * socket answers each connection with `holder` so that a refused server can name it.
 *
 * @returns the claim, or null on platforms without abstract sockets.
 * @throws {Error} naming the data file and the holder's pid when another process holds it.
 */
export async function takeKernelClaim(realDataFile: string, holder: ClaimHolder): Promise<KernelClaim | null> {
  if (!kernelClaimSupported()) return null;
  const name = claimName(realDataFile);
  const answer = `${JSON.stringify(holder)}\n`;
  const server = createServer((socket) => {
    socket.on('error', () => socket.destroy());
    socket.end(answer);
  });
  try {
    await listenOn(server, name);
  } catch (error) {
    if (errorCode(error) !== 'EADDRINUSE') {
      throw new Error(`[teamchat-server] cannot claim ${realDataFile} (${errorMessage(error)})`, { cause: error });
    }
    const other = await askHolder(name);
    const who = other
      ? `pid ${other.pid}${other.host === holder.host ? '' : ` on host ${other.host}`}`
      : 'a process that did not say its pid';
    throw new Error(
      `[teamchat-server] ${realDataFile} is in use by another teamchat-server (${who}); stop it first or use another --data file`,
    );
  }
  // The claim must not keep the process alive on its own.
  server.unref();
  let released: Promise<void> | null = null;
  return {
    release() {
      released ??= new Promise<void>((resolve) => server.close(() => resolve()));
      return released;
    },
  };
}

function listenOn(server: Server, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ path: name, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Asks the holder of the claim `name` who it is; null when it does not answer in time. */
function askHolder(name: string): Promise<ClaimHolder | null> {
  return new Promise((resolve) => {
    let text = '';
    const socket = createConnection({ path: name });
    const done = (holder: ClaimHolder | null) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(holder);
    };
    const timer = setTimeout(() => done(null), ASK_TIMEOUT_MS);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('end', () => done(parseHolder(text)));
    socket.on('error', () => done(null));
  });
}

function parseHolder(text: string): ClaimHolder | null {
  try {
    const value = JSON.parse(text) as Partial<ClaimHolder> | null;
    if (value && Number.isInteger(value.pid) && typeof value.host === 'string') {
      return { pid: value.pid as number, host: value.host, startedAt: String(value.startedAt) };
    }
  } catch {
    // not an answer of ours
  }
  return null;
}
