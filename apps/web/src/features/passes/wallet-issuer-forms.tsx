import { Alert, Button, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { AppleIssuerBody, GoogleIssuerBody, type IssuersView } from '@qr/contracts';
import { useState } from 'react';
import { describeError } from '../../api/api-problem';
import { checked, serverErrors, type FormErrors } from '../promos';
import { issuersApi } from './passes-api';
import { TextFileInput } from './text-file-input';

const PEM_FILES = '.pem,.crt,.cer,.key,application/x-pem-file,text/plain';

/**
 * A refused save shows the server's words beside the form: `pass_issuer_invalid` names which part
 * (the certificate, the key, the WWDR certificate) is wrong, which the contract alone cannot see.
 */
function SaveRefusal({ error }: { error: unknown }) {
  return (
    <Alert color="red" role="alert" title="Not saved">
      {describeError(error)}
    </Alert>
  );
}

const NO_APPLE_ISSUER = {
  pass_type_identifier: '',
  team_identifier: '',
  certificate_pem: '',
  private_key_pem: '',
  private_key_passphrase: '',
  wwdr_pem: '',
};
const NO_GOOGLE_ISSUER = { issuer_id: '', service_account_json: '' };

export function AppleIssuerForm({ orgId, onDone }: { orgId: string; onDone(now: IssuersView): void }) {
  const [values, setValues] = useState(NO_APPLE_ISSUER);
  const set = (change: Partial<typeof values>) => setValues((current) => ({ ...current, ...change }));
  const [errors, setErrors] = useState<FormErrors>({});
  // Saved, the key and its passphrase leave the page: the summary above says what is connected.
  const save = useMutation({
    mutationFn: (body: AppleIssuerBody) => issuersApi.saveApple(body),
    onSuccess: (now) => {
      setValues(NO_APPLE_ISSUER);
      onDone(now);
    },
  });
  const submit = () => {
    const { private_key_passphrase, ...rest } = values;
    const result = checked(AppleIssuerBody, { org_id: orgId, ...rest, ...(private_key_passphrase ? { private_key_passphrase } : {}) });
    setErrors(result.errors ?? {});
    if (result.data) save.mutate(result.data);
  };
  const shown = { ...serverErrors(save.error), ...errors };
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Pass type identifier"
          description="Such as pass.com.example.loyalty"
          value={values.pass_type_identifier}
          onChange={(event) => set({ pass_type_identifier: event.currentTarget.value })}
          error={shown['pass_type_identifier']}
        />
        <TextInput
          label="Team id"
          description="Ten capital letters or digits"
          value={values.team_identifier}
          onChange={(event) => set({ team_identifier: event.currentTarget.value })}
          error={shown['team_identifier']}
        />
      </SimpleGrid>
      <TextFileInput
        label="Pass type certificate (PEM)"
        accept={PEM_FILES}
        value={values.certificate_pem}
        onChange={(certificate_pem) => set({ certificate_pem })}
        error={shown['certificate_pem']}
      />
      <TextFileInput
        label="Private key (PEM)"
        accept={PEM_FILES}
        value={values.private_key_pem}
        onChange={(private_key_pem) => set({ private_key_pem })}
        error={shown['private_key_pem']}
      />
      <PasswordInput
        label="Key passphrase"
        description="Only when the key is encrypted"
        value={values.private_key_passphrase}
        onChange={(event) => set({ private_key_passphrase: event.currentTarget.value })}
        error={shown['private_key_passphrase']}
      />
      <TextFileInput
        label="Apple WWDR certificate (PEM)"
        accept={PEM_FILES}
        value={values.wwdr_pem}
        onChange={(wwdr_pem) => set({ wwdr_pem })}
        error={shown['wwdr_pem']}
      />
      {save.isError && <SaveRefusal error={save.error} />}
      <Button onClick={submit} loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
        Save the Apple issuer
      </Button>
    </Stack>
  );
}

export function GoogleIssuerForm({ orgId, onDone }: { orgId: string; onDone(now: IssuersView): void }) {
  const [values, setValues] = useState(NO_GOOGLE_ISSUER);
  const set = (change: Partial<typeof values>) => setValues((current) => ({ ...current, ...change }));
  const [errors, setErrors] = useState<FormErrors>({});
  const save = useMutation({
    mutationFn: (body: GoogleIssuerBody) => issuersApi.saveGoogle(body),
    onSuccess: (now) => {
      setValues(NO_GOOGLE_ISSUER);
      onDone(now);
    },
  });
  const submit = () => {
    const result = checked(GoogleIssuerBody, { org_id: orgId, ...values });
    setErrors(result.errors ?? {});
    if (result.data) save.mutate(result.data);
  };
  const shown = { ...serverErrors(save.error), ...errors };
  return (
    <Stack gap="sm">
      <TextInput
        label="Issuer id"
        description="From the Google Pay & Wallet console"
        inputMode="numeric"
        value={values.issuer_id}
        onChange={(event) => set({ issuer_id: event.currentTarget.value })}
        error={shown['issuer_id']}
      />
      <TextFileInput
        label="Service account key (JSON)"
        accept=".json,application/json"
        value={values.service_account_json}
        onChange={(service_account_json) => set({ service_account_json })}
        error={shown['service_account_json']}
      />
      {save.isError && <SaveRefusal error={save.error} />}
      <Button onClick={submit} loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
        Save the Google issuer
      </Button>
    </Stack>
  );
}
