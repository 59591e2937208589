import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { fetchApiKey } from '../../auth/fetch-api-key.js';

/** POST /fetch_api_key: {@link fetchApiKey}. */
export const fetchApiKeyImpl = implement(endpoints['server.fetchApiKey'], fetchApiKey, { readOnly: true });
