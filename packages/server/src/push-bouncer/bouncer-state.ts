/** A key pair of the bouncer (base64); retired keys no longer decrypt registrations. */
export interface BouncerKey {
  public_key: string;
  secret_key: string;
  /** Seconds since the epoch. */
  created_at: number;
  retired: boolean;
}

/** A chat server registered with the bouncer (`zulip_org_id` / `zulip_org_key`). */
export interface BouncerServer {
  uuid: string;
  api_key: string;
  hostname: string;
  contact_email: string;
  registered_at: number;
}

/** An organization of a registered server. */
export interface BouncerRealm {
  uuid: string;
  server_uuid: string;
  host: string;
  name: string;
  url: string;
}

/** A registered mobile device. */
export interface BouncerDevice {
  device_id: number;
  server_uuid: string;
  realm_uuid: string;
  push_account_id: number;
  token_kind: 'fcm' | 'apns';
  token: string;
  ios_app_id: string | null;
  registered_at: number;
}

/**
 * A device token registered the legacy (non-E2EE) way (`/api/v1/remotes/push/register`): the
 * token itself, for a user of a server. Its `device_id` shares the numbering of {@link BouncerDevice}.
 */
export interface BouncerLegacyDevice {
  device_id: number;
  server_uuid: string;
  realm_uuid: string | null;
  /** The user's ID on that server. */
  user_id: number;
  token_kind: 'fcm' | 'apns';
  token: string;
  ios_app_id: string | null;
  registered_at: number;
}

/** A notification the bouncer "delivered" to a device: what the app would have received. */
export interface BouncerNotification {
  id: number;
  device_id: number;
  /** Seconds since the epoch. */
  received_at: number;
  /** APNs headers, or the FCM priority, as the server asked. */
  http_headers: Record<string, unknown> | null;
  fcm_priority: string | null;
  /**
   * The push payload: `push_account_id`, `encrypted_data` (base64 sealed box), APNs `aps`;
   * for a legacy device the plain payload (APNs `alert`, `sound`, `custom.zulip`; FCM's data).
   */
  payload: Record<string, unknown>;
}

/** Everything the bouncer keeps (one JSON document; the binary writes it to its data file). */
export interface BouncerState {
  format: 1;
  keys: BouncerKey[];
  servers: BouncerServer[];
  realms: BouncerRealm[];
  devices: BouncerDevice[];
  /** Legacy device tokens (absent from states saved before they existed). */
  legacy_devices?: BouncerLegacyDevice[];
  notifications: BouncerNotification[];
  next_device_id: number;
  next_notification_id: number;
}

/** An empty state (keys are added by the bouncer on first start). */
export function emptyBouncerState(): BouncerState {
  return {
    format: 1,
    keys: [],
    servers: [],
    realms: [],
    devices: [],
    legacy_devices: [],
    notifications: [],
    next_device_id: 1,
    next_notification_id: 1,
  };
}
