// The CommonJS declarations (index.d.cts) of the packages that offer `require`.
import { createClient, type Client } from '@teamchat/client-sdk';
import { createClientFromEnv } from '@teamchat/client-sdk/node';
import { createMock } from '@teamchat/mock';
import { endpoints } from '@teamchat/schema';
import { createMemoryServer } from '@teamchat/server';
import { BUSY_TRAFFIC } from '@teamchat/traffic';

export const client: Client = createClient({ site: 'http://127.0.0.1:9991', email: 'a@b.example', apiKey: 'k' });
export const used = [BUSY_TRAFFIC, createClientFromEnv, createMock, createMemoryServer, endpoints['users.me']];
