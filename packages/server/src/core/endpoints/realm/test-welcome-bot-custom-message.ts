import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { testWelcomeBotCustomMessage } from '../../users/welcome-bot.js';

/** POST /realm/test_welcome_bot_custom_message: {@link testWelcomeBotCustomMessage}. */
export const testWelcomeBotCustomMessageImpl = implement(endpoints['realm.testWelcomeBotCustomMessage'], testWelcomeBotCustomMessage);
