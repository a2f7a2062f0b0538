import { Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { normalPromoCode, PROMO_CODE_MAX_LENGTH, PROMO_REFUSAL_TEXTS, type PromoOffer, type PromoRefusalReason } from '@qr/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { devicePosition, GEOLOCATION_UNSUPPORTED, type PositionAnswer } from '../experiences';
import { Notice } from '../../components/visitor-notice';
import { RedeemedCard } from './promo-entry-results';
import { requestNonce, usePublicPromo, validatePromo, visitorId, type ValidationOutcome } from './public-promo-api';

type Answer =
  { valid: true; campaign_name: string; offer: PromoOffer; promo_code: string } | { valid: false; reason: PromoRefusalReason; location_note?: string };

/** Why a code refused for its place may have been refused: the phone did not say where it is. */
const LOCATION_NOTES: Record<Extract<PositionAnswer, { missing: unknown }>['missing'], string> = {
  unsupported: GEOLOCATION_UNSUPPORTED,
  not_given: 'Your location was not shared. Allow location for this page when your browser asks, then try again.',
};
/** A nonce being fetched; a failure is kept as null, and asked again when the visitor presses the button. */
const nonceOnItsWay = (qrId: string): Promise<string | null> => requestNonce(qrId).catch(() => null);

const KEY_REFUSED = 'This key does not unlock the code. Check it and try again.';

/**
 * Where a visitor types a promo code, on a page's promo block or the code's own promo page. The
 * page holds a fresh nonce from the moment it opens (and a new one after each answer), so that the
 * server can tell a validation came from a page it served a short while ago; a code whose campaign
 * is bound to a place sends the phone's position with its accuracy, and a visitor who does not share
 * it is still answered. A code behind a promo lock asks for the master key, which staff type at the
 * counter (or tell the visitor). Drawn on the server, it is the same title and form the browser takes over.
 */
export function PromoEntry({
  qrId,
  title,
  buttonLabel,
  preview = false,
}: {
  /** The QR code whose campaigns the code is checked against. */
  qrId: string;
  title: string;
  buttonLabel: string;
  /** The page editor's preview: the form is shown, nothing is asked or sent. */
  preview?: boolean;
}) {
  const promos = usePublicPromo(qrId, { enabled: !preview });
  const nonce = useRef<Promise<string | null> | null>(null);
  const [code, setCode] = useState('');
  const [masterKey, setMasterKey] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string>();
  const [lockedFor, setLockedFor] = useState(0);
  const [checking, setChecking] = useState(false);
  // Once a code is refused for its place, the next try asks where the phone is even if the page did not know it would.
  const [placeMatters, setPlaceMatters] = useState(false);

  // Asked when the page opens (a new code id is a new page) and again after each answer.
  useEffect(() => {
    if (!preview) nonce.current = nonceOnItsWay(qrId);
  }, [qrId, preview]);

  useEffect(() => {
    if (lockedFor <= 0) return;
    const timer = setTimeout(() => setLockedFor((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [lockedFor]);

  const keyAsked = answer?.valid === false && answer.reason === 'needs_master_key';

  /** Whether to ask where the phone is; a visitor quicker than the campaigns' read waits for it rather than be refused for the place. */
  async function placeNeeded(): Promise<boolean> {
    if (placeMatters) return true;
    const known = promos.isPending ? (await promos.refetch({ cancelRefetch: false })).data : promos.data;
    return known?.campaigns.some((campaign) => campaign.needs_location) ?? false;
  }

  function show(outcome: ValidationOutcome, promoCode: string, located: PositionAnswer | null, withKey: boolean) {
    switch (outcome.kind) {
      case 'answered': {
        const { validation } = outcome;
        if (validation.valid) return setAnswer({ valid: true, campaign_name: validation.campaign_name, offer: validation.offer, promo_code: promoCode });
        if (validation.reason === 'outside_area') setPlaceMatters(true);
        if (validation.reason === 'needs_master_key' && withKey) setErrors({ master_key: KEY_REFUSED });
        const missing = located && 'missing' in located ? located.missing : undefined;
        return setAnswer({
          valid: false,
          reason: validation.reason,
          location_note: validation.reason === 'outside_area' && missing ? LOCATION_NOTES[missing] : undefined,
        });
      }
      case 'nonce_invalid':
        return setNotice(`This page had been open for a while and has been refreshed. Press “${keyAsked ? 'Unlock the code' : buttonLabel}” again.`);
      case 'rate_limited':
        return setLockedFor(outcome.retry_after_s);
      case 'refused_input':
        return setErrors(outcome.errors);
    }
  }

  async function check(event: FormEvent) {
    event.preventDefault();
    if (preview || checking || lockedFor > 0) return;
    const promoCode = normalPromoCode(code);
    const key = masterKey.trim();
    if (promoCode === '') return setErrors({ promo_code: 'Enter the promo code.' });
    if (keyAsked && key === '') return setErrors({ master_key: 'Enter the master key.' });
    setChecking(true);
    setErrors({});
    setNotice(undefined);
    try {
      const located = (await placeNeeded()) ? await devicePosition({ enableHighAccuracy: true }) : null;
      const position = located && 'position' in located ? located.position : null;
      const spent = (await nonce.current) ?? (await requestNonce(qrId));
      nonce.current = null;
      const outcome = await validatePromo({
        promo_code: promoCode,
        qr_id: qrId,
        latitude: position?.latitude ?? null,
        longitude: position?.longitude ?? null,
        accuracy_m: position?.accuracy_m ?? null,
        nonce: spent,
        visitor_id: visitorId(),
        ...(keyAsked ? { master_key: key } : {}),
      });
      show(outcome, promoCode, located, keyAsked);
    } catch (error) {
      setErrors({ '': error instanceof Error ? error.message : 'The code could not be checked. Please try again.' });
    } finally {
      setChecking(false);
      nonce.current = nonceOnItsWay(qrId);
    }
  }

  function startOver() {
    setAnswer(null);
    setCode('');
    setMasterKey('');
    setErrors({});
  }

  if (answer?.valid) return <RedeemedCard campaignName={answer.campaign_name} offer={answer.offer} promoCode={answer.promo_code} onAnother={startOver} />;
  return (
    <form onSubmit={check} noValidate aria-label={title || 'Promo code'}>
      <Stack gap="sm">
        {title && <Title order={2}>{title}</Title>}
        <TextInput
          label="Promo code"
          name="promo_code"
          value={code}
          error={errors['promo_code']}
          maxLength={PROMO_CODE_MAX_LENGTH}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          size="md"
          styles={{ input: { textTransform: 'uppercase', letterSpacing: '0.08em' } }}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        {answer && !answer.valid && (
          <Notice tone={keyAsked ? 'asked' : 'refused'} title={keyAsked ? 'Staff key needed' : 'Not redeemed'}>
            <Text size="sm">{PROMO_REFUSAL_TEXTS[answer.reason]}</Text>
            {answer.location_note && <Text size="sm">{answer.location_note}</Text>}
          </Notice>
        )}
        {keyAsked && (
          <PasswordInput
            label="Master key"
            description="Staff type their key here, or tell you when to type it."
            name="master_key"
            value={masterKey}
            error={errors['master_key']}
            autoComplete="off"
            size="md"
            onChange={(event) => setMasterKey(event.currentTarget.value)}
          />
        )}
        {lockedFor > 0 && (
          <Notice tone="refused" title="Please wait">
            <Text size="sm">{`Too many tries. Try again in ${lockedFor} s.`}</Text>
          </Notice>
        )}
        {notice && <Text role="status">{notice}</Text>}
        {errors[''] && (
          <Notice tone="refused" title="Not checked">
            <Text size="sm">{errors['']}</Text>
          </Notice>
        )}
        <Button type="submit" size="md" fullWidth loading={checking} disabled={lockedFor > 0}>
          {keyAsked ? 'Unlock the code' : buttonLabel}
        </Button>
      </Stack>
    </form>
  );
}
