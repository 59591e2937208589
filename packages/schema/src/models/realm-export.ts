import { z } from 'zod';

/** A data export of the organization, as GET /export/realm and `realm_export` events show it. */
export const RealmExport = z.object({
  id: z.number().int(),
  acting_user_id: z.number().int(),
  /** When it was requested, in seconds since the epoch. */
  export_time: z.number(),
  /** Where to download it; null while pending, after a failure or once deleted. */
  export_url: z.string().nullable(),
  deleted_timestamp: z.number().nullable(),
  failed_timestamp: z.number().nullable(),
  pending: z.boolean(),
  /** 1: public data only; 2: standard (private data of the users who consented). */
  export_type: z.number().int(),
});
/** A data export of the organization. */
export type RealmExport = z.infer<typeof RealmExport>;
