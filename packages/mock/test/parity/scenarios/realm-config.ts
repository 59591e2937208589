import type { Scenario } from '../harness.js';
import { channelFolderScenarios } from './realm-config-channel-folders.js';
import { linkifierScenarios } from './realm-config-linkifiers.js';
import { navigationViewScenarios } from './realm-config-navigation-views.js';
import { realmConfigPermissionMatrix } from './realm-config-permission-matrix.js';
import { playgroundScenarios } from './realm-config-playgrounds.js';

/**
 * Scenarios of the organization's configuration: linkifiers, code playgrounds, navigation
 * views, channel folders, and the permission matrix of their endpoints.
 */
export const realmConfigScenarios: Scenario[] = [...linkifierScenarios, ...playgroundScenarios, ...navigationViewScenarios, ...channelFolderScenarios, realmConfigPermissionMatrix];
