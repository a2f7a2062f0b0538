import { createHmac } from 'node:crypto';
import { PROMO_CHARSETS, type PromoPattern } from '@qr/contracts';

/**
 * A unique campaign's codes, derived from its `PromoCampaignCreated` seed: the n-th candidate is
 * the HMAC-SHA256 of n under the seed, each `#` of the mask drawn from its bytes by rejection (a
 * byte is used only below the largest multiple of the charset's size, so every character is
 * equally likely), skipping a candidate that repeats an earlier code. A keyed hash rather than a
 * seeded generator: seeing some codes tells nothing about the others.
 */
export function promoCodesOf(pattern: PromoPattern, count: number, seed: string): string[] {
  const charset = PROMO_CHARSETS[pattern.charset];
  const usable = 256 - (256 % charset.length);
  const key = Buffer.from(seed, 'base64url');
  const codes = new Set<string>();
  for (let n = 0; codes.size < count; n++) {
    let bytes = createHmac('sha256', key).update(String(n)).digest();
    let next = 0;
    let drawn = '';
    for (const character of pattern.mask) {
      if (character !== '#') {
        drawn += character;
        continue;
      }
      for (;;) {
        // 32 bytes cover every mask of up to 24 characters almost always; when not, the next block of the same candidate follows.
        if (next === bytes.length) {
          bytes = createHmac('sha256', key).update(`${n}:${drawn.length}`).digest();
          next = 0;
        }
        const byte = bytes[next++]!;
        if (byte < usable) {
          drawn += charset[byte % charset.length];
          break;
        }
      }
    }
    codes.add(`${pattern.prefix}${drawn}${pattern.postfix}`);
  }
  return [...codes];
}
