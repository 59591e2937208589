import { describe, expect, it } from 'vitest';
import { routes, success } from '../../../test/helpers/fake-fetch.js';
import { CONNECTION, run } from '../../../test/helpers/run-in-process.js';

const DELETE = 'POST /streams/1/delete_topic';

describe('teamchat topics delete', () => {
  it('repeats the request until the server says complete, with a progress line per request', async () => {
    let calls = 0;
    const server = routes({
      'GET /get_stream_id': success({ stream_id: 1 }),
      [DELETE]: () => success({ complete: ++calls === 3 }),
    });
    const result = await run([...CONNECTION, 'topics', 'delete', '--channel', 'general', '--topic', 'logs', '--yes'], {
      server,
    });
    expect(result.code).toBe(0);
    expect(result.requests.filter((request) => request.path === '/streams/1/delete_topic')).toHaveLength(3);
    expect(result.stderr).toBe(
      'deleting topic "logs" in channel 1: request 1 deleted a part; continuing\n' +
        'deleting topic "logs" in channel 1: request 2 deleted a part; continuing\n' +
        'deleting topic "logs" in channel 1: request 3 finished it\n',
    );
    expect(result.stdout).toBe('Deleted topic "logs" in channel 1 (3 request(s))\n');
  });

  it('asks at a terminal: yes goes on, anything else cancels with exit code 6 and sends nothing', async () => {
    const server = routes({ 'GET /get_stream_id': success({ stream_id: 1 }), [DELETE]: success({ complete: true }) });
    const questions: string[] = [];
    const yes = await run([...CONNECTION, 'topics', 'delete', '--channel', 'general', '--topic', 'logs'], {
      server,
      prompt: async (q) => (questions.push(q), 'y'),
    });
    expect(yes.code).toBe(0);
    expect(questions).toEqual(['Delete the topic "logs" of channel general and all its messages? [y/N] ']);
    const no = await run([...CONNECTION, 'topics', 'delete', '--channel', 'general', '--topic', 'logs'], {
      server,
      prompt: async () => '',
    });
    expect(no).toMatchObject({ code: 6, stdout: '', stderr: 'error: cancelled; nothing was changed\n' });
    expect(no.requests.map((request) => request.path)).toEqual(['/get_stream_id']);
  });
});
