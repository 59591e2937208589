import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';
import { textFile } from './helpers.js';

/** GET /user_uploads/{realm_id_str}/{filename} and the temporary URL it gives. */
export const temporaryUrlScenarios: Scenario[] = [
  scenario('attachments: a temporary URL serves the file without authentication for 60 seconds', async (t) => {
    const member = t.client('member');
    const uploaded = await member.uploads.upload({ file: textFile('hello world', 'notes.txt') });
    const [realm = '', ...rest] = uploaded.url.slice('/user_uploads/'.length).split('/');
    const { url } = await member.uploads.getTemporaryUrl({ realm_id_str: Number(realm), filename: rest.join('/') });
    expect(url).toMatch(/^\/user_uploads\/temporary\/[0-9A-F]+\/notes\.txt$/);
    const file = await t.download(url);
    expect([file.status, file.text, file.headers['content-disposition']]).toEqual([
      200,
      'hello world',
      'attachment; filename="notes.txt"',
    ]);
    // The raw path form (slashes in `filename`) is the same operation.
    const raw = await t.raw('GET', `/user_uploads/${realm}/${rest.join('/')}`, { role: 'member' });
    expect(raw.status).toBe(200);
    expect((raw.body as { url: string }).url).toMatch(/^\/user_uploads\/temporary\/[0-9A-F]+\/notes\.txt$/);
    // Another file name on the same token.
    const renamed = await t.download(url.replace(/notes\.txt$/, 'other.txt'));
    const tampered = await t.download(url.replace(/\/temporary\/[0-9A-F]{2}/, '/temporary/00'));
    t.clock.advance(61_000);
    const expired = await t.download(url);
    const statuses = [renamed.status, tampered.status, expired.status];
    expect(statuses).toEqual([400, 400, 400]);
    expect([JSON.parse(renamed.text).msg, JSON.parse(tampered.text).msg, JSON.parse(expired.text).msg]).toEqual([
      'Invalid filename',
      'Invalid token',
      'Invalid token',
    ]);
    return { file: file.text, statuses };
  }),

  scenario('attachments: a temporary URL only for whoever may read the file', async (t) => {
    const uploaded = await t.client('member').uploads.upload({ file: textFile('secret', 'plan.txt') });
    const [realm = '', ...rest] = uploaded.url.slice('/user_uploads/'.length).split('/');
    const params = { realm_id_str: Number(realm), filename: rest.join('/') };
    const other = await failure(t.client('administrator').uploads.getTemporaryUrl(params));
    expect(other).toEqual({
      code: 'BAD_REQUEST',
      msg: 'You are not authorized to view this file.',
      status: 403,
      extra: {},
    });
    const missing = await failure(
      t.client('member').uploads.getTemporaryUrl({ realm_id_str: 1, filename: 'ab/nothing/plan.txt' }),
    );
    expect(missing).toEqual({ code: 'BAD_REQUEST', msg: 'File not found.', status: 404, extra: {} });
    const anonymous = await failure(t.client(null).uploads.getTemporaryUrl(params));
    expect(anonymous.status).toBe(401);
    return { other, missing, anonymous: anonymous.code };
  }),
];
