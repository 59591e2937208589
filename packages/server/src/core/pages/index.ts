import { confirmEmailChangeHandler } from './confirm-email-change.js';
import { serveUploadHandler } from './serve-upload.js';
import { serveEmojiHandler } from './serve-emoji.js';
import { serveAvatarHandler } from './serve-avatar.js';
import { serveTemporaryUploadHandler } from './serve-temporary-upload.js';
import { serveExportHandler } from './serve-export.js';
import { joinBigBlueButtonHandler } from './join-big-blue-button.js';
import { registerHandler, signUpFormHandler } from './sign-up.js';
import { devLogInHandler, logInHandler, logOutHandler } from './log-in.js';
import { inspectorJournalHandler } from './inspector-journal.js';

/**
 * Handlers of the server's pages beside the API (links in emails, the sign-up form, uploaded files): run like
 * the API's (authentication, due jobs, transactions), never routed as API endpoints or tRPC
 * procedures; the REST layer renders their answers.
 */
export const pages = [
  serveUploadHandler,
  confirmEmailChangeHandler,
  serveEmojiHandler,
  serveAvatarHandler,
  serveTemporaryUploadHandler,
  serveExportHandler,
  joinBigBlueButtonHandler,
  signUpFormHandler,
  registerHandler,
  logInHandler,
  devLogInHandler,
  logOutHandler,
  inspectorJournalHandler,
] as const;
