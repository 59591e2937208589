import type { DemoRole } from '@teamchat/server';
import { expect } from 'vitest';
import type { ScenarioContext } from '../../harness.js';

/** A week on the server clock. */
export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** A text file with a name, as browsers and Node.js build them. */
export const textFile = (text: string, name: string, type = 'text/plain'): File => new File([text], name, { type });

/** What POST /user_uploads answers for `name` (the random part of the path matched). */
export const uploadUrl = (name: string): RegExp =>
  new RegExp(`^/user_uploads/1/[0-9a-f]{2}/[A-Za-z0-9_-]{24}/${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** Uploads `text` as `role` and returns its URL, path ID and attachment ID. */
export async function upload(
  t: ScenarioContext,
  role: DemoRole,
  text: string,
  name: string,
): Promise<{ url: string; pathId: string; id: number }> {
  const { url } = await t.client(role).uploads.upload({ file: textFile(text, name) });
  expect(url).toMatch(uploadUrl(name));
  const pathId = url.slice('/user_uploads/'.length);
  const { attachments } = await t.client(role).attachments.list();
  const record = attachments.find((a) => a.path_id === pathId);
  if (!record) throw new Error(`upload ${pathId} is not listed`);
  return { url, pathId, id: record.id };
}

/** The status of a GET of `url` by each role (and `anonymous`), for access tables. */
export async function downloadStatuses(t: ScenarioContext, url: string): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  for (const role of ['owner', 'administrator', 'moderator', 'member', 'guest', 'bot'] as const)
    statuses[role] = (await t.download(url, { role })).status;
  statuses['anonymous'] = (await t.download(url)).status;
  return statuses;
}

/** The caller's attachments as `{name: [linking message IDs]}`, and the space used. */
export async function linkTable(
  t: ScenarioContext,
  role: DemoRole,
): Promise<{ links: Record<string, number[]>; used: number }> {
  const { attachments, upload_space_used } = await t.client(role).attachments.list();
  return {
    links: Object.fromEntries(attachments.map((a) => [a.name, a.messages.map((m) => m.id)])),
    used: upload_space_used,
  };
}

/** The `attachment` events waiting in a queue, without blocking. */
export async function attachmentEvents(
  t: ScenarioContext,
  role: DemoRole,
  queueId: string | null,
): Promise<Record<string, unknown>[]> {
  const { events } = await t.client(role).events.get({ queue_id: queueId ?? '', dont_block: true });
  return events.filter((event) => event['type'] === 'attachment');
}
