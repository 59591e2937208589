import { ApiError, type NarrowElement } from '@teamchat/schema';

/** An operand after typing: a string, an ID, or a list of user IDs (`dm`, `pm-with`). */
export type NarrowOperand = string | number | readonly number[];

/** One narrow element in the object form, with `negated` filled in. */
export interface NarrowParameter {
  operator: string;
  operand: NarrowOperand;
  negated: boolean;
}

/** Operators whose operand may be a string or an ID. */
const ID_OPERATORS = new Set(['channel', 'stream', 'id', 'sender', 'group-pm-with', 'dm-including', 'with']);
/** Operators whose operand may be a string (emails) or a list of user IDs. */
const ID_LIST_OPERATORS = new Set(['pm-with', 'dm']);

function invalid(msg: string): ApiError {
  return new ApiError('BAD_REQUEST', msg);
}

/** Checks the operand's type for `operator` the way the real server's `NarrowParameter` does. */
function typedOperand(operator: string, operand: unknown): NarrowOperand {
  if (ID_OPERATORS.has(operator)) {
    if (typeof operand === 'string' || (typeof operand === 'number' && Number.isInteger(operand))) return operand;
    throw invalid('operand is not a string or integer');
  }
  if (ID_LIST_OPERATORS.has(operator)) {
    if (typeof operand === 'string') return operand;
    if (!Array.isArray(operand)) throw invalid('operand is not a string or an integer list');
    operand.forEach((item: unknown, i) => {
      if (typeof item !== 'number' || !Number.isInteger(item)) throw invalid(`operand[${i}] is not an integer`);
    });
    return operand as number[];
  }
  if (typeof operand !== 'string') throw invalid('operand is not a string');
  if (operator === 'search' && operand.trim() === '') throw invalid('operand cannot be blank.');
  return operand;
}

/**
 * Turns both element forms (`{operator, operand, negated?}` and the legacy
 * `["operator", "operand"]`) into {@link NarrowParameter}s and checks each operand's type
 * (https://zulip.com/api/construct-narrow): `BAD_REQUEST` `operand is not a string`,
 * `operand is not a string or integer`, `operand is not a string or an integer list`,
 * `operand cannot be blank.` (empty search).
 * Operators are not checked here: unknown ones fail later with `BAD_NARROW`.
 *
 * @see https://zulip.com/api/construct-narrow
 */
export function normalizeNarrow(narrow: readonly (NarrowElement | NarrowParameter)[]): NarrowParameter[] {
  return narrow.map((element) => {
    if (Array.isArray(element)) {
      const [operator, operand] = element as readonly [string, string];
      return { operator, operand: typedOperand(operator, operand), negated: false };
    }
    const { operator, operand, negated } = element as NarrowParameter | Extract<NarrowElement, { operator: string }>;
    return { operator, operand: typedOperand(operator, operand), negated: negated === true };
  });
}
