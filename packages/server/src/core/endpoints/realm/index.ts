import { testWelcomeBotCustomMessageImpl } from './test-welcome-bot-custom-message.js';
import { updateRealmImpl } from './update-realm.js';

/** The handlers of the `realm` contracts, in the order of the schema's table. */
export const realm = [updateRealmImpl, testWelcomeBotCustomMessageImpl] as const;
