// Records of push notifications: devices, legacy device tokens, this server's identity at the
// bouncer.

/** A device registered for E2EE push notifications (POST /mobile_push/register). */
export interface PushDeviceRecord {
  id: number;
  user_id: number;
  /** Chosen by the app; unique per user. */
  push_account_id: number;
  token_kind: 'fcm' | 'apns';
  /** The app's public key (base64): notifications are sealed to it. */
  push_public_key: string;
  bouncer_public_key: string;
  encrypted_push_registration: string;
  /** pending until the bouncer answered; active with a bouncer device ID; failed with an error code. */
  status: 'pending' | 'active' | 'failed';
  error_code: string | null;
  bouncer_device_id: number | null;
}

/** A device token for (non-E2EE) push notifications: POST /users/me/apns_device_token and /users/me/android_gcm_reg_id. */
export interface PushDeviceTokenRecord {
  id: number;
  user_id: number;
  kind: 'apns' | 'fcm';
  token: string;
  /** The iOS app's ID (APNs tokens only). */
  ios_app_id: string | null;
  /** Milliseconds since the epoch. */
  created_at: number;
}

/** This server's identity at the push bouncer (one record, ID 1): made on first use. */
export interface PushIdentityRecord {
  id: 1;
  /** `zulip_org_id` and `zulip_org_key`: how the server authenticates to the bouncer. */
  zulip_org_id: string;
  zulip_org_key: string;
  /** The organization's UUID at the bouncer. */
  realm_uuid: string;
}
