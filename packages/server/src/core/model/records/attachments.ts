/**
 * An uploaded file. The bytes live in the file store (beside the data file), never in the
 * document; `path_id` is `<realm_id>/<2 chars>/<random>/<sanitized filename>`.
 */
export interface AttachmentRecord {
  id: number;
  owner_id: number;
  /** The original file name. */
  name: string;
  path_id: string;
  content_type: string;
  size: number;
  /** Milliseconds since the epoch. */
  create_time: number;
  /** IDs of the messages that link the file, ascending. */
  message_ids: number[];
}
