import { z } from 'zod';

/** Operand of a narrow element: a string, a user or message ID, or a list of user IDs. */
export const NarrowOperand = z.union([z.string(), z.number().int(), z.array(z.number().int())]);

/** The object form of a narrow element. */
export const NarrowElementObject = z.object({
  operator: z.string(),
  operand: NarrowOperand,
  negated: z.boolean().optional(),
});

/** The legacy two-string form `["operator", "operand"]`. */
export const NarrowElementPair = z.tuple([z.string(), z.string()]);

/** One filter element of a narrow, in either form. */
export const NarrowElement = z.union([NarrowElementObject, NarrowElementPair]);
export type NarrowElement = z.infer<typeof NarrowElement>;

/**
 * A narrow: an array of filter elements, combined with AND.
 *
 * @see https://zulip.com/api/construct-narrow
 */
export const Narrow = z.array(NarrowElement);
export type Narrow = z.infer<typeof Narrow>;
