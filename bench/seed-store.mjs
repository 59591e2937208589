#!/usr/bin/env node
// Writes a data file of the reference server holding the demo organization and N channel
// messages, seeded directly through the store (no HTTP): `node bench/seed-store.mjs FILE N`.
// The messages go to #general from the member, 1,000 per topic ("topic 0", "topic 1", …), so
// the owner's copies are unread. The server writes the zuliprc files when it first starts on
// the file. Run as a child of the harness (run.mjs, startup.mjs).
import { assembleServer, seedChannelMessages } from '@teamchat/server';
import { openDiskStore } from '@teamchat/server/node';
import { ADMIN_PASSWORD, PER_TOPIC, seededContent } from './scenarios.mjs';

async function main([file, countText]) {
  const count = Number(countText);
  if (!file || !Number.isInteger(count) || count < 0) throw new Error('usage: node bench/seed-store.mjs FILE N');
  const started = performance.now();
  const { store } = await openDiskStore(file, {
    log: { warn: () => {}, info: () => {} },
    seed: async (fresh) => {
      // The administrator's password is known: the journal scenarios log in to the web app with it.
      const { core } = await assembleServer({
        store: fresh,
        seed: { passwordIterations: 1000, passwords: { administrator: ADMIN_PASSWORD } },
      });
      await seedChannelMessages(core.services, {
        channel: 'general',
        sender: 'mike@teamchat.example',
        count,
        topic: (i) => `topic ${Math.floor(i / PER_TOPIC)}`,
        content: seededContent,
        progress: (stored) => {
          if (stored % 100_000 === 0 || stored === count) process.stderr.write(`[bench] seeded ${stored} messages\n`);
        },
      });
    },
  });
  await store.close();
  process.stdout.write(`seeded ${count} messages in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

main(process.argv.slice(2)).catch((error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
