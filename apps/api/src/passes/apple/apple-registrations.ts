import { Inject, Injectable } from '@nestjs/common';
import type { AppleSerialsView } from '@qr/contracts';
import type { SqlClient } from '@qr/platform';
import { SQL_CLIENT } from '../../infrastructure';

/** One device's registration of one pass (PassKit web service "register a device"). */
export interface AppleRegistration {
  deviceLibraryIdentifier: string;
  passTypeIdentifier: string;
  serialNumber: string;
  pushToken: string;
  orgId: string;
}

/**
 * The Apple devices that keep passes up to date (wallet_apple_registrations): what the PassKit web
 * service writes and asks. How many devices follow a pass and their push tokens are the pass
 * reads' (PassReads.devices, PassReads.pushTokens).
 */
@Injectable()
export class AppleRegistrations {
  constructor(@Inject(SQL_CLIENT) private readonly db: SqlClient) {}

  /** Apple answers 201 to a new registration and 200 to one it knew: a device registers again with a new push token. */
  async register(registration: AppleRegistration): Promise<'created' | 'updated'> {
    const { rows } = await this.db.query<{ created: boolean }>(
      `INSERT INTO wallet_apple_registrations (device_library_id, pass_type_identifier, serial_number, push_token, org_id) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (device_library_id, pass_type_identifier, serial_number) DO UPDATE SET push_token = EXCLUDED.push_token, org_id = EXCLUDED.org_id
       RETURNING (xmax = 0) AS created`,
      [registration.deviceLibraryIdentifier, registration.passTypeIdentifier, registration.serialNumber, registration.pushToken, registration.orgId],
    );
    return rows[0]?.created ? 'created' : 'updated';
  }

  async unregister(deviceLibraryIdentifier: string, passTypeIdentifier: string, serialNumber: string): Promise<void> {
    await this.db.query('DELETE FROM wallet_apple_registrations WHERE device_library_id = $1 AND pass_type_identifier = $2 AND serial_number = $3', [
      deviceLibraryIdentifier,
      passTypeIdentifier,
      serialNumber,
    ]);
  }

  /**
   * The device's passes of this type changed after `tag` (all of them without one), and the newest
   * tag among them for the device to send next time; null when none did (Apple's 204). The tag is
   * the passes read model's update_tag, a global position, so it only grows.
   */
  async serialsSince(deviceLibraryIdentifier: string, passTypeIdentifier: string, tag: string | undefined): Promise<AppleSerialsView | null> {
    const { rows } = await this.db.query<{ pass_id: string; update_tag: string | number }>(
      `SELECT p.pass_id, p.update_tag FROM wallet_apple_registrations r JOIN passes p ON p.pass_id = r.serial_number AND p.org_id = r.org_id
        WHERE r.device_library_id = $1 AND r.pass_type_identifier = $2 AND ($3::bigint IS NULL OR p.update_tag > $3::bigint)
        ORDER BY p.update_tag, p.pass_id`,
      [deviceLibraryIdentifier, passTypeIdentifier, tag ?? null],
    );
    if (rows.length === 0) return null;
    return { serialNumbers: rows.map((row) => row.pass_id), lastUpdated: String(rows[rows.length - 1]!.update_tag) };
  }

  /** Forgets push tokens APNs will never deliver to again, with every registration that carries them. */
  async forget(pushTokens: readonly string[]): Promise<void> {
    if (pushTokens.length === 0) return;
    await this.db.query('DELETE FROM wallet_apple_registrations WHERE push_token = ANY($1::text[])', [pushTokens]);
  }
}
