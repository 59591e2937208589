import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { getEvents } from '../../events/get-events.js';

/** GET /events: {@link getEvents}. */
export const getEventsImpl = implement(endpoints['events.get'], getEvents);
