import { z } from 'zod';

/**
 * `field_data` of a custom profile field: the choices of a list field
 * (`{"<id>": {"text", "order"}}`) or the kind of an external account
 * (`{"subtype": "github"}`, or `"custom"` with a `url_pattern` holding `%(username)s`).
 */
export const FieldData = z.record(z.string(), z.union([z.object({ text: z.string(), order: z.string() }), z.string()]));
