import type { Services } from '../runtime/services.js';

/**
 * Removes stored files no attachment record (nor custom emoji, avatar or export) names: files written for uploads whose commit
 * never happened (a crash between the file and the record), and files whose deletion after a
 * committed record deletion did not finish. Run it at start-up, before serving requests: an
 * upload in progress has its file before its record. Names are compared in Unicode NFC, as
 * some file systems give them back in another normalization form than they were written in: a
 * file that matches a record once normalized is kept. Empty directories go too. Returns the
 * removed path IDs.
 *
 * @see shared/DESIGN.md (the durable disk store)
 */
export async function removeOrphanFiles(
  services: Pick<Services, 'files' | 'log' | 'store' | 'indexes'>,
): Promise<string[]> {
  const known = new Set([...services.indexes.attachments.byPathId.keys()].map((pathId) => pathId.normalize('NFC')));
  // Custom emoji images live in the same file store.
  for (const emoji of services.store.all('realm_emoji'))
    if (emoji.file_path) known.add(emoji.file_path.normalize('NFC'));
  // So do uploaded avatars.
  for (const user of services.store.all('users'))
    if (user.avatar_file) known.add(user.avatar_file.path.normalize('NFC'));
  // So do the files of data exports.
  for (const exported of services.store.all('realm_exports'))
    if (exported.export_path) known.add(exported.export_path.normalize('NFC'));
  const orphans = (await services.files.list()).filter((pathId) => !known.has(pathId.normalize('NFC')));
  for (const pathId of orphans) await services.files.delete(pathId);
  await services.files.prune?.();
  if (orphans.length > 0)
    services.log.info('removed uploaded files without an attachment record', { count: orphans.length });
  return orphans;
}
