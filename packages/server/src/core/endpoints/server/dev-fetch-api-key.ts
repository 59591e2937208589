import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { devFetchApiKey } from '../../auth/dev-fetch-api-key.js';

/** POST /dev_fetch_api_key: {@link devFetchApiKey}. */
export const devFetchApiKeyImpl = implement(endpoints['server.devFetchApiKey'], devFetchApiKey, { readOnly: true });
