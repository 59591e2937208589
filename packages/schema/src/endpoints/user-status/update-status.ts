import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { statusParams } from './status-params.js';

/**
 * POST /users/me/status: set the caller's status text and emoji; the deprecated `away` turns
 * presence sharing off (`presence_enabled`, FL 148).
 */
export const updateStatus = defineEndpoint({
  name: 'users.updateStatus',
  method: 'POST',
  path: '/users/me/status',
  access: 'user',
  summary: "Update the caller's status.",
  docs: 'update-status',
  params: z.object({
    ...statusParams,
    /** Deprecated (FL 148): sets `presence_enabled` to its inverse. */
    away: z.boolean().optional(),
  }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
});
