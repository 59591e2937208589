import type { Services } from '../runtime/services.js';
import { deactivateOrganization, reactivateOrganization } from '../realm-settings/organization-activation.js';
import { OPERATOR_ROLES, OperatorError, operatorChangeRole, type OperatorRole } from '../users/operator-roles.js';

/**
 * What an operator asks of a server (the real server's management commands), through
 * `teamchat-server <command>`: while the server runs, over its control channel; otherwise on
 * the data file directly.
 */
export type OperatorRequest =
  | { action: 'deactivate-organization' }
  | { action: 'reactivate-organization' }
  | { action: 'change-user-role'; email: string; role: OperatorRole; revoke?: boolean };

/** The lines the command prints. */
export interface OperatorAnswer {
  lines: string[];
}

/** Whether `value` is an {@link OperatorRequest} (what the control channel accepts). */
export function isOperatorRequest(value: unknown): value is OperatorRequest {
  if (typeof value !== 'object' || value === null) return false;
  const request = value as Record<string, unknown>;
  if (request['action'] === 'deactivate-organization' || request['action'] === 'reactivate-organization') return true;
  return (
    request['action'] === 'change-user-role' &&
    typeof request['email'] === 'string' &&
    (OPERATOR_ROLES as readonly unknown[]).includes(request['role']) &&
    (request['revoke'] === undefined || typeof request['revoke'] === 'boolean')
  );
}

/**
 * Runs operator requests on a core's services, each as one transaction (its events reach the
 * running server's queues once durable). A request that changes nothing answers the real
 * command's words (`The realm zulip is already deactivated.`); one the real command refuses
 * throws {@link OperatorError}.
 */
export function createOperator(services: Services): (request: OperatorRequest) => Promise<OperatorAnswer> {
  return (request) =>
    services.store.write((db) => {
      const realm = db.get('realm', 1);
      if (!realm) throw new OperatorError('The store holds no organization');
      const ctx = { ...services, db, realm };
      const name = realm.string_id;
      switch (request.action) {
        case 'deactivate-organization':
          return {
            lines: deactivateOrganization(ctx)
              ? [`Deactivating ${name}`, 'Done!']
              : [`The realm ${name} is already deactivated.`],
          };
        case 'reactivate-organization':
          return {
            lines: reactivateOrganization(ctx)
              ? [`Reactivating ${name}`, 'Done!']
              : [`Realm ${name} is already active.`],
          };
        case 'change-user-role': {
          const email = request.email.trim().toLowerCase();
          const user = [...db.all('users')].find(
            (candidate) => candidate.email.toLowerCase() === email && candidate.is_system_bot !== true,
          );
          if (!user)
            throw new OperatorError(`The realm '${name}' does not contain a user with email '${request.email}'`);
          return { lines: operatorChangeRole(ctx, user, request.role, request.revoke === true) };
        }
      }
    });
}
