import type { DemoRole } from '@teamchat/server';
import { expect } from 'vitest';
import { scenario, type Scenario } from '../../harness.js';
import { verdict } from '../user-groups/helpers.js';
import { textFile, upload } from './helpers.js';

const ROLES: readonly DemoRole[] = ['owner', 'administrator', 'moderator', 'member', 'guest', 'bot'];

/** Every role may upload, list and delete its own files, and nobody else's. */
const OWN_ONLY = {
  upload: 'allow',
  list: 'allow',
  downloadOwn: 200,
  downloadOthers: 403,
  deleteOthers: 'deny: BAD_REQUEST Invalid attachment',
  deleteOwn: 'allow',
};

/**
 * The endpoints of uploads called as owner, administrator, moderator, member, guest and bot,
 * and without credentials. "Others" is a file of another account that no message links:
 * administrators get no more access to it than anyone else.
 */
export const attachmentPermissionScenarios: Scenario[] = [
  scenario('attachments: permission matrix per role', async (t) => {
    const table: Record<string, Record<string, unknown>> = {};
    for (const role of ROLES) {
      const client = t.client(role);
      const other = await upload(t, role === 'member' ? 'moderator' : 'member', `not for ${role}`, 'other.txt');
      const uploadVerdict = await verdict(client.uploads.upload({ file: textFile(`by ${role}`, `${role}.txt`) }));
      const listed = await client.attachments.list();
      const own = listed.attachments.find((a) => a.name === `${role}.txt`);
      if (!own) throw new Error(`${role}'s upload is not listed`);
      table[role] = {
        upload: uploadVerdict,
        list: await verdict(client.attachments.list()),
        downloadOwn: (await t.download(`/user_uploads/${own.path_id}`, { role })).status,
        downloadOthers: (await t.download(other.url, { role })).status,
        deleteOthers: await verdict(client.attachments.delete({ attachment_id: other.id })),
        deleteOwn: await verdict(client.attachments.delete({ attachment_id: own.id })),
      };
      expect(table[role], role).toEqual(OWN_ONLY);
      // Only the caller's own uploads are listed.
      expect(listed.attachments.map((a) => a.name)).toEqual([`${role}.txt`]);
      await t.client(role === 'member' ? 'moderator' : 'member').attachments.delete({ attachment_id: other.id });
    }
    const file = await upload(t, 'member', 'anonymous cannot', 'anon.txt');
    const anonymous = t.client(null);
    table['anonymous'] = {
      upload: await verdict(anonymous.uploads.upload({ file: textFile('x', 'x.txt') })),
      list: await verdict(anonymous.attachments.list()),
      download: (await t.download(file.url)).status,
      delete: await verdict(anonymous.attachments.delete({ attachment_id: file.id })),
    };
    const notLoggedIn = 'deny: UNAUTHORIZED Not logged in: API authentication or user session required';
    expect(table['anonymous']).toEqual({ upload: notLoggedIn, list: notLoggedIn, download: 403, delete: notLoggedIn });
    return table;
  }),
];
