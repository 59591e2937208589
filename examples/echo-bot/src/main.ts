import { askEchoBot } from './ask-bot.js';
import { startServer } from './server.js';

const server = await startServer();
try {
  const bot = server.accounts.find((a) => a.role === 'bot');
  const member = server.accounts.find((a) => a.role === 'member');
  if (!bot || !member) throw new Error('the demo organization lacks its bot or member');
  const { reply, answered } = await askEchoBot(server.url, bot, member, 'Hello, bot!');
  console.log(`The bot answered: ${reply ?? '(nothing)'}`);
  console.log(`Messages answered: ${answered}`);
} finally {
  await server.close();
}
