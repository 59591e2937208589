import type { z } from 'zod';

/** The shape `{ [name]: schema.optional() }` for a list of parameter names. */
export type OptionalFields<TNames extends readonly string[], TSchema extends z.ZodType> = {
  [P in TNames[number]]: z.ZodOptional<TSchema>;
};

/**
 * One optional parameter of `schema` per name: the group settings of channels and user groups
 * as parameters (plain values on creation, `{new, old}` updates on PATCH), kept in step with
 * the setting lists of the models.
 */
export function optionalFields<const TNames extends readonly string[], TSchema extends z.ZodType>(
  names: TNames,
  schema: TSchema,
): OptionalFields<TNames, TSchema> {
  return Object.fromEntries(names.map((name) => [name, schema.optional()])) as OptionalFields<TNames, TSchema>;
}
