import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';
import { attachmentAccessScenarios } from './access.js';
import { attachmentEvents, textFile, upload, uploadUrl } from './helpers.js';
import { attachmentLifecycleScenarios } from './lifecycle.js';
import { temporaryUrlScenarios } from './temporary-urls.js';
import { attachmentPermissionScenarios } from './permission-matrix.js';

const NOT_AUTHORIZED = '<p>You are not authorized to view this file.</p>';
const NOT_FOUND = '<p>File not found.</p>';

/** POST /user_uploads, GET /attachments, DELETE /attachments/{id} and the file downloads. */
const uploadScenarios: Scenario[] = [
  scenario('attachments: upload through the SDK, list, download, event', async (t) => {
    const member = t.client('member');
    const { queue_id } = await member.events.register({ event_types: ['attachment'] });
    const uploaded = await member.uploads.upload({ file: textFile('hello world', 'notes.txt') });
    expect(uploaded.url).toMatch(uploadUrl('notes.txt'));
    expect(uploaded).toEqual({ uri: uploaded.url, url: uploaded.url, filename: 'notes.txt' });
    const pathId = uploaded.url.slice('/user_uploads/'.length);
    const listed = await member.attachments.list();
    expect(listed).toEqual({
      attachments: [{ id: 1, name: 'notes.txt', path_id: pathId, size: 11, create_time: t.clock.now(), messages: [] }],
      upload_space_used: 11,
    });
    const mine = await t.download(uploaded.url, { role: 'member' });
    expect(mine).toEqual({
      status: 200,
      headers: {
        'content-type': 'text/plain',
        'content-length': '11',
        'content-disposition': 'attachment; filename="notes.txt"',
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, immutable',
      },
      text: 'hello world',
    });
    const head = await t.download(uploaded.url, { role: 'member', method: 'HEAD' });
    expect([head.status, head.headers['content-length'], head.text]).toEqual([200, '11', '']);
    // Nobody else may see a file no message links.
    const admin = await t.download(uploaded.url, { role: 'administrator' });
    const anonymous = await t.download(uploaded.url);
    const unknown = await t.download('/user_uploads/1/ab/nothing-here/notes.txt', { role: 'member' });
    expect([admin.status, admin.text, anonymous.status, unknown.status, unknown.text]).toEqual([
      403,
      NOT_AUTHORIZED,
      403,
      404,
      NOT_FOUND,
    ]);
    const wrongKey = await t.download(uploaded.url, {
      auth: { email: t.accounts.member.email, apiKey: 'x'.repeat(32) },
    });
    expect(wrongKey.status).toBe(401);
    const events = await attachmentEvents(t, 'member', queue_id);
    expect(events).toEqual([
      { id: 0, type: 'attachment', op: 'add', attachment: listed.attachments[0], upload_space_used: 11 },
    ]);
    const register = await member.events.register({ fetch_event_types: ['realm'] });
    return {
      uploaded,
      listed,
      mine,
      head,
      admin,
      anonymous,
      unknown,
      wrongKey: wrongKey.status,
      events,
      maxMib: register['max_file_upload_size_mib'],
    };
  }),

  scenario('attachments: names, types and a plain Blob', async (t) => {
    const member = t.client('member');
    const pdf = await member.uploads.upload({
      file: new File(['%PDF-1.4'], 'my report (final).PDF', { type: 'application/pdf' }),
    });
    expect(pdf.url).toMatch(uploadUrl('my-report-final.PDF'));
    expect(pdf.filename).toBe('my report (final).PDF');
    const blob = await member.uploads.upload({ file: new Blob(['raw bytes']) });
    expect(blob.url).toMatch(uploadUrl('blob'));
    const odd = await member.uploads.upload({ file: textFile('?', '../!!.txt') });
    expect(odd.url).toMatch(uploadUrl('...txt'));
    const umlaut = await member.uploads.upload({ file: textFile('ü', 'Grüße.txt') });
    const pdfDownload = await t.download(pdf.url, { role: 'member' });
    expect(pdfDownload.headers['content-disposition']).toBe('inline; filename="my-report-final.PDF"');
    const blobDownload = await t.download(blob.url, { role: 'member' });
    expect([blobDownload.headers['content-type'], blobDownload.text]).toEqual([
      'application/octet-stream',
      'raw bytes',
    ]);
    const umlautDownload = await t.download(encodeURI(umlaut.url), { role: 'member' });
    expect(umlautDownload.headers['content-disposition']).toBe("attachment; filename*=utf-8''Gr%C3%BC%C3%9Fe.txt");
    // Names past 255 UTF-8 bytes are cut in the path (keeping the extension), never refused.
    const longName = `${'a'.repeat(296)}.txt`;
    const long = await member.uploads.upload({ file: textFile('long', longName) });
    expect([long.url, long.filename]).toEqual([expect.stringMatching(uploadUrl(`${'a'.repeat(251)}.txt`)), longName]);
    const cjkName = `${'資料'.repeat(58)}.txt`;
    const cjk = await member.uploads.upload({ file: textFile('cjk', cjkName) });
    expect(cjk.url).toMatch(uploadUrl(`${'資料'.repeat(41)}資.txt`));
    const longDownloads = [
      (await t.download(long.url, { role: 'member' })).text,
      (await t.download(encodeURI(cjk.url), { role: 'member' })).text,
    ];
    expect(longDownloads).toEqual(['long', 'cjk']);
    const { attachments } = await member.attachments.list();
    expect(attachments.map((a) => [a.name, a.size])).toEqual([
      ['my report (final).PDF', 8],
      ['blob', 9],
      ['../!!.txt', 1],
      ['Grüße.txt', 2],
      [longName, 4],
      [cjkName, 3],
    ]);
    return { pdf, blob, odd, umlaut, pdfDownload, blobDownload, umlautDownload, long, cjk, longDownloads, attachments };
  }),

  scenario(
    'attachments: raw multipart uploads and every upload error',
    async (t) => {
      const form = (...parts: [string, string | File][]): FormData => {
        const data = new FormData();
        for (const [name, value] of parts) data.append(name, value);
        return data;
      };
      const anyName = await t.raw('POST', '/user_uploads', {
        role: 'guest',
        body: form(['whatever', textFile('guest file', 'g.txt')]),
      });
      expect(anyName.status).toBe(200);
      expect((anyName.body as { url: string }).url).toMatch(uploadUrl('g.txt'));
      const bad = (code: string, msg: string, status = 400) => ({ status, body: { result: 'error', msg, code } });
      const noFile = await t.raw('POST', '/user_uploads', { role: 'member', body: form(['note', 'just text']) });
      expect(noFile).toMatchObject(bad('BAD_REQUEST', 'You must specify a file to upload'));
      const urlencoded = await t.raw('POST', '/user_uploads', { role: 'member', params: { file: 'not a file' } });
      expect(urlencoded).toMatchObject(bad('BAD_REQUEST', 'You must specify a file to upload'));
      const two = await t.raw('POST', '/user_uploads', {
        role: 'member',
        body: form(['a', textFile('1', 'a.txt')], ['b', textFile('2', 'b.txt')]),
      });
      expect(two).toMatchObject(bad('BAD_REQUEST', 'You may only upload one file at a time'));
      const anonymous = await t.raw('POST', '/user_uploads', { body: form(['file', textFile('x', 'x.txt')]) });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toMatchObject({ result: 'error', code: 'UNAUTHORIZED' });
      // The limit is 1 MiB in this scenario: exactly 1 MiB passes, one byte more does not.
      const limit = 1024 * 1024;
      const fits = await t.client('member').uploads.upload({ file: new File([new Uint8Array(limit)], 'fits.bin') });
      const tooLarge = await failure(
        t.client('member').uploads.upload({ file: new File([new Uint8Array(limit + 1)], 'big.bin') }),
      );
      expect(tooLarge).toEqual({
        code: 'BAD_REQUEST',
        msg: 'Uploaded file is larger than the allowed limit of 1 MiB',
        status: 400,
        extra: {},
      });
      const { attachments, upload_space_used } = await t.client('member').attachments.list();
      expect([attachments.map((a) => a.name), upload_space_used]).toEqual([['fits.bin'], limit + 10]);
      const register = await t.client('member').events.register({ fetch_event_types: ['realm'] });
      expect(register['max_file_upload_size_mib']).toBe(1);
      return {
        anyName: anyName.status,
        noFile,
        urlencoded,
        two,
        anonymous: anonymous.status,
        fits: fits.filename,
        tooLarge,
        attachments,
      };
    },
    { config: { maxFileUploadSizeMib: 1 } },
  ),

  scenario('attachments: DELETE /attachments/{id} and its errors', async (t) => {
    const file = await upload(t, 'member', 'to delete', 'gone.txt');
    const kept = await upload(t, 'member', 'kept', 'kept.txt');
    const { queue_id } = await t.client('member').events.register({ event_types: ['attachment'] });
    const message = await t
      .client('member')
      .messages.send({ type: 'stream', to: 'general', topic: 'files', content: `[gone](${file.url})` });
    const invalid = { code: 'BAD_REQUEST', msg: 'Invalid attachment', status: 400, extra: {} };
    expect(await failure(t.client('member').attachments.delete({ attachment_id: 999 }))).toEqual(invalid);
    // Someone else's upload is answered like an unknown one, even for administrators.
    expect(await failure(t.client('administrator').attachments.delete({ attachment_id: file.id }))).toEqual(invalid);
    const anonymous = await t.raw('DELETE', `/attachments/${file.id}`);
    expect([anonymous.status, (anonymous.body as { code: string }).code]).toEqual([401, 'UNAUTHORIZED']);
    expect(await t.client('member').attachments.delete({ attachment_id: file.id })).toEqual({});
    expect(await failure(t.client('member').attachments.delete({ attachment_id: file.id }))).toEqual(invalid);
    const { attachments, upload_space_used } = await t.client('member').attachments.list();
    expect([attachments.map((a) => a.id), upload_space_used]).toEqual([[kept.id], 4]);
    // The message keeps its link, which now leads nowhere.
    const after = await t.client('member').messages.get({ message_id: message.id, apply_markdown: false });
    expect(after.message.content).toBe(`[gone](${file.url})`);
    expect((await t.download(file.url, { role: 'member' })).status).toBe(404);
    const events = await attachmentEvents(t, 'member', queue_id);
    expect(events.at(-1)).toEqual({
      id: 1,
      type: 'attachment',
      op: 'remove',
      attachment: { id: file.id },
      upload_space_used: 4,
    });
    return { events, attachments };
  }),
];

/** Every attachment scenario. */
export const attachmentScenarios: Scenario[] = [
  ...uploadScenarios,
  ...attachmentLifecycleScenarios,
  ...attachmentAccessScenarios,
  ...attachmentPermissionScenarios,
  ...temporaryUrlScenarios,
];
