import { runQuickstart } from './client.js';
import { startServer } from './server.js';

const server = await startServer();
try {
  const owner = server.accounts.find((account) => account.role === 'owner');
  if (!owner) throw new Error('the demo organization has no owner');
  console.log(`Server: ${server.url} — running the quickstart as ${owner.email}`);
  const report = await runQuickstart({ site: server.url, email: owner.email, apiKey: owner.apiKey });
  console.log(`Users: ${report.users.join(', ')}`);
  console.log(`Created channel ${report.channelId}, sent message ${report.messageId}: ${report.rendered}`);
  console.log(`Topics: ${report.topics.join(', ')}`);
  console.log(`Uploaded ${report.upload.url}, linked from message ${report.upload.linkedFrom.join(', ')}`);
} finally {
  await server.close();
}
