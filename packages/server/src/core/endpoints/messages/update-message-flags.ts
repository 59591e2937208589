import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { updateFlags } from '../../messages/update-flags.js';

/** POST /messages/flags: {@link updateFlags}. */
export const updateFlagsImpl = implement(endpoints['messages.updateFlags'], updateFlags);
