/**
 * @module @teamchat/client-sdk/validate
 * Response validation against the contracts' zod schemas: the one feature of the SDK that
 * needs them at run time, so it is an entry of its own. A bundle that never imports it
 * holds no zod.
 */
export { validateResponses } from './plugins/validate-responses-plugin.js';
