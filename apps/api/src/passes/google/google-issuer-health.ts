import { createPrivateKey } from 'node:crypto';
import type { IssuerProblem } from '@qr/contracts';
import type { GoogleIssuer, GoogleIssuerInput, IssuerCheck } from '../wallet-issuer';

const malformed = (message: string): IssuerProblem => ({ level: 'error', code: 'service_account_malformed', message });

/** The fields of a service account key file (Google Cloud console, "Keys", "Add key", JSON) that Wallet needs. */
function problemsOf(key: unknown): IssuerProblem[] {
  if (typeof key !== 'object' || key === null || Array.isArray(key)) return [malformed('The service account key is not a JSON object.')];
  const fields = key as Record<string, unknown>;
  const problems: IssuerProblem[] = [];
  if (fields.type !== 'service_account')
    problems.push(
      malformed(
        `The key is not a service account key (type is ${JSON.stringify(fields.type ?? null)}, not "service_account"): create a JSON key of the service account.`,
      ),
    );
  if (typeof fields.client_email !== 'string' || !fields.client_email.includes('@'))
    problems.push(malformed('The service account key has no client_email: paste the whole JSON file Google Cloud gave.'));
  if (typeof fields.private_key !== 'string') {
    problems.push(malformed('The service account key has no private_key: paste the whole JSON file Google Cloud gave.'));
  } else {
    try {
      // RS256, the only algorithm Google accepts for a service account's token request and save link, needs an RSA key.
      if (createPrivateKey(fields.private_key).asymmetricKeyType !== 'rsa')
        problems.push(malformed('The service account key’s private_key is not an RSA key: create a new JSON key of the service account.'));
    } catch {
      problems.push(malformed('The service account key’s private_key is not a PEM private key: paste the file as Google Cloud gave it.'));
    }
  }
  return problems;
}

/**
 * Checks a Google Wallet issuer before it is stored: the service account key must be the JSON file
 * of a service account with a usable private key. Whether the account was added to the issuer in
 * the Pay & Wallet console shows only at the first call to Google (pass_provider_failed).
 */
export function checkGoogleIssuer(input: GoogleIssuerInput): { issuer: GoogleIssuer; check: IssuerCheck } {
  let key: unknown;
  try {
    key = JSON.parse(input.service_account_json);
  } catch {
    key = undefined;
  }
  const problems = key === undefined ? [malformed('The service account key is not JSON: paste the contents of the .json file.')] : problemsOf(key);
  const fields = (typeof key === 'object' && key !== null ? key : {}) as Record<string, unknown>;
  const client_email = typeof fields.client_email === 'string' ? fields.client_email : '';
  const private_key = typeof fields.private_key === 'string' ? fields.private_key : '';
  return {
    issuer: { issuer_id: input.issuer_id, service_account: { client_email, private_key } },
    check: { summary: `${client_email || 'A service account'} for issuer ${input.issuer_id}`, expires_at: null, problems },
  };
}
