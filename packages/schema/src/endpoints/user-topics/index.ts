export { muteTopic } from './mute-topic.js';
export { updateUserTopic } from './update-user-topic.js';
