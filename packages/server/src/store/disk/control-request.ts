import { createConnection } from 'node:net';
import { controlFileOf, readControl, type OperationAnswer } from './backup-channel.js';
import { diskFiles, realDataPath } from './disk-files.js';
import { errorCode } from './durable-io.js';

/** The longest answer line read back (an operation's answer is a few lines of text). */
const MAX_ANSWER = 1024 * 1024;

/**
 * Asks the server running on the store of `dataFile` to run `op` with `args` over its control
 * channel (see `openBackupChannel`): resolves to the operation's result, or to null when no
 * server runs on it (no control file, or one left by a server that died: nobody listens).
 *
 * @throws {Error} the server's refusal, one line.
 */
export async function requestRunningServer(
  dataFile: string,
  op: string,
  args: unknown,
): Promise<{ result: unknown } | null> {
  const files = diskFiles(await realDataPath(dataFile));
  const control = await readControl(controlFileOf(files.data));
  if (!control) return null;
  let text = '';
  try {
    const socket = createConnection({ host: '127.0.0.1', port: control.port });
    socket.write(`${JSON.stringify({ op, key: control.key, args })}\n`);
    for await (const chunk of socket as AsyncIterable<Buffer>) {
      text += chunk.toString('utf8');
      if (text.includes('\n') || text.length > MAX_ANSWER) {
        socket.destroy();
        break;
      }
    }
  } catch (error) {
    if (errorCode(error) === 'ECONNREFUSED') return null;
    throw error;
  }
  const newline = text.indexOf('\n');
  if (newline === -1)
    throw new Error('[teamchat-server] the running server closed its control channel without an answer');
  const answer = JSON.parse(text.slice(0, newline)) as OperationAnswer;
  if (!answer.ok) throw new Error(answer.error);
  return { result: answer.result };
}
