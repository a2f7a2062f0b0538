import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { ISSUER_EXPIRY_WARNING_DAYS, type IssuerProblem } from '@qr/contracts';
import type { AppleIssuer, IssuerCheck } from '../wallet-issuer';

const DAY_MS = 86_400_000;
const WWDR_NAME = 'Apple Worldwide Developer Relations Certification Authority';

const day = (date: Date): string => date.toISOString().slice(0, 10);

/** One attribute of a subject or issuer as Node writes it: one `key=value` a line. */
function nameField(name: string, key: string): string | undefined {
  const line = name.split('\n').find((candidate) => candidate.startsWith(`${key}=`));
  return line?.slice(key.length + 1);
}

/** How a message names a WWDR: its generation (OU, "G4") when it is Apple's, otherwise its common name. */
const wwdrNameOf = (name: string): string =>
  nameField(name, 'CN') === WWDR_NAME ? `the WWDR ${nameField(name, 'OU') ?? 'of no generation'}` : `“${nameField(name, 'CN') ?? name}”`;

function certificateOf(pem: string): X509Certificate | undefined {
  try {
    return new X509Certificate(pem);
  } catch {
    return undefined;
  }
}

/** The private key, or why it cannot be used: Apple's pass type certificates are RSA, and so is what passkit-generator signs with. */
function keyOf(issuer: AppleIssuer): KeyObject | string {
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: issuer.private_key_pem, passphrase: issuer.private_key_passphrase });
  } catch {
    if (!/ENCRYPTED/.test(issuer.private_key_pem)) return 'The private key is not a PEM private key (-----BEGIN PRIVATE KEY-----).';
    return issuer.private_key_passphrase ? 'The private key does not open with this passphrase.' : 'The private key is encrypted: give its passphrase.';
  }
  return key.asymmetricKeyType === 'rsa'
    ? key
    : `The private key is not an RSA key (it is ${key.asymmetricKeyType ?? 'of an unknown type'}), as a pass type certificate’s key is.`;
}

/**
 * What an Apple issuer's certificate, key and WWDR certificate are worth before any pass is signed
 * with them: each unreadable part named, a key of another certificate, a certificate or WWDR past
 * its end, a WWDR that did not issue the certificate (Apple's WWDR G4 issues pass type
 * certificates today; an older generation pasted by habit signs passes Wallet refuses), and a team
 * or pass type other than the certificate's (its subject's OU and UID). Errors refuse the issuer;
 * the one warning is an end within ISSUER_EXPIRY_WARNING_DAYS.
 */
export function checkAppleIssuer(issuer: AppleIssuer, now: Date): IssuerCheck {
  const problems: IssuerProblem[] = [];
  const error = (code: IssuerProblem['code'], message: string) => problems.push({ level: 'error', code, message });

  const certificate = certificateOf(issuer.certificate_pem);
  if (!certificate) error('certificate_malformed', 'The pass type certificate is not a PEM certificate (-----BEGIN CERTIFICATE-----).');
  const key = keyOf(issuer);
  if (typeof key === 'string') error('key_malformed', key);
  const wwdr = certificateOf(issuer.wwdr_pem);
  if (!wwdr) error('wwdr_malformed', 'The Apple WWDR certificate is not a PEM certificate (-----BEGIN CERTIFICATE-----).');

  if (wwdr && new Date(wwdr.validTo) < now)
    error(
      'wwdr_expired',
      `The Apple WWDR certificate ended on ${day(new Date(wwdr.validTo))}: download the current WWDR G4 from Apple’s certificate authority page.`,
    );
  if (!certificate) return { summary: `${issuer.pass_type_identifier} of team ${issuer.team_identifier}`, expires_at: null, problems };

  if (typeof key !== 'string' && !certificate.checkPrivateKey(key))
    error('key_mismatch', 'The private key is not the pass type certificate’s: give the key the certificate signing request was made with.');
  if (wwdr && !(certificate.checkIssued(wwdr) && certificate.verify(wwdr.publicKey)))
    error(
      'wrong_wwdr',
      `The pass type certificate was issued by ${wwdrNameOf(certificate.issuer)}, not by ${wwdrNameOf(wwdr.subject)}: give the WWDR certificate that issued it (Apple’s WWDR G4 issues pass type certificates today).`,
    );
  const team = nameField(certificate.subject, 'OU');
  if (team !== issuer.team_identifier) error('team_mismatch', `The pass type certificate is team ${team ?? '(none)'}’s, not team ${issuer.team_identifier}’s.`);
  const passType = nameField(certificate.subject, 'UID');
  if (passType !== issuer.pass_type_identifier)
    error('pass_type_mismatch', `The pass type certificate is for ${passType ?? '(no pass type)'}, not for ${issuer.pass_type_identifier}.`);

  const ends = new Date(certificate.validTo);
  const end = certificateEndProblem(ends, now);
  if (end) problems.push(end);

  return { summary: `${issuer.pass_type_identifier} of team ${issuer.team_identifier}, until ${day(ends)}`, expires_at: ends.toISOString(), problems };
}

/**
 * What a pass type certificate's end says today: an error once past, a warning within
 * ISSUER_EXPIRY_WARNING_DAYS. The issuers' screen asks again on every read as the end comes nearer.
 */
export function certificateEndProblem(ends: Date, now: Date): IssuerProblem | null {
  const daysLeft = Math.floor((ends.getTime() - now.getTime()) / DAY_MS);
  if (ends < now)
    return {
      level: 'error',
      code: 'certificate_expired',
      message: `The pass type certificate ended on ${day(ends)}: make a new one in the Apple Developer account.`,
    };
  if (daysLeft > ISSUER_EXPIRY_WARNING_DAYS) return null;
  return {
    level: 'warning',
    code: 'certificate_expiring',
    message: `The pass type certificate ends in ${daysLeft} days, on ${day(ends)}: renew it in the Apple Developer account.`,
  };
}

/** The errors among a check's problems, which refuse signing as they refuse connecting. */
export const issuerErrors = (check: IssuerCheck): IssuerProblem[] => check.problems.filter((problem) => problem.level === 'error');
