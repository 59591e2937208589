import { z } from 'zod';

/** Longest title of a saved snippet (the real server's `SavedSnippet.MAX_TITLE_LENGTH`). */
const MAX_SNIPPET_TITLE_LENGTH = 60;
/** Longest content of a saved snippet: the longest message (`MAX_MESSAGE_LENGTH`). */
const MAX_SNIPPET_CONTENT_LENGTH = 10000;

/** A title as a request gives it: blanks around it dropped, then 1–60 characters. */
export const SnippetTitle = z.string().trim().min(1).max(MAX_SNIPPET_TITLE_LENGTH);
/** Content as a request gives it: blanks around it dropped, then 1–10000 characters. */
export const SnippetContent = z.string().trim().min(1).max(MAX_SNIPPET_CONTENT_LENGTH);

/** A saved snippet as the API shows it (FL 297). */
export const SavedSnippet = z.looseObject({
  id: z.number().int(),
  title: z.string(),
  /** Markdown to insert into a message. */
  content: z.string(),
  /** Seconds since the epoch. */
  date_created: z.number().int(),
});
