// The CommonJS declarations (index.d.cts) of the packages that offer `require`.
import { createClient, type Client } from '@teamchat/client-sdk';
import { createClientFromEnv } from '@teamchat/client-sdk/node';
import { createMock } from '@teamchat/mock';
import { endpoints } from '@teamchat/schema';
import { createMemoryServer } from '@teamchat/server';

export const client: Client = createClient({ site: 'http://127.0.0.1:9991', email: 'a@b.example', apiKey: 'k' });
export const used = [createClientFromEnv, createMock, createMemoryServer, endpoints['users.me']];
