// Every entry of every package, typechecked as a strict project does (skipLibCheck: false, so
// the shipped declaration files themselves are checked).
import { createClient, isApiError, watchEvents, type Client, type ClientOptions } from '@teamchat/client-sdk';
import { createClientFromZuliprc, resolveConfig } from '@teamchat/client-sdk/node';
import { createProgram, runCli, EXIT_CODES, type ProgramOptions } from '@teamchat/cli';
import { createMock, type TeamchatMock } from '@teamchat/mock';
import { setupMockServer, startMockServer } from '@teamchat/mock/node';
import { endpoints, encodeParams, ApiError, type User } from '@teamchat/schema';
import { assembleServer, createMemoryServer, type Core } from '@teamchat/server';
import { parseTrafficRates, Traffic, type TrafficRates } from '@teamchat/traffic';
import { listen, openDiskStore, type RunningServer } from '@teamchat/server/node';

const options: ClientOptions = { site: 'http://127.0.0.1:9991', email: 'olivia@teamchat.example', apiKey: 'x' };
const client: Client = createClient(options);
export async function firstUser(): Promise<User | undefined> {
  const { members } = await client.users.list();
  return members[0];
}
export const encoded = encodeParams(endpoints['messages.send'], {
  type: 'stream',
  to: 'general',
  topic: 'hi',
  content: 'Hi!',
});
export const isError = (error: unknown): boolean => isApiError(error) || error instanceof ApiError;
export const programOptions: ProgramOptions = { env: {} };
export const exitOk: 0 = EXIT_CODES.ok;
export async function serve(): Promise<RunningServer> {
  const { handler } = await createMemoryServer();
  return listen({ handler, port: 0 });
}
export async function mockUsers(mock: TeamchatMock): Promise<number> {
  const mocked = createClient(mock.clientOptions('member'));
  return (await mocked.users.list()).members.length;
}
export const busy: TrafficRates = parseTrafficRates('busy');
export const used = [
  Traffic,
  watchEvents,
  createClientFromZuliprc,
  resolveConfig,
  createProgram,
  runCli,
  createMock,
  setupMockServer,
  startMockServer,
  assembleServer,
  openDiskStore,
];
export type Used = Core;
