import { Text } from '@mantine/core';
import type { LoyaltyCardView, PublicProgrammeView } from '@qr/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { forgetSentForms, sentForms } from '../../../api/sent-forms';
import { Notice } from '../../../components/visitor-notice';
import { refusalCode } from './loyalty-refusals';
import { claimCampaignReward, creditSubmission, loyaltyKeys } from './public-loyalty-api';
import { inUnits } from './programme-words';

/** A form not found this long after it was sent is not this card's (or not this programme's code's): it is not asked about again. */
const PROJECTED_MS = 10 * 60_000;

/**
 * The forms this phone sent on landing pages earn on the card when it opens (points per form, and
 * the campaign rewards for sending a code's form): the server credits only the card whose email or
 * phone sent them, once each. A form credited here is not offered to another programme's card on
 * this phone.
 */
export function SentFormCredits({ programme, card }: { programme: PublicProgrammeView; card: LoyaltyCardView }) {
  const queries = useQueryClient();
  const asked = useRef(false);
  const [earned, setEarned] = useState(0);
  useEffect(() => {
    const forms = sentForms();
    const earning = programme.earning.per_submission > 0;
    const campaigns = programme.campaign_rewards.filter(
      (campaign) => campaign.action === 'form_submitted' && !card.granted_campaign_rewards.includes(campaign.campaign_reward_id),
    );
    if (asked.current || forms.length === 0 || (!earning && campaigns.length === 0)) return;
    asked.current = true;
    const body = { programme_id: programme.programme_id, card_id: card.card_id };
    void (async () => {
      let total = 0;
      const done: string[] = [];
      for (const form of forms) {
        // A form the server does not know yet (its read model is a moment behind) or a lost connection is asked about next time.
        let again = false;
        const earned = (answer: Promise<{ amount: number }>) =>
          answer.then(
            ({ amount }) => amount,
            (error: unknown) => {
              const code = refusalCode(error);
              if (code === undefined || (code === 'loyalty_submission_not_found' && Date.now() - form.sent_at <= PROJECTED_MS)) again = true;
              // Otherwise another code's form, someone else's, or a reward had already: nothing to add.
              return 0;
            },
          );
        if (earning) total += await earned(creditSubmission({ ...body, submission_id: form.submission_id }));
        for (const campaign of campaigns) {
          total += await earned(claimCampaignReward({ ...body, code_id: campaign.code_id, action: 'form_submitted', submission_id: form.submission_id }));
        }
        if (!again) done.push(form.submission_id);
      }
      forgetSentForms(done);
      if (total > 0) {
        setEarned(total);
        await queries.invalidateQueries({ queryKey: loyaltyKeys.card(programme.programme_id, card.card_id) });
      }
    })();
  }, [programme, card, queries]);
  if (earned === 0) return null;
  return (
    <Notice tone="done" title="Your form earned">
      <Text size="sm">{inUnits(programme.kind, earned)} added for the form you sent.</Text>
    </Notice>
  );
}
