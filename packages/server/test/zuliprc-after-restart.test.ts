/**
 * The zuliprc files a store wrote follow the server to another address: after a restart on
 * another `--port` (or `--host`), their `site=` names the new one. Only this store's files,
 * and only a site of the form the server writes: a file of another store, or a site changed
 * by hand, stays as it is.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { assertFreshBuilds } from '../../../test-support/fresh-build.js';
import { startServer } from '../../../test-support/start-server.js';

let dir: string;

beforeAll(() => {
  assertFreshBuilds();
  dir = mkdtempSync(join(tmpdir(), 'teamchat-zuliprc-restart-'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const siteOf = (path: string) => /^site=(.*)$/m.exec(readFileSync(path, 'utf8'))?.[1];

describe('zuliprc files after a restart on another port', () => {
  it("point this store's files at the new address, and leave the others alone", async () => {
    const first = await startServer(dir);
    await first.stop();
    const roles = ['owner', 'administrator', 'moderator', 'guest', 'bot'] as const;
    for (const role of roles) expect(siteOf(first.zuliprc(role))).toBe(first.url);
    // A site changed by hand (behind a proxy), and another store's file in the same directory.
    const member = first.zuliprc('member');
    writeFileSync(member, readFileSync(member, 'utf8').replace(/^site=.*$/m, 'site=https://chat.example.com'));
    const foreign = join(dir, 'zuliprc-other-owner');
    const foreignText = `[api]\nemail=a@example.com\nkey=k\nsite=${first.url}\n# teamchat store: ${join(dir, 'other.json')}\n`;
    writeFileSync(foreign, foreignText);
    const ownerBefore = readFileSync(first.zuliprc('owner'), 'utf8');

    const second = await startServer(dir);
    try {
      expect(second.url).not.toBe(first.url);
      for (const role of roles) expect(siteOf(second.zuliprc(role)), role).toBe(second.url);
      // Only the site line changed; the file stays readable by its owner only.
      expect(readFileSync(second.zuliprc('owner'), 'utf8')).toBe(
        ownerBefore.replace(`site=${first.url}`, `site=${second.url}`),
      );
      expect(statSync(second.zuliprc('owner')).mode & 0o777).toBe(0o600);
      expect(siteOf(member)).toBe('https://chat.example.com');
      expect(readFileSync(foreign, 'utf8')).toBe(foreignText);
      // The lines after "listening" may arrive in chunks of their own.
      await vi.waitFor(() =>
        expect(second.output()).toContain(`The site of ${roles.length} zuliprc files is now ${second.url}`),
      );
      // The files work: the owner's key, at the new address.
      const [, email = '', key = ''] =
        /^email=(.*)\nkey=(.*)$/m.exec(readFileSync(second.zuliprc('owner'), 'utf8')) ?? [];
      const answer = await fetch(`${siteOf(second.zuliprc('owner'))}/api/v1/users/me`, {
        headers: { authorization: `Basic ${btoa(`${email}:${key}`)}` },
      });
      expect(answer.status).toBe(200);
    } finally {
      await second.stop();
    }
  });
});
