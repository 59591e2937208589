// Live traffic: the seeded engine, its rates and scripts, and the port it drives a server through
export { BUSY_TRAFFIC, parseTrafficRates, runTrafficScript, Traffic, TrafficLanes } from './traffic.js';
export type { TrafficAccount, TrafficPort, TrafficRates, TrafficScript, TrafficStats, TrafficStep } from './traffic.js';

// Seeded randomness and the vocabulary traffic and generated organizations draw from
export { SeededRandom } from './random.js';
export {
  CHANNEL_FOLDERS,
  CHANNELS,
  messageContent,
  PEOPLE,
  reactionEmoji,
  STATUSES,
  TIME_ZONES,
  topicName,
} from './vocabulary.js';
export type { ChannelPlan, ContentContext } from './vocabulary.js';
