import { confirmEmailChangeImpl } from './confirm-email-change.js';
import { serveUploadImpl } from './serve-upload.js';
import { serveEmojiImpl } from './serve-emoji.js';
import { serveTemporaryUploadImpl } from './serve-temporary-upload.js';
import { serveExportImpl } from './serve-export.js';
import { joinBigBlueButtonImpl } from './join-big-blue-button.js';
import { registerImpl, signUpFormImpl } from './sign-up.js';
import { devLogInImpl, logInImpl, logOutImpl } from './log-in.js';
import { inspectorJournalImpl } from './inspector-journal.js';

/**
 * Handlers of the server's pages beside the API (links in emails, the sign-up form, uploaded files): run like
 * the API's (authentication, due jobs, transactions), never routed as API endpoints or tRPC
 * procedures; the REST layer renders their answers.
 */
export const pages = [serveUploadImpl, confirmEmailChangeImpl, serveEmojiImpl, serveTemporaryUploadImpl, serveExportImpl, joinBigBlueButtonImpl, signUpFormImpl, registerImpl, logInImpl, devLogInImpl, logOutImpl, inspectorJournalImpl] as const;
