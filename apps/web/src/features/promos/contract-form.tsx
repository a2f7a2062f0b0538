import { Alert } from '@mantine/core';
import { useState } from 'react';
import { describeError } from '../../api/api-problem';
import { serverErrors, type FormErrors } from './promo-campaign-form-draft';
import type { Setter } from './promo-campaign-form-codes';

/** A form's draft and the errors it shows: its own contract check's, over the server's for the same field. */
export function useContractDraft<Draft extends object>(initial: Draft | (() => Draft), failure: unknown) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const set: Setter<Draft> = (change) => setDraft((current) => ({ ...current, ...change }));
  return { draft, set, setErrors, shown: { ...serverErrors(failure), ...errors } };
}

/** The server's refusal of a save, in words, above the form; its field errors stand beside their inputs. */
export function SaveRefusal({ failure, title }: { failure: unknown; title: string }) {
  if (!failure) return null;
  return (
    <Alert color="red" title={title} role="alert">
      {describeError(failure)}
    </Alert>
  );
}
