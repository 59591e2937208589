export { updateRealm } from './update-realm.js';
export { testWelcomeBotCustomMessage } from './test-welcome-bot-custom-message.js';
